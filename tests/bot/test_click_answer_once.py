"""A click goes down once and its answer comes up once (issue 26, item 3): once the runtime has applied the action,
the cog answers from the answer worded with it at the commit (:func:`cogs.clicks.word_answer`, from the state and
events the runtime hands over), and asks the engine for no legal actions again: not for whether the prompt's DM
is rewritten with the answer, nor for whether a picker step bares that DM. The cog is the real one, its
interactions stand-ins (:mod:`tests.bot.test_answers`); runtime, engine and database are real."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engines.core import Action
from tests.bot.test_answers import Interaction, Process, a_check, first_night, shows

STEP = 777_000_002  # an ephemeral picker step's message (Discord's: the bot never posted it)


def asked_after_the_action(process: Process, live: Any, monkeypatch: Any) -> list[str]:
    """Whose legal actions the engine is asked for once the runtime's ``act`` has returned."""
    asked: list[str] = []
    acted: list[bool] = []
    act, legal_actions = process.runtime.act, live.engine.legal_actions

    async def counted_act(*args: Any, **kwargs: Any) -> Any:
        try:
            return await act(*args, **kwargs)
        finally:
            acted.append(True)

    def counted_legal(state: Any, player: str) -> Any:
        if acted:
            asked.append(player)
        return legal_actions(state, player)

    monkeypatch.setattr(process.runtime, "act", counted_act)
    monkeypatch.setattr(live.engine, "legal_actions", counted_legal)
    return asked


async def test_nw_14_a_check_in_its_dm_is_answered_in_place_without_asking_the_engine_again(database, clock, transport, monkeypatch):
    """NW-14: Garibaldi's check, clicked in the night DM: the DM is rewritten with the answer and no controls (as
    before), decided from the answer worded at the commit."""
    process, _, live, slot, interaction, action, expected = await a_check(database, clock, transport)
    asked = asked_after_the_action(process, live, monkeypatch)
    async with process.dispatcher._turn(live.id):  # the drain (which words the next step) waits
        await process.click(interaction, live, action)
        assert interaction.answers == [("update", expected)]
        assert asked == [], f"the cog asked the engine again after the action: {asked}"
    await process.runtime.idle()
    shows(transport, slot, expected)
    await process.runtime.close()


async def test_nw_14_a_check_ended_in_a_picker_step_bares_its_dm_without_asking_the_engine_again(database, clock, transport, monkeypatch):
    """NW-14: the same check completed in a picker step: the step shows the answer and the night DM loses its
    buttons in the same answer (as before), decided from the answer worded at the commit."""
    discord_, process, live, garibaldi, watch, slot = await first_night(database, clock, transport)
    transport.messages[STEP] = {"content": "Check …"}
    step = Interaction(discord_, clock, garibaldi, transport.messages[STEP], message_id=STEP)
    step.message.flags = SimpleNamespace(ephemeral=True)
    action = Action(garibaldi, live.state.prompts[0].id, "check", {"target": watch})
    asked = asked_after_the_action(process, live, monkeypatch)
    async with process.dispatcher._turn(live.id):
        await process.click(step, live, action)
        assert step.answers and step.answers[0][0] == "update" and "🔍" in step.answers[0][1]
        assert not transport.messages[slot["message"]].get("components"), "the DM kept its buttons"
        assert asked == [], f"the cog asked the engine again after the action: {asked}"
    await process.runtime.idle()
    await process.runtime.close()
