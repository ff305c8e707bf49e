"""What each game keeps secret, checked on what the real bot sent to the fake Discord server during a whole game
(every request, in order, restarts included), for the games the chaos suite plays.

The secret scan (``test_secret_scan.py``) checks the same rules over thousands of random games at the level of the
engine and the presenters; these checks see the real delivery: a message the dispatcher sent twice or to the wrong
place, a restart notice, a fallback in public when a DM failed.

* Ghost at Home (GH-P1, GH-P2, GH-P4): the thread gets no controls and no hand before the end; a discard there
  shows only its count; windows and hands reach each player by DM only.
* Když sním (KS-P1, KS-P2, KS-P5): from the start of a night to its day, nothing reaches the Dreamer's DMs and
  nothing the bot answers the Dreamer names a card of the night; no thread message of the bot names one (the
  cards are read from that day's summary), and no guess is repeated in public.

:data:`LEAK_CHECKS` maps a game to its check; a game without one is checked by the generic parts of the chaos
suite only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import translations as i18n
from tests.reliability.play import GameRun

#: Card names as the English texts show them (a discard line must name none, GH-P2).
GH_CARD_NAMES = (
    "Floor-1 room",
    "Floor-2 room",
    "Floor-3 room",
    "Ghost",
    "Cat",
    "Space hole",
    "Light bulb",
    "Cat food",
    "Elevator",
    "Lightning",
    "Joker room",
)


def sent(run: GameRun) -> list[tuple[int, str, dict[str, Any]]]:
    """Every message the bot posted or edited, in order: (channel id, text, payload)."""
    assert run.server is not None
    out = []
    for r in run.server.requests:
        if r.route.startswith("/channels/{channel_id}/messages") and r.method in ("POST", "PATCH") and isinstance(r.json, dict):
            out.append((int(r.path.split("/")[2]), r.json.get("content") or "", r.json))
    return out


def answers(run: GameRun) -> list[tuple[int, int, str]]:
    """Every answer the bot gave to an interaction, in order: (request index, user id, text)."""
    assert run.server is not None
    out = []
    for index, r in enumerate(run.server.requests):
        if r.method not in ("POST", "PATCH") or not r.path.startswith(("/interactions/", "/webhooks/")) or not isinstance(r.json, dict):
            continue
        data = r.json.get("data") if isinstance(r.json.get("data"), dict) else r.json
        text = (data or {}).get("content") or ""
        found = re.search(r"/interactions/(\d+)/", r.path)
        user = run.server.interaction(int(found.group(1))).user_id if found else 0
        out.append((index, user, text))
    return out


def ghost_at_home(run: GameRun) -> None:
    thread_posts = [(text, payload) for channel, text, payload in sent(run) if channel == run.thread]
    assert thread_posts, "nothing was posted in the game thread"
    for text, payload in thread_posts:
        assert not payload.get("components"), f"GH-P4: controls in the thread: {payload.get('components')}"
        if text.startswith("🏁"):
            continue  # GH-33: the end shows every hand
        assert "🃏" not in text and "Your hand" not in text, f"GH-P1: a hand in the thread: {text!r}"
        for line in text.splitlines():
            if "face down" in line:
                assert not any(card in line for card in GH_CARD_NAMES), f"GH-P2: a discard's faces: {line!r}"
    for user, name in run.players.items():
        assert any("🃏" in t for t in run.dms[name]), f"{name} never saw their hand by DM"


def _vocabulary(run: GameRun) -> set[str]:
    """Words of the bot's own English texts and the players' names (a card that is also one of those is no leak)."""
    words: set[str] = set()
    for name in ("kdyz_snim.ftl", "common.ftl"):
        raw = re.sub(r"\{[^{}]*\}", " ", (i18n.LOCALES_DIR / "en" / name).read_text(encoding="utf-8"))
        words |= {w.casefold() for w in re.findall(r"\w+", raw)}
    return words | {w.casefold() for n in run.players.values() for w in re.findall(r"\w+", n)}


def kdyz_snim(run: GameRun) -> None:
    messages = sent(run)
    by_name = {name: int(user) for user, name in run.players.items()}
    summaries = {int(m.group(1)): text for _, text, _ in messages if (m := re.match(r"☀️ Day (\d+):", text))}
    nights = {}
    for _, text, _ in messages:
        found = re.search(r"🌙 Night (\d+): (.+?) is the Dreamer", text)
        if found:
            nights[int(found.group(1))] = by_name[found.group(2)]
    assert nights and set(nights) <= set(summaries) | {max(nights)}, (nights, list(summaries))
    vocabulary = _vocabulary(run)

    def cards(night: int) -> set[str]:
        """The night's cards, as its day's summary names them in bold."""
        summary = summaries.get(night, "")
        bold = set(re.findall(r"\*\*([^\W\d_][^*]*)\*\*", summary))
        return {w.casefold() for w in bold if w.casefold() not in vocabulary}

    assert any(cards(n) for n in nights), "no day summary named a card: the check would see nothing"
    dms = {run.server.dm_channel_id(user): user for user in map(int, run.players)}
    guesses = {a["args"].get("text", "").casefold() for a in run.raw_log if a["kind"] == "guess" and a["args"].get("text")}
    night = 0
    checked = 0
    for channel, text, _ in messages:
        if channel == run.thread:
            if re.match(r"☀️ Day (\d+):", text):
                night = 0
                continue
            start = re.search(r"🌙 Night (\d+):", text)
            if start:
                night = int(start.group(1))
        if not night:
            continue
        words = cards(night)
        if channel == run.thread:
            body = re.sub(r"^💬 \*\*[^*]+\*\*: .*$", "", text, flags=re.MULTILINE).casefold()  # a player's own clue
            for word in words | {g for g in guesses if g not in vocabulary}:
                assert not re.search(rf"(?<!\w){re.escape(word)}(?!\w)", body), f"KS-P2/P5: night {night}: {word!r} in {text!r}"
            checked += 1
        elif dms.get(channel) == nights[night]:
            raise AssertionError(f"KS-P1: the Dreamer of night {night} was sent {text!r}")
    assert checked > 5, "too few thread messages during the nights to check"
    # what the bot answered the Dreamer's own clicks during their night names no card of it
    starts: dict[int, int] = {}
    days: dict[int, int] = {}
    for index, r in enumerate(run.server.requests):
        content = (r.json if isinstance(r.json, dict) else {}).get("content") or ""
        if r.method == "POST" and (found := re.search(r"🌙 Night (\d+):", content)):
            starts.setdefault(int(found.group(1)), index)
        if r.method == "POST" and (found := re.match(r"☀️ Day (\d+):", content)):
            days.setdefault(int(found.group(1)), index)
    for index, user, text in answers(run):
        night = max((n for n, at in starts.items() if at < index), default=0)
        if night and nights.get(night) == user and index < days.get(night, len(run.server.requests)):
            for word in cards(night) - guesses:  # the Dreamer's own guess may be read back to them
                assert not re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text.casefold()), f"KS-P1: {text!r}"


#: Each game's check of what its secrets are (see the module docstring).
LEAK_CHECKS: dict[str, Callable[[GameRun], None]] = {"ghost_at_home": ghost_at_home, "kdyz_snim": kdyz_snim}
