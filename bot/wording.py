"""Wording at delivery: a render request ("present step ``seq``") becomes the presenter's ops when it goes out.

An action writes no words: :meth:`bot.play.Play.act` writes a render request (:func:`bot.ops.present_request`) and
keeps the step it stands for in memory (:meth:`bot.live.LiveGame.keep`). The dispatcher asks for its words when it
delivers it (:meth:`Wording.presented`), in the game's language then, from the step kept or, after a restart, a
reload or an action another process took, from a replay of the seed and the log. Wording is most of an action's
time; the click is answered and durable without it.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import select

import translations as i18n
from bot.codec import fill_text
from bot.db import ActionRow, Database, Game
from bot.games import game_ui
from bot.live import GameError, LiveGame, Step
from bot.ops import Op
from bot.presenter import back_safely, present_safely
from engines.core import Action, Engine, IllegalAction, State

log = logging.getLogger(__name__)


class Wording:
    """Words render requests: :meth:`presented_now` from memory alone, :meth:`presented` replaying what is not."""

    def __init__(self, db: Database, games: dict[int, LiveGame]) -> None:
        """``games``: the cache's games by id, where a game reloaded since its drain began keeps its new steps."""
        self.db = db
        self.games = games
        #: How many times render requests were worded from a replay of the log (their steps not in memory).
        self.replays = 0

    def rewritable(self, live: LiveGame, request: Op) -> bool:
        """May a render request's ops be only rewrites of one message (see :meth:`Presenter.may_rewrite_alone`)?
        ``True`` when its step is not in memory or the presenter cannot tell without wording it."""
        step = live.steps.get(request["seq"])
        if step is None or "back" in request:
            return True
        return game_ui(live.engine.name).presenter.may_rewrite_alone(step.before, step.after)

    def presented_now(self, live: LiveGame, request: Op) -> list[Op] | None:
        """The presenter's ops for a render request, if its step is still in memory (else ``None``: see
        :meth:`presented`). The step is taken: the dispatcher keeps the ops until they are delivered."""
        step = live.steps.pop(request["seq"], None)
        return None if step is None else _word(live, request, step)

    async def presented(self, live: LiveGame, requests: list[Op]) -> list[list[Op]]:
        """The presenter's ops for each render request, in order: from the steps in memory, the others (after a
        restart, a reload, or an action another process took) replayed from the stored seed and log in one pass.
        The ops are the same as when the step was taken (same states, events and deadlines; the words in the
        game's language now), so a post cut off by a crash is posted again with the same nonce."""
        kept = [live, self.games.get(live.id, live)]  # the game may have been reloaded since the drain took it
        steps = {r["seq"]: step for r in requests for held in kept if (step := held.steps.pop(r["seq"], None))}
        missing = sorted({r["seq"] for r in requests} - set(steps))
        if missing:
            steps.update(await self._replay(live, missing))
        worded = []
        for request in requests:
            step = steps.get(request["seq"])
            if step is None:  # not in the log: nothing to say (never happens unless the database lost rows)
                log.error("game %s: step %s of a render request is not in the log", live.id, request["seq"])
            worded.append([] if step is None else _word(live, request, step))
        return worded

    async def _replay(self, live: LiveGame, seqs: list[int]) -> dict[int, Step]:
        """The steps ``seqs`` rebuilt from the deal (the stored seats, options and seed) and the action log."""
        self.replays += 1
        async with self.db.sessions() as session:
            row = await session.get(Game, live.id)
            if row is None:
                raise GameError("no_game", id=live.id)
            actions = (
                await session.scalars(
                    select(ActionRow.action).where(ActionRow.game_id == live.id, ActionRow.seq <= seqs[-1]).order_by(ActionRow.seq)
                )
            ).all()
        wanted = set(seqs)
        state, events = live.engine.setup(row.seats, row.options, row.seed)
        steps = {0: Step(None, state, events)} if 0 in wanted else {}
        for stored in actions:
            action = Action.from_json(stored)
            after, events = live.engine.apply(state, action)
            if after.step in wanted:
                steps[after.step] = Step(state, after, events, action.player)
            state = after
        return steps


def _word(live: LiveGame, request: Op, step: Step) -> list[Op]:
    """The presenter's ops for one step, with the deadlines the request recorded (a "back" request: the notice that
    the bot is back, over the step's state, which nothing changed)."""
    presenter = game_ui(live.engine.name).presenter
    table = live.table(request.get("deadlines") or {})
    if "back" in request:  # see bot.timers.Timers.back
        return back_safely(presenter, table, step.after, request["back"]["away"], request["back"]["why"])
    return present_safely(presenter, table, step.before, step.after, step.events, step.actor)


def refusal_text(lang: str, exc: IllegalAction | GameError, prefix: str = "") -> str:
    """A refusal in the player's language: an engine's by its code, in the game's words (``<prefix>.error.<code>``)
    or the shared ones (``common.error.<code>``), with its parameters; a runtime's (:class:`GameError`) in the
    shared words. The English ``reason`` is the last resort, for a code no catalogue words (a test renders every
    engine's codes in every language so that none is left to it: tests/test_refusals.py)."""
    if isinstance(exc, IllegalAction):
        key = f"{prefix}.error.{exc.code}"
        if not i18n.has(lang, key):
            key = f"common.error.{exc.code}"
        return i18n.translate(lang, key, reason=exc.reason, **_plain(exc.params)) if i18n.has(lang, key) else exc.reason
    return i18n.translate(lang, f"common.error.{exc.code}", **_plain(exc.params))


def why_refused(
    engine: Engine, state: State, actor: str, prompt_id: str, code: str, named: Action | None
) -> IllegalAction | GameError:
    """Why a click or a form that decoded to no action is refused: the engine's own reason where it has one, else
    "not legal" or "no longer open". ``named`` is what the control was for (its missing words left empty), if the
    decoder knows; a control whose prompt has closed asks the engine about that prompt, which says why it closed
    (who answered first, MN-29). The engine is tried on the state (``apply`` leaves it as it is)."""
    if named is None and all(p.id != prompt_id for p in state.prompts):
        named = Action(actor, prompt_id, "")
    if named is not None:
        try:
            engine.apply(state, fill_text(named, {}))
        except IllegalAction as exc:
            return exc
        except Exception:  # noqa: BLE001 - an action with arguments still to choose may not get that far: no reason
            pass
    return GameError("not_legal" if code == "not_legal" else "stale")


def _plain(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in params.items() if isinstance(v, (str, int, float))}


__all__ = ["Wording", "refusal_text", "why_refused"]
