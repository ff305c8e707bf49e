"""Midnight Hunt on Discord (cogs/midnight_hunt/presenter.py): every transition of seeded random games, 1 vs 1 and
2 vs 2, with and without the chess clock, presented as the bot would send it — valid for Discord, worded without
raw keys, controls that offer exactly the legal plays step by step (MH-22), hands and bags only to their owner
(MH-P1, MH-50), the Seal's three plays alike in public (MH-P2), spectators seeing the public board only (MH-P4,
MH-61), surrender with a confirmation (MH-54), the rejoin window (MH-55) and the clocks as live countdowns (MH-57)."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import cogs.registry  # noqa: F401 - registers every game's UI
from bot import controls as ctl
from bot import decoder
from bot.games import game_ui
from bot.ops import DANGER, MAX_CONTENT
from bot.presenter import Table, dm_slot, prompt_slot
from bot.render import RenderContext
from cogs.midnight_hunt.presenter import MHStep, MidnightHuntPresenter
from engines import get_engine
from engines.core import CLOCK, SAMPLING, Action, Event, State
from engines.midnight_hunt.state import Seal
from tests.bot import presenting
from tests.bot.presenting import Step, action_key, assert_valid_rows, components_of, texts_of
from tests.fakediscord import payloads

MH = get_engine("midnight_hunt")
UI = game_ui("midnight_hunt")
PRESENTER = UI.presenter
PLAYERS = [str(10**17 + i) for i in range(4)]  # Discord-sized ids
NAMES = dict(zip(PLAYERS, ["Ada", "Boris", "Čeněk", "Dana"]))
SPECTATOR = str(10**17 + 99)
NOW = 1_700_000_000
GAME_ID = 987654321987654321  # as long as a real id, so the custom ids are as long as they get
CLOCKED = {"clock_minutes": 5, "increment_seconds": 2}
#: (players, seed, language, options): random games played by the engine's own random players, timeouts included.
GAMES = [
    (2, 0, "en", {}),
    (2, 1, "ru", CLOCKED),
    (2, 2, "cs", {}),
    (2, 3, "en", CLOCKED),
    (2, 5, "ru", {}),
    (4, 0, "cs", {}),
    (4, 1, "en", CLOCKED),
    (4, 5, "ru", {}),
]
IDS = [f"{n}p-seed{s}-{lang}{'-clock' if o else ''}" for n, s, lang, o in GAMES]
#: Raw ids that must never reach a reader (unit and Seal ids; English names are capitalised).
RAW_ID = re.compile(
    r"\b(archer|crossbowman|night_shooter|uhlan|cavalry|light_cavalry|spearman|knight|swordsman|necromancer|"
    r"seal_of_the_order|seal_of_the_abyss|hunters|darkness)\b"
)


def table(lang: str = "en", players: int = 2, after: State | None = None, narrator: str | None = None) -> Table:
    """A game table whose open timed prompts have deadlines, as the runtime gives them (so countdowns show)."""
    deadlines = {p.id: NOW + p.timeout for p in (after.prompts if after else []) if p.timeout}
    return Table(
        game_id=GAME_ID,
        engine=MH,
        lang=lang,
        names={p: NAMES[p] for p in PLAYERS[:players]},
        guild_name="Night Hunt",
        narrator=narrator,
        deadlines=deadlines,
    )


@cache
def transitions(players: int, seed: int, options_json: str = "{}") -> list[Step]:
    """Every transition of one seeded random game: (before, after, events, action); the first is the setup."""
    return presenting.transitions(MH, PLAYERS[:players], seed, json.loads(options_json), timeout_rate=0.03)


def game_steps(players: int, seed: int, options: dict[str, Any]) -> list[Step]:
    return transitions(players, seed, json.dumps(options, sort_keys=True))


def present(players: int, seed: int, lang: str, options: dict[str, Any]) -> Iterator[tuple[Step, list[dict[str, Any]]]]:
    for step in game_steps(players, seed, options):
        before, after, events, action = step
        actor = action.player if action else None
        yield step, PRESENTER.present(table(lang, players, after), before, after, events, actor)


@pytest.fixture(scope="module")
def presented():
    """Each seeded game presented once for the module: its tests read the same ops (being module-scoped, it also
    sends them all to one test process, tests/conftest.py)."""
    shown = cache(lambda players, seed, lang, options: list(present(players, seed, lang, json.loads(options))))
    return lambda players, seed, lang, options: shown(players, seed, lang, json.dumps(options, sort_keys=True))


# -- reading ops -------------------------------------------------------------------------------------------------


def board_of(ops: list[dict[str, Any]]) -> dict[str, Any]:
    """The board's op of a step: the caption, the open turn with its Surrender …, and the step's story."""
    (board,) = [o for o in ops if o.get("slot") == "board"]
    return board


def is_public(op: dict[str, Any]) -> bool:
    return (op.get("do") == "post" and op.get("to") == "game") or str(op.get("slot", "")).startswith(("prompt:", "board"))


def only_for(op: dict[str, Any], player: str) -> bool:
    """Does only ``player`` read this op (a DM to them, or an edit of one)?"""
    if op.get("to") == "dm":
        return op.get("user") == player
    return str(op.get("slot", "")).startswith("dm:") and str(op["slot"]).endswith(f":{player}")


def assert_valid_for_discord(op: dict[str, Any]) -> None:
    """Discord's limits (MH on a phone too) and the fake server's own validation of the payload."""
    assert len(op.get("preamble") or "") + len(op.get("content") or "") < MAX_CONTENT, op
    assert_valid_rows(op.get("components") or [], op.get("content") or "")
    if op.get("do") in ("post", "edit"):
        payload = {k: op[k] for k in ("content", "components") if k in op}
        assert payloads.validate_message(payload, partial=op["do"] == "edit") is None, op


def assert_no_raw_keys(texts: list[str]) -> None:
    for text in texts:
        assert "mh." not in text and "mh-" not in text, text
        assert "common." not in text and "common-" not in text, text
        assert not RAW_ID.search(text), text


# -- reaching plays through the controls --------------------------------------------------------------------------


def reached_actions(t: Table, state: State, player: str, prompt_id: str, components: list[dict[str, Any]]) -> list[Action]:
    """Every play reached through the controls and the picker's steps (each ending in a confirmation, checked as a
    Discord message on the way)."""

    def check(step: ctl.Step) -> None:
        text = PRESENTER.picker_text(t, step)
        assert_valid_for_discord({"do": "post", "content": text, "components": step.components})
        assert_no_raw_keys([text] + texts_of({"components": step.components}))

    return presenting.reached_actions(PRESENTER, t, state, player, prompt_id, components, on_step=check, confirm_steps=True)


_key = action_key


# -- over every transition -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players,seed,lang,options", GAMES, ids=IDS)
def test_every_transition_presents_valid_discord_messages_without_raw_keys(players, seed, lang, options, presented):
    boards = 0
    for _, ops in presented(players, seed, lang, options):
        assert ops
        for op in ops:
            assert_valid_for_discord(op)
            assert_no_raw_keys(texts_of(op))
            boards += op.get("slot") == "board"
    assert boards > 5


@pytest.mark.parametrize("players,seed,lang,options", GAMES, ids=IDS)
def test_mh_22_each_hand_is_offered_exactly_its_legal_plays_step_by_step(players, seed, lang, options, presented):
    """MH-22 / MH-14: the player to act gets, by DM only, controls — draft buttons, or token → action → target —
    that reach every legal play of theirs and nothing else; surrender included, behind its confirmation (MH-54).
    The thread's only control is the grey "Surrender…" button of the open turn."""
    checked = 0
    for (before, after, _, _), ops in presented(players, seed, lang, options):
        t = table(lang, players, after)
        for prompt in PRESENTER.opened_prompts(before, after):
            (player,) = prompt.players
            legal = ctl.playable(t.legal(after, player), prompt.id)
            dms = [o for o in ops if o.get("slot") == dm_slot(prompt, player)]
            if not legal:
                assert not dms
                continue
            (dm,) = dms
            assert dm["to"] == "dm" and dm["user"] == player
            reached = reached_actions(t, after, player, prompt.id, dm["components"])
            assert set(map(_key, reached)) == set(map(_key, legal))
            checked += 1
            if prompt.key in ("mh.draft", "mh.turn"):  # said on the board's message, with its Surrender …
                assert not [o for o in ops if o.get("slot") == prompt_slot(prompt)]
                (flag,) = components_of(board_of(ops))
                assert flag["custom_id"] == f"np:{GAME_ID}:{prompt.id}:0:surrender" and flag["style"] == 2
            else:
                (public,) = [o for o in ops if o.get("slot") == prompt_slot(prompt)]
                assert public["to"] == "game" and not components_of(public)
        for op in ops:
            if op.get("components") and not is_public(op):
                assert op["to"] == "dm" and any(op["user"] in p.players for p in after.prompts)
    assert checked >= 5


@pytest.mark.parametrize("players,seed,lang,options", GAMES, ids=IDS)
def test_mh_22_a_turn_is_one_click_in_its_dm(players, seed, lang, options, presented):
    """MH-22, issue 27: every legal play of a turn is one click in the turn's DM, a button or a select's option
    naming the token, the action and the target (the click's answer rewrites that DM: no private step, no edit
    taking its controls off); only Surrender opens a step, its confirmation (MH-54)."""
    turns = 0
    for (before, after, _, _), ops in presented(players, seed, lang, options):
        t = table(lang, players, after)
        for prompt in PRESENTER.opened_prompts(before, after):
            if prompt.key != "mh.turn":
                continue
            (player,) = prompt.players
            legal = t.legal(after, player)
            plays = [a for a in ctl.playable(legal, prompt.id) if a.kind != "surrender"]
            dms = [o for o in ops if o.get("slot") == dm_slot(prompt, player)]
            if not ctl.playable(legal, prompt.id):
                assert not dms  # away (MH-55): their Rejoin comes first
                continue
            (dm,) = dms
            one_click = []
            for control in components_of(dm):
                cid = ctl.ControlId.parse(control["custom_id"])
                values = [[o["value"]] for o in control["options"]] if control["type"] == 3 else [[]]
                for value in values:
                    click = decoder.decode(cid, player, legal, value)
                    if isinstance(click, decoder.Apply):
                        one_click.append(click.action)
                        label = next(o["label"] for o in control["options"] if [o["value"]] == value) if value else control["label"]
                        assert ": " in label and label.split(": ")[0], label  # the token first, then what it does
                    else:
                        assert isinstance(click, decoder.NextStep) and click.partial.kind == "surrender", (control, click)
            assert sorted(map(_key, one_click)) == sorted(map(_key, plays))
            turns += 1
    assert turns >= 3


def test_mh_22_a_turn_with_more_plays_than_a_select_holds_has_a_select_per_token(presented):
    """More than 25 plays: one select per token, its placeholder naming the token, still one click a play (the
    seeded 1 vs 1 game reaches such a turn)."""
    for (before, after, _, _), ops in presented(2, 0, "en", {}):
        t = table("en", 2, after)
        for prompt in PRESENTER.opened_prompts(before, after):
            dm = next((o for o in ops if o.get("slot") == dm_slot(prompt, prompt.players[0])), None)
            selects = [c for c in components_of(dm or {}) if c["type"] == 3]
            if prompt.key != "mh.turn" or len(selects) < 2:
                continue
            hand = t.view(after, prompt.players[0])["hand"]
            assert len(selects) >= len(set(hand)) and all(s["placeholder"].endswith(": which play?") for s in selects)
            for select in selects:  # each select holds one token's plays, named first
                assert len({o["label"].split(": ")[0] for o in select["options"]}) == 1
                assert select["options"][0]["label"].startswith(select["placeholder"].removesuffix(": which play?"))
            return
    pytest.fail("no turn with more plays than a select holds")


def _all_states() -> Iterator[tuple[int, int, str, dict[str, Any], State]]:
    for players, seed, lang, options in GAMES:
        for _, state, _, _ in game_steps(players, seed, options):
            yield players, seed, lang, options, state


def _scrambled(state: State, player: str) -> State:
    """The same game with ``player``'s hand, bag and pending Seal choice changed (the same numbers of tokens)."""
    other = copy.deepcopy(state)
    me = other.seats[player]
    pool = sorted(me.units) + ["seal"]
    me.hand = [pool[(pool.index(t) + 1) % len(pool)] for t in me.hand]
    me.bag = sorted(pool[(pool.index(t) + 2) % len(pool)] for t in me.bag)
    me.pending = Seal("pass") if me.pending is None else None
    return other


def _seen_by_others(ops: list[dict[str, Any]], player: str) -> list[Any]:
    """What anyone but ``player`` can observe of ops: every op whole, except that a DM to ``player`` shows
    only that it is sent, where, and its public fallback."""
    return [
        ("dm", op.get("do"), op.get("slot"), op.get("fallback")) if only_for(op, player) else json.dumps(op, sort_keys=True)
        for op in ops
    ]


@pytest.mark.parametrize("players,seed,lang,options", GAMES[::2], ids=IDS[::2])
def test_mh_p1_nothing_anyone_else_reads_depends_on_a_hand_or_a_bag(players, seed, lang, options):
    """MH-P1 / MH-50 / MH-P3 / MH-P5: the same transition with one player's hand, bag contents and pending Seal
    choice changed gives the very same public messages, board, team posts and other players' DMs (the team-mate's
    included): only that player's own DMs may differ."""
    compared = 0
    for before, after, events, action in game_steps(players, seed, options):
        if after.phase != "play" or after.outcome is not None or (before is not None and before.phase != "play"):
            continue
        actor = action.player if action else None
        t = table(lang, players, after)
        real = PRESENTER.present(t, before, after, events, actor)
        for player in PLAYERS[:players]:
            if player == actor:
                continue  # the actor's own events (their new hand) are theirs; the other players are checked
            other = PRESENTER.present(t, _scrambled(before, player), _scrambled(after, player), events, actor)
            assert _seen_by_others(real, player) == _seen_by_others(other, player)
            compared += 1
    assert compared >= 10


def test_mh_p2_the_seals_three_plays_give_identical_public_ops():
    """MH-P2 / MH-47: from the same state, every Seal play (Take initiative, Recruit of any type, Pass) gives the
    same public story line ("🔑 Ada breaks a Seal in secret …"), the same board and the same next prompt, for everyone but the player, until
    the round-end summary — which names no Seal action (MH-48)."""
    checked = 0
    for players, seed, lang, options, state in _all_states():
        if state.outcome is not None or state.phase != "play":
            continue
        prompt = state.prompts[0]
        (player,) = prompt.players
        seals = [a for a in MH.legal_actions(state, player) if a.kind == "seal"]
        if len(seals) < 2:
            continue
        seen, ended = [], []
        for seal in seals:
            after, events = MH.apply(state, seal)
            ops = PRESENTER.present(table(lang, players, after), state, after, events, player)
            if after.round != state.round:
                ended.append(ops)
            else:
                seen.append(_seen_by_others(ops, player))
            said = table(lang, players, after).t("mh.seal_played", player=table(lang, players).name(player))
            line = next(o for o in ops if is_public(o) and said in "\n".join(texts_of(o)))
            assert "***" not in "\n".join(texts_of(line))  # a story line, not a mask (issue 29)
        assert all(s == seen[0] for s in seen), "a Seal play shows in public"
        for ops in ended:
            for op in ops:
                if is_public(op):
                    for choice in ("initiative", "recruit", "pass"):
                        assert table(lang).t(f"mh.choice.{choice}") not in "\n".join(texts_of(op))
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("players,seed,lang,options", GAMES, ids=IDS)
def test_mh_p4_the_board_is_the_spectator_view(players, seed, lang, options, presented):
    """MH-49 / MH-P4 / MH-61: the board image is rendered from the spectator's view (counts, never a hand, a bag's
    contents or a Seal choice), re-rendered when that view changes, with a caption; a spectator who clicks the
    thread's surrender button is told they watch, and can do nothing."""
    for (before, after, _, _), ops in presented(players, seed, lang, options):
        for op in ops:
            if op.get("slot") == "board":
                assert is_public(op) and op["render"]["engine"] == "midnight_hunt"
                view = op["render"]["view"]
                assert view == MH.view(after, None) and SAMPLING not in view  # a computer's table: not drawn
                assert MH.view(after, None) == MH.view(after, SPECTATOR)
                assert not {"hand", "bag_contents", "pending", "you"} & view.keys()
                assert op["content"].strip()
            else:
                assert "render" not in op
        if before is None:
            assert any(o.get("slot") == "board" for o in ops), "the board is posted at the start"
        if after.prompts:
            t = table(lang, players, after)
            step = PRESENTER.picker(t, after, SPECTATOR, after.prompts[0].id, ctl.Partial("surrender"))
            assert isinstance(step, MHStep) and not step.components
            assert PRESENTER.picker_text(t, step) == "👀 " + t.t("mh.step.spectator")


def test_the_board_image_renders_from_what_the_presenter_sends(presented):
    _, ops = presented(4, 0, "cs", {})[0]
    (board,) = [o for o in ops if o.get("slot") == "board"]
    render = board["render"]
    image = UI.board(render["view"], RenderContext(render["lang"], render["names"]))
    assert image.png.startswith(b"\x89PNG") and image.description


# -- the draft, the hand, the steps ---------------------------------------------------------------------------------


def _first_play(players: int = 2, lang: str = "en", options: dict | None = None) -> tuple[State, list[Event]]:
    """A scenario game past the draft: A holds Archer, Knight, Spearman, Swordsman; B the rest of a Darkness pool."""
    who = PLAYERS[:players]
    drafts = {who[0]: ["archer", "knight", "spearman", "swordsman"], who[1]: ["crossbowman", "cavalry", "uhlan", "light_cavalry"]}
    hands = {who[0]: ["archer", "seal", "knight"], who[1]: ["crossbowman", "cavalry", "uhlan"]}
    return MH.setup(
        who,
        {**(options or {}), "first_player": "A"},
        "fixed",
        overrides={"factions": {who[0]: "hunters", who[1]: "darkness"}, "drafts": drafts, "hands": hands},
    )


def test_mh_14_the_draft_is_buttons_with_a_line_on_each_unit():
    state, events = MH.setup(PLAYERS[:2], {"faction_1": "darkness", "first_player": "A"}, "d")
    t = table("en", 2, state)
    ops = PRESENTER.present(t, None, state, events)
    prompt = state.prompts[0]
    (dm,) = [o for o in ops if o.get("slot") == dm_slot(prompt, PLAYERS[0])]
    buttons = components_of(dm)
    labels = [b["label"] for b in buttons]
    assert labels[:3] == ["🏹 Archer", "🌘 Night Shooter", "🔱 Uhlan"] and "☠ Necromancer" in labels  # MH-1, MH-3
    assert all(b["type"] == 2 for b in buttons)
    assert [b["custom_id"].split(":", 3)[3] for b in buttons[:2]] == ["pick;unit='archer", "pick;unit='crossbowman"]
    assert labels[-1] == "🏳️ Surrender …" and buttons[-1]["custom_id"].startswith("np:")
    assert "📋 **Your draft pick** (1 of 4). You play A, 🌑 Darkness." in dm["content"]
    assert "• **🌘 Night Shooter** — 5 tokens · attacks at stack 2 or more, then pays 1 token to the discard" in dm["content"]
    # the thread: the board's message tells the start and says whose pick it is (one public call)
    board = board_of(ops)
    assert not [o for o in ops if o.get("slot") == prompt_slot(prompt)]
    assert "⚔️ **Midnight Hunt**, 1 vs 1. Midnight strikes, and the hunt is on. A · Ada · 🌑 Darkness; B · Boris ·" in board["story"][0]
    assert "📋 Draft, pick 1 of 8: **Ada (A)** chooses a unit type." in board["content"]


def test_mh_17_mh_50_the_turn_dm_shows_hand_bag_and_tokens_and_the_waiting_player_gets_their_hand():
    state, events = _first_play()
    t = table("en", 2, state)
    ops = PRESENTER.present(t, None, state, events)
    prompt = state.prompts[0]
    (dm,) = [o for o in ops if o.get("slot") == dm_slot(prompt, PLAYERS[0])]
    assert "▶️ **Your turn**, round 1. You play A, 🗡️ Hunters." in dm["content"]
    assert "🎒 Your hand: 🏹 Archer, 🔑 Seal of the Order, ♞ Knight" in dm["content"]
    assert "👜 In your bag (6, drawn at random): 🏹 Archer, ♞ Knight, 🛡 Spearman ×2, ⚔ Swordsman ×2" in dm["content"]
    # MH-22: every play whole in one select (one click plays it), the grey Surrender … below
    play, flag = components_of(dm)
    assert play["type"] == 3 and play["placeholder"] == "Choose your play"
    assert [o["label"] for o in play["options"]] == [
        "🏹 Archer: 📥 Deploy → b1",
        "🏹 Archer: 📥 Deploy → c1",
        "🔑 Seal of the Order: 🔑 Recruit: Archer (2 in supply)",
        "🔑 Seal of the Order: 🔑 Recruit: Knight (2 in supply)",
        "🔑 Seal of the Order: 🔑 Recruit: Spearman (2 in supply)",
        "🔑 Seal of the Order: 🔑 Recruit: Swordsman (3 in supply)",
        "🔑 Seal of the Order: 🔑 Pass",
        "♞ Knight: 📥 Deploy → b1",
        "♞ Knight: 📥 Deploy → c1",
    ]
    assert flag["label"] == "🏳️ Surrender …" and flag["custom_id"] == f"np:{GAME_ID}:{prompt.id}:0:surrender"
    (waiting,) = [o for o in ops if o.get("to") == "dm" and o["user"] == PLAYERS[1]]
    assert "🎒 Round 1, your hand: 🌘 Night Shooter, 🐎 Cavalry, 🔱 Uhlan" in waiting["content"]  # MH-1 names
    assert all(o["user"] == PLAYERS[0] for o in ops if o.get("to") == "dm" and "Seal of the Order" in o["content"])
    public = "\n".join(texts_of(board_of(ops)))
    assert "Ada draws 0 tokens from the bag (3 in hand)." in public  # MH-51: counts only (this scenario deals the hands)
    assert "Seal of the Order" not in public and "🎒" not in public


def test_mh_22_steps_read_well_and_go_back():
    """Token → action → target: the Knight's step offers Deploy at each free location it may take (two, so no
    shortcut); each target names the hex as the board image labels it (a letter and the row from side A's edge, never
    the engine's ``q,r``); Back returns to the tokens."""
    state, _ = _first_play()
    t = table("en", 2, state)
    prompt = state.prompts[0]
    step = PRESENTER.picker(t, state, PLAYERS[0], prompt.id, ctl.Partial(None, {"unit": "knight"}))
    assert PRESENTER.picker_text(t, step) == "♞ Knight: 📥 Deploy → choose:"
    labels = [c["label"] for c in components_of({"components": step.components})]
    assert labels == ["📥 Deploy → b1", "📥 Deploy → c1", "↩ Back"]
    assert components_of({"components": step.components})[-1]["custom_id"] == f"np:{GAME_ID}:{prompt.id}:0:*:b"
    seal = PRESENTER.picker(t, state, PLAYERS[0], prompt.id, ctl.Partial("seal"))
    assert PRESENTER.picker_text(t, seal) == "🔑 Seal of the Order: which action? Only you will know; the table only sees that a Seal was played."
    options = [c["label"] for c in components_of({"components": seal.components})]
    assert options[0] == "🔑 Recruit: Archer (2 in supply)" and "🔑 Pass" in options  # A leads: no initiative (MH-44)
    assert "🔑 Take initiative" not in options


def test_mh_54_surrender_takes_a_confirmation_and_any_seated_player_may_use_it():
    state, _ = _first_play()
    t = table("en", 2, state)
    prompt = state.prompts[0]
    for player in PLAYERS[:2]:  # whose turn it is or not
        step = PRESENTER.picker(t, state, player, prompt.id, ctl.Partial("surrender"))
        assert PRESENTER.picker_text(t, step) == "🏳️ Surrender? You lose at once."  # 1 vs 1: no team-mate
        confirm, cancel = components_of({"components": step.components})[:2]
        assert confirm["style"] == DANGER and confirm["custom_id"] == f"nc:{GAME_ID}:{prompt.id}:surrender"
        # a way out of the confirmation that plays nothing and says so, with nothing left to click
        assert cancel["label"] == "Cancel: play on" and cancel["custom_id"].startswith(f"np:{GAME_ID}:{prompt.id}:")
        click = decoder.decode(ctl.ControlId.parse(cancel["custom_id"]), player, MH.legal_actions(state, player))
        assert isinstance(click, decoder.NextStep), click
        cancelled = PRESENTER.picker(t, state, player, prompt.id, click.partial, click.page)
        assert PRESENTER.picker_text(t, cancelled) == "🏳️ You did not surrender: the game goes on." and not cancelled.components
        back = [c for c in components_of({"components": step.components}) if c["label"] == "↩ Back"]
        assert bool(back) == (player == PLAYERS[0])  # the waiting player has nothing else to go back to
        if back:  # back to the turn's every play, one click each (MH-22)
            click = decoder.decode(ctl.ControlId.parse(back[0]["custom_id"]), player, MH.legal_actions(state, player))
            plays = PRESENTER.picker(t, state, player, prompt.id, click.partial, click.page)
            assert PRESENTER.picker_text(t, plays) == "Choose your play"
            assert plays.components == PRESENTER.components(t, state, player, prompt)
    after, events = MH.apply(state, Action(PLAYERS[1], prompt.id, "surrender"))
    ops = PRESENTER.present(table("en", 2, after), state, after, events, PLAYERS[1])
    public = "\n".join(o.get("content", "") for o in ops if is_public(o))
    assert "🏁 **The hunt is over** — side A (red) wins: surrender. Boris lays down arms." in public
    assert "The night belongs to Ada." in public
    assert PRESENTER.ack_text(t, Action(PLAYERS[1], prompt.id, "surrender")) == "✅ 🏳️ Surrender"


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_mh_54_in_2v2_the_confirmation_says_the_team_mate_loses_too_and_in_1v1_it_does_not(lang):
    duel, _ = _first_play()
    teams, _ = MH.setup(PLAYERS, {"first_player": "A"}, "teams")
    texts = {}
    for state, n in ((duel, 2), (teams, 4)):
        step = PRESENTER.picker(table(lang, n, state), state, PLAYERS[1], state.prompts[0].id, ctl.Partial("surrender"))
        texts[n] = PRESENTER.picker_text(table(lang, n, state), step)
    mate = {"en": "team-mate", "ru": "напарник", "cs": "spoluhráč"}[lang]
    assert mate in texts[4] and mate not in texts[2], texts


def test_mh_1_a_darkness_player_is_confirmed_their_night_shooter_not_a_crossbowman():
    """MH-1: a Darkness player's ``crossbowman`` is their Night Shooter, in the confirmation of their click too
    (worded from the game after it, as the cog asks for it) and in their Seal's recruit."""
    state, _ = _first_play()
    state, _ = MH.apply(state, next(a for a in MH.legal_actions(state, PLAYERS[0]) if a.kind == "deploy"))
    boris = PLAYERS[1]  # Darkness, with a crossbowman in hand
    deploy = next(a for a in MH.legal_actions(state, boris) if a.kind == "deploy" and a.args["unit"] == "crossbowman")
    after, events = MH.apply(state, deploy)
    for lang, name, wrong in (("en", "Night Shooter", "Crossbowman"), ("ru", "Ночной Стрелок", "Арбалетчик")):
        t = table(lang, 2, after)
        ack = PRESENTER.ack_for(t, deploy, after)
        assert name in ack and wrong not in ack, ack
    drafts = {PLAYERS[0]: ["archer", "knight", "spearman", "swordsman"], boris: ["crossbowman", "cavalry", "uhlan", "light_cavalry"]}
    state, _ = MH.setup(
        PLAYERS[:2],
        {"first_player": "B"},
        "fixed",
        overrides={"factions": {PLAYERS[0]: "hunters", boris: "darkness"}, "drafts": drafts,
                   "hands": {PLAYERS[0]: ["archer", "seal", "knight"], boris: ["seal", "cavalry", "uhlan"]}},
    )
    recruit = Action(boris, state.prompts[0].id, "seal", {"choice": "recruit", "unit": "crossbowman"})
    assert recruit in MH.legal_actions(state, boris)
    after, events = MH.apply(state, recruit)
    (line,) = PRESENTER.answer_lines(table("en", 2, after), recruit, events)
    assert "Recruit: Night Shooter" in line and "Crossbowman" not in line, line


@pytest.mark.parametrize("players,seed,lang,options", GAMES[:3], ids=IDS[:3])
def test_mh_17_the_hand_a_play_draws_its_player_comes_in_the_answer_to_that_click(players, seed, lang, options):
    """A play that ends the round draws its player a new hand (MH-17): the answer to their click shows it, worded
    as its DM would have been (their faction's names, MH-1), and no DM is sent for it (issue 27); the other players
    still get theirs by DM (MH-P1: each their own)."""
    checked = 0
    for before, after, events, action in game_steps(players, seed, options):
        if action is None or action.player not in PLAYERS:
            continue
        mine = [e for e in events if e.key == "mh.hand" and e.audience.players == (action.player,)]
        if not mine:
            continue
        t = table(lang, players, after)
        ops = PRESENTER.present(t, before, after, events, action.player)
        dm = t.t("mh.dm.round_hand", round=after.round, tokens="").split(":")[0]
        assert not [o for o in ops if o.get("to") == "dm" and o["user"] == action.player and dm in o["content"]]
        (said,) = [line for line in PRESENTER.answer_lines(t, action, events) if line.startswith("🎒")]
        would = PRESENTER.hand_ops(t, after, mine[0])
        if would:  # (or the turn's DM that follows shows the hand)
            assert would[0]["content"].endswith(said), (would, said)
        for event in events:
            if event.key == "mh.hand" and event.audience.players != (action.player,):
                (other,) = event.audience.players
                assert PRESENTER.turn_dm_follows(t, after, other) or [o for o in ops if o.get("to") == "dm" and o["user"] == other]
        checked += 1
    assert checked >= 1


def test_mh_p5_the_seal_choice_is_confirmed_to_its_player_only():
    state, _ = _first_play()
    prompt = state.prompts[0]
    action = Action(PLAYERS[0], prompt.id, "seal", {"choice": "recruit", "unit": "archer"})
    after, events = MH.apply(state, action)
    t = table("en", 2, after)
    lines = PRESENTER.answer_lines(t, action, events)
    assert lines == ["🔑 Your Seal: 🔑 Recruit: Archer. It takes hold at the end of the round; the table only sees that a Seal was played."]
    ops = PRESENTER.present(t, state, after, events, PLAYERS[0])
    assert not any("Recruit" in text for op in ops for text in texts_of(op))
    assert "🔑 Ada breaks a Seal in secret: its power takes hold at the end of the round." in board_of(ops)["story"]


def test_mh_57_the_clock_counts_down_live_and_the_others_stand():
    """MH-57: the turn's deadline is the acting player's clock, shown as a live Discord countdown on the board's
    message and in the DM; the other clocks are shown as they stand. A warning before it runs out goes to the DM."""
    state, events = _first_play(options=CLOCKED)
    t = table("en", 2, state)
    prompt = state.prompts[0]
    assert prompt.timeout == 300
    ops = PRESENTER.present(t, None, state, events)
    line = f"⏳ The clock of Ada runs out <t:{NOW + 300}:R> · Boris 5:00"
    assert line in board_of(ops)["content"]
    assert line in next(o for o in ops if o.get("slot") == dm_slot(prompt, PLAYERS[0]))["content"]
    warned = PRESENTER.warn_ops(t, state, prompt, 30)
    assert {o["slot"] for o in warned} == {dm_slot(prompt, PLAYERS[0])}
    after, events = MH.on_timeout(state, prompt.id)  # flag fall (MH-52)
    ops = PRESENTER.present(table("en", 2, after), state, after, events, CLOCK)
    public = "\n".join(o.get("content", "") for o in ops if is_public(o))
    assert "side B (purple) wins: the clock ran out. The clock of Ada has run out." in public


def test_mh_56_without_a_clock_the_idle_limit_counts_down():
    state, events = _first_play()
    ops = PRESENTER.present(table("ru", 2, state), None, state, events)
    public = board_of(ops)["content"]
    assert f"⏳ Ход игрока Ada нужно сделать <t:{NOW + 600}:R>, иначе это будет считаться выходом из игры" in public


def test_mh_55_leaving_opens_the_rejoin_window():
    """MH-55: a player who leaves gets Rejoin by DM with the window's countdown; the thread says they left and
    until when they may come back; the turn waits for them, and the other player may still surrender."""
    state, _ = _first_play()
    prompt = state.prompts[0]
    after, events = MH.apply(state, Action(PLAYERS[0], prompt.id, "leave"))
    t = table("cs", 2, after)
    ops = PRESENTER.present(t, state, after, events, PLAYERS[0])
    rejoin = next(p for p in after.prompts if p.key == "mh.rejoin")
    (dm,) = [o for o in ops if o.get("slot") == dm_slot(rejoin, PLAYERS[0])]
    assert [c["label"] for c in components_of(dm)] == ["Vrátit se"] and "Jste mimo hru." in dm["content"]
    assert f"<t:{NOW + 120}:R>" in dm["content"]
    public = "\n".join(texts_of(next(o for o in ops if o.get("slot") == prompt_slot(rejoin))))
    assert "Ada opouští hru: hra čeká na návrat." in public and f"⏳ Ada se může vrátit <t:{NOW + 120}:R>, jinak prohraje." in public
    turn = after.prompts[0]
    assert not [o for o in ops if o.get("slot") == dm_slot(turn, PLAYERS[0])], "an away player gets no turn controls"
    # the leave is said once, in the rejoin message: not in a log line too, nor again in the turn it reopened
    said = [text for op in ops if is_public(op) for text in texts_of(op) if "Ada" in text and ("opouští" in text or "mimo hru" in text)]
    assert said == [public], said
    assert "mimo hru" not in board_of(ops)["content"]


def test_mh_55_a_leave_is_said_once_and_a_later_turn_of_the_away_player_says_the_game_waits():
    """MH-55 / MH-56: Boris leaves while Ada is to play (idle, say): one message says it, without "the game waits"
    (it does not yet); when Boris's turn comes while he is away, that turn says the game waits for him."""
    state, _ = _first_play()
    boris = PLAYERS[1]
    after, events = MH.apply(state, Action(boris, state.prompts[0].id, "leave"))
    ops = PRESENTER.present(table("en", 2, after), state, after, events, boris)
    said = [text for op in ops if is_public(op) for text in texts_of(op) if "Boris" in text and ("left" in text or "away" in text)]
    assert len(said) == 1 and "🚪 Boris has left the game." in said[0] and "waits" not in said[0], said
    before, (after, events) = after, MH.apply(after, next(a for a in MH.legal_actions(after, PLAYERS[0]) if a.kind == "deploy"))
    turn = after.prompts[0]
    assert turn.players == (boris,)
    ops = PRESENTER.present(table("en", 2, after), before, after, events, PLAYERS[0])
    assert "(away: the game waits for Boris to come back)" in board_of(ops)["content"]
    # leaving idle (MH-56) says why
    state, _ = _first_play()
    after, events = MH.on_timeout(state, state.prompts[0].id)
    rejoin = next(p for p in after.prompts if p.key == "mh.rejoin")
    ops = PRESENTER.present(table("en", 2, after), state, after, events, CLOCK)
    text = next(o for o in ops if o.get("slot") == prompt_slot(rejoin))["content"]
    assert text.startswith("🚪 Ada has left the game (no play for too long): the game waits for them."), text


def test_2v2_teams_get_private_threads_and_team_mates_see_no_hand(presented):
    """MH-20 / MH-50: in 2 vs 2 each team gets its private thread at the start (the engine sends no team events;
    the thread is for the players to talk in); no hand is ever posted there."""
    state, events = MH.setup(PLAYERS, {}, "teams")
    ops = PRESENTER.present(table("en", 4, state), None, state, events)
    teams = [o for o in ops if o.get("to") == "team"]
    assert [(o["team"], sorted(o["members"])) for o in teams] == [
        ("A", sorted(p for p in PLAYERS if state.seats[p].side == "A")),
        ("B", sorted(p for p in PLAYERS if state.seats[p].side == "B")),
    ]
    assert teams[0]["name"] == "Side A (red)" and "your team's private thread" in teams[0]["content"]
    for n, (_, ops) in enumerate(presented(4, 0, "en", {})):
        assert n == 0 or not [o for o in ops if o.get("to") == "team"]


def test_mh_p1_a_narrator_set_in_the_lobby_sees_no_hand():
    narrator = str(10**17 + 77)
    state, events = _first_play()
    ops = PRESENTER.present(table("en", 2, state, narrator=narrator), None, state, events)
    assert not [o for o in ops if o.get("user") == narrator or narrator in (o.get("members") or [])]


def test_the_board_is_drawn_before_the_next_turn_is_offered(presented):
    """The board's edit comes before the new prompt's messages: the player asked to play sees the position they play
    on, and the next turn is not held behind the dispatcher's wait on a last rewrite."""
    checked = 0
    for (_, after, _, _), ops in presented(2, 3, "en", CLOCKED):
        kinds = ["board" if "render" in op else "prompt" if op.get("do") == "post" and op.get("slot") else "" for op in ops]
        if "board" in kinds and "prompt" in kinds:
            assert kinds.index("board") < kinds.index("prompt"), kinds
            checked += 1
    assert checked > 5


def test_mh_60_mh_61_the_lobby_seats_by_mode_and_names_its_watchers():
    """The mode fixes the seats (2 or 4); whoever joins beyond them watches and is named as watching. A game whose
    options do not fix its seats keeps the engine's range."""
    from types import SimpleNamespace

    from bot.lobby import lobby_text, seat_limit, watchers

    row = SimpleNamespace(id=7, host_id=1, narrator_id=None, options={}, seats=PLAYERS[:2], names={**NAMES, SPECTATOR: "Eva"})
    assert seat_limit(MH, row.options) == 2 and seat_limit(MH, {"mode": "2v2"}) == 4
    assert watchers(row) == [PLAYERS[2], PLAYERS[3], SPECTATOR]
    text = lobby_text(Table(game_id=7, engine=MH, lang="en", names=row.names, guild_name="Night Hunt"), MH, row)
    assert "Players (2 of 2): Ada, Boris" in text and "Watching: Čeněk, Dana, Eva" in text and "Mode: 1 vs 1" in text
    row.options, row.seats, row.names = {"mode": "2v2"}, PLAYERS[:3], {p: NAMES[p] for p in PLAYERS[:3]}
    text = lobby_text(Table(game_id=7, engine=MH, lang="ru", names=row.names, guild_name="Night Hunt"), MH, row)
    assert "Игроки (3 из 4): Ada, Boris, Čeněk" in text and "Зрители" not in text
    assert "Фракция места 4" in text, text
    watch = get_engine("night_watch")
    assert watch.seats({}) is None and seat_limit(watch, {}) == watch.max_players


def test_mh_60_a_1v1_lobby_neither_lists_nor_offers_the_factions_of_seats_3_and_4():
    from types import SimpleNamespace

    from bot.lobby import lobby_text, settings_panel

    t = Table(game_id=7, engine=MH, lang="en", names=NAMES, guild_name="Night Hunt")
    for options, seats in (({}, 2), ({"mode": "2v2"}, 4)):
        row = SimpleNamespace(id=7, host_id=1, narrator_id=None, options=options, seats=PLAYERS[:2], names=NAMES)
        text = lobby_text(t, MH, row)
        offered = {c["custom_id"] for page in range(4) for c in components_of({"components": settings_panel(t, MH, row, page)})}
        for seat in range(1, 5):
            assert (f"Faction of seat {seat}" in text) == (seat <= seats), text
            assert (f"nls:7:opt:faction_{seat}" in offered) == (seat <= seats), offered
    # a faction set for seat 3 in 2 vs 2 is no setting of a 1 vs 1 game: switching to 1 vs 1 drops it
    assert [o.name for o in MH.options_in_play({"mode": "1v1"}) if o.name.startswith("faction_")] == ["faction_1", "faction_2"]


# -- wording ---------------------------------------------------------------------------------------------------------


#: Forms a native reader trips over (issue #20): an English possessive on a name or "a" before a vowel; a Russian
#: masculine-only past tense or "first" agreeing with a name; a Czech participle after "jste" (one person's "vy").
TRIPS = {
    "en": re.compile(r"(Ada|Boris|Čeněk|Dana)'s|\ba [AEIOU]"),
    "ru": re.compile(r"\b(Первым|первым|вышел|вернулся|взял|забрал|сделал|сдался|победил|проиграл)\b"),
    "cs": re.compile(r"\bjste \w+l[iy]\b|\b\w+l[iy] jste\b"),
}


@pytest.mark.parametrize(("players", "seed", "lang", "options"), [(2, 1, "en", {}), (4, 5, "en", {}), (2, 1, "ru", {}), (4, 0, "cs", {})])
def test_the_words_read_as_a_native_reader_expects(players, seed, lang, options, presented):
    """Issue #20 / #17: "Ada's Archer", "forfeits a Archer token", "Первым ходит Ada", "Hru jste opustili"."""
    for _, ops in presented(players, seed, lang, options):
        for op in ops:
            for text in texts_of(op):
                assert not TRIPS[lang].search(text), text
    for key in ("mh.forfeited", "mh.moved", "mh.attacked", "mh.destroyed", "mh.controlled"):
        params = {"player": PLAYERS[0], "victim": PLAYERS[1], "name": "archer", "victim_name": "archer", "how": "attack",
                  "hex": "0,0", "target": "0,1", "from": "0,0", "to": "0,1", "location": "N", "previous": "neutral",
                  "left": 1, "stack": 1, "counter": False, "count": 3}
        text = table(lang).say(Event(key, params))
        assert not TRIPS[lang].search(text) and "{" not in text, text


def test_czech_addresses_the_player_as_vy_everywhere():
    """Issue #20 item 2: no *ty* form anywhere in the Czech catalogue (pronouns, ty verb endings, ty imperatives)."""
    import translations as i18n

    text = (i18n.LOCALES_DIR / "cs" / "midnight_hunt.ftl").read_text(encoding="utf-8")
    ty = re.compile(r"\b(tvůj|tvoje|tvá|tvé|tvou|tebe|tobě|jsi|máš|můžeš|budeš|vyber|zahraj|stiskni|zvol|táhni|drž)\b", re.IGNORECASE)
    assert not [line for line in text.splitlines() if ty.search(line.split("=", 1)[-1])]


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_every_kind_unit_and_option_is_worded(lang):
    t = table(lang)
    for kind in ("pick", "deploy", "bolster", "move", "attack", "control", "tactic", "forfeit", "seal", "surrender", "rejoin", "leave"):
        assert t.has(f"mh.button.{kind}"), kind
    for unit in MH.rules.units.values():
        for variant in unit.variants.values():
            assert t.has(f"mh.help.{variant.name}") and t.has(f"mh.name.{variant.name}")
    for option in MH.options:
        assert t.has(f"mh.option.{option.name}"), option.name
        for choice in option.choices:
            assert t.has(f"mh.{option.name}.{choice}"), (option.name, choice)


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_status_and_mine_word_the_table_and_only_your_own_hand(lang):
    _, after, _, _ = game_steps(2, 0, {})[20]
    t = table(lang, 2, after)
    status = PRESENTER.status_text(t, after)
    assert all(NAMES[p] in status for p in PLAYERS[:2])
    own = t.t("mh.dm.hand", tokens="").split(":")[0]
    assert own not in status
    current = after.prompts[0].players[0]
    mine = PRESENTER.private_text(t, after, current)
    assert own in mine and "<t:" in mine
    assert PRESENTER.private_text(t, after, SPECTATOR) == status  # MH-61
    assert_no_raw_keys([status, mine])
    assert isinstance(PRESENTER, MidnightHuntPresenter) and UI.board is not None and PRESENTER.has_board
