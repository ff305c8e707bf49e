"""A bug in how a game looks never stalls the game: the action and its log entry stand, players see plain text,
the timers keep running, and a board that fails to draw costs the picture, not the message."""

from __future__ import annotations

import dataclasses
import logging

import pytest

from bot import games
from bot.presenter import Presenter
from bot.render import BoardImage
from engines.core import HOST, Action
from tests.bot.test_runtime import open_game


class Exploding(Presenter):
    """Raises on every transition after the start (as a typo in a game's presenter would)."""

    def present(self, table, before, after, events, actor=None):
        if before is not None:
            raise RuntimeError("boom")
        return super().present(table, before, after, events, actor)


@pytest.fixture
def exploding_night_watch(monkeypatch):
    ui = games.game_ui("night_watch")
    monkeypatch.setitem(games._GAMES, "night_watch", dataclasses.replace(ui, presenter=Exploding()))


async def test_a_presenter_that_raises_falls_back_to_plain_text_and_the_game_goes_on(
    exploding_night_watch, runtime, transport, clock, caplog
):
    live = await open_game(runtime, options={"discussion_seconds": 60})
    discussion = live.state.prompts[0]
    with caplog.at_level(logging.ERROR):
        await runtime.act(live.id, Action(HOST, discussion.id, "skip"))
        await runtime.idle()
    assert live.state.phase == "vote"  # the action stands
    assert (await runtime.log_of(live.id))[-1]["kind"] == "skip"
    assert any(f"game {live.id}" in r.getMessage() and "Exploding" in r.getMessage() for r in caplog.records)
    # the plain presenter offered the vote: each voter got their choices by DM
    vote = live.state.prompts[0]
    voter = vote.players[0]
    dms = [m for m in transport.messages.values() if m["channel"] == transport.dm_of.get(int(voter))]
    assert any("Vote" in str(m.get("components")) for m in dms)
    # and the timers still run: the vote times out through the log even though presenting it raises again
    await clock.advance(vote.timeout + 1)
    await runtime.idle()
    assert (await runtime.log_of(live.id))[-1] == {"player": "@clock", "prompt": vote.id, "kind": "timeout", "args": {}}
    assert live.state.phase != "vote" or live.state.prompts[0].id != vote.id


async def test_a_board_that_fails_to_draw_sends_the_message_without_it(monkeypatch, runtime, transport):
    def broken(view, ctx) -> BoardImage:
        raise ValueError("cannot draw")

    class WithBoard(Presenter):
        has_board = True

    ui = games.game_ui("night_watch")
    monkeypatch.setitem(games._GAMES, "night_watch", dataclasses.replace(ui, presenter=WithBoard(), board=broken))
    live = await open_game(runtime)
    boards = [m for m in transport.messages.values() if m.get("channel") == live.row.thread_id and "board" in str(live.row.slots)]
    slot = live.row.slots["board"]
    assert slot["message"] in transport.messages and "files" not in transport.messages[slot["message"]]
    assert boards


async def test_a_board_is_rendered_at_send_time_and_attached_with_its_description(monkeypatch, runtime, transport, registry_boards):
    seen = []

    def board(view, ctx) -> BoardImage:
        seen.append(view)
        return BoardImage(b"\x89PNG fake", f"{len(view['alive'])} players in the game")

    class WithBoard(Presenter):
        has_board = True

    ui = games.game_ui("night_watch")
    monkeypatch.setitem(games._GAMES, "night_watch", dataclasses.replace(ui, presenter=WithBoard(), board=board))
    live = await open_game(runtime)
    message = transport.messages[live.row.slots["board"]["message"]]
    assert message["files"] == [("board.png", b"\x89PNG fake")]
    assert message["attachments"] == [{"id": 0, "filename": "board.png", "description": "10 players in the game"}]
    assert seen and "roles" not in seen[0]  # the public view: no secret reaches a renderer
