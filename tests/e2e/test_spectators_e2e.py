"""Through the real bot and the fake Discord server: a spectator tries every public control, and a player clicks a
prompt the moment after its phase ended; each is answered privately with the reason, and nothing changes
(issue 28's done-when; Midnight Hunt's Surrender is in tests/e2e/test_midnight_hunt_e2e.py).

Night Watch, five players and a member of the server who never joined (Cleo): the day's public discussion has a
Ready button for everyone (NW-9) and the vote a select of the living (NW-10), both in the thread, where anyone can
press them. "The moment after" is two players pressing Ready at once when one more ends the discussion: whichever
lands second finds the phase over. Když sním, five players and Cleo: the clue turn's public buttons, each refused
before a form opens, and the giver's Pass pressed twice at once."""

from __future__ import annotations

import re
from typing import Any

import pytest

import translations as i18n
from tests.e2e.harness import BotProcess, GameTable, NightWatchTable, game_controls
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

NAMES = ["Sheridan", "Ivanova", "Garibaldi", "Franklin", "Delenn", "Cleo"]
NOT_PLAYING = "You are not playing in this game"
TOO_LATE = "Too late: that choice has closed"


def answer_of(rec: Any) -> dict[str, Any]:
    """The click's own answer: its first response's message, or a follow-up."""
    answer = rec.original or (rec.messages[-1] if rec.messages else None)
    assert answer is not None, rec.responses
    return answer


def uses(control: dict[str, Any]) -> list[list[str] | None]:
    """Every way to use a control: a button's click, each option of a select."""
    return [[o["value"]] for o in control["options"]] if control["type"] == 3 else [None]


async def test_nw_a_spectator_tries_every_public_control_and_a_late_click_is_told_the_phase_ended(tmp_path):
    server = FakeDiscord(guild_name="Babylon 5", users=NAMES, text_channels=["general"])
    await server.start()
    bot = BotProcess(server, tmp_path / "nocturne.sqlite3", "spectators-1")
    try:
        await bot.start()
        players = [server.user_id(n) for n in NAMES[:5]]
        cleo = server.user_id("Cleo")
        table = NightWatchTable(server, bot, players)
        await table.seat_everyone_and_start(await table.open_lobby())

        # the day's discussion: its Ready button, pressed by someone who does not play (NW-9)
        discussion = await server.wait_for(lambda s: table.open_public_prompt(), timeout=30, what="the discussion")
        shown = dict(server.message(int(discussion["id"])))
        controls = game_controls(discussion)
        assert controls, discussion
        for control in controls:
            for values in uses(control):
                rec = await table.interact(server.click(cleo, int(discussion["id"]), control["custom_id"], values))
                answer = answer_of(rec)
                assert answer["ephemeral"] and NOT_PLAYING in answer["content"], (control["custom_id"], answer)
                assert not game_controls(answer)
        assert server.message(int(discussion["id"]))["content"] == shown["content"], "a spectator's click changed the count"

        # two of five ready; then two more press Ready at the same moment: the first of them ends the discussion
        # (more than half, NW-9) and opens the vote, and the other's click lands the moment after
        ready = next(c["custom_id"] for c in controls if c["type"] == 2)
        for player in players[:2]:
            await table.interact(server.click(player, int(discussion["id"]), ready))
        both = [await server.click(player, int(discussion["id"]), ready) for player in players[2:4]]
        answers = [answer_of(await server.wait_for_response(iid, timeout=30)) for iid in both]
        late = [a for a in answers if TOO_LATE in (a.get("content") or "")]
        assert len(late) == 1 and late[0]["ephemeral"] and not game_controls(late[0]), answers
        vote = await server.wait_for(
            lambda s: next((m for m in reversed(table.public()) if game_controls(m) and ":vote#" in str(m.get("components"))), None),
            timeout=30,
            what="the vote",
        )
        await server.wait_for(lambda s: not game_controls(s.message(int(discussion["id"]))), timeout=30, what="Ready taken off")

        # the vote's select, every option of it, by the spectator (NW-10): refused, the tally untouched
        tally = server.message(int(vote["id"]))["content"]
        for control in game_controls(vote):
            for values in uses(control):
                rec = await table.interact(server.click(cleo, int(vote["id"]), control["custom_id"], values))
                answer = answer_of(rec)
                assert answer["ephemeral"] and NOT_PLAYING in answer["content"], (values, answer)
        assert server.message(int(vote["id"]))["content"] == tally
        assert "Votes cast: 0" in tally, tally

        # a spectator is never written to privately
        assert server.dm_messages(cleo) == []
        assert "Traceback" not in bot.log(), bot.log()[-3000:]
    finally:
        await bot.stop()
        await server.stop()


GENERIC = {i18n.translate("en", key) for key in ("common.error.bad_action", "common.error.not_legal", "common.error.stale", "common.error.internal")}
MENTION = re.compile(r"<@(\d+)>")


async def test_ks_a_spectator_tries_every_public_control_and_a_double_pass_is_told_the_turn_ended(tmp_path):
    """Když sním's clue turn is a public message with the giver's Give a clue / Pass my turn (KS-14) and the
    Dreamer's Guess / Pass this card (KS-19): a member who never joined pressing each is answered privately with
    the engine's reason, before any form opens. The giver pressing Pass twice at once: the second finds the turn
    over ("Too late")."""
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Cleo"]
    server = FakeDiscord(guild_name="Dreamland", users=names, text_channels=["general"])
    await server.start()
    bot = BotProcess(server, tmp_path / "nocturne.sqlite3", "spectators-ks-1")
    try:
        await bot.start()
        players = [server.user_id(n) for n in names[:5]]
        cleo = server.user_id("Cleo")
        table = GameTable(server, bot, players, "kdyz_snim")
        await table.seat_everyone_and_start(await table.open_lobby())
        turn = await server.wait_for(
            lambda s: next((m for m in reversed(table.public()) if any(":clue#" in c["custom_id"] for c in game_controls(m))), None),
            timeout=30,
            what="the first clue turn",
        )
        shown = server.message(int(turn["id"]))["content"]
        for control in game_controls(turn):
            for values in uses(control):
                rec = await table.interact(server.click(cleo, int(turn["id"]), control["custom_id"], values))
                assert rec.modal is None, f"{control['custom_id']}: a form opened for a spectator"
                answer = answer_of(rec)
                text = answer.get("content") or ""
                assert answer["ephemeral"] and not game_controls(answer), (control["custom_id"], answer)
                assert text.strip("⚠️ ") not in GENERIC and text not in GENERIC and NOT_PLAYING in text, (control["custom_id"], text)
        assert server.message(int(turn["id"]))["content"] == shown, "a spectator's click changed the turn"

        giver = int(MENTION.search(shown.split("✏️", 1)[1]).group(1))
        pass_turn = next(c["custom_id"] for c in game_controls(turn) if c["custom_id"].startswith("nc:") and ":clue#" in c["custom_id"])
        both = [await server.click(giver, int(turn["id"]), pass_turn) for _ in range(2)]
        answers = [answer_of(await server.wait_for_response(iid, timeout=30)) for iid in both]
        late = [a for a in answers if TOO_LATE in (a.get("content") or "")]
        assert len(late) == 1 and late[0]["ephemeral"] and not game_controls(late[0]), answers
        assert server.dm_messages(cleo) == []
        assert "Traceback" not in bot.log(), bot.log()[-3000:]
    finally:
        await bot.stop()
        await server.stop()
