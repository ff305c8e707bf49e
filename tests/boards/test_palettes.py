"""Every board's colours, as colour-blind players see them (issue 29, item 5): a simulated protanopia and
deuteranopia (:mod:`tests.boards.cvd`) over each game's palette.

* the seats of Ghost at Home and Midnighters (Okabe-Ito, :data:`bot.render.SEAT_COLOURS`, always drawn with the
  seat's letter) stay distinct for up to the most players either game seats;
* Midnight Hunt's sides and neutral locations stay far apart (its own test, ``test_mh_10_...``, holds them to more);
* the ring that marks what the last play changed (:data:`bot.render.CHANGED`) is apart from every seat and side
  colour it may be drawn next to, and from the dark background it is drawn on.
"""

from __future__ import annotations

import pytest

from bot.render import BACKGROUND, CHANGED, SEAT_COLOURS
from cogs.midnight_hunt import board_geometry as hunt
from engines.ghost_at_home import ENGINE as GHOST_AT_HOME
from engines.midnighters import ENGINE as MIDNIGHTERS
from tests.boards.cvd import closest, delta_e, simulate

SIMULATED = ("deuteranopia", "protanopia")
#: Seat colours come with their letter: a smaller distance than the sides' still tells them apart at a glance.
SEATS_APART = 15
CHANGED_APART = 15


@pytest.mark.parametrize("engine", [GHOST_AT_HOME, MIDNIGHTERS], ids=lambda e: e.name)
def test_seat_colours_stay_apart(engine):
    seats = max(engine.player_counts)
    worst = closest({str(i): SEAT_COLOURS[i % len(SEAT_COLOURS)] for i in range(min(seats, len(SEAT_COLOURS)))}, SIMULATED)
    assert worst[0] >= SEATS_APART, worst


def test_midnight_hunt_sides_stay_apart():
    worst = closest({"A": hunt.SIDE_COLOURS["A"], "B": hunt.SIDE_COLOURS["B"], "neutral": hunt.NEUTRAL}, SIMULATED)
    assert worst[0] >= 40, worst


@pytest.mark.parametrize("kind", ("normal", *SIMULATED))
def test_the_change_ring_stands_out_from_every_colour_it_meets(kind):
    palette = {**{f"seat {i}": c for i, c in enumerate(SEAT_COLOURS)}, "A": hunt.SIDE_COLOURS["A"], "B": hunt.SIDE_COLOURS["B"]}
    palette |= {"neutral": hunt.NEUTRAL, "necropolis": hunt.NECROPOLIS, "background": BACKGROUND}

    def seen(c):
        return c if kind == "normal" else simulate(c, kind)

    nearest = min((delta_e(seen(CHANGED), seen(c)), name) for name, c in palette.items())
    assert nearest[0] >= CHANGED_APART, nearest


def test_the_simulation_tells_what_the_issue_saw():
    """The check can fail: the old side A red and neutral yellow, both olive under deuteranopia (issue 29), come out
    closer than the sides must be."""
    worst = closest({"A": (205, 48, 48), "neutral": (228, 190, 50)}, ("deuteranopia",))
    assert worst[0] < 40 and worst[1] == "deuteranopia", worst
