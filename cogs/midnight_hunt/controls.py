"""Midnight Hunt's controls: a play is one click that names it whole, offering only legal plays (MH-22).

The draft's unit types are buttons by DM, one click a pick. A turn's DM lists every legal play whole — the token
(where it stands), the action and its target, ``🐎 Cavalry · b5 ×1: ➡️ Move → c5`` — as buttons (a few), one select
(up to 25) or one select per token (more): one click plays it, and its answer rewrites that DM (issue 27: no private
step, no edit taking the controls off). Only a turn whose plays fit no message (more than four selects) is chosen
step by step — token → action → target — privately: steps with a single possibility are skipped, a step that leaves
one play applies it. Hexes are named as on the board image (``b1``). Surrender (MH-54) always takes a confirmation:
its button opens a private step whose red button surrenders and whose Cancel leaves the game as it was. Steps are
laid out by :func:`bot.controls.choice_rows` (buttons, or a select paged by 25), every id comes from the builders
of :mod:`bot.controls`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot import controls as ctl
from bot.codec import MAX_VALUE
from bot.ops import DANGER, MAX_ROWS, MAX_SELECT_OPTIONS, SECONDARY, button, rows, select
from bot.presenter import Table
from cogs.midnight_hunt.words import KIND_ICONS, SEAL, SURRENDER, MidnightHuntWords
from engines.core import Action, Prompt, State

#: The prompts a player answers with a play (a draft pick or a token).
PLAY_PROMPTS = ("mh.draft", "mh.turn")
#: Up to this many choices of one step are buttons (two rows); more are a select (25 a page).
BUTTONS_UP_TO = 10
#: Up to this many whole plays of a turn are buttons (one row); more are a select.
WHOLE_BUTTONS_UP_TO = 5
#: The step the confirmation's Cancel opens (MH-54): nothing is played, the step says so and shows no button.
CANCELLED = ctl.Partial(None, {"cancel": SURRENDER})


@dataclass
class MHStep(ctl.Step):
    """A picker step with its own question (the platform's :meth:`Presenter.picker_text` has no view)."""

    text: str = ""


def token_of(action: Action | ctl.Partial) -> str | None:
    """The token an action plays: a unit type, ``seal``, or ``!<kind>`` for what plays no token (surrender)."""
    if action.kind == SEAL:
        return SEAL
    if "unit" in action.args:
        return str(action.args["unit"])
    return f"!{action.kind}" if action.kind else None


def token_partial(token: str, kind: str | None = None) -> ctl.Partial:
    if token == SEAL:
        return ctl.Partial(SEAL)
    if token.startswith("!"):
        return ctl.Partial(token[1:])
    return ctl.Partial(kind, {"unit": token})


def _distinct(values: Iterable[Any]) -> list[Any]:
    seen: dict[str, Any] = {}
    for value in values:
        seen.setdefault(json.dumps(value, sort_keys=True, default=str), value)
    return list(seen.values())


def matches(partial: ctl.Partial, action: Action) -> bool:
    """``partial.matches``, where a unit token chosen before its action never matches a Seal play (a Recruit
    names a unit too, but plays the Seal)."""
    if partial.kind is None and "unit" in partial.args and action.kind == SEAL:
        return False
    return partial.matches(action)


class MidnightHuntControls(MidnightHuntWords):
    """The controls of :class:`cogs.midnight_hunt.presenter.MidnightHuntPresenter` (its second layer, on its
    words)."""

    def surrender_button(self, table: Table, prompt_id: str, style: int = SECONDARY) -> dict[str, Any]:
        """Opens the private confirmation (MH-54): usable by any seated player, whose turn it is or not."""
        label = f"{KIND_ICONS[SURRENDER]} {self.kind_label(table, SURRENDER)} {table.t('common.more')}"
        return button(label, ctl.picker_id(table.game_id, prompt_id, 0, ctl.Partial(SURRENDER), ()), style)
    def components(self, table: Table, state: State, player: str, prompt: Prompt) -> list[dict[str, Any]]:
        """A play's first step (the draft's unit types, or the hand's tokens), then privately the rest; other
        prompts (Rejoin) get the platform's controls."""
        if prompt.key not in PLAY_PROMPTS:
            return super().components(table, state, player, prompt)
        if not ctl.playable(table.legal(state, player), prompt.id):
            return []
        return self.picker(table, state, player, prompt.id, ctl.Partial()).components

    def whole_plays(
        self, table: Table, state: State, player: str, prompt_id: str, legal: Sequence[Action]
    ) -> list[dict[str, Any]] | None:
        """The turn's every legal play (MH-22), each one click that plays it: up to :data:`WHOLE_BUTTONS_UP_TO`
        buttons, else one select, else one select per token (a token's plays paged by 25), with the grey
        "Surrender …" below; ``None`` when that takes more rows than a message has (the step-by-step choice then).
        A label names the token (where it stands), the action and its target: ``🐎 Cavalry · b5 ×1: ➡️ Move → c5``.
        One click answered by rewriting the turn's DM (type 7): no private step, no edit taking its controls off."""
        view = table.view(state, player)
        if "you" not in view:
            return None
        offered = ctl.playable(legal, prompt_id)
        plays = [a for a in offered if a.kind != SURRENDER]
        if not plays:
            return None
        flag = [self.surrender_button(table, prompt_id)] if any(a.kind == SURRENDER for a in offered) else []
        game = table.game_id
        if len(plays) <= WHOLE_BUTTONS_UP_TO:
            buttons = [ctl.action_button(game, prompt_id, a, self.play_label(table, view, player, a), legal, frozenset()) for a in plays]
            return rows(*buttons) + (rows(*flag) if flag else [])
        groups: list[tuple[str, list[Action]]] = []
        if len(plays) <= MAX_SELECT_OPTIONS:
            groups.append((table.t("mh.step.play"), plays))
        else:
            for token in _distinct(token_of(a) for a in plays):
                mine = [a for a in plays if token_of(a) == token]
                what = table.t("mh.step.token_play", token=self.token_choice(table, view, player, token))
                pages = -(-len(mine) // MAX_SELECT_OPTIONS)
                for page in range(pages):
                    chunk = mine[page * MAX_SELECT_OPTIONS : (page + 1) * MAX_SELECT_OPTIONS]
                    groups.append((f"{what} ({page + 1}/{pages})" if pages > 1 else what, chunk))
        if len(groups) + bool(flag) > MAX_ROWS:
            return None
        selects = [
            select(
                ctl.select_id(game, prompt_id, f"w{n}"),
                [(self.play_label(table, view, player, a), ctl.action_code(a, legal, MAX_VALUE - 1)) for a in chunk],
                placeholder=placeholder,
            )
            for n, (placeholder, chunk) in enumerate(groups)
        ]
        return rows(*selects, *flag)

    def play_label(self, table: Table, view: Mapping[str, Any], player: str, action: Action) -> str:
        """A whole play: the token (where it stands), then what it does: ``🐎 Cavalry · b5 ×1: ➡️ Move → c5``."""
        token = token_of(action) or ""
        return f"{self.token_choice(table, view, player, token)}: {self.action_text(table, view, player, action, token=False)}"

    def picker(
        self, table: Table, state: State, player: str, prompt_id: str, partial: ctl.Partial, page: int = 0
    ) -> ctl.Step:
        """The step-by-step choice token → action → target, offering only legal continuations (MH-22).

        A turn's first step is every play whole (:meth:`whole_plays`) when they fit in one message. Otherwise
        steps with a single possibility are skipped; a step lists every remaining play whole once the token
        and the action are chosen (at most a select's 25 a page). Raises :class:`ctl.CodecError` when nothing
        legal is left (the game moved on)."""
        view = table.view(state, player)
        if "you" not in view:  # MH-61: a spectator who clicked the public surrender button
            return MHStep([], partial, text=f"👀 {table.t('mh.step.spectator')}")
        if partial == CANCELLED:  # MH-54: the surrender was not confirmed
            return MHStep([], partial, text=table.t("mh.step.surrender_cancelled"))
        legal = table.legal(state, player)
        offered = ctl.playable(legal, prompt_id)
        prompt = next((p for p in state.prompts if p.id == prompt_id), None)
        if partial == ctl.Partial() and prompt is not None and prompt.key == "mh.turn" and offered:
            whole = self.whole_plays(table, state, player, prompt_id, legal)
            if whole is not None:  # every play one click away (the turn's DM, or Back from the surrender's step)
                return MHStep(whole, partial, text=table.t("mh.step.play"))
        stage = self._settle(partial, offered)
        candidates = [a for a in offered if matches(stage, a)]
        back = self._back(stage, offered)
        back_rows = (
            rows(button(table.t("common.back"), ctl.picker_id(table.game_id, prompt_id, 0, back, legal, "b"), SECONDARY))
            if back is not None
            else []
        )
        choices, asking, text = self._stage_choices(table, view, player, stage, candidates)
        components = self._choice_rows(table, prompt_id, legal, offered, choices, page, stage, text)
        return MHStep(components + back_rows, stage, asking, text=text)

    def _settle(self, partial: ctl.Partial, offered: Sequence[Action]) -> ctl.Partial:
        """``partial`` with every step that offers a single possibility taken."""
        while True:
            candidates = [a for a in offered if matches(partial, a)]
            if not candidates:
                raise ctl.CodecError("stale")
            following: ctl.Partial | None = None
            if partial.kind is None and "unit" not in partial.args:
                tokens = _distinct(token_of(a) for a in candidates)
                if len(tokens) == 1:
                    following = token_partial(tokens[0])
            elif partial.kind not in (None, SEAL) and "unit" not in partial.args and all("unit" in a.args for a in candidates):
                units = _distinct(a.args["unit"] for a in candidates)
                if len(units) == 1:
                    following = partial.with_arg("unit", units[0])
            elif partial.kind is None:
                kinds = _distinct(a.kind for a in candidates)
                if len(kinds) == 1:
                    following = ctl.Partial(kinds[0], dict(partial.args))
            if following is None or following == partial:
                return partial
            partial = following

    def _back(self, stage: ctl.Partial, offered: Sequence[Action]) -> ctl.Partial | None:
        """The step before ``stage`` that offers a real choice, or ``None`` at the first."""
        previous = _previous(stage)
        while previous is not None:
            if self._settle(previous, offered) != stage:
                return previous
            previous = _previous(previous)
        return None

    def _stage_choices(
        self, table: Table, view: Mapping[str, Any], player: str, stage: ctl.Partial, candidates: list[Action]
    ) -> tuple[list[tuple[str, ctl.Partial]], str | None, str]:
        """The choices a step offers, the argument it asks for and its question."""
        drafting = view["phase"] == "draft"
        if stage.kind is None and "unit" not in stage.args:  # the token (or, in the draft, the unit type)
            choices = []
            for token in _distinct(token_of(a) for a in candidates):
                plays = [a for a in candidates if token_of(a) == token]
                label = self.token_choice(table, view, player, token)
                if len(plays) == 1 and not token.startswith("!"):  # one click plays it: the button says what it does
                    label = self.action_text(table, view, player, plays[0])
                choices.append((label, token_partial(token)))
            return choices, "unit", table.t("mh.step.draft" if drafting else "mh.step.token")
        if stage.kind is not None and stage.kind != SEAL and "unit" not in stage.args and all("unit" in a.args for a in candidates):
            units = _distinct(a.args["unit"] for a in candidates)
            choices = [(self.token_choice(table, view, player, u), stage.with_arg("unit", u)) for u in units]
            return choices, "unit", table.t("mh.step.token")
        token = token_of(stage) or ""
        what = self.token_choice(table, view, player, token) if not token.startswith("!") else ""
        if stage.kind is None:  # the action of a token
            choices = []
            for kind in _distinct(a.kind for a in candidates):
                plays = [a for a in candidates if a.kind == kind]
                if len(plays) == 1:  # one click plays it: the button names its target
                    label = self.action_text(table, view, player, plays[0], token=False)
                else:
                    label = self.kind_choice(table, str(stage.args["unit"]), kind)
                choices.append((label, ctl.Partial(kind, dict(stage.args))))
            return choices, None, table.t("mh.step.action", token=what)
        if stage.kind == SURRENDER:  # MH-54: worded for the mode (in 2 vs 2 the team-mate loses too)
            question = table.t("mh.step.surrender", team="yes" if view["mode"] == "2v2" else "no")
            return [(f"{KIND_ICONS[SURRENDER]} {table.t('mh.button.confirm_surrender')}", stage)], None, question
        if len(candidates) <= MAX_SELECT_OPTIONS or stage.kind == SEAL:
            whole = [(self.action_text(table, view, player, a, token=False), ctl.Partial.of(a)) for a in candidates]
            if len(candidates) == 1:
                return whole, None, table.t("mh.step.confirm", action=self.action_text(table, view, player, candidates[0]))
            if stage.kind == SEAL:
                return whole, "choice", table.t("mh.step.seal", token=what)
            doing = self.action_text(table, view, player, stage)
            return whole, None, table.t("mh.step.target", action=doing)
        # more plays than a select holds: one argument at a time (Charge: the hex to move to, then the target)
        for name in ctl.arg_order(candidates):
            if name in stage.args:
                continue
            values = _distinct(a.args.get(name) for a in candidates)
            if len(values) > 1:
                choices = [(self.arg_choice(table, view, name, v), stage.with_arg(name, v)) for v in values]
                return choices, name, table.t("mh.step.target", action=self.action_text(table, view, player, stage))
        whole = [(self.action_text(table, view, player, a, token=False), ctl.Partial.of(a)) for a in candidates]
        return whole, None, table.t("mh.step.target", action=self.action_text(table, view, player, stage))

    def token_choice(self, table: Table, view: Mapping[str, Any], player: str, token: str) -> str:
        """A token's button: ``🏹 Archer · b1 ×2`` on the board, ``🏹 Archer`` off it; surrender says so."""
        if token.startswith("!"):
            kind = token[1:]
            return f"{KIND_ICONS.get(kind, '')} {self.kind_label(table, kind)}".strip()
        label = self.token_label(table, view, player, token)
        at = self.position(view, player, token) if token != SEAL else None
        return f"{label} · {self.hex_text(view, at[0])} ×{at[1]}" if at else label

    def kind_choice(self, table: Table, unit: str, kind: str) -> str:
        if kind == "tactic":
            return f"{KIND_ICONS['tactic']} {self.tactic(table, unit)}"
        return f"{KIND_ICONS.get(kind, '')} {self.kind_label(table, kind)}".strip()

    def arg_choice(self, table: Table, view: Mapping[str, Any], name: str, value: Any) -> str:
        if name == "target":
            return f"⚔️ {self.unit_at(table, view, str(value))}"
        if name in ("to", "hex"):
            return f"→ {self.hex_text(view, str(value))}"
        return self.value_label(table, name, value)

    def _choice_rows(
        self,
        table: Table,
        prompt_id: str,
        legal: Sequence[Action],
        offered: Sequence[Action],
        choices: list[tuple[str, ctl.Partial]],
        page: int,
        here: ctl.Partial,
        question: str,
    ) -> list[dict[str, Any]]:
        """Buttons (up to :data:`BUTTONS_UP_TO`) or a paged select (:func:`bot.controls.choice_rows`); a choice that
        leaves one play applies it (``nc``), any other opens the next step (``np``). Surrender gets a row of its
        own, grey until confirmed."""
        game = table.game_id
        surrender = [c for c in choices if c[1].kind == SURRENDER]
        others = [c for c in choices if c[1].kind != SURRENDER]
        out = ctl.choice_rows(
            game,
            prompt_id,
            others,
            legal,
            page=page,
            at=here,
            placeholder=question,
            quiet=frozenset(),  # every play is a blue button; only surrender is grey, and red once confirmed
            buttons_up_to=BUTTONS_UP_TO,
            complete=lambda choice: _complete(choice, offered),
        )
        for label, choice in surrender:
            action = _complete(choice, offered)
            if here.kind == SURRENDER and action is not None:  # the confirmation itself, and a way out of it
                cancel = button(table.t("mh.button.cancel_surrender"), ctl.picker_id(game, prompt_id, 0, CANCELLED, legal), SECONDARY)
                out += rows(button(label, ctl.action_id(game, prompt_id, action, legal), DANGER), cancel)
            else:
                out += rows(self.surrender_button(table, prompt_id))
        return out
    def picker_text(self, table: Table, step: ctl.Step) -> str:
        if isinstance(step, MHStep) and step.text:
            return step.text
        return super().picker_text(table, step)

def _previous(stage: ctl.Partial) -> ctl.Partial | None:
    """The partial one step back: the last argument dropped (a token's action back to the token's actions)."""
    if stage.kind is None:
        return ctl.Partial() if stage.args else None
    args = list(stage.args.items())
    if not args:
        return ctl.Partial()
    if len(args) == 1 and args[0][0] == "unit":
        return ctl.Partial(None, dict(args))
    return ctl.Partial(stage.kind, dict(args[:-1]))


def _complete(choice: ctl.Partial, offered: Sequence[Action]) -> Action | None:
    """The one play ``choice`` picks out, if it picks out exactly one."""
    matching = [a for a in offered if matches(choice, a)]
    return matching[0] if len(_distinct([a.kind, dict(a.args)] for a in matching)) == 1 else None


__all__ = ["BUTTONS_UP_TO", "CANCELLED", "WHOLE_BUTTONS_UP_TO", "PLAY_PROMPTS", "MHStep", "MidnightHuntControls", "matches", "token_of", "token_partial"]
