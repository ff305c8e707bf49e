"""Random playouts of Midnight Hunt (1v1 and 2v2) with the privacy invariants MH-P1 .. MH-P5 checked at every step,
and the offline table's ``--auto``, ``--save`` and ``replay``."""

from __future__ import annotations

import io
import json

import pytest

from engines.core import Action, Event
from engines.midnight_hunt import MidnightHuntState
from tests.engines.midnight_hunt.helpers import MH
from tests.engines.playout_suite import CHUNKS, run_playouts
from tests.engines.offline_table import auto_game_replays

PRIVATE_EVENTS = {"mh.hand", "mh.seal_chosen"}
OWNER_ONLY_VIEW_KEYS = {"you", "hand", "bag_contents", "pending"}


def _public(events: list[Event]) -> list[tuple[str, dict]]:
    return [(e.key, dict(e.params)) for e in events if e.audience.is_public]


def _until_round_end(events: list[tuple[str, dict]]) -> list[tuple[str, dict]]:
    keys = [k for k, _ in events]
    return events[: keys.index("mh.round_ended")] if "mh.round_ended" in keys else events


def check_privacy(before: MidnightHuntState, action: Action, after: MidnightHuntState, events: list[Event]) -> None:
    for event in events:
        if event.audience.is_public:
            # MH-P1 / MH-P5: no hand and no Seal choice in public; MH-47: a Seal play names only its player.
            assert event.key not in PRIVATE_EVENTS, event
            assert "tokens" not in event.params and "choice" not in event.params, event
            if event.key == "mh.seal_played":
                assert dict(event.params) == {"player": action.player}
        else:
            assert event.key in PRIVATE_EVENTS, event
            (owner,) = event.audience.players  # MH-P1: a hand reaches only its owner
            if event.key == "mh.seal_chosen":
                assert owner == action.player
    spectator = MH.view(after, None)
    # MH-P4: a spectator (or anyone not seated) sees exactly the public view and nothing else.
    assert MH.view(after, "someone-watching") == spectator
    assert not OWNER_ONLY_VIEW_KEYS & spectator.keys()
    text = json.dumps(spectator)
    assert '"seed"' not in text  # MH-P3
    for player, seat in spectator["seats"].items():
        assert isinstance(seat["hand"], int) and isinstance(seat["bag"], int)  # counts only (MH-49)
        own = MH.view(after, player)
        assert own["hand"] == after.seats[player].hand and own["bag_contents"] == sorted(after.seats[player].bag)
        assert {k: v for k, v in own.items() if k not in OWNER_ONLY_VIEW_KEYS} == spectator  # team-mates see no more
    if action.kind == "seal":  # MH-P2: every other Seal play from the same state looks the same to everyone else
        for alternative in MH.legal_actions(before, action.player):
            if alternative.kind != "seal" or alternative.args == action.args:
                continue
            other_state, other_events = MH.apply(before, alternative)
            mine, theirs = _until_round_end(_public(events)), _until_round_end(_public(other_events))
            assert mine == theirs
            if len(mine) < len(_public(events)):
                continue  # the round ended: its summary shows the resulting state (MH-48), never the action
            assert MH.view(other_state, None) == spectator
            for player in after.players:
                if player != action.player:
                    assert MH.view(other_state, player) == MH.view(after, player)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_1v1_and_2v2_with_privacy_checks(chunk):
    results = run_playouts(MH, [2, 4], on_step=check_privacy, chunk=chunk, chunks=CHUNKS)
    reasons = {r.state.outcome.reason for r in results}
    if len(results) >= 100:
        assert {"control", "abandoned", "surrender"} <= reasons, reasons
    for result in results:
        MH.check_invariants(result.state)


def test_random_playouts_with_the_chess_clock():
    options = {"clock_minutes": 1, "increment_seconds": 2}
    results = run_playouts(MH, [2, 4], games=40, seed_prefix="clock", options=options, on_step=check_privacy)
    assert "time" in {r.state.outcome.reason for r in results}


@pytest.mark.parametrize("players", [2, 4])
def test_offline_table_auto_games_finish_deterministically_and_replay(tmp_path, players):
    auto_game_replays("midnight_hunt", players, "9", tmp_path)


def test_offline_table_hotseat_draws_the_board_and_asks_the_prompted_player():
    from engines.hotseat import CLEAR, ask
    from engines.table import Table as CliTable
    from engines.table import table_word

    record = {"engine": "midnight_hunt", "players": ["P1", "P2"], "options": {"first_player": "A"}, "seed": "1",
              "log": []}
    out = io.StringIO()
    table = CliTable(MH, record, out, reveal=False, hotseat=True)
    # Enter: P1 takes the screen handed to them; "x" is no choice; 1 is the first action.
    action = ask(MH, table, out, io.StringIO("\nx\n1\n"))
    assert action.kind == "pick" and action.player == "P1"
    assert action == MH.legal_actions(table.state, "P1")[0]
    board, private = out.getvalue().split(CLEAR, 1)[1].split(table_word("en", "table.pass_to", player="P1"), 1)
    assert "row 1" in board and "(A)" in board and "(B)" in board  # the board, drawn before the screen is passed
    assert private.lstrip().startswith(table_word("en", "table.seat", player="P1"))
    assert private.split("\n> ", 1)[1].startswith(table_word("en", "table.pick"))  # "x" answered: pick a number
