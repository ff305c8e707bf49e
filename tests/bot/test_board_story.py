"""The board carries the story (issue 27, Discord's budget; issue 29, the board in view): a step's public lines are
written on the board's message above its caption, so a step costs one public call. The board's slot keeps the
chapter of lines its message shows; while it has room the message is edited, and once it is full (or sunk, or old)
the next lines open a new board message below, the old one left as it stands: nothing is deleted, and the thread
reads as the game's story, chapter by chapter. A row sent again after a crash makes the same edit (the slot is saved
with the row's sent mark), or finds the post it made (:mod:`bot.resumed`). Time is the injected clock."""

from __future__ import annotations

import random

import pytest

import cogs.registry  # noqa: F401 - the games' UIs (Ghost at Home's presenter) as the bot registers them
from bot import boards
from bot.delivery import Dispatcher
from bot.executors import SUNK_BELOW
from bot.presenter import STORY_LINES, STORY_ROOM
from bot.runtime import Runtime
from tests.bot.test_board_in_view import THREAD, a_game, painted
from tests.bot.test_crash_points import CrashingTransport, Restarting, random_step, seen
from tests.bot.test_runtime import open_game
from tests.databases import migrated_sqlite


@pytest.fixture
def pool(monkeypatch):
    made = boards.Boards(0, renderers={"demo": painted, "ghost_at_home": painted})
    monkeypatch.setattr(boards, "_shared", made)
    yield made
    made.close()


def board(turn: int, *story: str, keep: bool = False) -> dict:
    op = {"do": "post", "to": "game", "content": f"Turn {turn}", "slot": "board", "render": {"engine": "demo", "view": {"turn": turn}}}
    return {**op, **({"story": list(story)} if story else {}), **({"keep": True} if keep else {})}


def calls(transport, since: int = 0) -> list[str]:
    return [call for call, _ in transport.calls[since:]]


async def test_a_step_edits_the_board_with_its_lines(runtime, transport, pool):
    """One call a step: the board's message is rewritten with the chapter so far, the step's lines below it and the
    caption last, and its picture drawn anew."""
    dispatcher: Dispatcher = runtime.dispatcher
    live = a_game()
    await dispatcher.execute(live, board(1, "The door slams shut.", "Turn 1: Ada to play."), None)
    first = live.row.slots["board"]["message"]
    assert transport.messages[first]["content"] == "The door slams shut.\nTurn 1: Ada to play.\nTurn 1"
    before = len(transport.calls)
    await dispatcher.execute(live, board(2, "Ada discards 2 cards face down.", "Turn 2: Boris to play."), None)
    assert calls(transport, before) == ["edit"]  # no post of its own for the lines, no delete
    assert live.row.slots["board"]["message"] == first
    assert transport.messages[first]["content"] == "\n".join(
        ["The door slams shut.", "Turn 1: Ada to play.", "Ada discards 2 cards face down.", "Turn 2: Boris to play.", "Turn 2"]
    )
    assert transport.messages[first]["files"] == [("board.png", b"\x89PNG 2")]
    assert live.row.slots["board"]["story"][-1] == "Turn 2: Boris to play."
    # a step that tells something but leaves the picture as it was rewrites the text alone (no image drawn, kept)
    before = len(transport.calls)
    await dispatcher.execute(live, board(2, "Boris thinks.", keep=True), None)
    assert calls(transport, before) == ["edit"] and transport.messages[first]["content"].endswith("Boris thinks.\nTurn 2")
    assert transport.messages[first]["files"] == [("board.png", b"\x89PNG 2")]
    # and a board op with nothing new to tell or draw makes no call
    before = len(transport.calls)
    result = await dispatcher.execute(live, board(2), None)
    assert result.get("unchanged") and calls(transport, before) == []


async def test_a_full_chapter_closes_into_a_new_post_and_nothing_is_deleted(runtime, transport, pool):
    """Once the chapter has no room for the step's lines, they open a new board message below; the old one stays as
    it stands, its lines and its picture as they were then."""
    dispatcher: Dispatcher = runtime.dispatcher
    live = a_game()
    turn = 0
    while len(live.row.slots.get("board", {}).get("story", [])) + 3 <= STORY_LINES:
        turn += 1
        await dispatcher.execute(live, board(turn, f"move {turn}a", f"move {turn}b", f"move {turn}c"), None)
    old = live.row.slots["board"]["message"]
    chapter = transport.messages[old]["content"]
    assert chapter.startswith("move 1a\n") and len(chapter) <= STORY_ROOM
    before = len(transport.calls)
    await dispatcher.execute(live, board(turn + 1, f"move {turn + 1}a", f"move {turn + 1}b", f"move {turn + 1}c"), None)
    new = live.row.slots["board"]["message"]
    assert new != old and calls(transport, before) == ["post"]  # no delete
    assert transport.messages[old]["content"] == chapter  # the closed chapter, as it stood
    assert transport.messages[old]["files"] == [("board.png", b"\x89PNG " + str(turn).encode())]
    assert transport.messages[new]["content"] == f"move {turn + 1}a\nmove {turn + 1}b\nmove {turn + 1}c\nTurn {turn + 1}"
    assert transport.texts(THREAD)[-1] == transport.messages[new]["content"]  # the thread's last message
    # a chapter of long lines closes by its length
    for n in range(20):
        await dispatcher.execute(live, board(turn + 2 + n, "x" * 400), None)
        assert len(transport.messages[live.row.slots["board"]["message"]]["content"]) <= STORY_ROOM


async def test_a_sunk_board_opens_a_new_chapter_below_and_keeps_the_old_one(runtime, transport, pool):
    """Two of the bot's posts below the board (a reveal, a notice): the next step's lines open a new chapter at the
    bottom, and the old board stays where it was."""
    dispatcher: Dispatcher = runtime.dispatcher
    live = a_game()
    await dispatcher.execute(live, board(1, "line 1"), None)
    old = live.row.slots["board"]["message"]
    for n in range(SUNK_BELOW):
        await dispatcher.execute(live, {"do": "post", "to": "game", "content": f"notice {n}"}, None)
    before = len(transport.calls)
    await dispatcher.execute(live, board(2, "line 2"), None)
    assert calls(transport, before) == ["post"] and transport.messages[old]["content"] == "line 1\nTurn 1"
    assert transport.texts(THREAD) == ["line 1\nTurn 1", "notice 0", "notice 1", "line 2\nTurn 2"]
    assert live.row.slots["board"].get("below", 0) == 0


async def test_a_closed_chapter_loses_the_buttons_the_board_carried(runtime, transport, pool):
    """A board that carries controls (Midnight Hunt's Surrender): when its chapter closes, the old message keeps its
    lines and picture but loses its buttons, which belong to the turn shown now on the new chapter; a board without
    controls costs no such edit."""
    dispatcher: Dispatcher = runtime.dispatcher
    live = a_game()
    surrender = [{"type": 1, "components": [{"type": 2, "style": 2, "label": "Surrender", "custom_id": "nc:1:surrender"}]}]
    await dispatcher.execute(live, {**board(1, "line 1"), "components": surrender}, None)
    old = live.row.slots["board"]["message"]
    for n in range(SUNK_BELOW):
        await dispatcher.execute(live, {"do": "post", "to": "game", "content": f"notice {n}"}, None)
    before = len(transport.calls)
    await dispatcher.execute(live, {**board(2, "line 2"), "components": surrender}, None)
    new = live.row.slots["board"]["message"]
    assert calls(transport, before) == ["post", "edit"]
    assert transport.messages[old]["components"] == [] and transport.messages[old]["content"] == "line 1\nTurn 1"
    assert transport.messages[new]["components"] == surrender
    for n in range(SUNK_BELOW):  # the next chapter closes with a board that has no buttons any more: no edit
        await dispatcher.execute(live, {"do": "post", "to": "game", "content": f"later notice {n}"}, None)
    await dispatcher.execute(live, {**board(3, "line 3"), "components": []}, None)
    before = len(transport.calls)
    for n in range(SUNK_BELOW):
        await dispatcher.execute(live, {"do": "post", "to": "game", "content": f"last notice {n}"}, None)
    await dispatcher.execute(live, board(4, "line 4"), None)
    assert calls(transport, before) == ["post"] * (SUNK_BELOW + 1)  # the notices and the new chapter, no edit


async def test_a_board_that_told_nothing_is_still_replaced_when_it_sinks(runtime, transport, pool):
    """A board whose game tells its lines elsewhere (Midnight Hunt's turn message) is a mere copy once it has sunk:
    it is posted anew below and the old copy deleted, as before the story moved onto boards."""
    dispatcher: Dispatcher = runtime.dispatcher
    live = a_game()
    await dispatcher.execute(live, board(1), None)
    old = live.row.slots["board"]["message"]
    for n in range(SUNK_BELOW):
        await dispatcher.execute(live, {"do": "post", "to": "game", "content": f"turn {n}"}, None)
    await dispatcher.execute(live, board(2, "a line at last"), None)
    assert ("delete", old) in transport.calls and old not in transport.messages
    assert transport.texts(THREAD)[-1] == "a line at last\nTurn 2"


async def test_a_resent_row_makes_the_same_edit(runtime, transport, pool):
    """The process dies after the edit reached Discord and before its row was marked sent: the slot read back is the
    one from before, so the row sent again writes the very same message (not its lines twice)."""
    dispatcher: Dispatcher = runtime.dispatcher
    live = a_game()
    await dispatcher.execute(live, board(1, "line 1"), None)
    stored = {k: dict(v) for k, v in live.row.slots.items()}  # what the database holds: the row before is marked
    await dispatcher.execute(live, board(2, "line 2"), None)
    message = live.row.slots["board"]["message"]
    shown = dict(transport.messages[message])
    live.row.slots = stored  # the restart: the slots as saved with the last sent mark
    await dispatcher.execute(live, board(2, "line 2"), None)
    assert transport.messages[message] == shown and transport.messages[message]["content"] == "line 1\nline 2\nTurn 2"
    assert live.row.slots["board"]["story"] == ["line 1", "line 2"]


# -- a real game, killed after any write of its board --------------------------------------------------------------

PLAYERS = ["3001", "3002"]


class Watched(CrashingTransport):
    """:class:`CrashingTransport` that notes which of its side effects wrote a board's message (post or edit)."""

    def __init__(self, crash_at: int | None = None) -> None:
        super().__init__(crash_at)
        self.nonce_window = -1.0  # Discord forgot every nonce: a post sent again must be found among the messages
        self.board_writes: list[tuple[int, str]] = []
        post, edit = self.post, self.edit

        async def posted(channel_id, payload, files=None):
            mid = await post(channel_id, payload, files)
            if files:
                self.board_writes.append((self.effects, "post"))
            return mid

        async def edited(channel_id, message_id, payload, files=None):
            await edit(channel_id, message_id, payload, files)
            if self.messages.get(message_id, {}).get("files"):
                self.board_writes.append((self.effects, "edit" if files else "text"))

        self.post, self.edit = posted, edited


async def play_ghost_at_home(database, clock, transport: Watched) -> Runtime:
    process = Restarting(database, clock, transport, "story")
    chooser = random.Random(5)
    live = await open_game(process.runtime, players=PLAYERS, engine="ghost_at_home")
    runtime = await process.settle()
    for _ in range(45):
        live = await runtime.get(live.id)
        if live.state.outcome is not None or not live.state.prompts:
            break
        await runtime.act(live.id, random_step(live, chooser))
        runtime = await process.settle()
    return runtime


async def test_a_game_killed_after_any_write_of_its_board_reads_the_same(tmp_path, clock, pool):
    """Ghost at Home played through the runtime and the dispatcher; variants die right after a board edit, after a
    new chapter's post, after a text-only edit and after the last board write, with Discord's nonces forgotten (a resend must find its
    post among the channel's messages). Every channel then reads exactly as the uninterrupted game's."""
    db = await migrated_sqlite(tmp_path / "reference.sqlite3")
    reference = Watched()
    await (await play_ghost_at_home(db, clock, reference)).close()
    await db.close()
    kinds = [kind for _, kind in reference.board_writes]
    assert kinds.count("post") >= 2 and "edit" in kinds, kinds  # chapters closed, boards edited
    posts = [n for n, kind in reference.board_writes if kind == "post"]
    edits = [n for n, kind in reference.board_writes if kind == "edit"]
    texts = [n for n, kind in reference.board_writes if kind == "text"][:1]  # a step that changed only the text
    for crash_at in sorted({edits[0], posts[1], edits[-1], *texts, reference.board_writes[-1][0]}):
        database = await migrated_sqlite(tmp_path / f"crash-{crash_at}.sqlite3")
        transport = Watched(crash_at)
        await (await play_ghost_at_home(database, clock, transport)).close()
        await database.close()
        assert transport.effects >= crash_at
        assert seen(transport) == seen(reference), crash_at
        thread = [m for m in transport.messages.values() if m.get("files")]
        assert len(thread) == kinds.count("post")  # no board posted twice
