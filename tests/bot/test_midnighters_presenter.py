"""Midnighters on Discord (cogs/midnighters/presenter.py): every transition of seeded random games presented, with
what Discord accepts, what the rules let each audience see (MN-64, MN-P1 .. MN-P9), reaction windows that look the
same whatever the hands (MN-P8), controls that offer exactly the legal actions (MN-18), and the turn's clock that
pauses during windows (MN-19)."""

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
from bot.render import RenderContext
from cogs.midnighters.presenter import MidnightersPresenter
from engines import get_engine
from engines.core import CLOCK, HOST, Action, Event, IllegalAction, State
from engines.midnighters.data import NIGHTMARES
from tests.bot import presenting
from tests.bot.presenting import Step, action_key, assert_valid_rows, components_of, said, texts_of

MN = get_engine("midnighters")
UI = game_ui("midnighters")
PRESENTER = UI.presenter
PLAYERS = [str(10**17 + i) for i in range(6)]  # Discord-sized ids
NAMES = {p: name for p, name in zip(PLAYERS, ["Ada", "Boris", "Čeněk", "Dana", "Emil", "Fjodor"])}
NOW = 1_700_000_000
#: (players, seed, language): random games played by the engine's own random players, timeouts included.
GAMES = [(n, seed, ("en", "ru", "cs")[(n + seed) % 3]) for n in (2, 3, 4, 6) for seed in range(3)]
#: Random games end by max_turns at the latest (MN-60), so a dozen games stay quick to present.
OPTIONS = {"max_turns": 80}
#: Card, location and option ids that never occur as words in a text.
RAW_ID = re.compile(
    r"\b(sleepwalk|vertigo|dutch|catcher|suspense-\w+|corridor\d|townhall|colourless|vertigo_\w+|dutch_\w+|"
    r"catcher_steal|set_trap|blind_discard|nobody_woke|dead_sleep)\b"
)


def table(lang: str = "en", players: int = 3, after: State | None = None) -> Table:
    """A game table whose open prompts have deadlines, as the runtime gives them (so countdowns show)."""
    deadlines = {p.id: NOW + (p.timeout or 0) for p in (after.prompts if after else [])}
    return Table(
        game_id=987654321987654321,  # as long as Discord's ids get, so custom ids are as long as they get
        engine=MN,
        lang=lang,
        names={p: NAMES[p] for p in PLAYERS[:players]},
        guild_name="Dreamland",
        deadlines=deadlines,
        host=PLAYERS[0],
    )




@cache
def transitions(players: int, seed: int) -> list[Step]:
    """Every transition of one seeded random game: (before, after, events, action); the first is the setup."""
    return presenting.transitions(MN, PLAYERS[:players], seed, OPTIONS, timeout_rate=0.1)


def present(lang: str, players: int, seed: int) -> Iterator[tuple[Step, list[dict[str, Any]]]]:
    for step in transitions(players, seed):
        before, after, events, action = step
        actor = action.player if action else None
        yield step, PRESENTER.present(table(lang, players, after), before, after, events, actor)


@pytest.fixture(scope="module")
def presented():
    """Each game of :data:`GAMES` presented once for the module: its tests read the same ops (being module-scoped,
    it also sends them all to one test process, tests/conftest.py)."""
    return cache(lambda lang, players, seed: list(present(lang, players, seed)))


# -- reading ops -------------------------------------------------------------------------------------------------


def is_public(op: dict[str, Any]) -> bool:
    return op.get("do") == "post" and op.get("to") in ("game", "channel")


assert_valid_for_discord = assert_valid_rows


def assert_no_raw_keys(texts: list[str]) -> None:
    for text in texts:
        assert "mn." not in text and "mn-" not in text, text
        assert "common." not in text and "common-" not in text, text
        assert not RAW_ID.search(text), text


# -- reaching actions through the controls ------------------------------------------------------------------------


def reached_actions(t: Table, state: State, player: str, prompt_id: str, rows: list[dict[str, Any]]) -> list[Action]:
    """Every action reached through the controls; every picker step is checked to be a valid message too."""

    def check(step: ctl.Step) -> None:
        text = PRESENTER.picker_text(t, step)
        assert_valid_rows(step.components, text)
        assert_no_raw_keys([text] + [c.get("label") or c.get("placeholder") or "" for r in step.components for c in r["components"]])

    return presenting.reached_actions(PRESENTER, t, state, player, prompt_id, rows, on_step=check)


_key = action_key


# -- over every transition -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players,seed,lang", GAMES)
def test_every_transition_presents_valid_discord_messages_without_raw_keys(players, seed, lang, presented):
    for _, ops in presented(lang, players, seed):
        for op in ops:
            assert_valid_for_discord(op.get("components", []), op.get("content") or "")
            assert_no_raw_keys(texts_of(op))
            if op.get("to") == "dm":
                assert op["content"].startswith("🎲 **"), "every DM names its server and game"


@pytest.mark.parametrize("players,seed,lang", GAMES)
def test_mn_18_the_controls_offer_exactly_the_legal_actions(players, seed, lang, presented):
    """MN-18 / MN-53: each prompted player is sent, by DM only, controls that reach every legal action of theirs on
    the prompt and nothing else (picker steps followed to the end); a player with a prepared trap gets, when a turn
    prompt opens, a private traps message whose controls reach exactly their legal springs."""
    for (before, after, _, _), ops in presented(lang, players, seed):
        t = table(lang, players, after)
        for prompt in PRESENTER.opened_prompts(before, after):
            for player in prompt.players:
                (dm,) = [o for o in ops if o.get("slot") == dm_slot(prompt, player)]
                assert dm["to"] == "dm" and dm["user"] == player
                reached = reached_actions(t, after, player, prompt.id, dm["components"])
                legal = ctl.playable(t.legal(after, player), prompt.id)
                assert set(map(_key, reached)) == set(map(_key, legal))
            for op in ops:
                if op.get("to") == "dm" and op.get("slot") == dm_slot(prompt, op["user"]) and op["user"] not in prompt.players:
                    player = op["user"]  # MN-53: another player's springs while the turn's player chooses
                    reached = reached_actions(t, after, player, prompt.id, op.get("components", []))
                    springs = [a for a in ctl.playable(t.legal(after, player), prompt.id) if a.kind == "spring"]
                    assert springs and set(map(_key, reached)) == set(map(_key, springs))
        controlled = [o for o in ops if o.get("components")]
        assert all(o["to"] == "dm" for o in controlled), "controls only ever come privately"


def _scrambled(state: State) -> State:
    """The same game with other cards in every hand (the same number of them, nightmares where they were)."""
    other = copy.deepcopy(state)
    swap = {"sleepwalk": "dutch", "dutch": "catcher", "catcher": "star", "star": "vertigo", "vertigo": "sleepwalk"}
    for player, hand in other.hands.items():
        other.hands[player] = [c if c in NIGHTMARES else swap.get(c, "catcher") for c in hand]
    return other


@pytest.mark.parametrize("players,seed,lang", GAMES[::2])
def test_mn_p1_public_ops_do_not_depend_on_the_hands(players, seed, lang):
    """MN-P1 / MN-64: the same transition with other cards in every hand gives the very same public messages and
    board: the public sees hand sizes, never hands."""
    for before, after, events, action in transitions(players, seed):
        if MN.outcome(after) is not None:
            continue
        actor = action.player if action else None
        t = table(lang, players, after)
        real = [o for o in PRESENTER.present(t, before, after, events, actor) if is_public(o)]
        other = [o for o in PRESENTER.present(t, before and _scrambled(before), _scrambled(after), events, actor) if is_public(o)]
        assert real == other


def _shape(ops: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """What anyone but a DM's reader can observe of ops: public ops whole, and of a DM only that it is sent, to
    whom, in which slot, with which public fallback; of an edit of a DM, that it happens."""
    shape: list[tuple[Any, ...]] = []
    for op in ops:
        if op.get("to") == "dm":
            shape.append(("dm", op["user"], op.get("slot"), op.get("fallback"), bool(op.get("components"))))
        elif str(op.get("slot", "")).startswith("dm:"):
            shape.append((op["do"], op["slot"], bool(op.get("components"))))
        else:
            shape.append(("op", json.dumps(op, sort_keys=True)))
    return shape


def _in_windows(players: int, seed: int) -> Iterator[Step]:
    """Transitions that open a reaction window or happen inside one (a pass, an answer, a mark, a spring)."""
    for step in transitions(players, seed):
        before, after, _, _ = step
        if any(p.kind == "reaction" for p in after.prompts) or (before and any(p.kind == "reaction" for p in before.prompts)):
            yield step


@pytest.mark.parametrize("players,seed,lang", GAMES)
def test_mn_p8_a_window_opens_and_runs_the_same_way_whatever_anyone_holds(players, seed, lang):
    """MN-P8 / MN-27 / MN-28: every window's DM goes to every eligible player at the same moment, in the same
    slot, with controls (Pass at least) and no public fallback, whatever any hand holds; the public ops and the
    set and timing of DMs and DM edits of every transition in and around a window are the same with other cards
    in every hand. Only a DM's own text and which of its buttons are greyed out differ, and only its reader sees
    them."""
    windows = 0
    for before, after, events, action in _in_windows(players, seed):
        if MN.outcome(after) is not None:
            continue  # MN-61: the end reveals every hand
        actor = action.player if action else None
        t = table(lang, players, after)
        real = PRESENTER.present(t, before, after, events, actor)
        other = PRESENTER.present(t, before and _scrambled(before), _scrambled(after), events, actor)
        assert _shape(real) == _shape(other)
        for prompt in PRESENTER.opened_prompts(before, after):
            if prompt.kind != "reaction":
                continue
            windows += 1
            public = MN.view(after, None)
            top = public["stack"][-1]["player"]
            assert set(prompt.players) == {p for p in public["active"] if p != top and not (public["controller"] and p == public["current"])}
            for player in prompt.players:
                (dm,) = [o for o in real if o.get("slot") == dm_slot(prompt, player)]
                assert "fallback" not in dm and "<t:" in dm["content"]
                buttons = components_of(dm)[:3]
                assert [b["custom_id"].rsplit(":", 1)[1] for b in buttons] == ["cancel", "intercept", "pass"]
                hand = MN.view(after, player)["hand"]
                assert [b["disabled"] for b in buttons] == ["dutch" not in hand, "catcher" not in hand, False]
    assert windows or players == 2


def test_issue_27_an_answer_rebuilds_only_the_dms_of_seats_whose_choices_changed(monkeypatch):
    """Issue 27, MN-27 / MN-18: after each step the DMs of a prompt still open are compared, and those whose controls
    changed are rewritten (``refresh_ops``). Only the DMs of the seats whose choices changed are built, not every
    prompted player's twice. Over random 6- and 4-player games, the ops of every step are exactly those of building
    every DM, and in most windows answered with others still to answer fewer DMs were built than were open."""
    built: list[int] = []
    dms = PRESENTER.prompt_dms

    def counting(t, state, prompt, players):
        ops = dms(t, state, prompt, players)
        built.append(len(ops))
        return ops

    monkeypatch.setattr(PRESENTER, "prompt_dms", counting)
    windows = fewer = 0
    for players, seed in ((6, 0), (6, 1), (4, 2)):
        for before, after, events, action in transitions(players, seed)[1:]:
            t = table("en", players, after)
            built.clear()
            quick = PRESENTER.refresh_ops(t, before, after)
            asked = sum(built)
            with monkeypatch.context() as m:  # every DM, as before
                m.setattr(PRESENTER, "prompt_messages", lambda t, s, p, seats=None: PRESENTER.open_prompt(t, s, p))
                assert PRESENTER.refresh_ops(t, before, after) == quick, action
            still = [p for p in after.prompts if p.kind == "reaction" and p.id in {q.id for q in before.prompts}]
            if asked and still:
                windows += 1
                fewer += asked < len(still[0].players)  # fewer for both states together than one state's window
    assert windows and fewer > windows / 2, (windows, fewer)


@pytest.mark.parametrize("players,seed,lang", GAMES[:4])
def test_mn_p8_passing_and_running_out_look_the_same_in_public(players, seed, lang):
    """MN-28 / MN-P8: every eligible player passing at once and a window left to run out give the same public
    messages (the bot never passes for anyone: the window waits for its timer)."""
    checked = 0
    for _, after, _, _ in transitions(players, seed):
        if not after.prompts or after.prompts[0].kind != "reaction" or len(after.prompts[0].players) != 1:
            continue
        prompt = after.prompts[0]
        (last,) = prompt.players
        passed, e1 = MN.apply(after, Action(last, prompt.id, "pass"))
        timed, e2 = MN.on_timeout(after, prompt.id)
        public = [
            [o for o in PRESENTER.present(table(lang, players, s), after, s, e, who) if is_public(o)]
            for s, e, who in ((passed, e1, last), (timed, e2, CLOCK))
        ]
        assert public[0] == public[1]
        checked += 1
    assert checked or players == 2


@pytest.mark.parametrize("players,seed,lang", GAMES)
def test_mn_p7_dms_whose_existence_is_secret_are_quiet(players, seed, lang, presented):
    """MN-P2 .. MN-P7 / MN-P9: a DM carries a public "could not DM you" fallback only when it offers the turn or a
    choice inside an effect (who is asked is public); a drawn card, a shown hand, the Square's pile, a lapsed mark,
    a window and a traps message say nothing in public when the player's DMs are closed."""
    for (_, after, _, _), ops in presented(lang, players, seed):
        for op in ops:
            if op.get("to") == "dm" and op.get("fallback"):
                slot = str(op.get("slot") or "")
                assert slot.startswith("dm:") and not slot.startswith("dm:window#"), op


@pytest.mark.parametrize("players,seed,lang", GAMES)
def test_mn_9_board_ops_carry_the_spectator_view_only(players, seed, lang, presented):
    """MN-9 / MN-64 / MN-P1: the board is rendered from the public view (hand and trap counts, never hands or
    trap places) and re-rendered when what it shows changes; its caption says whose turn it is."""
    boards = 0
    for (before, after, _, _), ops in presented(lang, players, seed):
        for op in ops:
            if op.get("slot") == "board":
                boards += 1
                assert is_public(op) and op["render"]["engine"] == "midnighters"
                view = op["render"]["view"]
                assert view == MN.view(after, None)
                assert "hand" not in view and "my_traps" not in view and "you" not in view
                assert ("hands" in view) == (MN.outcome(after) is not None)  # MN-61: everything once it is over
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
    image = UI.board(render["view"], RenderContext(render["lang"], render["names"]))
    assert image.png.startswith(b"\x89PNG") and image.description
    assert isinstance(PRESENTER, MidnightersPresenter) and PRESENTER.has_board


@pytest.mark.parametrize("players,seed,lang", GAMES[:6])
def test_mn_61_the_end_reveals_hands_traps_discard_and_seed(players, seed, lang):
    before, after, events, action = transitions(players, seed)[-1]
    t = table(lang, players, after)
    ops = PRESENTER.present(t, before, after, events, action.player if action else None)
    text = "\n".join(o["content"] for o in ops if is_public(o))
    assert "🏁" in text and t.t("mn.over.seed", seed=str(seed)) in text
    assert t.t("mn.ending", reason=after.outcome.reason, cause=str(after.outcome.params.get("cause", "none")), turns=after.turn, player=", ".join(NAMES[w] for w in after.outcome.winners)) in text
    for player in PLAYERS[:players]:
        assert NAMES[player] in text
    assert not any(o.get("components") for o in ops if o.get("do") == "edit")


# -- the turn's clock (MN-19) ---------------------------------------------------------------------------------------


def _classic(hands: dict[str, list[str]], **options: Any):
    players = PLAYERS[:3]
    overrides = {"seats": players, "hands": {players[i]: h for i, h in enumerate(hands.values())}}
    return MN.setup(players, {"layout": "classic", **options}, "clock", overrides=overrides)


def test_mn_19_the_turn_clock_pauses_in_reaction_windows_and_reopens_with_the_time_left():
    """MN-19: the turn prompt carries the turn's remaining time; the seconds its player took (``elapsed``, as the
    runtime reports them) are deducted; a reaction window's time is not, however long it runs; the next turn starts
    with the whole ``turn_seconds``."""
    ada, boris, cenek = PLAYERS[:3]
    state, _ = _classic({"a": ["sleepwalk", "sleepwalk", "star"], "b": ["dutch"], "c": ["sleepwalk"]}, turn_seconds=120)
    turn = state.prompts[0]
    assert turn.kind == "turn" and turn.timeout == 120
    state, _ = MN.apply(state, Action(ada, turn.id, "sleepwalk", {"direction": "up", "elapsed": 50}))
    window = state.prompts[0]
    assert window.kind == "reaction" and window.timeout == MN.options[0].default  # the window has its own timer
    state, _ = MN.apply(state, Action(boris, window.id, "pass", {"elapsed": 9}))
    state, _ = MN.apply(state, Action(cenek, window.id, "pass", {"elapsed": 10}))
    again = state.prompts[0]
    assert again.kind == "turn" and again.id != turn.id and again.timeout == 70  # 120 - 50; the window cost nothing
    state, _ = MN.apply(state, Action(ada, again.id, "end", {"elapsed": 30}))
    nxt = state.prompts[0]
    assert nxt.players == (boris,) and nxt.timeout == 120


def test_mn_19_time_running_out_ends_the_turn_and_bad_elapsed_is_refused():
    """MN-19: a turn whose time is spent re-opens for at most a second, and its timeout ends the turn as if ended;
    ``elapsed`` must be whole seconds, and it is optional."""
    ada, boris, cenek = PLAYERS[:3]
    state, _ = _classic({"a": ["sleepwalk", "sleepwalk"], "b": [], "c": []}, turn_seconds=30)
    turn = state.prompts[0]
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(IllegalAction) as err:
            MN.apply(state, Action(ada, turn.id, "sleepwalk", {"direction": "up", "elapsed": bad}))
        assert err.value.code == "bad_elapsed"
    state, _ = MN.apply(state, Action(ada, turn.id, "sleepwalk", {"direction": "up", "elapsed": 45}))
    for p in (boris, cenek):
        state, _ = MN.apply(state, Action(p, state.prompts[0].id, "pass"))
    assert state.prompts[0].kind == "turn" and state.prompts[0].timeout == 1
    state, events = MN.on_timeout(state, state.prompts[0].id)
    assert any(e.key == "mn.turn_ended" for e in events) and state.prompts[0].players == (boris,)


def test_mn_19_choices_and_answers_ignore_elapsed_but_accept_it():
    """MN-19 / MN-62: choices inside an effect have their own ``choice_seconds``; an ``elapsed`` reported with a
    choice or a window's answer is accepted and costs the turn nothing."""
    ada, boris, cenek = PLAYERS[:3]
    state, _ = _classic({"a": ["star"], "b": [], "c": []}, turn_seconds=100)
    state.avatars[ada] = "forest"  # a scenario: Ada stands in the Forest
    turn = state.prompts[0]
    state, _ = MN.apply(state, Action(ada, turn.id, "star", {"elapsed": 10}))
    for p in (boris, cenek):
        state, _ = MN.apply(state, Action(p, state.prompts[0].id, "pass", {"elapsed": 5}))
    choice = state.prompts[0]
    assert choice.key == "mn.choose_forest" and choice.timeout == 60
    state, _ = MN.apply(state, Action(ada, choice.id, "goto", {"location": "bridge", "elapsed": 40}))
    assert state.prompts[0].kind == "turn" and state.prompts[0].timeout == 90


def test_mn_19_the_turn_dm_counts_down_to_the_time_left():
    """MN-19: the re-opened turn's DM states its deadline, which the runtime sets from the prompt's timeout (the
    time left), as a Discord countdown."""
    ada, boris, cenek = PLAYERS[:3]
    state, _ = _classic({"a": ["sleepwalk", "sleepwalk"], "b": [], "c": []}, turn_seconds=120)
    state, _ = MN.apply(state, Action(ada, state.prompts[0].id, "sleepwalk", {"direction": "up", "elapsed": 80}))
    before = state
    state, _ = MN.apply(state, Action(boris, state.prompts[0].id, "pass"))
    before, state = state, MN.apply(state, Action(cenek, state.prompts[0].id, "pass"))[0]
    prompt = state.prompts[0]
    ops = PRESENTER.present(table("en", 3, state), before, state, [], cenek)
    (dm,) = [o for o in ops if o.get("slot") == dm_slot(prompt, ada)]
    assert f"<t:{NOW + 40}:R>" in dm["content"]


# -- wording, controls and private answers -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_every_kind_and_value_of_random_games_has_a_translated_label(lang):
    """Every action kind met in random games has its button label (``mn.button.<kind>``) and its sentence
    (``mn.do.<kind>``); every value is worded (no raw ids)."""
    kinds: set[str] = set()
    for players, seed, _ in GAMES:
        t = table(lang, players)
        for _, after, _, _ in transitions(players, seed)[::3]:
            for prompt in after.prompts:
                for player in {*prompt.players, *PLAYERS[:players]}:
                    view = MN.view(after, player)
                    for action in ctl.playable(MN.legal_actions(after, player), prompt.id):
                        kinds.add(action.kind)
                        labels = [PRESENTER.action_text(t, action, view)]
                        labels += [PRESENTER.value_label(t, n, v, view) for n, v in action.args.items()]
                        assert_no_raw_keys(labels)
    assert {"end", "pass", "sleepwalk", "set_trap", "star", "spring", "goto"} <= kinds
    for kind in kinds | {"remove", "cancel", "intercept", "mark", "done", "assign", "blind_discard", "shuffle", "give"}:
        assert table(lang).has(f"mn.button.{kind}") and table(lang).has(f"mn.do.{kind}"), kind


def test_mn_27_the_window_dm_reads_well_for_holders_and_others():
    """MN-24 (a) / MN-25 (a) / MN-27: the window's DM says what was played and offers Cancel / Intercept / Pass;
    a player without the card sees them greyed out and a line saying they can only pass."""
    ada, boris, cenek = PLAYERS[:3]
    state, _ = _classic({"a": ["sleepwalk"], "b": ["dutch", "catcher"], "c": ["sleepwalk"]})
    before = state
    state, events = MN.apply(state, Action(ada, state.prompts[0].id, "sleepwalk", {"direction": "up"}))
    t = table("en", 3, state)
    ops = PRESENTER.present(t, before, state, events, ada)
    prompt = state.prompts[0]
    holder, other = (next(o for o in ops if o.get("slot") == dm_slot(prompt, p)) for p in (boris, cenek))
    assert "⚡ **Ada plays Sleepwalk (up). Answer it?**" in holder["content"]
    assert [(c["label"], c["disabled"]) for c in components_of(holder)] == [
        ("📐 Cancel it (Dutch Angle)", False),
        ("🕸️ Intercept it (Dream Catcher)", False),
        ("Pass", False),
    ]
    assert [c["disabled"] for c in components_of(other)] == [True, True, False]
    assert "You hold no Dutch Angle and no Dream Catcher: pass." in other["content"]
    assert "Dutch Angle" not in holder.get("fallback", "") and "fallback" not in other
    public = "\n".join(said(o) for o in ops if is_public(o))
    assert "Ada plays Sleepwalk (up)." in public and "Reaction window" in public
    # Boris cancels; Ada answers her own card's answer (MN-27 [decided]): a cancel chain
    state2, events2 = MN.apply(state, Action(boris, prompt.id, "cancel"))
    ops2 = PRESENTER.present(table("en", 3, state2), state, state2, events2, boris)
    window2 = state2.prompts[0]
    assert set(window2.players) == {ada, cenek}
    (dm,) = [o for o in ops2 if o.get("slot") == dm_slot(window2, ada)]
    assert "Boris answers the Sleepwalk of Ada with Dutch Angle (cancel). Answer it?" in dm["content"]


def test_mn_50_a_trap_is_set_in_two_steps_and_stays_face_down_in_public():
    """MN-50 / MN-30 / MN-P7: with two Suspense cards and two partners, setting a trap opens the picker: where (the
    location the Suspense names), then which card; the public sees only that a trap was set."""
    ada = PLAYERS[0]
    state, events = _classic({"a": ["suspense-forest", "suspense-bridge", "sleepwalk", "catcher"], "b": [], "c": []})
    t = table("en", 3, state)
    prompt = state.prompts[0]
    rows = PRESENTER.components(t, state, ada, prompt)
    (setter,) = [c for c in components_of({"components": rows}) if c["custom_id"].endswith(":set_trap")]
    assert setter["custom_id"].startswith("np:") and setter["label"] == "🪤 Set a trap …"
    step = PRESENTER.picker(t, state, ada, prompt.id, ctl.Partial("set_trap"))
    assert PRESENTER.picker_text(t, step) == "🪤 Set a trap — where does the trap go?"
    labels = [c["label"] for r in step.components for c in r["components"]]
    assert labels[:2] == ["the Bridge", "the Forest"]
    first = next(c for r in step.components for c in r["components"] if c["label"] == "the Bridge")
    step = PRESENTER.picker(t, state, ada, prompt.id, ctl.decode(ctl.ControlId.parse(first["custom_id"]).code))
    assert PRESENTER.picker_text(t, step) == "🪤 Set a trap: the Bridge — which card goes with it?"
    assert [c["label"] for r in step.components for c in r["components"]][:2] == ["Dream Catcher", "Sleepwalk"]
    action = Action(ada, prompt.id, "set_trap", {"suspense": "suspense-bridge", "card": "catcher"})
    after, events = MN.apply(state, action)
    assert PRESENTER.ack_text(t, action) == "✅ 🪤 Set a trap at the Bridge: Dream Catcher"
    assert PRESENTER.answer_lines(t, action, events) == ["Your trap: Dream Catcher, waiting at the Bridge."]
    public = "\n".join(said(o) for o in PRESENTER.present(table("en", 3, after), state, after, events, ada) if is_public(o))
    assert "Ada sets a trap face down." in public and "Catcher" not in public and "Bridge:" not in public


def test_mn_21_vertigo_is_picked_card_then_location_then_direction():
    """MN-21 / MN-18: Vertigo's picker asks for the location (your own or an adjacent one), then the way."""
    ada = PLAYERS[0]
    state, _ = _classic({"a": ["vertigo"], "b": [], "c": []})
    state.avatars[ada] = "forest"  # B2 on the classic board: Bridge, Restaurant, Motel around it
    t = table("en", 3, state)
    prompt = state.prompts[0]
    step = PRESENTER.picker(t, state, ada, prompt.id, ctl.Partial("vertigo_rotate"))
    assert PRESENTER.picker_text(t, step) == "🌀 Vertigo (rotate a location) — which location?"
    assert {c["label"] for r in step.components for c in r["components"]} >= {"the Forest", "the Bridge"}
    step = PRESENTER.picker(t, state, ada, prompt.id, ctl.Partial("vertigo_rotate", {"location": "bridge"}))
    assert PRESENTER.picker_text(t, step) == "🌀 Vertigo (rotate a location): the Bridge — which way?"
    assert [c["label"] for r in step.components for c in r["components"]][:2] == ["clockwise", "counter-clockwise"]
    rows = PRESENTER.components(t, state, ada, prompt)
    reached = reached_actions(t, state, ada, prompt.id, rows)
    assert set(map(_key, reached)) == set(map(_key, ctl.playable(t.legal(state, ada), prompt.id)))


def test_mn_20_sleepwalk_buttons_name_where_they_lead():
    ada = PLAYERS[0]
    state, _ = _classic({"a": ["sleepwalk"], "b": [], "c": []})
    state.avatars[ada] = "forest"  # classic: up to the Bridge, left to the Restaurant, right to the Motel
    t = table("en", 3, state)
    labels = [c["label"] for c in components_of({"components": PRESENTER.components(t, state, ada, state.prompts[0])})]
    assert "🚶 Sleepwalk up to the Bridge" in labels and "End turn" == labels[-1]


def test_mn_p3_the_square_shows_the_discard_pile_to_its_activator_only():
    """MN-32 / MN-P3 / MN-14: the Square's activator sees the discard pile in their choice's DM; the public learns
    only how many cards they took."""
    ada, boris, cenek = PLAYERS[:3]
    state, _ = _classic({"a": ["star"], "b": [], "c": []}, layout="classic")
    state.avatars[ada] = "square"
    state.discard = {"vertigo": 2, "dutch": 1}
    state, _ = MN.apply(state, Action(ada, state.prompts[0].id, "star"))
    for p in (boris, cenek):
        before = state
        state, events = MN.apply(state, Action(p, state.prompts[0].id, "pass"))
    prompt = state.prompts[0]
    assert prompt.key == "mn.choose_square"
    ops = PRESENTER.present(table("en", 3, state), before, state, events, cenek)
    (dm,) = [o for o in ops if o.get("slot") == dm_slot(prompt, ada)]
    assert "🗑️ The discard pile: Dutch Angle, Midnight Star, Vertigo ×2" in dm["content"]  # the Star just played
    assert not any("The discard pile" in o.get("content", "") for o in ops if o is not dm), "one DM, not two"
    assert all("Vertigo" not in o["content"] for o in ops if is_public(o))
    assert not any(o.get("to") == "dm" and o["user"] != ada for o in ops)


def test_mn_p7_a_mark_is_answered_to_its_owner_only():
    """MN-56 (a) / MN-P7: marking a Midnight Star trap is offered in the window's DM, answered only in the reply
    to the click, and changes nothing anyone else sees."""
    ada, boris, cenek = PLAYERS[:3]
    state, _ = _classic({"a": ["star"], "b": ["suspense-forest", "star"], "c": []})
    state.avatars[ada] = "forest"
    # Boris's turn comes later: set his trap directly as a scenario (its place is his secret)
    from engines.midnighters.state import Trap

    state.traps.append(Trap(1, boris, "forest", "star", "suspense-forest", [boris]))
    before = state
    state, events = MN.apply(state, Action(ada, state.prompts[0].id, "star"))
    prompt = state.prompts[0]
    t = table("en", 3, state)
    ops = PRESENTER.present(t, before, state, events, ada)
    (dm,) = [o for o in ops if o.get("slot") == dm_slot(prompt, boris)]
    assert "⭐ Mark your Midnight Star trap at the Forest" in [c["label"] for c in components_of(dm)]
    (other,) = [o for o in ops if o.get("slot") == dm_slot(prompt, cenek)]
    assert _shape([dm])[0][:4] == ("dm", boris, dm_slot(prompt, boris), None) and "fallback" not in other
    action = Action(boris, prompt.id, "mark", {"trap": 1})
    after, events = MN.apply(state, action)
    # only Boris's own window DM changes: its Mark button goes (issue 28: no control left that is no choice)
    ops = PRESENTER.present(table("en", 3, after), state, after, events, boris)
    assert [(o["do"], o["slot"]) for o in ops] == [("edit", dm_slot(prompt, boris))]
    assert "⭐" not in json.dumps(ops[0]["components"], ensure_ascii=False) and "pass" in json.dumps(ops[0]["components"])
    assert PRESENTER.answer_lines(t, action, events) == ["Your Midnight Star trap in the Forest is marked."]


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_status_and_mine_word_the_table_and_only_your_own_hand(lang):
    _, after, _, _ = transitions(3, 1)[6]
    t = table(lang, 3, after)
    status = PRESENTER.status_text(t, after)
    for player in PLAYERS[:3]:
        assert NAMES[player] in status
    asked = after.prompts[0].players[0]
    mine = PRESENTER.private_text(t, after, asked)
    hand = MN.view(after, asked)["hand"]
    assert all(PRESENTER.card(t, c) in mine for c in hand)
    assert "<t:" in mine
    assert_no_raw_keys([status, mine])


def test_the_caption_tells_a_screen_reader_where_everyone_stands():
    """MN-9 / MN-64: the caption holds the turn, whose move, every position with hand and trap counts, the piles."""
    _, after, _, _ = transitions(3, 0)[0]
    caption = PRESENTER.board_caption(table("en", 3), MN.view(after, None))
    assert caption.startswith("🌙 **Turn 1 of 80**") and "Ada to play: 2 actions left" in caption
    assert "Ada (A): Corridor 1, 5 cards" in caption and "Deck 87 · discard pile 0" in caption


def test_the_host_panel_and_answers_are_worded():
    t = table("ru", 3)
    assert PRESENTER.kind_label(t, "remove") == t.t("mn.button.remove")
    assert PRESENTER.ack_text(t, Action(HOST, "turn#1", "remove", {"player": PLAYERS[1]})) == "✅ " + t.t(
        "mn.do.remove", player="Boris"
    )


def test_mn_53_the_springs_out_of_turn_come_at_the_turns_start_to_whom_can_spring_and_go_with_the_turn_prompt():
    """MN-53 / MN-54 / MN-P7 (issue 28): when a turn starts, every other player who can spring a trap now gets one
    quiet DM naming their traps, where they stand (what a spring does for them depends on it) and the springs,
    in the turn prompt's own slot and before the turn's DM (so it reaches them while the moment lasts); a player
    none of whose traps can spring gets nothing; it loses its buttons when the turn prompt closes; and a turn
    prompt opened again after a window sends none (that window's DM offered the springs)."""
    from engines.midnighters.state import Trap

    ada, boris, cenek = PLAYERS[:3]
    state, _ = _classic({"a": ["sleepwalk", "sleepwalk"], "b": ["sleepwalk"], "c": []})
    state.traps.append(Trap(1, cenek, "bridge", "sleepwalk", "suspense-bridge", [cenek]))  # a scenario: set earlier
    state.traps.append(Trap(2, ada, "forest", "dutch", "suspense-forest", [ada]))  # nobody on the Forest: no spring
    state, _ = MN.apply(state, Action(ada, state.prompts[0].id, "sleepwalk", {"direction": "up"}))
    state, _ = MN.apply(state, Action(boris, state.prompts[0].id, "pass"))
    before, (state, events) = state, MN.apply(state, Action(cenek, state.prompts[0].id, "pass"))
    ops = PRESENTER.present(table("en", 3, state), before, state, events, cenek)
    assert state.prompts[0].key == "mn.turn" and not [o for o in ops if o.get("to") == "dm" and o["user"] == cenek]
    before, (state, events) = state, MN.apply(state, Action(ada, state.prompts[0].id, "end"))
    turn = state.prompts[0]
    ops = PRESENTER.present(table("en", 3, state), before, state, events, ada)
    (dm,) = [o for o in ops if o.get("slot") == dm_slot(turn, cenek)]
    assert "Your traps** while Boris plays: Sleepwalk trap at the Bridge" in dm["content"]
    assert "📍 Where you are: Corridor 3 (arrows: ↑ ↓)." in dm["content"] and "fallback" not in dm
    assert any(c["label"].startswith("💥") for c in components_of(dm))
    assert ops.index(dm) < ops.index(next(o for o in ops if o.get("slot") == dm_slot(turn, boris)))
    assert not [o for o in ops if o.get("to") == "dm" and o["user"] == ada]  # her trap cannot spring: nothing
    before, (state, events) = state, MN.apply(state, Action(boris, turn.id, "sleepwalk", {"direction": "up"}))
    ops = PRESENTER.present(table("en", 3, state), before, state, events, boris)
    assert {"do": "edit", "slot": dm_slot(turn, cenek), "components": [], "forget": True} in ops


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_mn_53_a_sprung_trap_says_what_it_did(lang):
    """MN-53 .. MN-58: the public line of a sprung trap names its owner, place and card and what it did; a
    Vertigo trap (no target: its move and turn are lines of their own) prints no stray ``target``."""
    ada, boris = PLAYERS[:2]
    t = table(lang, 3)
    cases = {
        "self": {"player": ada, "location": "bridge", "card": "sleepwalk", "target": ada},
        "corridor": {"player": ada, "location": "forest", "card": "sleepwalk", "target": boris, "corridor": "corridor3"},
        "vertigo": {"player": ada, "location": "forest", "card": "vertigo", "cell": "B3", "turns": 2},
        "swap": {"player": ada, "location": "motel", "card": "dutch", "target": boris},
        "claim": {"player": ada, "location": "motel", "card": "catcher", "target": boris},
        "star": {"player": ada, "location": "forest", "card": "star", "target": boris},
        "townhall": {"player": ada, "location": "townhall", "card": "star", "target": "none"},
    }
    texts = {}
    for name, params in cases.items():
        (event,) = PRESENTER.worded(t, [Event("mn.trap_sprung", params)])
        texts[name] = t.say(event)
        assert "Ada" in texts[name] and not re.search(r"\btarget\b|\bnone\b|\{|\$", texts[name]), texts[name]
        assert ("Boris" in texts[name]) == (name in ("corridor", "swap", "claim", "star")), texts[name]
    assert len(set(texts.values())) == len(texts)
    if lang == "en":
        assert texts["self"] == "💥 Trap sprung by Ada at the Bridge: Sleepwalk, and Ada steps onto it."
        assert texts["corridor"] == "💥 Trap sprung by Ada at the Forest: Sleepwalk, and Boris is sent to Corridor 3."
        assert texts["vertigo"] == "💥 Trap sprung by Ada at the Forest: Vertigo."
        # the confirmation comes after the spring, when the trap is gone from the owner's view: no "trap no. 1"
        spring = Action(ada, "window#1", "spring", {"trap": 1, "mode": "self"})
        assert PRESENTER.ack_text(t, spring) == "✅ 💥 Your trap: step onto it yourself"
