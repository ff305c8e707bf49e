"""A whole 2-player Ghost at Home game through the real bot and the fake Discord server, played by the generic
GameTable driver with the controls each player is shown: the board in the game thread, each hand by DM, reaction
windows by DM with a countdown, one public line per turn, and the end with every hand and the seed (GH-33)."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.e2e.harness import BotProcess, GameTable
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

NAMES = ["Ada", "Boris"]
SEED = "haunted-e2e-1"  # no "gh-" in it: the texts are checked for raw message keys
MAX_STEPS = 800
CARD_NAMES = (
    "Floor-1 room",
    "Floor-2 room",
    "Floor-3 room",
    "Space hole",
    "Light bulb",
    "Cat food",
    "Elevator",
    "Lightning",
    "Joker room",
)


async def play(tmp_path):
    server = FakeDiscord(guild_name="Haunted Manor", users=NAMES, text_channels=["general"])
    await server.start()
    bot = BotProcess(server, tmp_path / "nocturne.sqlite3", SEED)
    try:
        await bot.start()
        table = GameTable(server, bot, [server.user_id(n) for n in NAMES], "ghost_at_home")
        lobby = await table.open_lobby()
        await table.seat_everyone_and_start(lobby)
        for _ in range(MAX_STEPS):
            if not await table.step():
                break
        assert table.game_over(), bot.log()[-3000:]
        # the board's caption says "Game over" first; the reveal ends with the seed (GH-33)
        await server.wait_for(lambda s: f"Seed: {SEED}" in (table.game_over() or ""), timeout=30, what="the reveal")
        # the board's last edit comes after a short debounce (a newer board would replace it)
        await server.wait_for(
            lambda s: "Game over" in (board(table) or {}).get("content", ""), timeout=30, what="the final board"
        )
        return server, table
    finally:
        await bot.stop()
        await server.stop()


def board(table: GameTable) -> dict | None:
    """The board message: the thread's message with the picture attached."""
    return next((m for m in table.public() if m.get("attachments") and not m.get("deleted")), None)


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return asyncio.run(play(tmp_path_factory.mktemp("gh")))


def test_a_two_player_game_is_played_to_its_end_through_discord(game):
    _, table = game
    over = table.game_over()
    assert "Game over" in over and f"Seed: {SEED}" in over
    assert "escapes from the haunted house!" in over and "Game over: escaped" in over  # GH-32
    assert "Hands at the end:" in over and all(f"• {name}: " in over for name in NAMES)  # GH-33
    assert table.clicks > 20


def test_each_hand_comes_by_dm_naming_the_server_and_game(game):
    server, _ = game
    for name in NAMES:
        dms = [m.get("content") or "" for m in server.dm_messages(server.user_id(name))]
        assert any("Your hand:" in t and "Haunted Manor" in t and "Ghost at Home" in t for t in dms), name
        assert any("your move" in t and "<t:" in t for t in dms), "turn DMs count down (GH-34)"


def test_the_board_is_one_message_edited_in_place_with_a_caption(game):
    _, table = game
    boards = [m for m in table.public() if (m.get("content") or "").startswith("👻 **Turn") and not m.get("deleted")]
    assert len(boards) == 1, [m.get("content") for m in boards]
    (picture,) = board(table)["attachments"]
    assert picture["filename"].endswith(".png") and picture.get("description"), picture  # alt text for screen readers
    assert board(table).get("edits", 0) >= 1  # edited in place (a fast game's intermediate boards are debounced)
    assert "Game over" in board(table)["content"] and "Winner" in board(table)["content"]


def test_public_messages_show_no_hand_and_no_raw_keys(game):
    """GH-P1 / GH-P2: before the end the thread names cards only as they are played face up; discards show only
    their count. No message shows a raw message key."""
    _, table = game
    texts = [m.get("content") or "" for m in table.public()]
    end = next(i for i, t in enumerate(texts) if t.startswith("🏁"))
    for text in texts:
        assert "gh." not in text and "gh-" not in text and not re.search(r"\b(room[123]|joker_room|cat_food)\b", text)
    for text in texts[:end]:
        for line in text.splitlines():
            if "face down" in line:
                assert not any(card in line for card in CARD_NAMES), line


def test_reaction_windows_come_by_dm_with_a_countdown(game):
    """GH-17 / GH-30 / GH-P4: a window reaches only its player, by DM, with a countdown; the thread says only whom
    it waits for."""
    server, table = game
    windows = [
        t
        for name in NAMES
        for t in (m.get("content") or "" for m in server.dm_messages(server.user_id(name)))
        if "Answer with a cat?" in t or "Send a ghost at their top floor?" in t or "Send one more ghost?" in t
    ]
    waiting = [t for t in (m.get("content") or "" for m in table.public()) if "Waiting for" in t]
    assert len(windows) >= len(waiting) > 0
    assert all("<t:" in w for w in windows)
