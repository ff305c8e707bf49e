"""A picker step that ends an action takes the controls off the prompt's DM it was opened from in the same answer
(issue 28): the DM kept its buttons until the dispatcher's edit, 0.5-1 s later, and a click there in that time got
"That choice is no longer open". The cog is the real one, its interactions stand-ins acting on the recording
transport as Discord would (:mod:`tests.bot.test_answers`); runtime, engine and database are real."""

from __future__ import annotations

from types import SimpleNamespace

from engines.core import Action
from tests.bot.test_answers import Interaction, first_night

STEP = 777_000_001  # the ephemeral step's message (Discord's: the bot never posted it)


async def test_a_step_that_ends_the_night_task_takes_the_buttons_off_its_dm_at_once(database, clock, transport):
    """NW-14: Garibaldi's check, completed in a picker step. While the game's drain is held (it would take the
    controls off later), the answer alone leaves the night DM without buttons; the drain's edit then makes no call
    (SQLite)."""
    discord_, process, live, garibaldi, watch, slot = await first_night(database, clock, transport)
    assert transport.messages[slot["message"]].get("components"), "the night task's controls"
    transport.messages[STEP] = {"content": "Check …"}
    step = Interaction(discord_, clock, garibaldi, transport.messages[STEP], message_id=STEP)
    step.message.flags = SimpleNamespace(ephemeral=True)  # a click in a picker step
    action = Action(garibaldi, live.state.prompts[0].id, "check", {"target": watch})
    async with process.dispatcher._turn(live.id):  # the drain waits: what changes now is the answer's doing
        await process.click(step, live, action)
        assert step.answers and step.answers[0][0] == "update" and "🔍" in step.answers[0][1]  # the step shows it
        assert not transport.messages[slot["message"]].get("components"), "the DM kept its buttons"
        edits = transport.calls.count(("edit", slot["message"]))
    await process.runtime.idle()
    assert not transport.messages[slot["message"]].get("components")
    if database.is_sqlite:  # the slot marked bare in this process's copy (PostgreSQL's drain reads the row again)
        assert transport.calls.count(("edit", slot["message"])) == edits == 1, "the dispatcher's edit made a call too"
    await process.runtime.close()
