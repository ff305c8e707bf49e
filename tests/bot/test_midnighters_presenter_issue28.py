"""Midnighters' refusals, ending, lobby select, seat letters and private lines (issues 27 and 28): a late click says
why it is late (MN-29, MN-53), the end reads the same everywhere (MN-60), the lobby offers the turn limits the rule
allows (MN-62), the letter beside a name is the name's, and a player's drawn cards come in the DM that asks them."""

from __future__ import annotations

import pytest

import translations as i18n
from bot.lobby import option_values
from bot.presenter import Table, dm_slot
from bot.render import RenderContext
from cogs.midnighters.board import describe_board, seat_letters
from engines import get_engine
from engines.core import Action, IllegalAction
from engines.midnighters.state import Trap

MN = get_engine("midnighters")
PRESENTER = __import__("bot.games", fromlist=["game_ui"]).game_ui("midnighters").presenter
PLAYERS = [str(10**17 + i) for i in range(3)]
NAMES = dict(zip(PLAYERS, ["Ada", "Boris", "Čeněk"]))
ADA, BORIS, CENEK = PLAYERS


def _classic(hands: list[list[str]], seats: list[str] = PLAYERS, **options):
    overrides = {"seats": seats, "hands": {p: h for p, h in zip(PLAYERS, hands)}}
    state, _ = MN.setup(PLAYERS, {"layout": "classic", **options}, "clock", overrides=overrides)
    return state


def table(lang: str = "en", names: dict[str, str] = NAMES) -> Table:
    return Table(game_id=42, engine=MN, lang=lang, names=names, guild_name="Dreamland", host=ADA)


def _refusal(state, action: Action) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        MN.apply(state, action)
    return err.value


# -- MN-29 / MN-53: a late click is told why ---------------------------------------------------------------------


def test_mn_29_a_pass_after_someone_answered_first_names_who_answered_and_with_what():
    state = _classic([["sleepwalk"], ["dutch"], []])
    state, _ = MN.apply(state, Action(ADA, state.prompts[0].id, "sleepwalk", {"direction": "up"}))
    window = state.prompts[0].id
    state, _ = MN.apply(state, Action(BORIS, window, "cancel"))
    err = _refusal(state, Action(CENEK, window, "pass"))
    assert err.code == "closed_answered" and err.params["player"] == BORIS and err.params["play"] == "cancel"
    err = _refusal(state, Action(CENEK, window, "intercept"))  # MN-29: each card gets at most one answer
    assert err.code == "closed_answered"


def test_mn_29_a_click_after_a_window_closed_or_timed_out_or_the_turn_moved_on_says_so():
    state = _classic([["sleepwalk", "sleepwalk"], [], []])
    turn = state.prompts[0].id
    state, _ = MN.apply(state, Action(ADA, turn, "sleepwalk", {"direction": "up"}))
    assert _refusal(state, Action(ADA, turn, "end")).params == {"why": "played", "player": ADA}
    window = state.prompts[0].id
    state, _ = MN.apply(state, Action(BORIS, window, "pass"))
    state, _ = MN.apply(state, Action(CENEK, window, "pass"))
    assert _refusal(state, Action(BORIS, window, "pass")).code == "closed_passed"
    turn = state.prompts[0].id
    state, _ = MN.on_timeout(state, turn)
    assert _refusal(state, Action(CENEK, turn, "spring", {"trap": 1, "mode": "self"})).code == "closed_timeout"
    turn = state.prompts[0].id
    state, _ = MN.apply(state, Action(BORIS, turn, "end"))
    assert _refusal(state, Action(CENEK, turn, "spring", {"trap": 1, "mode": "self"})).params == {"why": "ended", "player": BORIS}
    assert _refusal(state, Action(CENEK, "turn#999", "end")).code == "stale_prompt"  # unknown: the generic reason


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_every_closed_reason_is_worded_with_who_in_every_language(lang):
    generic = i18n.translate(lang, "common.error.stale_prompt")
    for why in ("answered", "passed", "timeout", "played", "ended", "sprung", "chosen", "removed", "over"):
        key = f"mn.error.closed_{why}"
        assert i18n.has(lang, key), key
        text = i18n.translate(lang, key, player=BORIS, play="cancel", what="reaction")
        assert text != generic and "{" not in text and "$" not in text
        if why in ("answered", "played", "ended", "sprung", "chosen", "removed"):
            assert f"<@{BORIS}>" in text, text


# -- MN-60: one ending, everywhere ----------------------------------------------------------------------------------


def test_mn_60_the_turn_limit_ends_on_the_last_turn_and_every_place_says_the_same():
    state = _classic([[], [], []], max_turns=2)
    while state.outcome is None:
        state, events = MN.on_timeout(state, state.prompts[0].id)
    view = MN.view(state, None)
    assert view["turn"] == view["max_turns"] == 2 and view["outcome"]["cause"] == "max_turns"
    t = table()
    ending = "Nobody woke up within 2 turns, the limit: the dream sinks into deep sleep and nobody wins."
    assert PRESENTER.board_caption(t, view).count(ending) == 1
    assert ending in describe_board(view, RenderContext("en", NAMES, translate=t.t))
    (over,) = [e for e in events if e.key == "mn.game_over"]
    assert PRESENTER.reveal_lines(t, over)[0] == f"🏁 **{ending}**"
    lobby = t.t("common.lobby.ended", ending=t.t("mn.ending", reason="nobody_woke", cause="max_turns", turns=2, player=""))
    assert lobby.endswith(ending) and "draw" not in lobby


# -- MN-62: the lobby's select --------------------------------------------------------------------------------------


def test_mn_62_the_turn_limit_select_offers_the_default_and_the_whole_range():
    option = next(o for o in MN.options if o.name == "max_turns")
    values = option_values(option, option.default)
    assert option.default in values and min(values) == option.min and max(values) == option.max and len(values) <= 25
    assert 777 in option_values(option, 777) and len(option_values(option, 777)) <= 25


# -- seat letters ---------------------------------------------------------------------------------------------------


def test_the_letter_beside_a_name_is_the_names_initial_whatever_the_seat():
    assert seat_letters(PLAYERS, NAMES.get) == {ADA: "A", BORIS: "B", CENEK: "Č"}
    assert seat_letters(["1", "2", "3"], {"1": "Sinclair", "2": "Sheridan", "3": "🌙"}.get) == {"1": "S", "2": "S2", "3": "C"}
    state = _classic([[], [], []], seats=[CENEK, ADA, BORIS])
    caption = PRESENTER.board_caption(table(), MN.view(state, None))
    assert "Čeněk (Č)" in caption and "Ada (A)" in caption and "Boris (B)" in caption


# -- issue 27: a player's private lines come in the DM that asks them -------------------------------------------


def test_a_trap_setters_drawn_cards_come_in_their_turn_dm_not_a_dm_of_their_own():
    state = _classic([["suspense-bridge", "sleepwalk", "sleepwalk", "sleepwalk", "sleepwalk"], [], []])
    state, _ = MN.apply(state, Action(ADA, state.prompts[0].id, "set_trap", {"suspense": "suspense-bridge", "card": "sleepwalk"}))
    window = state.prompts[0].id
    state, _ = MN.apply(state, Action(BORIS, window, "pass"))
    before, (state, events) = state, MN.apply(state, Action(CENEK, window, "pass"))
    assert any(e.key == "mn.card_drawn" for e in events)
    ops = PRESENTER.present(table(), before, state, events, CENEK)
    to_ada = [o for o in ops if o.get("to") == "dm" and o["user"] == ADA]
    assert len(to_ada) == 1 and to_ada[0]["slot"] == dm_slot(state.prompts[0], ADA)
    assert "You drew" in to_ada[0]["content"] and "Turn 1" in to_ada[0]["content"]


def test_mn_53_a_trap_holder_is_not_told_when_nothing_can_spring():
    state = _classic([["sleepwalk"], [], []])
    state.traps.append(Trap(1, CENEK, "forest", "dutch", "suspense-forest", [CENEK]))  # nobody on the Forest
    before, (state, events) = state, MN.apply(state, Action(ADA, state.prompts[0].id, "end"))
    ops = PRESENTER.present(table(), before, state, events, ADA)
    assert not [o for o in ops if o.get("to") == "dm" and o["user"] == CENEK]
