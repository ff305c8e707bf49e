"""The shared layout of controls in five rows (bot/layout.py) and the id builders the games use (bot/controls.py)."""

from __future__ import annotations

import pytest

from bot import controls as ctl
from bot.layout import by_kind, fold, row_count
from bot.ops import MAX_CUSTOM_ID, button, select
from engines.core import Action


def _button(n: int) -> dict:
    return button(str(n), f"b{n}")


def _select(n: int) -> dict:
    return select(f"s{n}", [("x", "x")])


def test_kinds_come_in_the_games_order_then_as_they_come():
    actions = [Action("a", "p", kind, {"n": n}) for n, kind in enumerate(["pass", "move", "zap", "move", "cast"])]
    groups = by_kind(actions, order=("move", "cast", "pass"))
    assert list(groups) == ["move", "cast", "pass", "zap"]
    assert [a.args["n"] for a in groups["move"]] == [1, 3]
    assert list(by_kind(actions)) == ["pass", "move", "zap", "cast"]


def test_rows_are_counted_a_select_each_and_buttons_five_a_row():
    assert row_count([]) == 0
    assert row_count([_button(n) for n in range(5)]) == 1
    assert row_count([_button(n) for n in range(6)] + [_select(0)]) == 3


def test_the_first_attempt_that_fits_is_laid_out_buttons_first():
    roomy = [_select(0), *(_button(n) for n in range(7))]
    tried = []

    def attempts():
        for items in ([_button(n) for n in range(26)], roomy, [_button(99)]):
            tried.append(len(items))
            yield items

    laid = fold(attempts(), fallback=button("all", "all"))
    assert tried == [26, 8]  # the last attempt is never built
    assert [[c["custom_id"] for c in row["components"]] for row in laid] == [
        ["b0", "b1", "b2", "b3", "b4"],
        ["b5", "b6"],
        ["s0"],
    ]
    top = fold([roomy], fallback=button("all", "all"), selects_first=True)
    assert top[0]["components"][0]["custom_id"] == "s0"


def test_nothing_fitting_folds_into_the_one_fallback_button_and_room_is_honoured():
    items = [_select(n) for n in range(4)]
    assert len(fold([items], fallback=button("all", "all"))) == 4
    only = fold([items], fallback=button("all", "all"), room=3)
    assert [[c["custom_id"] for c in row["components"]] for row in only] == [["all"]]


def test_the_builders_make_the_ids_the_table_names_and_fall_back_when_long():
    act = Action("a", "p1", "vote", {"target": "1234"})
    typed = Action("a", "p1", "clue", {"text": None})
    assert ctl.action_id(7, "p1", act) == "nc:7:p1:vote;target='1234"
    assert ctl.action_id(7, "p1", typed) == "nm:7:p1:clue;text=~"
    assert ctl.select_id(7, "p1", "p0") == "ns:7:p1:p0"
    assert ctl.picker_id(7, "p1", 0, ctl.Partial("vote"), [act]) == "np:7:p1:0:vote"
    long = Action("a", "p1", "pay", {"cards": ["card" + str(n) * 12 for n in range(9)]})
    cid = ctl.action_id(7, "p1", long, [long])
    assert len(cid) <= MAX_CUSTOM_ID and cid == "nc:7:p1:" + ctl.hash_code(long)
    multi = ctl.multi_select_id(7, "p1", "cards", ctl.Partial("pay", {"floor": "x" * 120}), [Action("a", "p1", "pay", {"floor": "x" * 120, "cards": []})])
    assert len(multi) <= MAX_CUSTOM_ID and multi.startswith("nx:7:p1:cards:@")
    with pytest.raises(ctl.CodecError):
        ctl.select_id(7, "p" * 100, 0)
