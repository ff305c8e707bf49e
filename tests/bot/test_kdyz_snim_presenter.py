"""Když sním on Discord: what each player and the channel see, over seeded random games and scripted nights.

The privacy rules (``shared/rules/kdyz_snim.md``) are checked on every presented transition:

* KS-P1 / KS-21: the Dreamer is sent nothing while dreaming (no DM, no edit of a private message), so nothing they
  get can name a card or depend on a verdict; their own clicks are answered the same whatever the pile;
* KS-P2: no public message names an element of the round before its reveal (and, in a scripted night played with
  two different decks, the public channel is identical, byte for byte);
* KS-10 / KS-3: each non-dreamer gets one private message per round (role, card), edited as the card changes;
* Discord's limits: at most 2000 characters, 5 rows of at most 5 components, unique ``custom_id`` of at most 100
  characters, labels of at most 80; and no untranslated message id reaches anyone.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

import translations as i18n
from bot.ops import MAX_BUTTONS_PER_ROW, MAX_CONTENT, MAX_CUSTOM_ID, MAX_LABEL, MAX_ROWS, Op
from bot.presenter import Table
from cogs.kdyz_snim import UI
from cogs.kdyz_snim.presenter import KdyzSnimPresenter
from cogs.kdyz_snim.round_message import element_slot
from cogs.kdyz_snim.words import user_text
from engines import get_engine
from engines.core import CLOCK, HOST, Action, Event, State
from engines.kdyz_snim.words import element, element_ids
from engines.playout import random_playout

E = get_engine("kdyz_snim")
#: Most tests read every seeded game (:func:`all_steps`, cached per process): one process presents them once.
pytestmark = pytest.mark.one_process
P = UI.presenter
IDS = [str(10**17 + i) for i in range(10)]  # Discord-sized ids
NAMES = dict(zip(IDS, ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]))
T0 = 1_700_000_000
NIGHT = ("night", "last_guess", "recap")
#: (seed, players, clue mode, element language, bot language): every table size, both modes, all languages
GAMES = [
    ("a", 4, "text", "en", "en"),
    ("b", 5, "text", "cs", "cs"),
    ("c", 6, "voice", "ru", "ru"),
    ("d", 7, "text", "en", "en"),
    ("e", 8, "voice", "en", "cs"),
    ("f", 9, "text", "ru", "ru"),
    ("g", 10, "text", "cs", "en"),
]


@dataclass
class Step:
    before: State | None
    after: State
    events: list[Event]
    action: Action | None
    ops: list[Op]
    table: Table


def make_table(lang: str, players: list[str], deadlines: dict[str, float] | None = None) -> Table:
    # the runtime's table: the lobby host (seat 1, the engine's default host) answers HOST prompts
    return Table(game_id=987654321, engine=E, lang=lang, names=dict(NAMES), guild_name="Dreamland", host=players[0], deadlines=dict(deadlines or {}))


def _deadlines(state: State, old: dict[str, float]) -> dict[str, float]:
    return {p.id: old.get(p.id, T0 + p.timeout) for p in state.prompts if p.timeout}


def replay(players: list[str], options: dict[str, Any], seed: str, log: list[dict[str, Any]], lang: str, overrides: dict | None = None) -> Iterator[Step]:
    state, events = E.setup(players, options, seed, overrides)
    deadlines = _deadlines(state, {})
    t = make_table(lang, players, deadlines)
    yield Step(None, state, events, None, P.present(t, None, state, events), t)
    for entry in log:
        action = Action.from_json(entry)
        before = state
        state, events = E.apply(state, action)
        deadlines = _deadlines(state, deadlines)
        t = make_table(lang, players, deadlines)
        yield Step(before, state, events, action, P.present(t, before, state, events, action.player), t)


@cache
def game(seed: str, n: int, mode: str, language: str, lang: str) -> list[Step]:
    players = IDS[:n]
    options = {"clue_mode": mode, "language": language, "round_seconds": 60}
    result = random_playout(E, players, seed, options=options, check=False, host_rate=0.2)
    assert result.state.outcome is not None
    return list(replay(players, options, seed, result.record["log"], lang))


def all_steps() -> Iterator[tuple[tuple, Step]]:
    for spec in GAMES:
        for step in game(*spec):
            yield spec, step


# -- reading ops -----------------------------------------------------------------------------------------------


def recipient(op: Op) -> str | None:
    """Who sees an op: a user id for DMs and edits of private slots, ``None`` for the game channel."""
    if op.get("do") == "post":
        return str(op["user"]) if op.get("to") == "dm" else None
    slot = str(op.get("slot", ""))
    if slot.startswith("ks:element:"):
        return slot.rsplit(":", 1)[1]
    if slot.startswith("dm:"):
        return slot.rsplit(":", 1)[1]
    return None


def texts(op: Op) -> list[str]:
    """Every string of an op a person reads: content, its preamble, labels, placeholders, option labels."""
    out = [op.get("content", ""), op.get("preamble", ""), op.get("fallback", "")]
    for row in op.get("components", []):
        for c in row["components"]:
            out += [c.get("label", ""), c.get("placeholder", "")] + [o["label"] for o in c.get("options", [])]
    return [t for t in out if t]


def dreaming(state: State | None) -> str | None:
    """The player dreaming in ``state`` (test side: reads the engine's view), while the round is unrevealed."""
    if state is None:
        return None
    view = E.view(state, None)
    return view["dreamer"] if view["phase"] in NIGHT else None


def round_words(state: State, language: str) -> set[str]:
    """Every form of every element of the running round (the test may look at the state; presenters may not)."""
    return {form for card in state.round.cards for form in element(card.element).names(language)}


@cache
def vocabulary(lang: str) -> frozenset[str]:
    """Words of the bot's own texts (an element that is also a word of a template, like "sand" in "sand timer"
    or "карта" in "Карта сна", is not a leak when the template says it)."""
    words: set[str] = set()
    for name in ("kdyz_snim.ftl", "common.ftl"):
        raw = (i18n.LOCALES_DIR / lang / name).read_text(encoding="utf-8")
        raw = re.sub(r"\{[^{}]*\}", " ", raw)
        words |= {w.casefold() for w in re.findall(r"\w+", raw)}
    return frozenset(words | {n.casefold() for n in NAMES.values()})


CLUE_LINE = re.compile(r"^💬 \*\*[^*]+\*\*: .*$", re.MULTILINE)  # a player's own clue, echoed into the clue log


def names_a_word(text: str, words: set[str], lang: str) -> list[str]:
    text = CLUE_LINE.sub("", text).casefold()
    return [w for w in words if w.casefold() not in vocabulary(lang) and re.search(rf"(?<!\w){re.escape(w.casefold())}(?!\w)", text)]


# -- privacy over random games ------------------------------------------------------------------------------------


def test_ks_p1_the_dreamer_is_sent_nothing_while_dreaming():
    """KS-P1, KS-21: no DM and no edit of a private message reaches the Dreamer during their night, so nothing they
    receive names a card, and neither its presence nor its timing can depend on a verdict."""
    checked = 0
    for spec, step in all_steps():
        dreamers = {d for d in (dreaming(step.before), dreaming(step.after)) if d}
        for op in step.ops:
            assert recipient(op) not in dreamers, (spec, step.action, op)
        checked += bool(dreamers)
    assert checked > 500


def test_ks_21_the_dreamers_own_clicks_are_answered_the_same_whatever_the_pile():
    """KS-21: a guess is acknowledged with the Dreamer's own words and nothing else (no verdict, no card)."""
    seen = 0
    for spec, step in all_steps():
        action = step.action
        if action is None or action.player != dreaming(step.before):
            continue
        assert P.answer_lines(step.table, action, step.events) == [], (spec, action)
        ack = P.ack_text(step.table, action)
        if action.kind == "guess":
            seen += 1
            assert ack == step.table.t("ks.ack.guess", text=user_text(action.args["text"]))
    assert seen > 50


def test_ks_p2_public_messages_name_no_element_of_the_round_during_the_night():
    """KS-P2, KS-10: the game channel never names a card of the running round before the day reveals it."""
    checked = 0
    for (seed, n, mode, language, lang), step in all_steps():
        if E.view(step.after, None)["phase"] not in NIGHT:
            continue
        words = round_words(step.after, language)
        for op in step.ops:
            if recipient(op) is None:
                for text in texts(op):
                    assert not names_a_word(text, words, lang), (seed, step.action, text)
                    checked += 1
    assert checked > 1000


def test_ks_p1_mine_never_shows_the_dreamer_a_card():
    """KS-P1: ``/game mine`` for the Dreamer (the DM fallback) has the card number, never the card."""
    for (seed, n, mode, language, lang), step in all_steps():
        dreamer = dreaming(step.after)
        if dreamer is None:
            continue
        text = P.private_text(step.table, step.after, dreamer)
        assert not names_a_word(text, round_words(step.after, language), lang), (seed, text)
        assert "🟡" not in text and "🔵" not in text


# -- the private message of the round ---------------------------------------------------------------------------


def test_ks_3_ks_10_one_private_message_per_non_dreamer_per_round_then_edits():
    """KS-3 / KS-10: when a night starts each non-dreamer gets one message with their role and the card; during
    the round it is only edited (never posted again), and never to the Dreamer."""
    for spec, step in all_steps():
        view = E.view(step.after, None)
        posts = [op for op in step.ops if op.get("do") == "post" and str(op.get("slot", "")).startswith("ks:element:")]
        started = step.before is None or E.view(step.before, None)["round"] != view["round"]
        if not started or view["phase"] not in NIGHT:
            assert posts == [], (spec, step.action)
            continue
        receivers = [p for p in view["players"] if p not in view["left"] and p != view["dreamer"]]
        assert sorted(op["user"] for op in posts) == sorted(receivers)
        for op in posts:
            mine = E.view(step.after, op["user"])
            assert op["slot"] == element_slot(view["round"], op["user"])
            assert step.table.t(f"ks.role.{mine['role']}") in op["content"]
            assert f"**{mine['element']['word']}**" in op["content"]
            assert step.table.header() in op["content"]


def test_ks_10_the_private_message_follows_the_card_and_shows_each_verdict():
    """KS-10 / KS-21: after a guess, each non-dreamer's message is edited to the new card and lists the old one
    with its pile and the guess."""
    players = IDS[:5]
    deck = element_ids()[:20]
    state, _ = E.setup(players, {"language": "en"}, "s", {"deck": deck})
    dream = state.prompts[0]
    right = element(deck[0]).word("en")
    t = make_table("en", players)
    after, events = E.apply(state, Action(players[0], dream.id, "guess", {"card": 1, "text": right}))
    ops = P.present(t, state, after, events, players[0])
    edits = {recipient(op): op for op in ops if str(op.get("slot", "")).startswith("ks:element:")}
    assert set(edits) == set(players[1:])
    for op in edits.values():
        assert op["do"] == "edit"
        assert f"**{element(deck[1]).word('en')}**" in op["content"]
        assert f"1. **{right}** — 🟡" in op["content"] and f"“{right}”" in op["content"]


def test_ks_21_right_and_wrong_guesses_look_the_same_to_the_dreamer_and_the_channel():
    """KS-21: the public reaction and everything the Dreamer gets are identical for a right and a wrong guess."""
    players = IDS[:6]
    deck = element_ids()[100:130]
    state, _ = E.setup(players, {"language": "cs"}, "x", {"deck": deck})
    dream = state.prompts[0]
    t = make_table("cs", players, _deadlines(state, {}))
    seen = []
    for text in (element(deck[0]).word("cs"), "qwxz"):
        after, events = E.apply(state, Action(players[0], dream.id, "guess", {"card": 1, "text": text}))
        ops = P.present(t, state, after, events, players[0])
        seen.append([op for op in ops if recipient(op) in (None, players[0])])
    assert seen[0] == seen[1]


def test_ks_p2_the_channel_is_the_same_whatever_the_cards():
    """KS-P1 / KS-P2: a scripted night (clues, passes, skips, wrong guesses, fouls reported and reviewed, the
    last guess and the recap) played with two different decks gives the game channel and the Dreamer exactly the
    same messages: nothing public depends on a card."""
    players = IDS[:6]
    decks = [element_ids()[:60], element_ids()[60:120]]
    chooser = random.Random(7)
    states = [E.setup(players, {"language": "en"}, "same", {"deck": d})[0] for d in decks]
    deadlines = _deadlines(states[0], {})
    steps = 0
    while E.view(states[0], None)["phase"] in NIGHT and steps < 400:
        action = _scripted(states[0], chooser, late=steps > 80)
        outputs = []
        for i, before in enumerate(states):
            after, events = E.apply(before, action)
            t = make_table("en", players, _deadlines(after, deadlines))
            ops = P.present(t, before, after, events, action.player)
            outputs.append([op for op in ops if recipient(op) in (None, players[0])])
            states[i] = after
        deadlines = _deadlines(states[0], deadlines)
        if E.view(states[0], None)["phase"] in NIGHT:  # the reveal names the cards, as it should
            assert outputs[0] == outputs[1], action
        steps += 1
    assert E.view(states[0], None)["phase"] == "day" and steps > 30


def _scripted(state: State, chooser: random.Random, late: bool) -> Action:
    """A move that is the same whatever the cards: nonsense clues, passes, timeouts, wrong guesses, fouls; the
    sand timer runs out once the night is ``late``."""
    by_kind: dict[str, list[Action]] = {}
    for who in [*E.view(state, None)["players"], HOST]:
        for a in E.legal_actions(state, who):
            if a.kind not in ("leave", "remove"):
                by_kind.setdefault(a.kind, []).append(a)
    timed = [p for p in state.prompts if p.timeout and (late or not p.id.startswith("dream#"))]
    roll = chooser.random()
    if "confirm" in by_kind:
        return chooser.choice(by_kind["confirm"] + by_kind["reject"])
    if "report" in by_kind and roll < 0.1:
        return chooser.choice(by_kind["report"])
    if "recap" in by_kind:
        a = by_kind["recap"][0]
        return Action(a.player, a.prompt, "recap", {"text": "qwxz, blorp"})
    if roll < 0.15 and timed:
        return Action(CLOCK, chooser.choice(timed).id, "timeout")
    if "guess" in by_kind and (roll < 0.35 or "clue" not in by_kind):
        a = by_kind["guess"][0]
        return Action(a.player, a.prompt, "guess", {**a.args, "text": "qwxz"})
    if "clue" in by_kind:
        a = by_kind["clue"][0]
        if roll < 0.45:
            return next(p for p in by_kind["pass"] if p.prompt == a.prompt)
        return Action(a.player, a.prompt, "clue", {"text": chooser.choice(["blorp", "snarf", "quibble", "zonk"])})
    return Action(CLOCK, timed[0].id, "timeout")


# -- Discord's limits and translations ----------------------------------------------------------------------------


def test_every_message_fits_discord():
    """Every op: at most 2000 characters (with its preamble), at most 5 rows of at most 5 components, custom ids
    of at most 100 characters and unique within the message, labels of at most 80."""
    for spec, step in all_steps():
        for op in step.ops:
            content = op.get("content", "")
            assert len(content) <= MAX_CONTENT and len((op.get("preamble", "") + "\n" + content).strip()) <= MAX_CONTENT, (spec, op)
            components = op.get("components", [])
            assert len(components) <= MAX_ROWS, (spec, op)
            ids = [c["custom_id"] for row in components for c in row["components"]]
            assert len(ids) == len(set(ids)), (spec, op)
            for row in components:
                assert 1 <= len(row["components"]) <= MAX_BUTTONS_PER_ROW
                for c in row["components"]:
                    assert len(c["custom_id"]) <= MAX_CUSTOM_ID and len(c.get("label", "")) <= MAX_LABEL


RAW_KEY = re.compile(r"(?<![\w/])(ks|common)[.-][a-z_]+[.-]?")


@pytest.mark.parametrize("spec", GAMES, ids=[f"{g[1]}p-{g[2]}-{g[4]}" for g in GAMES])
def test_no_untranslated_message_id_reaches_anyone(spec):
    """Every text is translated in the game's language: no ``ks.*``/``ks-*`` id in any message, answer or command
    output."""
    for step in game(*spec):
        outputs = [text for op in step.ops for text in texts(op)]
        if step.action is not None and step.action.player != CLOCK:
            outputs += [P.ack_text(step.table, step.action), *P.answer_lines(step.table, step.action, step.events)]
        outputs.append(P.status_text(step.table, step.after))
        outputs += [P.private_text(step.table, step.after, p) for p in IDS[: spec[1]]]
        for text in outputs:
            assert not RAW_KEY.search(text), (spec, step.action, text)


def test_buttons_name_the_action_in_the_bots_language():
    """The clue turn carries the giver's Clue (a modal) and Pass and the Dreamer's Guess (a modal) and Pass
    (KS-13, KS-14, KS-19), each labelled, never a raw kind."""
    players = IDS[:5]
    for lang in ("en", "ru", "cs"):
        state, events = E.setup(players, {}, "b")
        ops = P.present(make_table(lang, players, _deadlines(state, {})), None, state, events)
        turn = next(op for op in ops if str(op.get("slot", "")).startswith("ks:card:"))
        ids = [c["custom_id"] for row in turn["components"] for c in row["components"]]
        assert [i.split(":")[0] for i in ids] == ["nm", "nc", "nm", "nc"]
        assert ":clue#" in ids[0] and ":dream#" in ids[2]
        assert "<t:" in turn["content"]  # KS-13: a live countdown
        labels = [c["label"] for row in turn["components"] for c in row["components"]]
        assert all(label and label not in ("clue", "pass", "guess") for label in labels)


# -- the clue log, fouls, the day and the end -------------------------------------------------------------------


def test_ks_13_the_cards_message_keeps_its_clue_log_above_the_open_turn():
    """KS-13 / KS-14 / issue 27: every turn on one card is the card's one message, rewritten in place (a post to its
    slot): the clues given so far, what the turn before came to when it gave none (a pass, a skip), then whose
    turn it is. Nothing else is public in such a step, so the click's own answer can carry the rewrite."""
    players = IDS[:5]
    state, _ = E.setup(players, {"language": "en"}, "c", {"deck": element_ids()[:10]})
    t = make_table("en", players)
    clue = state.prompts[1]
    after, events = E.apply(state, Action(players[1], clue.id, "clue", {"text": "blorp"}))
    # the step's only op: the click's own answer carries it (bot.answers.take_rewrites takes a step's rows only when
    # they all rewrite the message clicked on)
    public = P.present(t, state, after, events, players[1])
    assert [op["slot"] for op in public] == ["ks:card:1:1"] and public[0]["do"] == "post" and "forget" not in public[0]
    assert public[0]["content"].startswith("💬 **Bob**: blorp\n✏️ <@" + players[2] + ">, your clue for dream card 1")
    nxt = after.prompts[1]
    passed, events = E.apply(after, Action(players[2], nxt.id, "pass"))  # a pass: the same, the pass said above the turn
    (edit,) = P.present(t, after, passed, events, players[2])
    assert edit["slot"] == "ks:card:1:1" and edit["content"].startswith("💬 **Bob**: blorp\n⏭️ Cid passes.\n✏️ <@" + players[3] + ">")
    nxt = passed.prompts[1]
    later, events = E.apply(passed, Action.timeout(nxt.id))
    (edit,) = [op for op in P.present(t, passed, later, events) if op.get("slot") == "ks:card:1:1"]
    lines = edit["content"].splitlines()
    assert lines[0] == "💬 **Bob**: blorp" and "Dee" in lines[1] and "time" in lines[1] and f"<@{players[4]}>" in lines[2]


def test_ks_13_a_card_that_moves_on_closes_its_message_with_its_clue_log():
    """KS-13 / KS-21 / KS-22: when the card changes, its message keeps its clue log and loses its buttons (the same
    whatever the guess's pile), and the new card gets a message of its own headed "Next dream card", with the
    interrupted giver's fresh turn; at time-up the last giver's turn ends there as "no clue" (KS-23)."""
    players = IDS[:5]
    state, _ = E.setup(players, {"language": "en"}, "c", {"deck": element_ids()[:10]})
    t = make_table("en", players)
    state, _ = E.apply(state, Action(players[1], state.prompts[1].id, "clue", {"text": "blorp"}))
    before = state
    state, events = E.apply(state, Action(players[0], state.prompts[0].id, "guess", {"card": 1, "text": "qwxz"}))
    ops = P.present(make_table("en", players, _deadlines(state, {})), before, state, events, players[0])
    (closed,) = [op for op in ops if op.get("slot") == "ks:card:1:1"]
    assert closed["do"] == "edit" and closed["components"] == [] and closed["forget"]
    assert closed["content"] == "🎴 Dream card 1:\n💬 **Bob**: blorp"  # Cid's turn goes on on the new card: not "no clue" (issue 28)
    (new,) = [op for op in ops if op.get("slot") == "ks:card:1:2"]
    assert new["do"] == "post" and new["preamble"] == "➡️ Next dream card." and f"<@{players[2]}>, your clue for dream card 2" in new["content"]
    assert ops.index(closed) < ops.index(new)
    before = state
    state, events = E.apply(state, Action.timeout(state.prompts[0].id))  # the sand runs out (KS-23)
    (closed,) = [op for op in P.present(t, before, state, events) if op.get("slot") == "ks:card:1:2"]
    assert closed["content"] == "🎴 Dream card 2:\n✏️ No clue from Cid for this card." and closed["components"] == []


def test_ks_16_a_refused_clue_is_never_shown_and_its_giver_learns_why_privately():
    """KS-15 / KS-16 / KS-P2: a foul clue (here the card itself) is not echoed; the channel hears that the card
    changed and who takes the penalty; the giver's answer says why."""
    players = IDS[:5]
    deck = element_ids()[:10]
    state, _ = E.setup(players, {"language": "en"}, "c", {"deck": deck})
    t = make_table("en", players)
    clue = state.prompts[1]
    word = element(deck[0]).word("en")
    action = Action(players[1], clue.id, "clue", {"text": word})
    after, events = E.apply(state, action)
    ops = P.present(t, state, after, events, players[1])
    public = "\n".join(text for op in ops if recipient(op) is None for text in texts(op))
    assert word not in public and "Bob" in public and "penalty" in public
    (line,) = P.answer_lines(t, action, events)
    assert word in line and "the element itself" in line
    mine = next(op for op in ops if op.get("slot") == element_slot(1, players[1]))
    assert f"**{word}** — 🟥 penalty card for Bob" in mine["content"]


def _report_buttons(op: Op) -> list[str]:
    return [c["custom_id"] for row in op.get("components", []) for c in row["components"] if c["custom_id"].endswith(":report")]


def test_ks_18_a_foul_report_goes_to_the_host_privately_with_the_card_and_the_clues():
    """KS-18: a non-dreamer reports from the open clue turn's public message (a picker button, shown once someone
    has given a clue for the card); the reviewers get the card and the accused's clues by DM with Confirm /
    Reject; while the report is pending the button is off the turn's message, and it is back once rejected."""
    players = IDS[:5]
    deck = element_ids()[:10]
    state, _ = E.setup(players, {"language": "en"}, "c", {"deck": deck})
    t = make_table("en", players)
    first = next(op for op in P.present(t, None, state, []) if str(op.get("slot", "")).startswith("ks:card:"))
    assert _report_buttons(first) == []  # nobody has given a clue for the card yet
    before = state
    state, events = E.apply(state, Action(players[1], state.prompts[1].id, "clue", {"text": "blorp"}))
    turn = next(op for op in P.present(t, before, state, events, players[1]) if op.get("slot") == "ks:card:1:1")
    assert _report_buttons(turn) == [f"np:{t.game_id}:{state.prompts[0].id}:0:report"]
    for player in players[1:]:  # the private message of the round has no controls (issue 27)
        assert P.round_message(t, state, player)[1] == []
    assert P.round_message(t, state, players[0]) is None  # the Dreamer has no such message
    before = state
    state, events = E.apply(state, Action(players[2], state.prompts[0].id, "report", {"accused": players[1]}))
    ops = P.present(t, before, state, events, players[2])
    # seat 1 hosts but dreams now, so the non-dreamers other than the reporter and the accused review (KS-18)
    reviews = [op for op in ops if op.get("to") == "dm"]
    assert sorted(op["user"] for op in reviews) == [players[3], players[4]]
    for op in reviews:
        assert f"**{element(deck[0]).word('en')}**" in op["content"] and "“blorp”" in op["content"]
    (edit,) = [op for op in ops if op.get("slot") == "ks:card:1:1"]
    assert edit["do"] == "edit" and edit["components"] and _report_buttons(edit) == []
    assert not [op for op in ops if str(op.get("slot", "")).startswith("ks:element:")]  # nothing private changed
    before = state
    review = next(p for p in state.prompts if p.id.startswith("review#"))
    state, events = E.apply(state, Action(players[3], review.id, "reject"))
    (edit,) = [op for op in P.present(t, before, state, events, players[3]) if op.get("slot") == "ks:card:1:1"]
    assert _report_buttons(edit) == [f"np:{t.game_id}:{state.prompts[0].id}:0:report"]


def test_ks_18_voice_mode_has_the_report_button_on_the_night_message():
    """KS-17 / KS-18: a voice night has no clue turns; its night message carries the report button from the start
    (any clue giver may be named), and the private messages carry none."""
    players = IDS[:5]
    state, events = E.setup(players, {"language": "en", "clue_mode": "voice"}, "v")
    t = make_table("en", players, _deadlines(state, {}))
    ops = P.present(t, None, state, events)
    (night,) = [op for op in ops if op.get("slot") == f"prompt:{state.prompts[0].id}"]
    assert _report_buttons(night) == [f"np:{t.game_id}:{state.prompts[0].id}:0:report"]
    assert all(op.get("components", []) == [] for op in ops if str(op.get("slot", "")).startswith("ks:element:"))


def test_issue_27_a_clue_costs_no_private_edit():
    """Issue 27 (KS-10): each non-dreamer's private message changes only when what it shows changes: the card (and
    with it the night's piles), the round, or their leaving. A clue, a pass, a skip or a foul report and its review
    that leaves the card as it was edit nobody's private message (the foul button no longer lives there)."""
    quiet = 0
    for spec, step in all_steps():
        if step.before is None:
            continue
        was, now = E.view(step.before, None), E.view(step.after, None)
        if (was["round"], was["card"], was["phase"], was["left"]) != (now["round"], now["card"], now["phase"], now["left"]):
            continue
        private = [op for op in step.ops if str(op.get("slot", "")).startswith("ks:element:")]
        assert private == [], (spec, step.action, private)
        quiet += 1
    assert quiet > 100


def test_issue_27_a_round_message_is_built_only_when_what_it_shows_changed_and_the_ops_are_the_same(monkeypatch):
    """Issue 27: each step's private messages of the round are decided from the fields of each player's view that
    the message shows (``SHOWN``), and their texts are built only for a player whose fields changed. Over every
    seeded game the ops are exactly those of building every player's text before and after every step (KS-10)."""
    from cogs.kdyz_snim import round_message

    built = 0
    skipped = 0
    for spec, step in all_steps():
        if step.before is None:
            continue
        t = make_table(step.table.lang, list(E.view(step.after, None)["players"]), step.table.deadlines)
        quick = P._round_message_ops(t, step.before, step.after)
        with monkeypatch.context() as m:
            m.setattr(round_message, "_unchanged", lambda was, now: False)
            assert P._round_message_ops(t, step.before, step.after) == quick, (spec, step.action)
        same = [p for p in E.view(step.after, None)["players"] if round_message._unchanged(E.view(step.before, p), E.view(step.after, p))]
        skipped += len(same)
        built += len(E.view(step.after, None)["players"]) - len(same)
    # the random games guess far more often than people do (each guess moves the card on), yet a step at a time
    # hundreds of messages were left alone without their texts being built (a clue, a pass, a turn, a report)
    assert skipped > 200 * len(GAMES) and built


def test_ks_18_the_report_button_is_shown_exactly_while_someone_can_report():
    """KS-18 / issue 28: over random games, every public message carrying the report button is sent while some
    non-dreamer can report, and the open clue turn's (or voice night's) message gets it whenever one can."""
    shown = 0
    for spec, step in all_steps():
        view = E.view(step.after, None)
        receivers = [p for p in view["players"] if p not in view["left"] and p != view["dreamer"]]
        can = any(a.kind == "report" for p in receivers for a in E.legal_actions(step.after, p))
        for op in step.ops:
            if _report_buttons(op):
                assert can and recipient(op) is None, (spec, step.action, op)
                shown += 1
    assert shown > 100


def test_ks_18_the_host_reviews_when_not_the_dreamer():
    """KS-18: the host confirms or rejects, by DM, when neither the Dreamer nor the accused."""
    players = IDS[:5]
    deck = element_ids()[:10]
    state, _ = E.setup(players, {"language": "en"}, "c", {"deck": deck, "host": players[3]})
    t = Table(game_id=5, engine=E, lang="en", names=dict(NAMES), guild_name="g", host=players[3])
    state, _ = E.apply(state, Action(players[1], state.prompts[1].id, "clue", {"text": "blorp"}))
    before = state
    state, events = E.apply(state, Action(players[2], state.prompts[0].id, "report", {"accused": players[1]}))
    ops = P.present(t, before, state, events, players[2])
    (review,) = [op for op in ops if op.get("to") == "dm"]
    assert review["user"] == players[3]
    assert f"**{element(deck[0]).word('en')}**" in review["content"] and "“blorp”" in review["content"]
    labels = [c["label"] for row in review["components"] for c in row["components"]]
    assert labels == ["Confirm foul", "Reject"]
    # said publicly on the open turn's message, in the edit that takes its report button off (issue 27)
    (turn,) = [op for op in ops if op.get("slot") == "ks:card:1:1"]
    assert "⚠️ Cid reports a foul clue by Bob." in turn["content"] and turn["components"] and _report_buttons(turn) == []
    assert not [op for op in ops if op.get("to") == "game" and "slot" not in op]


def test_ks_25_ks_27_one_public_summary_of_the_round():
    """KS-25 .. KS-27: roles (never the spare), the yellow and blue piles with the guesses, the recap and its
    bonus, round points and running totals with penalty cards, in one message."""
    players = IDS[:4]
    deck = element_ids()[:10]
    state, _ = E.setup(players, {"language": "en"}, "d", {"deck": deck})
    t = make_table("en", players)
    words = [element(d).word("en") for d in deck]
    state, _ = E.apply(state, Action(players[0], state.prompts[0].id, "guess", {"card": 1, "text": words[0]}))
    state, _ = E.apply(state, Action(players[0], state.prompts[0].id, "guess", {"card": 2, "text": "qwxz"}))
    state, _ = E.apply(state, Action(players[0], state.prompts[0].id, "pass", {"card": 3}))
    state, _ = E.apply(state, Action.timeout(state.prompts[0].id))
    state, _ = E.apply(state, Action(players[0], state.prompts[0].id, "pass"))
    before = state
    state, events = E.apply(state, Action(players[0], state.prompts[0].id, "recap", {"text": words[0]}))
    ops = P.present(t, before, state, events, players[0])
    summary = [op for op in ops if op.get("to") == "game" and "Roles" in op["content"]]
    assert len(summary) == 1
    text = summary[0]["content"]
    assert f"**{words[0]}** (“{words[0]}”)" in text and "(“qwxz”)" in text and f"**{words[2]}** (passed)" in text
    assert f"**{words[3]}**" in text  # unused
    assert "+2" in text and "Points this night" in text and "Totals" in text
    assert "spare" not in text.lower()
    nxt = next(op for op in ops if str(op.get("slot", "")).startswith("prompt:next_night#"))
    assert "<@" + players[1] + ">" in nxt["content"] and nxt["components"]
    assert nxt is summary[0]  # KS-28: the next Dreamer's button is on the summary, one post (issue 27)


def test_ks_29_ks_30_final_standings_state_the_tie_rule_spares_and_seed():
    """KS-29 / KS-30: the last day ends with the standings (score, points, penalty cards), the winners, the tie
    rule when scores are level, every night's spare card and the seed."""
    ties = 0
    for spec in GAMES:
        last = game(*spec)[-1]
        final = "\n".join(op["content"] for op in last.ops if op.get("to") == "game")
        standings = E.view(last.after, None)["standings"]
        assert "🏁" in final and "🎲" in final and "🃏" in final
        for s in standings:
            assert NAMES[s["player"]] in final
        tied = len({s["score"] for s in standings}) < len(standings)
        ties += tied
        assert (last.table.t("ks.final.tie") in final) == tied
    assert ties


def test_the_spare_is_never_named_before_the_final_recap():
    """KS-P4: "spare" appears only in the last transition's messages."""
    for spec in GAMES:
        steps = game(*spec)
        word = steps[0].table.t("ks.final.spares", spares="").split(":")[0].strip("🃏 ")
        for step in steps[:-1]:
            assert not any(word in text for op in step.ops for text in texts(op)), spec


def test_voice_mode_shows_the_clue_order_and_runs_no_clue_turns():
    """KS-17: in voice mode the bot shows the order and keeps card, timer and guesses; no clue turns."""
    players = IDS[:6]
    state, events = E.setup(players, {"clue_mode": "voice"}, "v")
    ops = P.present(make_table("en", players, _deadlines(state, {})), None, state, events)
    public = [op for op in ops if op.get("to") == "game"]
    assert len(public) == 1 and "voice" in public[0]["content"] and "Bob, Cid, Dee, Eve, Fay" in public[0]["content"]
    assert not any(str(op.get("slot", "")).startswith("ks:card:") for op in ops)


def test_voice_mode_says_a_steps_notices_on_the_night_message_it_rewrites():
    """KS-17 / KS-21 / issue 27: in voice mode a guess rewrites the night message for the next card, and the "Next
    dream card" notice goes there, above the card in play, not in a post of its own; the same for every pile."""
    players = IDS[:5]
    state, _ = E.setup(players, {"language": "en", "clue_mode": "voice"}, "v", {"deck": element_ids()[:10]})
    t = make_table("en", players, _deadlines(state, {}))
    for text in ("qwxz", element(element_ids()[1]).word("en")):  # wrong, then right
        before = state
        card = E.view(state, None)["card"]
        state, events = E.apply(state, Action(players[0], state.prompts[0].id, "guess", {"card": card, "text": text}))
        public = [op for op in P.present(t, before, state, events, players[0]) if op.get("to") == "game" or op.get("slot") == f"prompt:{state.prompts[0].id}"]
        (night,) = public
        assert night["slot"] == f"prompt:{state.prompts[0].id}" and night["do"] == "post"
        assert night["content"].startswith("➡️ Next dream card.\n💭") and f"dream card {card + 1} is in play" in night["content"]


def test_the_presenter_is_registered_without_a_board():
    assert isinstance(P, KdyzSnimPresenter) and UI.board is None


def _turn_ops(ops: list[Op]) -> list[Op]:
    return [op for op in ops if str(op.get("slot", "")).startswith("ks:card:")]


def test_ks_22_a_guess_renews_the_giver_turn_on_the_new_cards_message():
    """KS-22 / issue 28: a guess during a clue turn gives the giver a fresh turn on the new card, in the new card's
    message headed "Next dream card" (the preamble it keeps when rewritten); the old card's message is closed with
    its log, never reading "—"; once Bob's clue comes it is the new card's log."""
    players = IDS[:5]
    state, _ = E.setup(players, {"language": "en"}, "c", {"deck": element_ids()[:10]})
    deadlines = _deadlines(state, {})
    for card in (2, 3):  # twice in a row: Bob's turn goes on, card after card
        before = state
        state, events = E.apply(state, Action(players[0], state.prompts[0].id, "guess", {"card": card - 1, "text": "qwxz"}))
        deadlines = _deadlines(state, deadlines)
        t = make_table("en", players, deadlines)
        ops = P.present(t, before, state, events, players[0])
        closed, turn = _turn_ops(ops)
        assert closed["slot"] == f"ks:card:1:{card - 1}" and closed["components"] == [] and closed["forget"]
        assert closed["content"] == f"🎴 Dream card {card - 1}: no clues."  # not "Bob: no clue", as if Bob had skipped
        assert turn["slot"] == f"ks:card:1:{card}" and turn["do"] == "post" and turn["preamble"] == "➡️ Next dream card."
        assert f"<@{players[1]}>, your clue for dream card {card}:" in turn["content"]
        ids = [c["custom_id"] for row in turn["components"] for c in row["components"]]
        assert ids[0] == f"nm:{t.game_id}:{state.prompts[1].id}:clue;text=~"
        assert not any("—" in text for op in _turn_ops(ops) for text in texts(op))
        # the notice heads the new card's message, not posted on its own
        assert not [op for op in ops if op.get("to") == "game" and "slot" not in op]
    before = state
    state, events = E.apply(state, Action(players[1], state.prompts[1].id, "clue", {"text": "blorp"}))
    ops = P.present(make_table("en", players, _deadlines(state, deadlines)), before, state, events, players[1])
    (log,) = _turn_ops(ops)
    assert log["slot"] == "ks:card:1:3" and log["content"].startswith("💬 **Bob**: blorp\n✏️ <@" + players[2] + ">")


def test_ks_22_a_confirmed_foul_renews_the_turn_under_its_notice():
    """KS-16 / KS-18 / KS-22: a foul confirmed during someone else's turn changes the card; that giver's turn goes
    on in the new card's message, headed by the public notice of who took the penalty card."""
    players = IDS[:5]
    state, _ = E.setup(players, {"language": "en"}, "c", {"deck": element_ids()[:10], "host": players[4]})
    t = make_table("en", players)
    t.host = players[4]
    state, _ = E.apply(state, Action(players[1], state.prompts[1].id, "clue", {"text": "blorp"}))  # Cid's turn now
    state, _ = E.apply(state, Action(players[3], state.prompts[0].id, "report", {"accused": players[1]}))
    before = state
    review = next(p for p in state.prompts if p.id.startswith("review#"))
    state, events = E.apply(state, Action(HOST, review.id, "confirm"))
    closed, renewed = _turn_ops(P.present(t, before, state, events, HOST))
    assert closed["slot"] == "ks:card:1:1" and closed["content"].startswith("🎴 Dream card 1:\n💬 **Bob**: blorp")
    assert renewed["slot"] == "ks:card:1:2" and f"<@{players[2]}>, your clue for dream card 2" in renewed["content"]
    assert "The dream card has changed: Bob takes a penalty card." in renewed["preamble"]


def test_ks_22_no_message_is_left_open_for_an_old_card_in_random_games():
    """Issue 28 over random games: a Dreamer's guess or pass closes the old card's message (no buttons, no "—"
    line) and opens the new card's, if a turn is open, in its own message."""
    renewed = 0
    for spec, step in all_steps():
        action = step.action
        if action is None or step.before is None or not action.prompt.startswith("dream#") or action.kind not in ("guess", "pass"):
            continue
        old = f"ks:card:{E.view(step.before, None)['round']}:{E.view(step.before, None)['card']}"
        for op in _turn_ops(step.ops):
            assert "—" not in op.get("content", ""), (spec, action, op)
            if op["slot"] == old:
                assert op["do"] == "edit" and op["components"] == [] and op["forget"], (spec, action, op)
            else:
                assert op["do"] == "post" and op["slot"] != old, (spec, action, op)
                renewed += 1
    assert renewed > 50


@pytest.fixture
def refusal():
    """The answer to a click of ``custom_id`` by ``who`` in ``state``, as the bot decides it before anything opens:
    the decoded click, and for a refusal its reason as the cog gives it (``bot.wording.why_refused``)."""
    from bot import decoder
    from bot.controls import ControlId
    from bot.wording import why_refused

    def click(state: State, who: str, custom_id: str):
        cid = ControlId.parse(custom_id)
        decoded = decoder.decode(cid, who, E.legal_actions(state, who))
        if not isinstance(decoded, decoder.Refused):
            return decoded, None
        return decoded, why_refused(E, state, who, cid.prompt_id, decoded.code, decoded.action)

    return click


def test_issue_28_forms_and_the_report_picker_are_refused_before_they_open_with_the_reason(refusal):
    """Issue 28 (KS-13, KS-14, KS-18, KS-19): Give a clue pressed by a spectator, a non-dreamer whose turn it is
    not, the Dreamer, or on a turn that is over; Guess by someone else or on a card that changed; Report a foul by
    the Dreamer, a spectator or the only giver so far: each is refused at the click, before any form or picker
    opens, with the engine's reason, worded in every language; the giver's own click opens the form."""
    from bot import decoder

    players = IDS[:5]
    state, events = E.setup(players, {"language": "en"}, "c", {"deck": element_ids()[:10]})
    t = make_table("en", players, _deadlines(state, {}))
    (turn,) = _turn_ops(P.present(t, None, state, events))
    give, _pass, guess, _dpass = [c["custom_id"] for row in turn["components"] for c in row["components"]]
    spectator = "424242424242424242"
    expected = {spectator: "not_a_player", players[2]: "not_your_turn", players[0]: "dreamer_no_clue"}
    for who, code in expected.items():
        decoded, why = refusal(state, who, give)
        assert isinstance(decoded, decoder.Refused) and why is not None and why.code == code, who
    assert isinstance(refusal(state, players[1], give)[0], decoder.Form)
    assert refusal(state, players[1], guess)[1].code == "not_dreamer"
    assert refusal(state, spectator, guess)[1].code == "not_a_player"
    assert isinstance(refusal(state, players[0], guess)[0], decoder.Form)
    after, _ = E.apply(state, Action(players[1], state.prompts[1].id, "clue", {"text": "blorp"}))
    assert refusal(after, players[1], give)[1].code == "stale_prompt"  # the turn is over
    report = f"np:{t.game_id}:{after.prompts[0].id}:0:report"
    assert refusal(after, players[0], report)[1].code == "not_clue_giver"
    assert refusal(after, spectator, report)[1].code == "not_a_player"
    assert refusal(after, players[1], report)[1].code == "no_clue_yet"
    assert isinstance(refusal(after, players[2], report)[0], decoder.NextStep)
    later, _ = E.apply(after, Action(players[0], after.prompts[0].id, "guess", {"card": 1, "text": "qwxz"}))
    assert refusal(later, players[0], guess)[1].code == "stale_card"  # the Guess of a card that has gone
    for lang in ("en", "ru", "cs"):
        for code in ("not_a_player", "not_your_turn", "dreamer_no_clue", "not_dreamer", "stale_prompt", "not_clue_giver", "no_clue_yet", "stale_card"):
            assert i18n.has(lang, f"ks.error.{code}"), (lang, code)


@pytest.mark.parametrize("language", ["cs", "ru", "en"])
@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_ks_14_the_typed_notice_names_the_pass_word_the_judge_accepts(language, lang):
    """KS-14 / issue 28: the notice names the element language's pass word (the one the judge takes as a pass),
    whatever language the bot speaks: with Czech elements on an English server, “Vynechávám”, not “pass”."""
    from engines.kdyz_snim import judge

    notice = P.typed_notice(make_table(lang, IDS[:4]), {"language": language, "clue_mode": "text"})
    quoted = re.findall(r"[“«„]([^”»“]+)[”»“]", notice)
    named = [w for w in quoted if w in judge.PASS_WORDS.values()]
    assert named == [judge.PASS_WORDS[language]] and judge.is_pass(named[0], language), (notice, named)


#: In a fresh interpreter: import the package as the bot does, then present a Russian game's start.
PRESENT_ONE_GAME = """
from cogs.kdyz_snim import UI
from bot.presenter import Table
from engines.kdyz_snim import lemmas
assert lemmas.loaded() == set(), lemmas.loaded()
players = [str(10**17 + i) for i in range(4)]
state, events = UI.engine.setup(players, {"language": "ru"}, "s")
table = Table(game_id=1, engine=UI.engine, lang="en", names={}, guild_name="G", host=players[0], deadlines={})
UI.presenter.present(table, None, state, events)
print(sorted(lemmas.loaded()))
UI.presenter.warm({})  # as the bot calls it when a lobby opens and at a restart (issue 27): the default, Czech
print(sorted(lemmas.loaded()))
"""


def test_the_bot_loads_the_judge_of_a_games_language_when_the_game_starts():
    """Issue 12: the judge loads only the languages a game uses. Importing the package loads nothing; presenting a
    game's start loads that game's language (so its first clue does not wait for it), and no other; and so does
    the presenter's ``warm`` with a game's options (issue 27: the bot calls it off the loop and before serving)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", PRESENT_ONE_GAME],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.strip().splitlines()[-2:] == ["['ru']", "['cs', 'ru']"], done.stdout + done.stderr


@pytest.mark.parametrize("server_language", ["ru", "en", "cs"])
async def test_ks_5_the_lobby_starts_on_the_servers_language(runtime, server_language):
    """Issue 12: the game language defaults to the server's (the host can still change it); games without a
    language option are untouched."""
    opened = {}
    for engine in ("kdyz_snim", "night_watch"):
        live = await runtime.open_lobby(
            engine,
            guild_id=1,
            guild_name="Dreamland",
            channel_id=2 if engine == "kdyz_snim" else 3,
            host_id=int(IDS[0]),
            host_name="Ann",
            language=server_language,
            lobby_ops=lambda live: [],
        )
        opened[engine] = dict(live.row.options)
    assert opened == {"kdyz_snim": {"language": server_language}, "night_watch": {}}


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_game_rules_cover_both_clue_modes_and_fit_one_message(lang):
    """Issue 12: `/game rules` for Když sním is complete in every language: the night in text and in voice mode
    (KS-13, KS-17), the roles, fouls (KS-15, KS-18), the day and the end, and the `/game mine` fallback."""
    text = i18n.translate(lang, "ks.rules")
    for mark in ("🌙", "🎙️", "🎭", "⚠️", "☀️", "🏁", "/game mine"):
        assert mark in text, (lang, mark)
    assert len(text) < 1900  # with the title line, one Discord message
