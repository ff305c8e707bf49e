"""Každé pravidlo: one or more tests per rule id of ``shared/rules/kdyz_snim.md`` (KS-1 .. KS-34)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import HOST, PUBLIC, Action, IllegalAction, to
from engines.kdyz_snim import ENGINE
from engines.kdyz_snim.roles import card_counts, final_ranking, round_points, sandman_points
from engines.kdyz_snim.words import element_ids

from .helpers import (
    DECK,
    act,
    clue,
    dreamer_pass,
    end_night,
    guess,
    has_prompt,
    host,
    keys,
    leave,
    new_game,
    only,
    players,
    prompt_id,
    timeout,
)

# A fixed deal for 5 players with p1 dreaming first: p2, p3 fairies, p4 boogeyman, p5 sandman (spare: sandman).
DEAL5 = {"p2": "fairy", "p3": "fairy", "p4": "boogeyman", "p5": "sandman"}


# -- players, roles, seating ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [3, 11])
def test_ks_1_refuses_fewer_than_4_or_more_than_10(n):
    with pytest.raises(IllegalAction) as err:
        ENGINE.setup(players(n), {}, "s")
    assert err.value.code == "player_count"


@pytest.mark.parametrize("n", [4, 10])
def test_ks_1_accepts_4_to_10(n):
    state, _ = ENGINE.setup(players(n), {}, "s")
    assert state.phase == "night"


def test_ks_2_card_table_is_the_seeds():
    table = {4: (1, 1, 2), 5: (2, 1, 2), 6: (3, 2, 1), 7: (3, 2, 2), 8: (4, 3, 1), 9: (4, 3, 2), 10: (5, 4, 1)}
    for n, (fairy, boogeyman, sandman) in table.items():
        assert card_counts(n) == {"fairy": fairy, "boogeyman": boogeyman, "sandman": sandman}
        assert sum(card_counts(n).values()) == n


@pytest.mark.parametrize("n", range(4, 11))
def test_ks_2_3_every_non_dreamer_gets_one_card_and_one_is_spare(n):
    state, _events = ENGINE.setup(players(n), {}, f"seed{n}")
    r = state.round
    assert set(r.roles) == set(players(n)) - {"p1"}
    assert Counter(r.roles.values()) + Counter([r.spare]) == Counter(card_counts(n))


def test_ks_3_roles_are_told_privately_to_their_holder_only():
    _state, events = new_game(5, deals=[DEAL5])
    told = [e for e in events if e.key == "ks.your_role"]
    assert {e.audience.players: e.params["role"] for e in told} == {(p,): role for p, role in DEAL5.items()}
    assert "p1" not in {p for e in told for p in e.audience.players}


def test_ks_3_the_shuffle_follows_the_seed():
    deal = lambda seed: ENGINE.setup(players(10), {}, seed)[0].round.roles
    assert deal("a") == deal("a")
    assert len({tuple(deal(str(i)).values()) for i in range(20)}) > 1


def test_ks_3_spare_is_shown_only_in_the_final_recap():
    state, events = new_game(4)
    all_events = list(events)
    while state.outcome is None:
        state, ev = end_night(state)
        all_events += ev
        if has_prompt(state, "next_night"):
            state, ev = act(state, state.prompts[0].players[0], "next_night", "start_night")
            all_events += ev
    spares = [e for e in all_events if e.key == "ks.spare_revealed"]
    assert [e.params["round"] for e in spares] == [1, 2, 3, 4]
    assert all(e.audience == PUBLIC for e in spares)
    first_spare = keys(all_events).index("ks.spare_revealed")
    assert first_spare > keys(all_events).index("ks.final_standing")


def test_ks_4_seats_follow_the_player_order_and_left_is_the_next_seat():
    state, events = new_game(5)
    assert only(events, "ks.night_started").params["clue_order"] == ["p2", "p3", "p4", "p5"]
    state, _ = end_night(state)
    state, events = act(state, "p2", "next_night", "start_night")
    assert only(events, "ks.night_started").params["clue_order"] == ["p3", "p4", "p5", "p1"]  # wraps to seat 1


def test_ks_5_options_defaults_and_bounds():
    state, _ = ENGINE.setup(players(4), {}, "s")
    assert state.options == {
        "language": "cs",
        "clue_mode": "text",
        "clue_seconds": 10,
        "round_seconds": 120,
        "last_guess_seconds": 15,
        "recap_seconds": 60,
    }
    for bad in (
        {"clue_seconds": 4},
        {"clue_seconds": 31},
        {"round_seconds": 59},
        {"round_seconds": 301},
        {"last_guess_seconds": 61},
        {"recap_seconds": 29},
        {"language": "de"},
        {"clue_mode": "mime"},
    ):
        with pytest.raises(IllegalAction):
            ENGINE.setup(players(4), bad, "s")


def test_ks_5_prompt_timers_come_from_the_options():
    state, _ = new_game(4, clue_seconds=5, round_seconds=60, last_guess_seconds=7, recap_seconds=33)
    timers = {p.id.split("#")[0]: p.timeout for p in state.prompts}
    assert timers == {"dream": 60, "clue": 5}
    state, _ = timeout(state, "dream")
    assert state.prompts[0].timeout == 7
    state, _ = timeout(state, "last_guess")
    assert state.prompts[0].timeout == 33


def test_ks_6_seat_1_dreams_first():
    state, events = new_game(6)
    assert state.round.dreamer == "p1"
    assert only(events, "ks.night_started").params["dreamer"] == "p1"


def test_ks_7_one_round_per_player_in_seat_order():
    state, _ = new_game(5)
    dreamers = []
    while state.outcome is None:
        dreamers.append(state.round.dreamer)
        state, _ = end_night(state)
        if has_prompt(state, "next_night"):
            state, _ = host(state, "next_night", "start_night")
    assert dreamers == players(5)
    assert state.outcome.reason == "all_dreamt"


# -- elements ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language,word", [("cs", "kočka"), ("ru", "кошка"), ("en", "cat")])
def test_ks_8_the_language_option_selects_the_list(language, word):
    _state, events = new_game(4, language=language)
    assert only(events, "ks.element").params["word"] == word


def test_ks_9_elements_come_from_the_top_of_the_deck_and_never_repeat():
    state, _ = new_game(4)
    for _ in range(3):
        state, _ = dreamer_pass(state)
    assert [c.element for c in state.round.cards] == DECK[:4]
    seen = [c.element for r in state.rounds for c in r.cards]
    state, _ = end_night(state)
    state, _ = act(state, "p2", "next_night", "start_night")
    assert state.round.cards[0].element == DECK[4]
    assert state.round.cards[0].element not in seen


def test_ks_9_the_deck_is_a_seeded_shuffle_of_the_whole_list():
    a, _ = ENGINE.setup(players(4), {}, "x")
    b, _ = ENGINE.setup(players(4), {}, "x")
    c, _ = ENGINE.setup(players(4), {}, "y")
    assert a.round.cards[0].element == b.round.cards[0].element
    firsts = {ENGINE.setup(players(4), {}, str(i))[0].round.cards[0].element for i in range(10)}
    assert len(firsts) > 1 and c.deck.shuffle_key != a.deck.shuffle_key


def test_ks_9_an_empty_deck_reshuffles_the_elements_of_earlier_rounds():
    state, _ = new_game(4, deck=["cat", "dog", "sun"])
    state, _ = dreamer_pass(state)  # cat, dog drawn in round 1
    state, _ = end_night(state)
    state, _ = act(state, "p2", "next_night", "start_night")  # sun
    assert state.round.cards[0].element == "sun"
    state, _ = dreamer_pass(state)  # the deck is empty: cat and dog come back
    assert state.round.cards[1].element in {"cat", "dog"}
    state, _ = dreamer_pass(state)
    assert {c.element for c in state.round.cards} == {"sun", "cat", "dog"}


def _draw_all_but_one(**options) -> tuple:
    """A 4-player game (the whole shuffled list as its deck) whose first night has passed on every element but
    the last one: that one is the current card and nothing is left to draw (no earlier round to reshuffle)."""
    state, _ = ENGINE.setup(players(4), options, "whole-list")
    total = len(element_ids())
    while len(state.round.cards) < total:
        state, _ = dreamer_pass(state)
    assert state.phase == "night" and state.round.current is not None
    return state, total


def test_ks_9_ks_23_a_night_that_has_drawn_every_element_ends_instead_of_crashing():
    """KS-9 / KS-23 [decided]: once every element of the list is drawn in one night (nothing of earlier rounds to
    reshuffle), a guess on the last one ends the night: no last guess (no card is left), straight to the recap.
    The engine raised IndexError here (a long night without timeouts)."""
    state, total = _draw_all_but_one()
    after, events = guess(state, "qwxz")  # the public notice is the same whatever the pile (KS-21)
    assert after.phase == "recap" and [p.id.split("#")[0] for p in after.prompts] == ["recap"]
    assert only(events, "ks.deck_empty").audience == PUBLIC and "ks.next_card" not in keys(events)
    assert len(after.round.cards) == total and after.round.current is None and after.clue_giver is None
    ENGINE.check_invariants(after)
    after, events = act(after, "p1", "recap", "recap", text="qwxz")
    assert "ks.day_started" in keys(events)


def test_ks_9_ks_16_a_foul_on_the_last_element_ends_the_night_too():
    """KS-16 on the last element of the list: the penalty card stands and the night ends (KS-9, KS-23), whether
    the clue was refused at once or a reported foul was confirmed (KS-18)."""
    state, _ = _draw_all_but_one()
    word = ENGINE.view(state, state.clue_giver)["element"]["word"]
    giver = state.clue_giver
    after, events = clue(state, word)
    assert after.penalties[giver] == 1 and after.phase == "recap" and "ks.deck_empty" in keys(events)
    ENGINE.check_invariants(after)
    state, _ = clue(state, "qwxz")
    reporter = next(p for p in ("p2", "p3", "p4") if p != giver and p != state.clue_giver)
    state, _ = act(state, reporter, "dream", "report", accused=giver)
    reviewers = next(p for p in state.prompts if p.id.startswith("review#")).players
    after, events = ENGINE.apply(state, Action(reviewers[0], prompt_id(state, "review"), "confirm"))
    assert after.penalties[giver] == 1 and after.phase == "recap" and "ks.deck_empty" in keys(events)
    ENGINE.check_invariants(after)


def test_ks_10_every_new_element_goes_privately_to_the_non_dreamers():
    state, events = new_game(5)
    for step in (lambda s: guess(s, "pes"), lambda s: clue(s, "pes")):
        sent = only(events, "ks.element")
        assert sent.audience == to("p2", "p3", "p4", "p5")
        state, events = step(state)
    assert only(events, "ks.element").params["word"] == "slunce"


# -- night: clues --------------------------------------------------------------------------------------------


def test_ks_12_night_start_announces_dreamer_and_clue_order_and_starts_the_timer():
    state, events = new_game(5, round_seconds=90)
    assert keys(events)[:2] == ["ks.game_started", "ks.night_started"]
    started = only(events, "ks.night_started")
    assert started.audience == PUBLIC
    assert started.params["dreamer"] == "p1" and started.params["clue_order"] == ["p2", "p3", "p4", "p5"]
    dream = state.prompts[0]
    assert dream.players == ("p1",) and dream.timeout == 90


def test_ks_13_clue_turns_go_clockwise_skipping_the_dreamer_and_who_left():
    state, events = new_game(5)
    assert only(events, "ks.clue_turn").params == {"player": "p2", "seconds": 10}
    givers = []
    state, _ = leave(state, "p4")
    for _ in range(5):
        givers.append(state.clue_giver)
        state, _ = clue(state, "velký")
    assert givers == ["p2", "p3", "p5", "p2", "p3"]


def test_ks_13_the_clue_order_carries_on_across_elements():
    state, _ = new_game(5)
    state, _ = clue(state, "zvíře")  # p2
    state, _ = clue(state, "mňau")  # p3
    state, _ = act(state, "p1", "dream", "guess", card=1, text="kočka")
    assert state.clue_giver == "p4"  # not back to p2


def test_ks_14_pass_word_pass_button_and_timeout_pass_the_turn_without_penalty():
    state, _ = new_game(5)
    state, events = clue(state, "Vynechávám")
    assert keys(events)[0] == "ks.clue_passed" and state.clue_giver == "p3"
    state, events = act(state, "p3", "clue", "pass")
    assert keys(events)[0] == "ks.clue_passed" and state.clue_giver == "p4"
    state, events = timeout(state, "clue")
    assert only(events, "ks.clue_skipped").params == {"player": "p4"} and state.clue_giver == "p5"
    assert sum(state.penalties.values()) == 0 and len(state.round.cards) == 1


@pytest.mark.parametrize("language,word", [("cs", "  vynechavam! "), ("ru", "ПРОПУСКАЮ"), ("en", "Pass.")])
def test_ks_14_pass_word_per_language_after_normalisation(language, word):
    state, _ = new_game(4, language=language)
    state, events = clue(state, word)
    assert "ks.clue_passed" in keys(events)


def test_ks_14_a_message_with_no_letters_is_ignored_and_the_turn_goes_on():
    state, _ = new_game(5)
    with pytest.raises(IllegalAction) as err:
        clue(state, " ?!… ")
    assert err.value.code == "empty_clue"
    assert state.clue_giver == "p2"


def test_ks_14_only_the_active_giver_gives_clues():
    state, _ = new_game(5)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, Action("p3", prompt_id(state, "clue"), "clue", {"text": "x"}))
    assert err.value.code == "not_your_turn"


def test_ks_13_the_dreamer_gives_no_clues_and_is_told_so():
    """KS-13: the clue order skips the Dreamer; a clue or a turn pass from them is refused with that reason (a
    form the Dreamer opens from the clue turn's button is refused before they type, with it)."""
    state, _ = new_game(5)
    for kind, args in (("clue", {"text": "x"}), ("pass", {})):
        with pytest.raises(IllegalAction) as err:
            ENGINE.apply(state, Action("p1", prompt_id(state, "clue"), kind, args))
        assert err.value.code == "dreamer_no_clue"


@pytest.mark.parametrize(
    "text,reason",
    [
        ("velké zvíře", "words"),
        ("Kočka", "same"),
        ("kocour", "same"),
        ("cat", "translation"),
        ("кошка", "translation"),
        ("kočku", "stem"),
        ("kočkovitá", "stem"),
    ],
)
def test_ks_15_invalid_clues_are_refused_with_their_reason(text, reason):
    state, _ = new_game(5)
    state, events = clue(state, text)
    refused = only(events, "ks.clue_refused")
    assert refused.params["reason"] == reason and refused.params["word"] == "kočka"
    assert refused.audience == to("p2", "p3", "p4", "p5")


def test_ks_15_fair_clues_pass_the_check():
    state, _ = new_game(5, deck=["forest", "sun"])
    state, events = clue(state, "ples")  # the seed's own example: contains "les" but only 3 letters
    assert "ks.clue_given" in keys(events)
    state, _ = guess(state, "strom")
    state, events = clue(state, "hvězda")
    assert "ks.clue_given" in keys(events)


def test_ks_16_an_invalid_clue_is_a_penalty_card_and_the_element_changes():
    state, _ = new_game(5)
    state, events = clue(state, "kočka")
    assert state.round.cards[0].fate == "penalty" and state.round.cards[0].holder == "p2"
    assert state.penalties["p2"] == 1
    changed = only(events, "ks.card_changed")
    assert changed.audience == PUBLIC and changed.params == {"offender": "p2", "card": 1}
    assert only(events, "ks.element").params["word"] == "pes"
    assert state.clue_giver == "p3"


# -- voice mode and fouls ------------------------------------------------------------------------------------


def test_ks_17_voice_mode_runs_no_clue_turns_but_everything_else():
    state, events = new_game(5, clue_mode="voice")
    assert [p.id.split("#")[0] for p in state.prompts] == ["dream"]
    assert "ks.clue_turn" not in keys(events)
    assert only(events, "ks.night_started").params["clue_order"] == ["p2", "p3", "p4", "p5"]
    state, events = guess(state, "kočka")
    assert state.round.cards[0].fate == "yellow" and "ks.element" in keys(events)
    reports = {a.args["accused"] for a in ENGINE.legal_actions(state, "p2") if a.kind == "report"}
    assert reports == {"p3", "p4", "p5"}  # the bot cannot hear: any clue giver may be named


def test_ks_18_the_host_confirms_a_foul_with_the_ks_16_effect():
    state, _ = new_game(5, host="p5")
    state, _ = clue(state, "zvíře")  # p2
    state, events = act(state, "p3", "dream", "report", accused="p2")
    assert only(events, "ks.foul_reported").params == {"reporter": "p3", "accused": "p2"}
    assert ENGINE.prompts(state)[-1].players == (HOST,)
    state, events = host(state, "review", "confirm")
    assert state.round.cards[0].fate == "penalty" and state.round.cards[0].holder == "p2"
    assert only(events, "ks.card_changed").params["offender"] == "p2"
    assert state.clue_giver == "p3"  # not the offender: p3 keeps a fresh turn
    assert state.foul is None and not has_prompt(state, "review")


def test_ks_18_rejected_report_changes_nothing():
    state, _ = new_game(5, host="p5")
    state, _ = clue(state, "zvíře")
    state, _ = act(state, "p3", "dream", "report", accused="p2")
    state, events = host(state, "review", "reject")
    assert only(events, "ks.foul_rejected").params == {"accused": "p2"}
    assert state.round.current.element == "cat" and state.penalties["p2"] == 0


@pytest.mark.parametrize("host_player", ["p1", "p2"])
def test_ks_18_other_non_dreamers_review_when_the_host_is_dreamer_or_accused(host_player):
    state, _ = new_game(5, host=host_player)
    state, _ = clue(state, "zvíře")  # p2
    state, _ = act(state, "p3", "dream", "report", accused="p2")
    review = ENGINE.prompts(state)[-1]
    assert set(review.players) == {"p4", "p5"}
    with pytest.raises(IllegalAction):
        host(state, "review", "confirm")
    with pytest.raises(IllegalAction):
        act(state, "p3", "review", "confirm")  # not the reporter
    state, _ = act(state, "p5", "review", "confirm")
    assert state.penalties["p2"] == 1


def test_ks_18_a_report_lapses_when_its_element_is_guessed_or_the_night_ends():
    state, _ = new_game(5, host="p5")
    state, _ = clue(state, "zvíře")
    state, _ = act(state, "p3", "dream", "report", accused="p2")
    after_guess, events = guess(state, "kočka")
    assert "ks.foul_lapsed" in keys(events) and after_guess.foul is None
    assert not has_prompt(after_guess, "review")
    after_time, events = timeout(state, "dream")
    assert "ks.foul_lapsed" in keys(events) and after_time.foul is None
    assert state.penalties["p2"] == 0 == after_time.penalties["p2"]


def test_ks_18_text_mode_reports_name_someone_who_clued_this_element():
    state, _ = new_game(5)
    assert not [a for a in ENGINE.legal_actions(state, "p3") if a.kind == "report"]
    state, _ = clue(state, "zvíře")
    assert [a.args["accused"] for a in ENGINE.legal_actions(state, "p3") if a.kind == "report"] == ["p2"]
    with pytest.raises(IllegalAction):
        act(state, "p3", "dream", "report", accused="p4")
    with pytest.raises(IllegalAction):
        act(state, "p1", "dream", "report", accused="p2")  # the dreamer cannot report


# -- guesses -------------------------------------------------------------------------------------------------


def test_ks_19_one_guess_per_element():
    state, _ = new_game(5)
    stale = Action("p1", prompt_id(state, "dream"), "guess", {"card": 1, "text": "pes"})
    state, _ = ENGINE.apply(state, stale)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, stale)  # the same send again (double click) is for a card that has gone
    assert err.value.code == "stale_card"
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Action("p2", prompt_id(state, "dream"), "guess", {"card": 2, "text": "pes"}))


def test_ks_19_the_pass_word_from_the_dreamer_is_a_pass():
    state, _ = new_game(5)
    state, _ = guess(state, "vynechávám")
    assert state.round.cards[0].fate == "blue" and state.round.cards[0].passed and state.round.guesses == 0


@pytest.mark.parametrize("text,fate", [("kočku", "yellow"), ("KOCOUR", "yellow"), ("kocka", "yellow"), ("pes", "blue")])
def test_ks_20_correct_guesses_go_yellow_wrong_ones_blue(text, fate):
    state, _ = new_game(5)
    state, _ = guess(state, text)
    assert state.round.cards[0].fate == fate


def test_ks_20_pass_goes_blue():
    state, _ = new_game(5)
    state, _ = dreamer_pass(state)
    assert state.round.cards[0].fate == "blue"


def test_ks_21_public_reaction_is_the_same_for_every_pile():
    _right, right_events = guess(new_game(5)[0], "kočka")
    _wrong, wrong_events = guess(new_game(5)[0], "pes")
    public = lambda evs: [(e.key, dict(e.params)) for e in evs if e.audience == PUBLIC]
    assert public(right_events) == public(wrong_events)
    judged = only(right_events, "ks.guess_judged")
    assert judged.audience == to("p2", "p3", "p4", "p5")
    assert judged.params == {"card": 1, "guess": "kočka", "passed": False, "word": "kočka", "pile": "yellow"}


def test_ks_22_a_guess_gives_the_interrupted_giver_a_fresh_turn():
    state, _ = new_game(5)
    old = prompt_id(state, "clue")
    state, events = guess(state, "pes")
    assert state.clue_giver == "p2" and prompt_id(state, "clue") != old
    assert only(events, "ks.clue_turn").params["player"] == "p2"


def test_ks_22_a_renewed_turn_says_which_turn_it_renews_and_why():
    """KS-22: the fresh turn after a guess (or a confirmed foul of someone else) is a new prompt (a new timer) that
    names the giver's turn as it began and what changed the card; a turn passed on names none."""
    state, _ = new_game(5, host="p5")
    first = prompt_id(state, "clue")
    state, _ = guess(state, "pes")
    state, _ = guess(state, "pes")
    turn = next(p for p in state.prompts if p.id.startswith("clue#"))
    assert turn.id != first and turn.params == {"player": "p2", "since": first, "changed": "guess"}
    state, _ = clue(state, "zvíře")  # p2's clue: the turn passes on to p3, a turn of its own
    assert next(p for p in state.prompts if p.id.startswith("clue#")).params == {"player": "p3"}
    state, _ = act(state, "p4", "dream", "report", accused="p2")
    state, _ = host(state, "review", "confirm")  # p2's foul: p3 keeps a fresh turn on the new card
    turn = next(p for p in state.prompts if p.id.startswith("clue#"))
    assert turn.players == ("p3",) and turn.params["changed"] == "p2"


def test_ks_18_a_report_needs_a_clue_from_someone_else_and_says_so():
    """KS-18: with no clue from anyone else on the card there is nobody to report; the refusal says so."""
    state, _ = new_game(5)
    state, _ = clue(state, "zvíře")  # p2's clue
    with pytest.raises(IllegalAction) as err:
        act(state, "p2", "dream", "report", accused="p3")
    assert err.value.code == "no_clue_yet"


# -- end of the night ----------------------------------------------------------------------------------------


def test_ks_23_time_up_stops_clues_and_allows_one_last_guess():
    state, _ = new_game(5)
    state, events = timeout(state, "dream")
    assert only(events, "ks.time_up").audience == PUBLIC
    assert [p.id.split("#")[0] for p in state.prompts] == ["last_guess"] and state.clue_giver is None
    state, _ = act(state, "p1", "last_guess", "guess", text="kočka")
    assert state.round.cards[0].fate == "yellow" and state.phase == "recap"


@pytest.mark.parametrize("how", ["pass", "pass_word", "timeout"])
def test_ks_23_no_last_guess_leaves_the_element_unused(how):
    state, _ = new_game(5)
    state, _ = timeout(state, "dream")
    if how == "pass":
        state, events = act(state, "p1", "last_guess", "pass")
    elif how == "pass_word":
        state, events = act(state, "p1", "last_guess", "guess", text="Vynechávám")
    else:
        state, events = timeout(state, "last_guess")
    assert state.round.cards[0].fate == "unused"
    assert only(events, "ks.card_unused").audience == to("p2", "p3", "p4", "p5")


# -- day -----------------------------------------------------------------------------------------------------


def _two_yellow_one_blue():
    state, _ = new_game(5, deals=[DEAL5])
    state, _ = guess(state, "kočka")
    state, _ = guess(state, "kůň")  # dog: blue
    state, _ = guess(state, "slunce")
    return state


def test_ks_24_recap_naming_every_yellow_element_earns_the_bonus():
    state, events = end_night(_two_yellow_one_blue(), recap="Slunce; kočku\npes")
    assert state.rounds[0].recap_bonus
    assert only(events, "ks.recap_revealed").params == {"recap": "Slunce; kočku\npes", "given": True, "bonus": True}


def test_ks_24_missing_one_or_no_recap_earns_nothing():
    assert not end_night(_two_yellow_one_blue(), recap="kočka")[0].rounds[0].recap_bonus
    state, events = end_night(_two_yellow_one_blue(), recap=None)
    assert not state.rounds[0].recap_bonus and "ks.recap_missed" in keys(events)


def test_ks_24_only_the_first_g_plus_2_items_count():
    # three guesses that night -> five items count; the sixth (kočka) is too late
    late = "pes, kůň, myš, les, strom, kočka, slunce"
    assert not end_night(_two_yellow_one_blue(), recap=late)[0].rounds[0].recap_bonus
    assert end_night(_two_yellow_one_blue(), recap="pes kůň slunce kočka myš")[0].rounds[0].recap_bonus


def test_ks_24_an_empty_yellow_pile_earns_no_bonus():
    state, _ = new_game(5)
    state, _ = guess(state, "pes")
    state, _ = end_night(state, recap="pes")
    assert not state.rounds[0].recap_bonus


def test_ks_24_the_recap_is_asked_before_anything_is_revealed():
    state, _ = new_game(5)
    state, _ = timeout(state, "dream")
    state, events = act(state, "p1", "last_guess", "pass")
    assert keys(events)[-1] == "ks.recap_open" and "ks.roles_revealed" not in keys(events)
    assert state.prompts[0].players == ("p1",)


def test_ks_25_reveal_shows_roles_elements_recap_and_points():
    state = _two_yellow_one_blue()
    state, _ = clue(state, "forest")  # p2 (each guess gave p2 a fresh turn): a translation, so a penalty
    state, events = end_night(state, last="ovoce", recap="kočka, slunce")
    assert only(events, "ks.roles_revealed").params == {"round": 1, "roles": DEAL5}
    cards = [e.params for e in events if e.key == "ks.card_revealed"]
    assert [(c["word"], c["result"], c["guess"], c["holder"]) for c in cards] == [
        ("kočka", "yellow", "kočka", ""),
        ("pes", "blue", "kůň", ""),
        ("slunce", "yellow", "slunce", ""),
        ("les", "penalty", "", "p2"),
        ("jablko", "blue", "ovoce", ""),
    ]
    assert all(e.audience == PUBLIC for e in events if e.key.startswith(("ks.card_revealed", "ks.roles")))
    assert not any("spare" in e.params for e in events)
    scores = only(events, "ks.round_scores").params
    assert scores["points"] == {"p1": 4, "p2": 2, "p3": 2, "p4": 2, "p5": 4}  # Y = B = 2
    assert scores["totals"]["p2"] == 1 and scores["penalties"]["p2"] == 1


def test_ks_25_the_reveal_includes_players_who_left():
    state, _ = new_game(5, deals=[DEAL5])
    state, _ = leave(state, "p4")
    state, events = end_night(state)
    assert only(events, "ks.roles_revealed").params["roles"]["p4"] == "boogeyman"


@pytest.mark.parametrize("yellow,blue,expected", [(3, 3, 5), (0, 0, 2), (4, 3, 4), (5, 2, 2), (6, 0, 0)])
def test_ks_26_sandman_examples(yellow, blue, expected):
    assert sandman_points(yellow, blue) == expected
    assert round_points("sandman", yellow, blue) == expected


def test_ks_26_round_points_by_role():
    assert round_points("fairy", 4, 3) == 4
    assert round_points("boogeyman", 4, 3) == 3
    assert round_points("dreamer", 4, 3) == 4
    assert round_points("dreamer", 4, 3, recap_bonus=True) == 6


def test_ks_26_a_played_round_scores_each_role():
    state = _two_yellow_one_blue()  # Y=2, B=1 with the last card unused
    state, events = end_night(state, recap="kocka slunce")
    assert only(events, "ks.round_scores").params["points"] == {"p1": 4, "p2": 2, "p3": 2, "p4": 1, "p5": 2}


def test_ks_27_penalties_count_at_the_end_but_show_in_the_running_total():
    state, _ = new_game(5, deals=[DEAL5])
    state, _ = clue(state, "kočka")  # p2 penalty
    state, _ = guess(state, "pes")  # Y=1: p2 (fairy) scores 1
    state, events = end_night(state)
    scores = only(events, "ks.round_scores").params
    assert scores["points"]["p2"] == 1 and scores["penalties"]["p2"] == 1 and scores["totals"]["p2"] == 0


def test_ks_28_the_next_dreamer_or_the_host_starts_the_next_night():
    state, _ = new_game(5)
    state, events = end_night(state)
    assert only(events, "ks.next_dreamer").params == {"player": "p2"}
    assert state.phase == "day" and state.prompts[0].players == ("p2",) and state.prompts[0].timeout is None
    with pytest.raises(IllegalAction):
        act(state, "p3", "next_night", "start_night")
    by_dreamer, _ = act(state, "p2", "next_night", "start_night")
    by_host, _ = host(state, "next_night", "start_night")
    assert by_dreamer.round.dreamer == by_host.round.dreamer == "p2" and by_host.phase == "night"


# -- the end -------------------------------------------------------------------------------------------------


def test_ks_29_final_score_then_fewer_penalties_then_shared():
    ranking = final_ranking({"a": 6, "b": 5, "c": 6, "d": 7}, {"a": 1, "b": 0, "c": 1, "d": 3})
    # a, b, c all score 5; b has fewer penalties and wins; a and c share second; d (4) is last
    assert ranking == [("b", 1), ("a", 2), ("c", 2), ("d", 4)]
    assert [p for p, rank in final_ranking({"a": 3, "b": 3}, {"a": 0, "b": 0}) if rank == 1] == ["a", "b"]


def test_ks_29_30_final_recap_and_winners():
    state, _ = new_game(4, deals=[{"p2": "fairy", "p3": "sandman", "p4": "boogeyman"}])
    state, _ = guess(state, "kočka")  # Y=1
    state, _ = end_night(state)  # p1 1, p2 1, p3 max(1,0)=1, p4 0
    events = []
    while state.outcome is None:
        state, _ = host(state, "next_night", "start_night")
        state, events = end_night(state)  # Y=B=0: sandmen +2
    standings = [e.params for e in events if e.key == "ks.final_standing"]
    assert {s["player"] for s in standings} == set(players(4))
    assert all(s["score"] == s["points"] - s["penalties"] for s in standings)
    best = max(s["score"] for s in standings)
    assert sorted(state.outcome.winners) == sorted(s["player"] for s in standings if s["score"] == best)
    over = only(events, "ks.game_over")
    assert over.params["seed"] == "s" and over.params["winners"] == list(state.outcome.winners)
    assert not state.prompts and state.phase == "over"


# -- leaving and hosting -------------------------------------------------------------------------------------


def test_ks_31_a_leaver_keeps_their_card_and_score_but_gets_no_more_elements():
    state, _ = new_game(6)
    state, events = leave(state, "p3")
    assert only(events, "ks.player_left").params == {"player": "p3"}
    state, events = guess(state, "pes")
    assert "p3" not in only(events, "ks.element").audience.players
    assert not ENGINE.legal_actions(state, "p3")
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Action("p3", state.prompts[0].id, "leave"))


def test_ks_31_a_leaver_loses_their_dreamer_turn_and_the_cards_follow_the_remaining_count():
    state, _ = new_game(6)
    state, _ = leave(state, "p2")
    state, events = end_night(state)
    assert only(events, "ks.next_dreamer").params["player"] == "p3"
    state, events = act(state, "p3", "next_night", "start_night")
    started = only(events, "ks.night_started").params
    assert (started["fairies"], started["boogeymen"], started["sandmen"]) == tuple(card_counts(5).values())
    assert len(state.round.roles) == 4


def test_ks_31_leavers_are_ranked_and_marked():
    state, _ = new_game(5)
    state, _ = leave(state, "p5")
    while state.outcome is None:
        state, events = end_night(state)
        if has_prompt(state, "next_night"):
            state, _ = host(state, "next_night", "start_night")
    marked = {e.params["player"]: e.params["left"] for e in events if e.key == "ks.final_standing"}
    assert marked == {"p1": False, "p2": False, "p3": False, "p4": False, "p5": True}


@pytest.mark.parametrize("phase", ["night", "last_guess", "recap"])
def test_ks_32_dreamer_leaving_goes_straight_to_the_reveal(phase):
    state, _ = new_game(5)
    state, _ = guess(state, "kočka")
    if phase != "night":
        state, _ = timeout(state, "dream")
    if phase == "recap":
        state, _ = act(state, "p1", "last_guess", "pass")
    state, events = leave(state, "p1")
    assert "ks.roles_revealed" in keys(events) and state.phase == "day"
    fates = [c.fate for c in state.rounds[0].cards]
    assert fates == ["yellow", "unused"]
    assert not state.rounds[0].recap_bonus


def test_ks_33_fewer_than_4_players_end_the_game_after_the_day():
    state, _ = new_game(4)
    state, _ = leave(state, "p4")
    assert state.outcome is None and state.phase == "night"  # the round goes on
    state, events = end_night(state)
    assert state.outcome is not None and state.outcome.reason == "too_few_players"
    assert "ks.round_scores" in keys(events) and "ks.game_over" in keys(events)


def test_ks_33_leaving_during_the_day_can_end_the_game_at_once():
    state, _ = new_game(4)
    state, _ = end_night(state)
    state, events = leave(state, "p3")
    assert state.outcome is not None and "ks.game_over" in keys(events)


def test_ks_34_the_host_removes_a_player_and_host_rights_pass_on():
    state, _ = new_game(6)
    state, events = host(state, "dream", "remove", player="p4")
    assert "p4" in state.left and "ks.player_left" in keys(events)
    with pytest.raises(IllegalAction):
        host(state, "dream", "remove", player="p4")
    state, events = leave(state, "p1")  # p1 is the host (seat 1) and the dreamer
    assert state.host == "p2" and only(events, "ks.host_changed").params == {"player": "p2"}
