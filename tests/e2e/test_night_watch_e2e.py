"""A whole 10-player Night Watch game through the real bot and the fake Discord server, then the same game with
the bot SIGKILLed in the middle of a night and during a vote: same outcome, nothing lost, nothing posted twice."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.e2e.harness import BotProcess, NightWatchTable, game_texts
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

NAMES = ["Sheridan", "Ivanova", "Garibaldi", "Franklin", "Delenn", "Londo", "Gkar", "Vir", "Lennier", "Talia"]
SEED = "e2e-seed-7"
MAX_STEPS = 400


async def play(tmp_path, crash_when: Callable[[NightWatchTable], bool] | None = None, crashes: int = 0):
    server = FakeDiscord(guild_name="Babylon 5", users=NAMES, text_channels=["general"])
    await server.start()
    bot = BotProcess(server, tmp_path / "nocturne.sqlite3", SEED)
    try:
        await bot.start()
        table = NightWatchTable(server, bot, [server.user_id(n) for n in NAMES])
        lobby = await table.open_lobby()
        await table.seat_everyone_and_start(lobby)
        crashed = 0
        for _ in range(MAX_STEPS):
            if crash_when and crashed < crashes and crash_when(table):
                bot.kill()
                crashed += 1
                await bot.start()
            if not await table.step():
                break
        assert table.game_over(), bot.log()[-3000:]
        # the reveal may span several messages; the seed is its last line (NW-23)
        await server.wait_for(lambda s: "Seed:" in (table.game_over() or ""), timeout=30, what="the full reveal")
        over = table.game_over()
        assert crashed == crashes
        return server, table, over
    finally:
        await bot.stop()
        await server.stop()


def public_texts(server: FakeDiscord, table: NightWatchTable) -> list[str]:
    return game_texts(server.messages(table.thread))


def in_a_night(table: NightWatchTable) -> bool:
    """At least one night action answered, and the night not over yet."""
    return any(":night#" in cid for _, cid in table.answered) and bool(table._new_dm_prompt())


def during_a_vote(table: NightWatchTable) -> bool:
    prompt = table.open_public_prompt()
    return prompt is not None and ":vote#" in str(prompt.get("components")) and sum(
        1 for _, cid in table.answered if ":vote#" in cid
    ) >= 3


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The uninterrupted game, played once for the whole module."""
    import asyncio

    return asyncio.run(play(tmp_path_factory.mktemp("ref")))


def test_a_whole_game_is_played_through_discord(reference):
    server, table, over = reference
    assert "Game over" in over and "Seed: e2e-seed-7" in over
    # every player got their role by DM, naming the server and the game
    for name in NAMES:
        dms = [m["content"] for m in server.dm_messages(server.user_id(name))]
        assert any("Your role" in t and "Babylon 5" in t for t in dms), name
        # NW fix 8: the role DM says how the role's side wins and what happens next
        assert any("Your role" in t and "You win" in t and "What happens next" in t for t in dms), name
    # NW fix 6: every jailing follows a final tally with every vote (the deciding one too)
    texts = public_texts(server, table)
    jailings = [t for t in texts if "is jailed" in t]
    assert jailings and all("The vote is closed. Final tally:" in t for t in jailings)
    # one live tally message per vote, edited in place rather than a message per vote
    votes = [m for m in server.messages(table.thread) if "Votes cast:" in (m.get("content") or "")]
    assert votes and all(m["edits"] >= 1 for m in votes)


def test_no_secret_reaches_a_public_message(reference):
    server, table, over = reference
    texts = public_texts(server, table) + [m.get("content") or "" for m in server.messages(server.channel_id("general"))]
    end = next(i for i, t in enumerate(texts) if "Game over" in t)
    before_end = "\n".join(texts[:end])
    for secret in ("Your role", "IS Night Watch", "is not Night Watch", "IS Security", "is not Security", "proposes"):
        assert secret not in before_end
    # a role is named publicly only for a player already out (dawn or jail announced first)
    out: set[str] = set()
    for text in texts[:end]:
        for line in text.splitlines():
            jailed = re.search(r"⛓️ (\w+) is jailed", line)
            if jailed:
                out.add(jailed.group(1))
            dead = re.search(r"Found dead: (.+)\.", line)
            if dead:
                out.update(n.strip() for n in dead.group(1).split(","))
            revealed = re.match(r"(\w+) was ", line)
            if revealed:
                assert revealed.group(1) in out, line


@pytest.mark.parametrize(("when", "name"), [(in_a_night, "night"), (during_a_vote, "vote")])
def test_sigkill_and_restart_changes_nothing(reference, tmp_path, when, name):
    import asyncio

    ref_server, ref_table, ref_over = reference
    server, table, over = asyncio.run(play(tmp_path, crash_when=when, crashes=1))
    assert over == ref_over  # same outcome, same reveal: no action lost
    assert public_texts(server, table) == public_texts(ref_server, ref_table)  # nothing posted twice or lost
    # NW fix 12: back after the restart, the bot says so once in the game thread
    back = [m for m in server.messages(table.thread) if "I am back after" in (m.get("content") or "") and "(a restart)" in m["content"]]
    assert len(back) == 1, [(m["id"], m["content"][:60], m.get("nonce")) for m in back]


def test_nw_9_a_ready_click_is_answered_with_the_ready_count_itself(reference):
    """Issue 16: a click whose only effect is the public message it was on (the ready count) is answered by
    rewriting that message (type 7), one call where a private answer and an edit were two; the message then
    carries the count."""
    server, table, over = reference
    ready = [
        rec
        for rec in server._interactions.values()
        if rec.type == 3 and ":ready" in str((rec.payload.get("data") or {}).get("custom_id"))
    ]
    rewritten = [rec for rec in ready if rec.callback_type == 7]
    assert rewritten, [r.callback_type for r in ready]
    for rec in rewritten:
        answer = next(r for r in rec.responses if r["kind"] == "callback")
        assert "ready to vote" in (answer.get("content") or ""), answer
        assert not server.message(rec.original_message_id)["ephemeral"]


def test_nw_10_a_vote_is_one_click_on_the_public_select_answered_with_the_tally(reference):
    """Issue 16: a vote is one pick on the vote message's select of the living (NW-10), answered by that message
    rewritten with the new tally (type 7), where it was a picker, its answer and an edit."""
    server, table, over = reference
    votes = [
        rec
        for rec in server._interactions.values()
        if rec.type == 3 and ":vote#" in str((rec.payload.get("data") or {}).get("custom_id"))
    ]
    assert votes and all(str(rec.payload["data"]["custom_id"]).startswith("ns:") for rec in votes)
    rewritten = [rec for rec in votes if rec.callback_type == 7]
    assert rewritten, [r.callback_type for r in votes]
    for rec in rewritten:
        answer = next(r for r in rec.responses if r["kind"] == "callback")
        assert "Votes cast:" in (answer.get("content") or "") and not server.message(rec.original_message_id)["ephemeral"]


def test_nw_12_a_night_task_done_is_answered_in_its_dm_which_keeps_no_buttons(reference):
    """Issue 16: the click on a player's last night task rewrites that DM (type 7): the task's text with the answer
    (a check result, NW-14/NW-17) below and no controls, so dawn has no buttons to take off it."""
    server, table, over = reference
    night = [
        rec
        for rec in server._interactions.values()
        if rec.type == 3 and ":night#" in str((rec.payload.get("data") or {}).get("custom_id")) and rec.guild_id is None
    ]
    done = [rec for rec in night if rec.callback_type == 7]
    assert done, [r.callback_type for r in night]
    for rec in done:
        dm = server.message(rec.original_message_id)
        assert "✅" in (dm.get("content") or "") and not dm.get("components"), dm
        assert not dm["ephemeral"]
