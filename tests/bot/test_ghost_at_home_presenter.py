"""Ghost at Home on Discord (cogs/ghost_at_home/presenter.py): every transition of seeded random games presented,
with what Discord accepts, what the rules let each audience see (GH-6, GH-P1 .. GH-P6) and controls that offer
exactly the legal actions (GH-7)."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from bot import controls as ctl
from bot.games import game_ui
from bot.presenter import Table, dm_slot
from cogs.ghost_at_home.presenter import GhostAtHomePresenter
from engines import get_engine
from engines.core import CLOCK, HOST, SAMPLING, Action, State
from engines.ghost_at_home.cards import CARDS
from tests.bot import presenting
from tests.bot.presenting import Step, action_key, assert_valid_rows, components_of, said, texts_of

GH = get_engine("ghost_at_home")
UI = game_ui("ghost_at_home")
PRESENTER = UI.presenter
PLAYERS = [str(10**17 + i) for i in range(4)]  # Discord-sized ids
NAMES = {p: name for p, name in zip(PLAYERS, ["Ada", "Boris", "Čeněk", "Dana"])}
NOW = 1_700_000_000
#: (players, seed, language): random games played by the engine's own random players, timeouts included.
GAMES = [(n, seed, ("en", "ru", "cs")[(n + seed) % 3]) for n in (2, 3, 4) for seed in range(4)]
#: Card ids that never occur as words in a text (``cat`` and ``ghost`` are also plain words).
RAW_CARD_ID = re.compile(r"\b(room[123]|joker_room|space_hole|light_bulb|cat_food)\b")


def table(lang: str = "en", players: int = 4, after: State | None = None) -> Table:
    """A game table whose open prompts have deadlines, as the runtime gives them (so countdowns show)."""
    deadlines = {p.id: NOW + (p.timeout or 0) for p in (after.prompts if after else [])}
    return Table(
        game_id=987654321012,
        engine=GH,
        lang=lang,
        names={p: NAMES[p] for p in PLAYERS[:players]},
        guild_name="Haunted",
        deadlines=deadlines,
    )




@cache
def transitions(players: int, seed: int) -> list[Step]:
    """Every transition of one seeded random game: (before, after, events, action); the first is the setup."""
    return presenting.transitions(GH, PLAYERS[:players], seed)


def present(lang: str, players: int, seed: int) -> Iterator[tuple[Step, list[dict[str, Any]]]]:
    for step in transitions(players, seed):
        before, after, events, action = step
        actor = action.player if action else None
        yield step, PRESENTER.present(table(lang, players, after), before, after, events, actor)


@pytest.fixture(scope="module")
def presented():
    """Each seeded game presented once for the module: its tests read the same ops (being module-scoped, it also
    sends them all to one test process, tests/conftest.py)."""
    return cache(lambda lang, players, seed: list(present(lang, players, seed)))


# -- reading ops -------------------------------------------------------------------------------------------------


def is_public(op: dict[str, Any]) -> bool:
    return op.get("do") == "post" and op.get("to") == "game"


def assert_valid_for_discord(op: dict[str, Any]) -> None:
    assert_valid_rows(op.get("components", []), op.get("content") or "")


def assert_no_raw_keys(op: dict[str, Any]) -> None:
    for text in texts_of(op):
        assert "gh." not in text and "gh-" not in text, text
        assert not RAW_CARD_ID.search(text), text
        assert "common." not in text and "common-" not in text, text


# -- reaching actions through the controls ------------------------------------------------------------------------


def reached_actions(t: Table, state: State, player: str, prompt_id: str, rows: list[dict[str, Any]]) -> list[Action]:
    return presenting.reached_actions(PRESENTER, t, state, player, prompt_id, rows)


_key = action_key


# -- over every transition -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players,seed,lang", GAMES)
def test_every_transition_presents_valid_discord_messages_without_raw_keys(players, seed, lang, presented):
    for _, ops in presented(lang, players, seed):
        assert ops
        for op in ops:
            assert_valid_for_discord(op)
            assert_no_raw_keys(op)


@pytest.mark.parametrize("players,seed,lang", GAMES)
def test_gh_7_the_controls_offer_exactly_the_legal_actions(players, seed, lang, presented):
    """GH-7 / GH-P5: each prompted player is sent, by DM only, controls that reach every legal action of theirs
    and nothing else (the light's and the discard's multi-selects included, GH-18 / GH-27)."""
    for (before, after, _, _), ops in presented(lang, players, seed):
        t = table(lang, players, after)
        for prompt in PRESENTER.opened_prompts(before, after):
            (player,) = prompt.players
            (dm,) = [o for o in ops if o.get("slot") == dm_slot(prompt, player)]
            assert dm["to"] == "dm" and dm["user"] == player
            reached = reached_actions(t, after, player, prompt.id, dm["components"])
            legal = ctl.playable(t.legal(after, player), prompt.id)
            assert set(map(_key, reached)) == set(map(_key, legal))
        controlled = [o for o in ops if o.get("components")]
        assert all(o["to"] == "dm" and any(o["user"] in p.players for p in after.prompts) for o in controlled)


@pytest.mark.parametrize("players,seed,lang", GAMES)
def test_gh_p1_public_texts_never_name_a_card_in_a_hand_before_the_end(players, seed, lang, presented):
    """GH-P1 / GH-P3: before the end, a public message names a card only when this very transition played it face
    up (rooms, a light's payment, a wiped floor, a leaver's house, a special); the discard action shows only its
    count (GH-27, GH-P2). Checked on the special cards' and rooms' names, which no other text contains."""
    names = {card: PRESENTER.card(table(lang), card) for card in CARDS if card not in ("ghost", "cat")}
    for (before, after, events, _), ops in presented(lang, players, seed):
        if GH.outcome(after) is not None:
            continue
        revealed = set()
        for event in events:
            if event.audience.kind == "public":
                for value in event.params.values():
                    revealed.update(v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str))
                revealed.update(k.removeprefix("gh.").removesuffix("_played") for k in [event.key])
        held = {c for hand in after.hands.values() for c in hand} | {
            c for hand in (before.hands.values() if before else []) for c in hand
        }
        for op in filter(is_public, ops):
            for text in texts_of(op):
                for card in held - revealed:
                    if card in names:
                        assert names[card] not in text, f"GH-P1: {names[card]!r} in public {text!r}"


def _scrambled(state: State) -> State:
    """The same game with every hand (and the deck) holding other cards, the same number of them."""
    other = copy.deepcopy(state)
    swap = {"room1": "elevator", "room2": "lightning", "room3": "joker_room", "ghost": "cat", "cat": "ghost"}
    for player, hand in other.hands.items():
        other.hands[player] = [swap.get(c, "room2") for c in hand]
    other.deck = list(reversed(other.deck))
    return other


@pytest.mark.parametrize("players,seed,lang", GAMES[::3])
def test_gh_p1_public_ops_do_not_depend_on_the_hands(players, seed, lang):
    """GH-P1 / GH-P6: the same transition with other cards in every hand (and another deck order) gives the very
    same public messages and board: the public sees hand sizes, never hands."""
    for before, after, events, action in transitions(players, seed):
        if GH.outcome(after) is not None:
            continue
        actor = action.player if action else None
        t = table(lang, players, after)
        real = [o for o in PRESENTER.present(t, before, after, events, actor) if is_public(o)]
        other = [
            o
            for o in PRESENTER.present(t, before and _scrambled(before), _scrambled(after), events, actor)
            if is_public(o)
        ]
        assert real == other


@pytest.mark.parametrize("players,seed,lang", GAMES)
def test_gh_6_board_ops_carry_the_spectator_view_only(players, seed, lang, presented):
    """GH-6 / GH-P1: the board is rendered from the public view (hand sizes, never hands) and re-rendered when
    that view changes; its caption says whose turn it is or whom the table waits for."""
    boards = 0
    for (before, after, _, _), ops in presented(lang, players, seed):
        for op in ops:
            if op.get("slot") == "board":
                boards += 1
                assert is_public(op) and op["render"]["engine"] == "ghost_at_home"
                view = op["render"]["view"]
                assert view == GH.view(after, None) and SAMPLING not in view  # a computer's table: not drawn
                assert "hand" not in view and "you" not in view
                assert ("hands" in view) == (GH.outcome(after) is not None)  # GH-33: every hand once it is over
                assert op["content"].strip()
            else:
                assert "render" not in op
        if before is None:
            assert any(o.get("slot") == "board" for o in ops), "the board is posted at the start"
    assert boards > 1


def test_the_board_image_renders_from_what_the_presenter_sends(presented):
    _, ops = presented("cs", 4, 1)[0]
    (board,) = [o for o in ops if o.get("slot") == "board"]
    render = board["render"]
    from bot.render import RenderContext

    image = UI.board(render["view"], RenderContext(render["lang"], render["names"]))
    assert image.png.startswith(b"\x89PNG") and image.description


# -- reaction windows (GH-17, GH-30, GH-P4) ---------------------------------------------------------------------------


def _window_steps(players: int, seed: int) -> Iterator[Step]:
    for step in transitions(players, seed):
        before, after, _, _ = step
        opened = PRESENTER.opened_prompts(before, after)
        if opened and opened[0].key in ("gh.prompt_cat", "gh.prompt_ghost"):
            yield step


def _holding(state: State, player: str, card: str, hold: bool) -> State:
    """``state`` with ``player``'s hand holding ``card`` or not, the same number of cards."""
    other = copy.deepcopy(state)
    hand = [c if c != card else "room1" for c in other.hands[player]]
    if hold:
        hand[0] = card
    other.hands[player] = hand
    return other


def _shape(ops: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """What anyone but the DM's reader can observe of ops: public ops whole, and of a DM only that it is sent, to
    whom, in which slot, with which public fallback."""
    shape: list[tuple[Any, ...]] = []
    for op in ops:
        if op.get("to") == "dm":
            shape.append(("dm", op["user"], op.get("slot"), op.get("fallback"), bool(op.get("components"))))
        elif str(op.get("slot", "")).startswith("dm:"):  # an edit of a DM (a warning, closed controls)
            shape.append((op["do"], op["slot"], bool(op.get("components"))))
        else:
            shape.append(("op", json.dumps(op, sort_keys=True)))
    return shape


@pytest.mark.parametrize("players,seed,lang", GAMES)
def test_gh_p4_a_window_opens_the_same_way_whatever_the_defender_holds(players, seed, lang):
    """GH-P4 (GH-17, GH-30): the window's DM goes to the defender at the same moment, in the same slot, with the same
    public fallback and a countdown, whether they hold a cat (or a ghost) or not; the public ops are identical; the
    warnings before the deadline edit the same messages. Only the DM's own text and buttons differ."""
    windows = 0
    for before, after, events, action in _window_steps(players, seed):
        windows += 1
        prompt = after.prompts[0]
        (defender,) = prompt.players
        if not after.hands[defender]:
            continue  # an empty hand holds nothing either way
        card = "cat" if prompt.key == "gh.prompt_cat" else "ghost"
        t = table(lang, players, after)
        actor = action.player if action else None
        shapes, warnings = [], []
        for hold in (True, False):
            variant = _holding(after, defender, card, hold)
            assert (card in variant.hands[defender]) == hold
            ops = PRESENTER.present(t, before, variant, events, actor)
            shapes.append(_shape(ops))
            warnings.append(_shape(PRESENTER.warn_ops(t, variant, prompt, 5)))
            (dm,) = [o for o in ops if o.get("slot") == dm_slot(prompt, defender)]
            assert "<t:" in dm["content"], "the window counts down where the defender reads it"
            offered = ctl.playable(GH.legal_actions(variant, defender), prompt.id)
            assert len(components_of(dm)) == len(offered) and len(offered) > 1 if hold else len(offered) == 1
        assert shapes[0] == shapes[1]
        assert warnings[0] == warnings[1]
    if players == 2 and seed == 0:
        assert windows, "the seeds chosen play at least one reaction window"


@pytest.mark.parametrize("players,seed,lang", GAMES[:6])
def test_gh_p4_no_cat_and_no_answer_look_the_same_in_public(players, seed, lang):
    """GH-17: "No cat" clicked at once and a window left to run out give the same public messages."""
    for before, after, events, action in transitions(players, seed):
        if not after.prompts or after.prompts[0].key != "gh.prompt_cat":
            continue
        prompt = after.prompts[0]
        (defender,) = prompt.players
        t = table(lang, players, after)
        clicked, e1 = GH.apply(after, Action(defender, prompt.id, "no_cat"))
        timed, e2 = GH.on_timeout(after, prompt.id)
        public = [
            [o for o in PRESENTER.present(table(lang, players, s), after, s, e, who) if is_public(o)]
            for s, e, who in ((clicked, e1, defender), (timed, e2, CLOCK))
        ]
        assert public[0] == public[1]
        assert t.deadline(prompt)


# -- wording ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_every_kind_and_value_has_a_translated_label(lang):
    t = table(lang)
    kinds = [
        "rooms",
        "ghost",
        "cat",
        "light",
        "space_hole",
        "light_bulb",
        "cat_food",
        "elevator",
        "lightning",
        "discard",
    ]
    kinds += ["answer_cat", "no_cat", "no_ghost", "leave", "remove", "end"]
    for kind in kinds:
        assert t.has(f"gh.button.{kind}") and t.has(f"gh.do.{kind}"), kind
    for card in CARDS:
        assert t.has(f"gh.card.{card}") and PRESENTER.value_label(t, "cards", card) == t.t(f"gh.card.{card}")
    for floor in (1, 2, 3):
        for arg in ("floor", "from_floor", "floors"):
            assert PRESENTER.value_label(t, arg, floor) == t.t(f"gh.floor.{floor}") != str(floor)
    for side in ("left", "right"):
        for arg in ("side", "from_side"):
            assert t.has(f"gh.{arg}.{side}") and PRESENTER.value_label(t, arg, side) != side or lang == "en"
    assert PRESENTER.value_label(t, "target", PLAYERS[1]) == NAMES[PLAYERS[1]]


def _game(hands: dict[str, list[str]], houses: dict[str, dict[str, Any]] | None = None, players: int = 2):
    who = PLAYERS[:players]
    return GH.setup(
        who, {}, "fixed", overrides={"hands": {who[i]: h for i, h in enumerate(hands.values())}, "houses": houses or {}}
    )


FULL_FLOOR_1 = {"rooms": ["room1", "room1", "", "", "", ""], "occupants": [""] * 6, "lit": [False, False, False]}


def test_gh_18_a_light_is_paid_with_a_multi_select_of_the_hand_that_reads_well():
    """GH-18: the payment is picked as cards (each with its bulbs), 2 or 3 of them; with two floors to light the
    picker then asks which floor, naming the payment."""
    state, events = _game(
        {"a": ["room3", "room2", "light_bulb"], "b": ["room1", "room1", "room1"]}, {PLAYERS[0]: FULL_FLOOR_1}
    )
    t = table("en", 2, state)
    prompt = state.prompts[0]
    rows = PRESENTER.components(t, state, PLAYERS[0], prompt)
    (light,) = [
        c for row in rows for c in row["components"] if c["custom_id"].startswith("nx:") and ":light" in c["custom_id"]
    ]
    assert light["placeholder"] == "💡 Turn on a light: pick the cards to pay (5+ 💡)"
    assert [o["label"] for o in light["options"]] == ["Floor-2 room · 💡2", "Floor-3 room · 💡3", "Light bulb · 💡3"]
    assert (light["min_values"], light["max_values"]) == (2, 3)
    legal = t.legal(state, PLAYERS[0])
    partial = ctl.pick_from_pool(ctl.decode(ctl.ControlId.parse(light["custom_id"]).code), "cards", ["0", "1"], legal)
    step = PRESENTER.picker(t, state, PLAYERS[0], prompt.id, partial)
    assert PRESENTER.picker_text(t, step) == "Paying Floor-2 room + Floor-3 room: which floor do you light?"
    assert [b["label"] for row in step.components for b in row["components"]] == [
        "💡 Light floor 1: Floor-2 room + Floor-3 room",
        "💡 Light floor 2: Floor-2 room + Floor-3 room",
    ]
    dm = next(o for o in PRESENTER.present(t, None, state, events) if o.get("slot") == dm_slot(prompt, PLAYERS[0]))
    assert "Floor-3 room (💡3)" in dm["content"] and "<t:" in dm["content"]


def test_gh_27_a_discard_is_a_multi_select_and_says_only_the_count_in_public():
    state, _ = _game({"a": ["ghost", "cat", "elevator"], "b": ["room1", "room1", "room1"]})
    t = table("en", 2, state)
    prompt = state.prompts[0]
    (discard,) = [
        c
        for row in PRESENTER.components(t, state, PLAYERS[0], prompt)
        for c in row["components"]
        if ":discard" in c["custom_id"]
    ]
    assert discard["type"] == 3 and (discard["min_values"], discard["max_values"]) == (1, 3)
    assert [o["label"] for o in discard["options"]] == ["Ghost", "Cat", "Elevator"]
    after, events = GH.apply(state, Action(PLAYERS[0], prompt.id, "discard", {"cards": ["ghost", "elevator"]}))
    ops = PRESENTER.present(table("en", 2, after), state, after, events, PLAYERS[0])
    public = "\n".join(said(o) for o in ops if is_public(o))
    assert "Ada discards 2 cards face down." in public and "Elevator" not in public  # GH-P2
    assert PRESENTER.ack_text(t, Action(PLAYERS[0], prompt.id, "discard", {"cards": ["ghost", "elevator"]})) == (
        "✅ 🔄 Discard Ghost + Elevator and draw as many"
    )


def test_gh_17_the_defenders_cat_prompt_says_what_is_coming_and_counts_down():
    houses = {PLAYERS[1]: FULL_FLOOR_1}
    state, _ = _game({"a": ["ghost", "room1", "room1"], "b": ["cat", "room2", "room2"]}, houses)
    before = state
    state, events = GH.apply(
        state, Action(PLAYERS[0], state.prompts[0].id, "ghost", {"target": PLAYERS[1], "floor": 1, "side": "left"})
    )
    t = table("en", 2, state)
    ops = PRESENTER.present(t, before, state, events, PLAYERS[0])
    prompt = state.prompts[0]
    (dm,) = [o for o in ops if o.get("slot") == dm_slot(prompt, PLAYERS[1])]
    assert "Ada sends a ghost at your floor 1, left room! Answer with a cat?" in dm["content"]
    assert f"<t:{NOW + 20}:R>" in dm["content"]
    assert [c["label"] for c in components_of(dm)] == ["🐈 Play a cat", "No cat"]
    public = "\n".join(said(o) for o in ops if is_public(o))
    assert "Waiting for Boris" in public and "cat" in public.lower()
    assert "Floor-2 room" not in public  # GH-P1


def test_gh_33_the_end_shows_every_hand_and_the_seed():
    for before, after, events, action in transitions(2, 1):
        if GH.outcome(after) is None:
            continue
        ops = PRESENTER.present(table("en", 2, after), before, after, events, action.player if action else None)
        text = "\n".join(o["content"] for o in ops if is_public(o))
        assert "Game over" in text and "Seed: 1" in text
        for player in PLAYERS[:2]:
            hand = GH.view(after, None)["hands"][player]
            assert (
                f"• {NAMES[player]}: " + (", ".join(PRESENTER.card(table("en"), c) for c in hand) or "no cards") in text
            )


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_status_and_mine_word_the_table_and_only_your_own_hand(lang):
    _, after, _, _ = transitions(3, 2)[5]
    t = table(lang, 3, after)
    status = PRESENTER.status_text(t, after)
    for player in PLAYERS[:3]:
        assert NAMES[player] in status
    current = after.prompts[0].players[0]
    mine = PRESENTER.private_text(t, after, current)
    hand = GH.view(after, current)["hand"]
    assert all(PRESENTER.card(t, c) in mine for c in hand)
    assert "<t:" in mine
    for text in (status, mine):
        assert "gh." not in text and not RAW_CARD_ID.search(text)


def test_the_host_panel_and_answers_are_worded():
    t = table("ru", 2)
    assert PRESENTER.kind_label(t, "remove") == "Убрать игрока"
    assert (
        PRESENTER.ack_text(t, Action(HOST, "turn#1", "remove", {"player": PLAYERS[1]}))
        == "✅ Убрать игрока Boris из игры"
    )
    assert isinstance(PRESENTER, GhostAtHomePresenter) and UI.board is not None and PRESENTER.has_board


def test_gh_23_more_choices_than_a_select_holds_open_the_step_by_step_picker():
    """GH-23 with three opponents' cats and five free rooms of yours: 30 Cat food moves, more than a select's 25
    options, so Cat food opens the picker (opponent, their room, your room), which reaches every one of them."""
    cats = {
        "rooms": ["room1", "room1", "", "", "", ""],
        "occupants": ["cat", "cat", "", "", "", ""],
        "lit": [False] * 3,
    }
    own = {"rooms": ["room1", "room1", "room2", "room2", "room3", ""], "occupants": [""] * 6, "lit": [False] * 3}
    hands = {"a": ["cat_food", "room3", "room1"], "b": ["room2"], "c": ["room2"], "d": ["room2"]}
    state, _ = _game(hands, {PLAYERS[0]: own, **{p: cats for p in PLAYERS[1:]}}, players=4)
    t = table("en", 4, state)
    prompt = state.prompts[0]
    rows = PRESENTER.components(t, state, PLAYERS[0], prompt)
    (food,) = [c for row in rows for c in row["components"] if ":cat_food" in c["custom_id"]]
    assert food["custom_id"].startswith("np:") and food["label"] == "🐟 Cat food …"
    reached = reached_actions(t, state, PLAYERS[0], prompt.id, rows)
    legal = ctl.playable(t.legal(state, PLAYERS[0]), prompt.id)
    assert len([a for a in legal if a.kind == "cat_food"]) == 30
    assert set(map(_key, reached)) == set(map(_key, legal))
    step = PRESENTER.picker(t, state, PLAYERS[0], prompt.id, ctl.Partial("cat_food"))
    assert [b["label"] for row in step.components for b in row["components"]][:3] == ["Boris", "Čeněk", "Dana"]
    (choose,) = [b for row in step.components for b in row["components"] if b["label"] == "Čeněk"]
    step = PRESENTER.picker(t, state, PLAYERS[0], prompt.id, ctl.decode(ctl.ControlId.parse(choose["custom_id"]).code))
    (whole,) = [c for row in step.components for c in row["components"]]
    assert len(whole["options"]) == 10 and whole["options"][0]["label"] == (
        "🐟 Cat food: Čeněk, floor 1, left → floor 1, left"
    )


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_gh_18_a_light_paid_with_too_few_bulbs_is_refused_for_its_bulbs(lang):
    """GH-7 / GH-18: Discord cannot hold the light's multi-select to 5 bulbs, only to 2 or 3 cards of the hand; a
    pick under 5 bulbs goes to the engine, and the refusal names the bulbs the cards show and the 5 a light needs
    (it said "That combination is not allowed here … pick from what it offers", though the player had)."""
    from bot import decoder
    from bot.wording import refusal_text
    from engines.core import IllegalAction

    for seed in range(40):
        for before, state, _events, _action in presenting.transitions(GH, PLAYERS[:2], seed, timeout_rate=0):
            prompt = state.prompts[0] if state.prompts else None
            if prompt is None or prompt.key != "gh.prompt_turn":
                continue
            (player,) = prompt.players
            t = table(lang, 2, state)
            legal = GH.legal_actions(state, player)
            for comp in components_of({"components": PRESENTER.components(t, state, player, prompt)}):
                if not comp["custom_id"].startswith("nx:") or ":cards:" not in comp["custom_id"]:
                    continue
                cid = ctl.ControlId.parse(comp["custom_id"])
                if decoder.resolve(cid.code, legal).kind != "light":
                    continue
                assert (comp["min_values"], comp["max_values"]) == (2, 3)  # what Discord can hold it to
                pool = [o["value"] for o in comp["options"]]
                for i, a in enumerate(pool):
                    for b in pool[i + 1 :]:
                        click = decoder.decode(cid, player, legal, [a, b])
                        if isinstance(click, decoder.Apply) and click.action not in legal:
                            with pytest.raises(IllegalAction) as refused:
                                GH.apply(state, click.action)
                            assert refused.value.code == "not_enough_bulbs"
                            text = refusal_text(lang, refused.value, "gh")
                            assert str(refused.value.params["bulbs"]) in text and "5" in text, text
                            assert text != refusal_text(lang, IllegalAction("bad_action", ""), "")
                            return
                        assert not isinstance(click, decoder.Refused), (click, [a, b])
    pytest.fail("no light multi-select with a pick under 5 bulbs in 40 games")
