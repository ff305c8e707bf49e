"""The board and setup: MN-1 .. MN-9."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction
from engines.midnighters import board
from engines.midnighters.data import CORRIDORS, LOCATIONS, MIN_BRIDGE_DISTANCE
from tests.engines.midnighters.helpers import MN, Table


def test_mn_1_two_to_six_players_seated_at_random_from_the_seed():
    """MN-1: 2-6 players; seats dealt from the seeded RNG; seat 1 plays first."""
    with pytest.raises(IllegalAction):
        MN.setup(["a"], {}, seed=1)
    with pytest.raises(IllegalAction):
        MN.setup([f"p{i}" for i in range(7)], {}, seed=1)
    players = [f"p{i}" for i in range(6)]
    seatings = {tuple(MN.setup(players, {}, seed=s)[0].seats) for s in range(8)}
    assert len(seatings) > 1  # random
    a, _ = MN.setup(players, {}, seed=5)
    b, _ = MN.setup(players, {}, seed=5)
    assert a.seats == b.seats and a.current == a.seats[0]


def test_mn_1_turns_go_clockwise_in_seat_order():
    """MN-1 / MN-15: seat 1 -> 2 -> 3 -> 1."""
    t = Table(3)
    order = []
    for _ in range(4):
        order.append(t.s.current)
        t.end_turn()
    assert order == ["p1", "p2", "p3", "p1"]


def test_mn_2_the_director_holds_no_cards_and_never_wins():
    """MN-2: the bot builds the board and holds nothing: hands belong to the players only."""
    t = Table(2)
    assert set(t.s.hands) == {"p1", "p2"}
    assert "director" not in MN.view(t.s, None)["seats"]


def test_mn_3_seat_k_starts_on_corridor_k():
    """MN-3: seat k's avatar starts on Corridor k; unused corridors stay on the board."""
    state, _ = MN.setup(list("abcd"), {}, seed=3)
    assert [state.avatars[p] for p in state.seats] == list(CORRIDORS[:4])
    assert {"corridor5", "corridor6"} <= set(state.cells)


def test_mn_4_same_seed_and_inputs_replay_the_same_game():
    """MN-4: all randomness comes from the seed."""
    a, _ = MN.setup(list("abc"), {}, seed="x")
    b, _ = MN.setup(list("abc"), {}, seed="x")
    c, _ = MN.setup(list("abc"), {}, seed="y")
    assert a == b and a != c


def test_mn_5_rotation_turns_arrows_clockwise():
    """MN-5: each quarter turn clockwise maps up->right->down->left; cells A1..D4."""
    assert board.arrows("forest", 0) == ("up", "left", "right")
    assert board.arrows("forest", 1) == ("right", "up", "down")
    assert board.arrows("bridge", 2) == ("down",)
    assert board.cell_name(0) == "A1" and board.cell_name(15) == "D4" and board.parse_cell("C2") == 6


def test_mn_6_adjacency_is_orthogonal_and_avatars_ride_their_card():
    """MN-6: neighbours are orthogonal occupied cells; when a card moves its avatars move with it."""
    t = Table(2, {"p1": ["vertigo"]}, avatars={"p1": "corridor6"})
    cells = t.s.cells
    assert set(board.neighbours(cells, "forest")) == {"bridge", "restaurant", "motel"}  # B3 is empty
    assert "corridor6" in board.neighbours(cells, "motel")
    t.play("vertigo_move", location="corridor6", direction="left")  # C3 -> B3
    assert board.cell_name(t.s.cells["corridor6"]) == "B3" and t.s.avatars["p1"] == "corridor6"


def test_mn_7_random_layouts_are_valid_and_deterministic():
    """MN-7: 12 cards on 12 of 16 cells, every corridor reaches the Bridge in 3 or more Sleepwalk moves."""
    for seed in range(20):
        state, _ = MN.setup(["a", "b"], {}, seed=seed)
        assert len(set(state.cells.values())) == 12 and set(state.cells) == set(LOCATIONS)
        dist = board.distances_to_bridge(state.cells, state.turns)
        assert all(dist[c] >= MIN_BRIDGE_DISTANCE for c in CORRIDORS)
    placed, rejected = board.random_layout("some seed")
    assert board.random_layout("some seed") == (placed, rejected) and rejected > 0


def test_mn_7_invalid_candidates_are_rejected():
    """MN-7: a corridor next to the Bridge, or one that cannot reach it, makes the layout invalid."""
    cells, turns = board.classic_layout()
    assert board.layout_is_valid(cells, turns)
    turns_bad = dict(turns, corridor5=2)  # still up/down: same arrows, still valid
    assert board.layout_is_valid(cells, turns_bad)
    cells_bad = dict(cells, corridor6=board.parse_cell("B3"))  # C3 empty: corridor1 is cut off
    assert not board.layout_is_valid(cells_bad, turns)
    near = dict(cells)
    near["corridor3"], near["square"] = near["square"], near["corridor3"]  # a corridor beside the Bridge
    turned = dict(turns, corridor3=3)  # arrows left/right: one move to the Bridge
    assert not board.layout_is_valid(near, turned)


def test_mn_8_classic_layout_and_its_shortest_paths():
    """MN-8: the classic layout, every card at 0 degrees, with the stated shortest paths."""
    state, _ = MN.setup(["a", "b"], {"layout": "classic"}, seed=1)
    assert board.cell_name(state.cells["bridge"]) == "B1" and set(state.turns.values()) == {0}
    dist = board.distances_to_bridge(state.cells, state.turns)
    assert [dist[c] for c in CORRIDORS] == [4, 4, 3, 3, 3, 3]
    assert len(dist) == 12  # every location reaches the Bridge


def test_mn_9_public_board_shows_cards_arrows_avatars_and_never_traps():
    """MN-9: the public view draws the grid with arrows and avatars, never a trap's location."""
    t = Table(2, {"p1": ["suspense-forest", "star"]})
    t.play("set_trap", suspense="suspense-forest", card="star")
    view = MN.view(t.s, None)
    forest = next(c for c in view["board"] if c["location"] == "forest")
    assert forest == {"location": "forest", "cell": "B2", "degrees": 0, "arrows": ["up", "left", "right"]}
    assert view["avatars"] == {"p1": "corridor1", "p2": "corridor2"}
    assert view["trap_counts"] == {"p1": 1, "p2": 0}
    assert "forest" not in str({k: v for k, v in view.items() if k != "board"})
