"""KS-P1 .. KS-P5 on scripted nights (the playouts check the same on random games at every step)."""

from __future__ import annotations

import pytest

from engines.core import PUBLIC, Action, Event, to
from engines.kdyz_snim import ENGINE

from .helpers import act, clue, end_night, guess, host, leave, new_game, timeout
from .privacy import check_step, check_views

DEAL5 = {"p2": "fairy", "p3": "fairy", "p4": "boogeyman", "p5": "sandman"}


def scripted_night():
    """A busy first night: clues, a foul clue, a right and a wrong guess, a report, a leaver, a pass."""
    steps = []
    state, events = new_game(5, deals=[DEAL5], host="p5")
    steps.append((state, state, events))

    def do(fn):
        nonlocal state
        new, evs = fn(state)
        steps.append((state, new, evs))
        state = new

    do(lambda s: clue(s, "zvíře"))  # p2 on kočka
    do(lambda s: act(s, "p4", "dream", "report", accused="p2"))
    do(lambda s: host(s, "review", "reject"))
    do(lambda s: guess(s, "kočku"))  # yellow
    do(lambda s: clue(s, "dog"))  # a translation: penalty for p3 on pes
    do(lambda s: guess(s, "měsíc"))  # slunce: blue
    do(lambda s: leave(s, "p4"))
    do(lambda s: act(s, "p1", "dream", "pass", card=4))  # les: blue
    do(lambda s: timeout(s, "dream"))
    do(lambda s: act(s, "p1", "last_guess", "guess", text="jablko"))
    return state, steps


def night_events(steps):
    """Every event of the first night, up to the reveal."""
    out = []
    for _, _, events in steps:
        for event in events:
            if event.key == "ks.day_started":
                return out
            out.append(event)
    return out


def test_ks_p1_the_dreamer_receives_no_element_pile_or_role_during_the_night():
    state, steps = scripted_night()
    seen_by_dreamer = [e for e in night_events(steps) if e.audience.is_public or "p1" in e.audience.players]
    words = {"kočka", "pes", "slunce", "les", "jablko", "kočku", "měsíc"}
    for event in seen_by_dreamer:
        values = {str(v) for v in event.params.values()}
        assert not values & (words | {"yellow", "blue", "fairy", "boogeyman", "sandman"}), event
    view = ENGINE.view(state, "p1")
    assert view["role"] == "dreamer" and "element" not in view and "round_cards" not in view
    for before, after, events in steps:
        check_step(before, Action("p1", "", "x"), after, events)


def test_ks_p1_a_refused_dreamer_action_reveals_nothing():
    state, _ = new_game(5)
    with pytest.raises(Exception) as err:
        act(state, "p1", "clue", "clue", text="kočka")  # the dreamer may not act on a clue turn
    assert "kočka" not in str(err.value) and "cat" not in str(err.value)


def test_ks_p2_public_messages_name_no_element_and_do_not_depend_on_the_pile():
    _, steps = scripted_night()
    public = [e for e in night_events(steps) if e.audience.is_public]
    assert {"ks.card_changed", "ks.next_card", "ks.foul_reported", "ks.time_up"} <= {e.key for e in public}
    for event in public:
        assert not {"word", "guess", "pile", "clue", "role"} & set(event.params), event
    changed = next(e for e in public if e.key == "ks.card_changed")
    assert changed.params == {"offender": "p3", "card": 2}
    right = [e for e in guess(new_game(5)[0], "kočka")[1] if e.audience.is_public]
    wrong = [e for e in guess(new_game(5)[0], "pes")[1] if e.audience.is_public]
    assert right == wrong


def test_ks_p3_roles_reach_only_their_holders_until_the_reveal():
    state, steps = scripted_night()
    told = [e for e in night_events(steps) if "role" in e.params or "roles" in e.params]
    assert all(e.key == "ks.your_role" and len(e.audience.players) == 1 for e in told)
    assert {e.audience.players[0]: e.params["role"] for e in told} == DEAL5
    assert ENGINE.view(state, None).get("role") is None
    assert ENGINE.view(state, "p3")["role"] == "fairy"
    state, events = act(state, "p1", "recap", "recap", text="kočka")
    revealed = next(e for e in events if e.key == "ks.roles_revealed")
    assert revealed.audience == PUBLIC and revealed.params["roles"] == DEAL5


def test_ks_p4_no_spare_before_the_final_recap():
    state, _ = new_game(4)
    all_events = []
    while state.outcome is None:
        assert all("spare" not in r for r in ENGINE.view(state, None)["history"])
        state, events = end_night(state)
        all_events += events
        if state.outcome is None:
            state, events = host(state, "next_night", "start_night")
            all_events += events
    spare_events = [i for i, e in enumerate(all_events) if e.key == "ks.spare_revealed" or "spare" in e.params]
    final = next(i for i, e in enumerate(all_events) if e.key == "ks.final_standing")
    assert spare_events and min(spare_events) > final
    assert all("spare" in r for r in ENGINE.view(state, None)["history"])


def test_ks_p5_elements_reach_exactly_the_non_dreamers_still_in_the_game():
    _, steps = scripted_night()
    sent = [e for e in night_events(steps) if e.key == "ks.element"]
    assert [e.audience for e in sent[:4]] == [to("p2", "p3", "p4", "p5")] * 4
    assert sent[-1].audience == to("p2", "p3", "p5")  # p4 left
    assert all(not e.audience.is_public for e in sent)


def test_ks_p5_guess_texts_are_never_posted_publicly_before_the_reveal():
    _, steps = scripted_night()
    for event in night_events(steps):
        if event.audience.is_public:
            assert not {"kočku", "měsíc", "jablko"} & {str(v) for v in event.params.values()}


@pytest.mark.parametrize(
    "leak",
    [
        Event("ks.next_card", {"card": 2, "hint": "kočka"}),
        Event("ks.next_card", {"card": 2, "pile": "yellow"}),
        Event("ks.element", {"card": 1, "word": "kočka"}, PUBLIC),
        Event("ks.your_role", {"round": 1, "role": "fairy"}, to("p1")),
        Event("ks.element", {"card": 1, "word": "kočka", "aliases": []}, to("p2", "p3")),
        Event("ks.spare_revealed", {"round": 1, "role": "fairy"}),
    ],
)
def test_the_privacy_checker_catches_leaks(leak):
    state, _ = new_game(5)
    with pytest.raises(AssertionError):
        check_step(state, Action("p1", "", "x"), state, [leak])


def test_the_view_checker_catches_an_element_in_the_public_view(monkeypatch):
    state, _ = new_game(5)
    real = ENGINE._view
    monkeypatch.setattr(ENGINE, "_view", lambda s, v: {**real(s, v), "hint": "kočka"})
    with pytest.raises(AssertionError):
        check_views(state)
