"""A player's click and form, routed and answered: in-game controls (:mod:`bot.controls`) are decoded once, by
:func:`bot.decoder.decode`, into an action to apply, the picker's next step or a form to open; the action goes to
the runtime and its player is answered privately, in place where the click allows it.

Part of :class:`cogs.game.GameCog` (a mixin: the cog's ``runtime``, ``language``, ``reply``, ``refuse``, ``game_or_refuse`` and
``is_host`` are its helpers).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord.ext import commands

import translations as i18n
from bot import decoder
from bot.codec import CodecError, Partial
from bot.custom_ids import ControlId
from bot.decoder import Apply, Form, NextStep, Refused
from bot.games import game_ui
from bot.labels import playable
from bot.ops import answer
from bot.presenter import Presenter, Table
from bot.runtime import GameError, LiveGame
from bot.wording import why_refused
from cogs.views import RawComponents, TextModal, is_private_step, view_from
from engines.core import HOST, Action, Event, IllegalAction, State

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Answer:
    """A click's answer, worded once: at the action's commit, from the state and events the runtime hands over with
    it (:meth:`Runtime.act`'s ``also``), or right after the action should that wording fail. Everything the cog
    answers after the action comes from here; it asks the engine nothing more."""

    #: the confirmation and what the action taught its player (a check result)
    text: str
    #: what the action taught its player alone
    taught: list[str]
    #: the player still has a choice open on the action's prompt (its buttons stay where they are)
    left: bool


def word_answer(presenter: Presenter, table: Table, action: Action, state: State | None, events: Sequence[Event], ack: str | None) -> Answer:
    """The answer to ``action``, ``state`` the game after it (``None``: not known)."""
    taught = presenter.answer_lines(table, action, events)
    text = "\n".join([ack or presenter.ack_for(table, action, state), *taught])[:2000]
    left = state is not None and any(p.id == action.prompt for p in state.prompts) and bool(playable(table.legal(state, action.player), action.prompt))
    return Answer(text, taught, left)


class Clicks:
    """In-game controls and forms: decoded, applied, answered."""

    async def clicked(self, interaction: discord.Interaction, custom_id: str, lang: str) -> tuple[ControlId, LiveGame] | None:
        """The control a custom id is and the game it names, or ``None`` once the click is refused privately (an id
        the bot cannot read, from an older version, or a game that is gone)."""
        try:
            cid = ControlId.parse(custom_id)
        except CodecError:
            await self.refuse(interaction, lang, GameError("stale"))
            return None
        live = await self.game_or_refuse(interaction, cid.game_id, lang)
        return None if live is None else (cid, live)

    async def on_control(self, interaction: discord.Interaction, custom_id: str, values: list[str]) -> None:
        """Any in-game control (see :mod:`bot.controls`): apply the action it names, show the picker's next step
        privately, or open the form for typed text. Whatever is refused is answered privately with a reason."""
        lang = await self.language(interaction)
        if (clicked := await self.clicked(interaction, custom_id, lang)) is None:
            return
        cid, live = clicked
        while True:
            if live.state is None or live.row.status != "running":
                await self.refuse(interaction, live.row.language, GameError("not_running"))
                return
            actor = self.actor(interaction, live, cid.prompt_id)
            click = decoder.decode(cid, actor, live.legal(live.state, actor), values)
            if isinstance(click, NextStep):
                click = await self.show_step(interaction, live, actor, cid.prompt_id, click.partial, click.page)
            match click:
                case Apply(action):
                    await self._apply(interaction, live, action, live.row.language)
                case Form(action, form_id):
                    await interaction.response.send_modal(TextModal(live, action, form_id))
                case Refused(code) if code != "not_legal" and (newer := await self.runtime.refreshed(live)) is not None:
                    live = newer  # this process's copy may be behind another process's (a shared database): look again
                    continue
                case Refused(code, named):
                    await self.refuse(interaction, live.row.language, why_refused(live.engine, live.state, actor, cid.prompt_id, code, named), live.engine.prefix)
            return

    def actor(self, interaction: discord.Interaction, live: LiveGame, prompt_id: str) -> str:
        """Who acts: the clicking user, or ``HOST`` when a host-only prompt is answered by the host or narrator."""
        actor = str(interaction.user.id)
        prompt = next((p for p in live.state.prompts if p.id == prompt_id), None) if live.state else None
        if prompt and HOST in prompt.players and actor not in prompt.players and self.is_host(interaction, live.row):
            return HOST
        return actor

    async def show_step(
        self, interaction: discord.Interaction, live: LiveGame, actor: str, prompt_id: str, partial: Partial, page: int = 0
    ) -> Refused | None:
        """The picker's next step, seen only by the player: it replaces an earlier step in place, and opens as a
        private message when started from a shared one. Refused when the game has no such step any more."""
        presenter = game_ui(live.engine.name).presenter
        table = live.table()
        try:
            step = presenter.picker(table, live.state, actor, prompt_id, partial, page)
        except CodecError as exc:  # a game's picker finds nothing legal left to choose
            return Refused(exc.code)
        content = presenter.picker_text(table, step)
        view = view_from(step.components)
        if is_private_step(interaction):
            await interaction.response.edit_message(content=content, view=view)
        else:  # a step with nothing to click (a spectator told they watch, MH-61) is sent without a view
            await interaction.response.send_message(content, ephemeral=True, **({"view": view} if view else {}))
        return None

    async def on_modal(self, interaction: discord.Interaction) -> None:
        """A submitted text form (``nt:``): handled here from the id alone, so it works after a restart too."""
        custom_id = (interaction.data or {}).get("custom_id", "")
        texts = {
            c.get("custom_id", ""): c.get("value", "")
            for row in (interaction.data or {}).get("components", [])
            for c in (row.get("components") or [row.get("component") or {}])
        }
        lang = await self.language(interaction)
        if (clicked := await self.clicked(interaction, custom_id, lang)) is None:
            return
        cid, live = clicked
        while True:
            if live.state is None:
                await self.refuse(interaction, lang, GameError("not_running"))
                return
            actor = self.actor(interaction, live, cid.prompt_id)
            match decoder.decode(cid, actor, live.legal(live.state, actor), texts=texts):
                case Apply(action):
                    await self._apply(interaction, live, action, live.row.language)
                case Refused() if (newer := await self.runtime.refreshed(live)) is not None:
                    live = newer  # another process moved the game on: judge the text against its state
                    continue
                case Refused(code, named):  # typed after its moment (a clue once the card was guessed): say why
                    await self.refuse(interaction, live.row.language, why_refused(live.engine, live.state, actor, cid.prompt_id, code, named), live.engine.prefix)
                case _:
                    await self.refuse(interaction, lang, GameError("stale"))
            return

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.modal_submit and str((interaction.data or {}).get("custom_id", "")).startswith("nt:"):
            try:
                await self.on_modal(interaction)
            except Exception:
                log.exception("modal %s failed", (interaction.data or {}).get("custom_id"))
                await self.reply(interaction, "⚠️ " + i18n.translate(await self.language(interaction), "common.error.internal"))

    async def _apply(self, interaction: discord.Interaction, live: LiveGame, action: Action, lang: str, ack: str | None = None) -> None:
        """Apply ``action`` and answer its player privately: ``ack`` or the presenter's confirmation, and what the
        action taught them.

        The answer is worded once, with the action (:func:`word_answer`, from the state and events the runtime hands
        over at its commit), and what the cog does after the action comes from it alone: a click goes down once
        (decoded, applied) and its answer comes up once, without asking the engine again.

        What the answer shows the player of their own is written with the action too (an ``answer`` op,
        :func:`bot.ops.answer`): the DM clicked on, rewritten as its last answer rewrites it, or else, when the
        action taught them something (a check result), a private message saying it. The dispatcher makes no call
        for it when the answer went out, and delivers it when the answer did not: the bot killed before it or
        before its mark, Discord's 3 s gone, the callback refused. No answer is lost."""
        table = live.table()
        presenter = game_ui(live.engine.name).presenter
        dispatcher = getattr(self.bot, "dispatcher", None)
        token = str(interaction.id)
        planned: dict[str, Any] = {}

        def written(_table: Any, before: Any, after: Any, events: list) -> list[dict[str, Any]]:
            """The answer, worded at the commit (the events are the action's), and its op."""
            planned.clear()
            try:
                # what the action taught its player (a check result) comes in this answer, at once
                worded = planned["answer"] = word_answer(presenter, table, action, after, events, ack)
                planned["in_dm"] = self._rewrites_the_dm(interaction, worded)
                if planned["in_dm"]:
                    message = interaction.message
                    assert message is not None
                    planned["dm"] = f"{message.content}\n{worded.text}"[:2000]
                    target = {"channel": interaction.channel_id, "message": message.id, "content": planned["dm"]}
                elif worded.taught:
                    target = presenter.dm(table, action.player, f"{table.header()}\n{worded.text}", quiet=True)
                else:
                    return []
            except Exception:  # how an answer is worded must never stop the action: it is worded again below
                log.exception("game %s: the answer to %s could not be written with it", live.id, action.kind)
                planned.clear()
                return []
            planned["op"] = answer(token, target)
            if dispatcher is not None:
                dispatcher.answering(live.id, token)
            return [planned["op"]]

        try:
            events = await self.runtime.act(live.id, action, also=written)
        except BaseException as exc:
            if dispatcher is not None and "op" in planned:
                dispatcher.answered(live.id, token, False, written=False)
            if not isinstance(exc, (IllegalAction, GameError)):
                raise
            await self.refuse(interaction, lang, exc, table.prefix)
            return
        if "answer" not in planned:
            worded = planned["answer"] = word_answer(presenter, table, action, live.state, events, ack)
            planned["in_dm"] = self._rewrites_the_dm(interaction, worded)
            planned["dm"] = f"{interaction.message.content}\n{worded.text}"[:2000] if planned["in_dm"] and interaction.message else None
        worded = planned["answer"]
        text = worded.text
        shown = False
        try:
            if is_private_step(interaction) and not interaction.response.is_done():
                await interaction.response.edit_message(content=text, view=None)  # the finished picker shows the answer
                shown = True
                await self._bare_the_prompts_dm(live, action, str(interaction.user.id), worded)
            elif planned["in_dm"]:
                shown = await self._answer_in_the_dm(interaction, live, planned["dm"])
                if not shown:
                    await self.reply(interaction, text)
            elif await self._answer_with_rewrite(interaction, live):
                if worded.taught or ack:  # the public message changed is the answer; what is the player's alone follows
                    await self.reply(interaction, text)
                shown = True
            else:
                await self.reply(interaction, text)
                shown = True
        finally:
            if dispatcher is not None and "op" in planned:
                dispatcher.answered(live.id, token, shown)

    async def _bare_the_prompts_dm(self, live: LiveGame, action: Action, person: str, worded: Answer) -> None:
        """A picker step ended the action and left its player nothing more on the prompt: the prompt's DM, where the
        step was opened, loses its controls now, with this answer, rather than when the dispatcher takes them off
        (0.5-1 s later, a click there got "That choice is no longer open"). Marked so (:meth:`controls_gone`), the
        dispatcher's own edit makes no call; should this one fail, that edit takes them off as before."""
        dispatcher = getattr(self.bot, "dispatcher", None)
        transport = getattr(dispatcher, "transport", None)
        if transport is None or live.state is None:
            return
        if worded.left:
            return  # another choice of this prompt is open to them: its buttons stay (the dispatcher rewrites them)
        slot = live.row.slots.get(f"dm:{action.prompt}:{person}")
        if not isinstance(slot, dict) or slot.get("bare") or not slot.get("message"):
            return
        try:
            await transport.edit(slot["channel"], slot["message"], {"components": []})
        except Exception as exc:  # noqa: BLE001 - the dispatcher's edit takes them off as before
            log.info("game %s: the prompt's DM kept its controls until the dispatcher's edit (%s)", live.id, exc)
            return
        dispatcher.controls_gone(live.id, slot["message"])

    def _rewrites_the_dm(self, interaction: discord.Interaction, worded: Answer) -> bool:
        """Is the click on a prompt's DM, leaving its player nothing more to do there (a night task, the last of
        them)? Its answer then rewrites that DM (:meth:`_answer_in_the_dm`)."""
        message = interaction.message
        if message is None or interaction.guild_id is not None or message.flags.ephemeral or interaction.response.is_done():
            return False
        return not worded.left  # another task of this prompt is open: its buttons stay

    async def _answer_in_the_dm(self, interaction: discord.Interaction, live: LiveGame, content: str) -> bool:
        """A click on a prompt's DM that leaves its player nothing more to do there (a night task, the last of
        them) is answered by rewriting that DM (type 7): ``content``, its text with the answer below, and no
        controls left. One call where an answer and, when the prompt closes, an edit taking the buttons off were
        two; the DM is the player's alone, so a check result in it stays theirs. Should this fail, the dispatcher
        rewrites the DM the same way (the ``answer`` op written with the action)."""
        message = interaction.message
        dispatcher = getattr(self.bot, "dispatcher", None)
        assert message is not None
        try:
            await interaction.response.edit_message(content=content, view=None)
        except discord.HTTPException as exc:
            log.info("game %s: DM answer not rewritten (%s)", live.id, exc)
            return False
        if dispatcher is not None:
            dispatcher.controls_gone(live.id, message.id)
        return True

    async def _answer_with_rewrite(self, interaction: discord.Interaction, live: LiveGame) -> bool:
        """Answer a click on a public game message with that message rewritten as the click left it (an interaction
        response of type 7), when rewriting it is all the click caused: one call instead of a private answer and
        an edit (a vote's live tally, the ready count). The dispatcher decides (:meth:`Dispatcher.take_rewrites`),
        from the public ops alone, so whether a click is answered this way says nothing secret."""
        message = interaction.message
        dispatcher = getattr(self.bot, "dispatcher", None)
        if message is None or interaction.guild_id is None or message.flags.ephemeral or interaction.response.is_done() or dispatcher is None:
            return False
        taken = dispatcher.take_rewrites(live.id, message.id)
        if taken is None:
            return False
        row_ids, payload = taken
        answered = False
        try:
            kwargs: dict[str, Any] = {}
            if "content" in payload:
                kwargs["content"] = payload["content"]
            if "embeds" in payload:
                kwargs["embeds"] = [discord.Embed.from_dict(e) for e in payload["embeds"]]
            if "components" in payload:
                kwargs["view"] = RawComponents(payload["components"]) if payload["components"] else None
            await interaction.response.edit_message(**kwargs)
            answered = True
        except discord.HTTPException as exc:  # the edit is then delivered as usual
            log.info("game %s: click answered without the rewrite (%s)", live.id, exc)
        finally:
            await dispatcher.rewritten(live.id, row_ids, answered)
        return answered
