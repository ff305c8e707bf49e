"""The one decoder of a click (bot/decoder.py): every tag of the id table into an action, a picker step, a form or a
refusal with its code, never an exception for an ordinary outcome."""

from __future__ import annotations

from bot import controls as ctl
from bot import decoder
from bot.decoder import Apply, Form, NextStep, Refused
from engines.core import Action

P = "turn#3"
LEGAL = [
    Action("7", P, "vote", {"target": "a"}),
    Action("7", P, "vote", {"target": "b"}),
    Action("7", P, "clue", {"text": None}),
    Action("7", P, "discard", {"cards": ["x", "y"]}),
    Action("7", P, "discard", {"cards": ["x", "z"]}),
    Action("7", P, "discard", {"cards": ["y", "z"], "face": "up"}),
    Action("7", P, "discard", {"cards": ["y", "z"], "face": "down"}),
]


def click(cid: str, values: list[str] = [], texts: dict[str, str] | None = None) -> decoder.Decoded:
    return decoder.decode(ctl.ControlId.parse(cid), "7", LEGAL, values, texts)


def test_a_button_applies_its_action_and_the_engine_judges_it():
    assert click(f"nc:1:{P}:vote;target='b") == Apply(LEGAL[1])
    # not legal any more, but well formed: passed on for the engine's own reason
    assert click(f"nc:1:{P}:vote;target='c") == Apply(Action("7", P, "vote", {"target": "c"}))


def test_a_picker_button_and_a_partial_option_open_the_next_step():
    assert click(f"np:1:{P}:2:vote") == NextStep(ctl.Partial("vote"), 2)
    assert click(f"ns:1:{P}:0", ["+discard"]) == NextStep(ctl.Partial("discard"), 0)


def test_a_select_option_applies_or_opens_the_form_for_its_text():
    assert click(f"ns:1:{P}:0", ["vote;target='a"]) == Apply(LEGAL[0])
    form = click(f"ns:1:{P}:0", ["?clue;text=~"])
    assert form == Form(LEGAL[2], f"nt:1:{P}:clue;text=~")
    assert click(f"nm:1:{P}:clue;text=~") == form


def test_a_submitted_form_applies_the_action_with_the_text():
    assert click(f"nt:1:{P}:clue;text=~", texts={"text": "moon"}) == Apply(Action("7", P, "clue", {"text": "moon"}))


def test_a_multi_select_completes_an_action_or_goes_on_to_the_next_step():
    nx = ctl.multi_select_id(1, P, "cards", ctl.Partial("discard"), LEGAL)
    pool = ctl.list_pool([["x", "y"], ["x", "z"], ["y", "z"]])
    assert click(nx, ctl.pool_indexes(pool, ["z", "x"])) == Apply(LEGAL[4])
    assert click(nx, ctl.pool_indexes(pool, ["y", "z"])) == NextStep(ctl.Partial("discard", {"cards": ["y", "z"]}))
    # offered cards that make no legal list but a whole action: the engine is asked, so it says why (GH-18's bulbs)
    assert click(nx, ctl.pool_indexes(pool, ["x"])) == Apply(Action("7", P, "discard", {"cards": ["x"]}))
    assert click(nx, ["9"]) == Refused("stale")


def test_what_names_nothing_is_refused_with_a_code_not_raised():
    assert click(f"nc:1:{P}:@00000000") == Refused("stale")  # a hash no legal action has: the game moved on
    assert click(f"nc:1:{P}:*") == Refused("stale")
    assert click(f"nc:1:{P}:vote;target=!x") == Refused("malformed")
    assert click(f"ns:1:{P}:0", []) == Refused("malformed")


def test_codec_errors_say_what_went_wrong_by_code():
    assert ctl.CodecError("stale").code == "stale" and str(ctl.CodecError("stale")) == "stale"
    error = ctl.CodecError("malformed", "bad boolean")
    assert (error.code, error.detail, str(error)) == ("malformed", "bad boolean", "bad boolean")
    assert ctl.CodecError("some reason").code == "malformed"  # a bare reason, as raised before codes


def test_every_click_of_a_component_is_what_a_player_can_send():
    nx = ctl.multi_select_id(1, P, "cards", ctl.Partial("discard"), LEGAL)
    assert decoder.every_click({"custom_id": f"nc:1:{P}:vote;target='a"}, LEGAL) == [[]]
    assert decoder.every_click({"custom_id": f"ns:1:{P}:0", "options": [{"value": "a"}, {"value": "+b"}]}, LEGAL) == [["a"], ["+b"]]
    assert sorted(map(sorted, decoder.every_click({"custom_id": nx}, LEGAL))) == [["0", "1"], ["0", "2"], ["1", "2"]]
