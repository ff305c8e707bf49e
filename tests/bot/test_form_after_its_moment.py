"""A form typed after its moment says why it is refused (issue 28): a Když sním clue typed into the form while the
clue turn ran out is answered with the game's "too late: that choice has closed", not the generic "That choice is
no longer open" a stale control gets. The cog is the real one, its interaction a stand-in
(:mod:`tests.bot.test_answers`); runtime, engine and database are real."""

from __future__ import annotations

from typing import Any

import translations as i18n
from bot.custom_ids import ControlId
from bot.decoder import Form, decode
from tests.bot.test_answers import Discord, Interaction, Process
from tests.bot.test_runtime import open_game

FOUR = [str(4100 + i) for i in range(4)]


def clue_turn(live: Any) -> Any:
    return next((p for p in live.state.prompts if p.id.startswith("clue")), None)


async def test_ks_a_clue_typed_after_its_turn_ran_out_is_told_the_turn_is_over(database, clock, transport):
    discord_ = Discord(transport)
    process = Process(database, clock, discord_)
    live = await open_game(process.runtime, players=FOUR, engine="kdyz_snim")
    for _ in range(20):  # the host starts the night (KS-28): on to the first clue turn
        if clue_turn(live) is not None:
            break
        prompt = live.state.prompts[0]
        actor = prompt.players[0]
        action = next(a for a in live.engine.legal_actions(live.state, actor) if a.kind not in ("leave", "remove"))
        await process.runtime.act(live.id, action)
        await process.runtime.idle()
    turn = clue_turn(live)
    assert turn is not None
    giver = next(p for p in turn.players if any(a.kind == "clue" for a in live.engine.legal_actions(live.state, p)))
    button = next(
        c["custom_id"]
        for m in transport.messages.values()
        for row in m.get("components") or []
        for c in row.get("components") or []
        if c.get("custom_id", "").split(":")[2:3] == [turn.id]
        and isinstance(decode(ControlId.parse(c["custom_id"]), giver, live.engine.legal_actions(live.state, giver), []), Form)
    )
    form = decode(ControlId.parse(button), giver, live.engine.legal_actions(live.state, giver), [])
    assert isinstance(form, Form)  # the form opened while the turn was on

    await process.runtime.timeout(live.id, turn.id)  # the clue turn ran out while the giver typed
    await process.runtime.idle()
    assert all(p.id != turn.id for p in live.state.prompts)

    submit = Interaction(discord_, clock, giver, None)
    submit.guild_locale = None
    submit.data = {"custom_id": form.custom_id, "components": [{"components": [{"custom_id": "text", "value": "a moon"}]}]}
    await process.cog.on_modal(submit)
    too_late = i18n.translate("en", "common.error.stale_prompt")
    assert submit.answers == [("ephemeral", f"⚠️ {too_late}")], submit.answers
    await process.runtime.close()
