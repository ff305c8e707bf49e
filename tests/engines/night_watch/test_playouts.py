"""Random playouts of Night Watch, with the privacy invariants NW-P1..NW-P3 checked at every step."""

from __future__ import annotations

import io
from typing import Any

import pytest

from engines.core import Action, Event
from engines.night_watch import NightWatchState
from engines.night_watch.roles import NIGHT_WATCH, TASKS
from tests.engines.night_watch.helpers import NW
from tests.engines.playout_suite import CHUNKS, run_playouts
from tests.engines.offline_table import auto_game_replays

NIGHT_TASKS = {"kill", "check", "shoot", "save"}
SPECTATOR_SECRETS = {"role", "watch", "watch_proposals", "checks", "night_tasks", "night_answers", "nights", "roles"}


def _leaks_living_role(value: Any, state: NightWatchState) -> bool:
    """Does ``value`` pair a living player with their role anywhere (as ``{p: role}`` or ``{player, role}``)?"""
    if isinstance(value, dict):
        for player in state.alive:
            if value.get(player) == state.roles[player]:
                return True
            if value.get("player") == player and value.get("role") == state.roles[player]:
                return True
        return any(_leaks_living_role(v, state) for v in value.values())
    if isinstance(value, list):
        return any(_leaks_living_role(v, state) for v in value)
    return False


def check_privacy(before: NightWatchState, action: Action, after: NightWatchState, events: list[Event]) -> None:
    over = after.outcome is not None
    for event in events:
        if event.audience.is_public:
            if event.key == "nw.game_over":
                assert over
                continue
            # NW-P1: no living role, no night target, no check result in public.
            assert not _leaks_living_role(dict(event.params), after), event
            assert event.key not in ("nw.watch_proposal", "nw.check_watch", "nw.check_security"), event
            if action.kind in NIGHT_TASKS:
                assert event.key in ("nw.dawn", "nw.role_revealed", "nw.discussion_opened"), event
        elif event.key in ("nw.check_watch", "nw.check_security"):  # NW-P2: only the checker
            assert event.audience.players == (action.player,)
        elif event.audience.kind == "team":  # NW-P3: exactly the Watch members living when the event happened
            living = set(before.alive) - ({action.player} if action.kind == "leave" else set())
            assert set(event.audience.players) == {p for p in living if after.roles[p] in NIGHT_WATCH}
    if not over:
        spectator = NW.view(after, None)
        assert not SPECTATOR_SECRETS & spectator.keys(), spectator.keys()
        assert set(spectator["revealed_roles"]) <= set(after.players) - set(after.alive)
        assert not _leaks_living_role(spectator, after)
    if after.phase == "night":  # NW-P2: a night prompt reaches exactly the living power holders
        holders = {p for p in after.alive if after.roles[p] in TASKS}
        assert set(after.prompts[0].players) == holders


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_5_to_25_players_with_privacy_checks(chunk):
    """NW-P1, NW-P2 and NW-P3 (check_privacy) hold at every step of random games of 5 to 25 players."""
    results = run_playouts(
        NW, list(range(5, 26)), on_step=check_privacy, host_rate=0.005, chunk=chunk, chunks=CHUNKS
    )
    reasons = {r.state.outcome.reason for r in results}
    # random play reaches both main endings (the rarer ones, NW-21's draw and psi cop, NW-22's stalemate,
    # have their own rule tests)
    assert {"station_wins", "watch_wins"} <= reasons, reasons


@pytest.mark.parametrize("players", [5, 12, 25])
def test_offline_table_auto_games_finish_and_replay(tmp_path, players):
    auto_game_replays("night_watch", players, "7", tmp_path)


def test_offline_table_hotseat_reads_choices(tmp_path):
    from engines.hotseat import CLEAR, ask
    from engines.table import Table, table_word

    record = {"engine": "night_watch", "players": ["A", "B", "C", "D", "E"], "options": {}, "seed": "1", "log": []}
    out = io.StringIO()
    table = Table(NW, record, out, reveal=False, hotseat=True)
    # Enter: A takes the screen handed to them; "x" is no choice; 1 is the first action.
    action = ask(NW, table, out, io.StringIO("\nx\n1\n"))
    assert action.kind == "ready" and action.player == "A"
    private = out.getvalue().split(CLEAR, 1)[1].split(table_word("en", "table.pass_to", player="A"), 1)[1]
    assert private.lstrip().startswith(table_word("en", "table.seat", player="A"))
    assert private.split("\n> ", 1)[1].startswith(table_word("en", "table.pick"))  # "x" answered: pick a number
