"""A click on a prompt that has closed says why it closed, even when the control no longer decodes (issue 28, item 3).

A Ghost at Home turn's DM offers a multi-select of cards for a discard (GH-27); its index values mean something only
against the turn's legal actions, so once the turn is over they decode to nothing. The cog then asked nobody and
answered the generic "That choice is no longer open"; now it asks the engine about the closed prompt, which says the
turn is over (the engine's ``stale_prompt``; Midnighters' says who closed it, MN-29). The cog is the real one, its
interaction a stand-in (:mod:`tests.bot.test_answers`); runtime, engine and database are real. The same click
through the real bot: tests/e2e/test_moment_after_e2e.py.
"""

from __future__ import annotations

import translations as i18n
from bot.presenter import dm_slot
from tests.bot.test_answers import Discord, Interaction, Process
from tests.bot.test_runtime import open_game

TWO = [str(4000 + i) for i in range(2)]


async def test_gh_a_turn_dms_multi_select_clicked_after_the_turn_is_told_the_turn_is_over(database, clock, transport):
    discord_ = Discord(transport)
    process = Process(database, clock, discord_)
    live = await open_game(process.runtime, players=TWO, engine="ghost_at_home")
    turn = live.state.prompts[0]
    player = turn.players[0]
    slot = live.row.slots[dm_slot(turn, player)]
    dm = transport.messages[slot["message"]]
    cards = next(c for row in dm["components"] for c in row["components"] if c["custom_id"].startswith("nx:"))
    await process.runtime.act(live.id, live.engine.legal_actions(live.state, player)[0])  # the turn is played
    await process.runtime.idle()
    assert all(p.id != turn.id for p in live.state.prompts)

    click = Interaction(discord_, clock, player, dm, message_id=slot["message"])
    click.guild_locale = None
    await process.cog.on_control(click, cards["custom_id"], ["0"])  # the DM as it was shown a moment ago
    too_late = i18n.translate("en", "common.error.stale_prompt")
    assert click.answers == [("ephemeral", f"⚠️ {too_late}")], click.answers
    await process.runtime.close()
