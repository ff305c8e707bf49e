"""A whole 4-player Když sním game in voice mode through the real bot and the fake Discord server, with the bot
SIGKILLed in the middle of a night.

In voice mode the table speaks its clues in a voice channel; the bot keeps everything else (KS-17): it shows the
clue order, sends each non-dreamer the current card privately, takes the Dreamer's guesses (Guess opens a
modal), runs the sand timer, takes foul reports (any clue giver may be named, since the bot cannot hear) and their
review by DM (KS-18), the recap (a modal), and scores the day. The players here read only what they are shown:

* the Dreamer guesses right (as if the spoken clues were good), passes a card, guesses wrong if the sand timer
  leaves time for it, makes a last guess when time is up and recalls the night in the morning;
* on the second night a clue giver reports a foul by the host, so another player reviews it by DM and confirms;
* the bot is SIGKILLed while it handles that night's first guess (after its answer to the Dreamer, before it told
  the others the verdict) and restarted on the same database.

Checked: the game ends with standings, spares and seed; nothing accepted is lost and nothing is posted twice (the
bot's own outbox and log against what Discord shows, :func:`tests.reliability.play.check_delivered`); the guess
made before the kill reaches each clue giver's private message once; during each Dreamer's night nothing at all
is sent to the Dreamer (KS-P1) and nothing public names a card of the night or a verdict (KS-P2, KS-21).

Game time runs at ``TIME_SCALE`` times the wall clock (four one-minute nights play in 10 s: each card change
waits on Discord's pace of edits, which runs 10 times faster in the suite, tests/conftest.py, so a night lasts as
long as 25 s would at Discord's real pace; when the suite kept Discord's real pace, nights shorter than 45 s left
the Dreamer no time to guess).
``NOCTURNE_LONG=1`` also plays the game with the bot killed at the first guess of every night.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any, ClassVar

import pytest

import translations as i18n
from tests.e2e.harness import BotProcess, GameTable, game_controls
from tests.fakediscord import default_pace
from tests.reliability.play import LONG, GameRun, check_delivered, names
from tests.reliability.play import play as play_through

pytestmark = pytest.mark.e2e

SEED = "dream-voice-2"
TIME_SCALE = 24.0 if default_pace() >= 10 else 6.0
OPTIONS = {
    "language": "en",
    "clue_mode": "voice",
    "round_seconds": "60",
    "last_guess_seconds": "15",
    "recap_seconds": "60",
}
PLAYERS = 4
MENTION = re.compile(r"<@(\d+)>")
CARD = re.compile(r"🎴 Dream card (\d+): \*\*([^*]+)\*\*")
DREAM = re.compile(r":dream#\d+:(?:guess|pass)")
LAST = re.compile(r":last_guess#\d+:(?:guess|pass)")
PASS = re.compile(r":pass(?:;|$)")
CARD_IN_PLAY = re.compile(r"dream card (\d+) is in play")


class VoiceDreamers(GameTable):
    """Když sním players in voice mode (see the module docstring): one choice per version of a message."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.done: set[tuple[int, int, int]] = set()
        self.dream_moves: dict[int, int] = {}  # Dreamer -> guesses and passes made in their night
        self.right: dict[int, list[str]] = {}  # Dreamer -> guesses meant to be right (for the recap)
        self.reported = False
        self.reviewed = False

    def dreamer(self) -> int | None:
        night = next((m for m in reversed(self.public()) if "is dreaming" in (m.get("content") or "")), None)
        found = MENTION.search(night["content"]) if night else None
        return int(found.group(1)) if found else None

    def card_of(self, player: int) -> tuple[int, str] | None:
        for message in reversed(self.server.dm_messages(player)):
            text = message.get("content") or ""
            found = CARD.search(text) if "🌙 **Night" in text else None  # the round's message, not a review
            if found:
                return int(found.group(1)), found.group(2)
        return None

    def seen_card(self) -> str | None:
        """The current card as a clue giver's private message shows it (the spoken clues, in effect)."""
        dreamer = self.dreamer()
        cards = [c for p in self.players if p != dreamer and (c := self.card_of(p))]
        return max(cards)[1] if cards else None

    def seen_card_number(self) -> int | None:
        dreamer = self.dreamer()
        cards = [c for p in self.players if p != dreamer and (c := self.card_of(p))]
        return min(cards)[0] if cards else None

    def choose(self, player: int, message: dict[str, Any]) -> dict[str, Any] | None:
        version = (player, int(message["id"]), int(message.get("edits", 0)))
        if version in self.done:
            return None
        control = self._choice(player, message)
        if control is not None:
            self.done.add(version)
        return control

    def _choice(self, player: int, message: dict[str, Any]) -> dict[str, Any] | None:
        # a picker step answering a click in the thread is the clicker's own (ephemeral), not a public prompt
        public = message.get("channel_id") is not None and int(message["channel_id"]) == self.thread and not message.get("ephemeral")
        mentioned = {int(m) for m in MENTION.findall(message.get("content") or "")}
        dreamer = self.dreamer()
        for control in game_controls(message):
            cid = control["custom_id"]
            if (player, cid) in self.answered:
                continue
            if DREAM.search(cid):
                moves = self.dream_moves.get(player, 0)
                if player != dreamer or moves >= 3:
                    continue
                if (moves == 1) != bool(PASS.search(cid)):
                    continue  # a guess, a pass, a guess
                shown = CARD_IN_PLAY.search(message.get("content") or "")
                if player == self.players[1] and not (self.reviewed and shown and int(shown.group(1)) > 1):
                    continue  # night 2: the foul report, its review and the card it changed come first
                if moves == 0 and (shown is None or self.seen_card_number() != int(shown.group(1))):
                    continue  # the right guess waits until the clue givers' cards have caught up
                self.dream_moves[player] = moves + 1
                return control
            if LAST.search(cid):
                if player == dreamer and not PASS.search(cid):
                    return control
                continue
            if ":review#" in cid:
                if control.get("style") == 2:
                    continue
                self.reviewed = True
                return control
            if cid.startswith("np:") and cid.endswith(":report"):
                # night 2 (the host is awake): the third seat reports the host, whom the fourth seat then reviews
                if player == self.players[2] and dreamer == self.players[1] and not self.reported:
                    self.reported = True
                    return control
                continue
            if public and player not in mentioned:
                continue  # a public prompt is for the player it names
            if control.get("style") == 2:
                continue
            return control
        return None

    def text_for(self, player: int, modal: dict[str, Any]) -> dict[str, str]:
        prompt = modal["custom_id"].split(":")[2]
        if prompt.startswith(("dream#", "last_guess#")):
            card = self.seen_card() or "nothing"
            moves = self.dream_moves.get(player, 0)
            if prompt.startswith("dream#") and moves == 3:
                return {"text": "umbrella"}  # the second guess: wrong (unless the card is an umbrella)
            self.right.setdefault(player, []).append(card)
            return {"text": card}
        if prompt.startswith("recap#"):
            return {"text": ", ".join(self.right.get(player, [])) or "nothing"}
        return super().text_for(player, modal)


class KilledVoiceDreamers(VoiceDreamers):
    """The same players; the bot is SIGKILLed (and restarted) as soon as it has answered the first guess of the
    nights of the seats in ``kill_seats``, while it is telling the clue givers the verdict and the thread that the
    card changed (those deliveries then come from the restarted bot)."""

    kill_seats: ClassVar[tuple[int, ...]] = (1,)
    #: How many REST calls the bot had made at each kill (the table is a subclass :func:`play` makes, so this is
    #: kept here for the tests to read).
    killed_at: ClassVar[list[int]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.killed_seats: set[int] = set()

    async def interact(self, request: Any) -> Any:
        record = await super().interact(request)
        method, args, kwargs = request
        if method != "submit_modal" or record is None or not record.responses:
            return record
        if (record.responses[0].get("content") or "").startswith("⚠️"):
            return record  # refused (a card that had just changed): nothing to interrupt
        seats = [i for i in self.kill_seats if kwargs.get("user_id") == self.players[i] and i not in self.killed_seats]
        modal = self.real.interaction(args[0]).modal or {}
        if seats and ":dream#" in str(modal.get("custom_id")):
            self.killed_seats.add(seats[0])
            KilledVoiceDreamers.killed_at.append(len(self.real.requests))
            await self.crash()
        return record


async def play_voice(tmp_path, *, kill_seats: tuple[int, ...] = (1,)) -> GameRun:
    """The voice game, with the SIGKILLs of :class:`KilledVoiceDreamers` in the nights of ``kill_seats``."""
    db = tmp_path / "nocturne.sqlite3"
    KilledVoiceDreamers.kill_seats, KilledVoiceDreamers.killed_at = kill_seats, []
    return await play_through(
        tmp_path,
        PLAYERS,
        game="kdyz_snim",
        seed=SEED,
        policy=KilledVoiceDreamers,
        options=OPTIONS,
        bots=lambda server: [BotProcess(server, db, SEED, time_scale=TIME_SCALE)],
    )


@pytest.fixture(scope="module")
def voice(tmp_path_factory) -> GameRun:
    return asyncio.run(play_voice(tmp_path_factory.mktemp("ks-voice")))


def sent(run: GameRun) -> list[tuple[int, str]]:
    """Every message the bot posted or edited, in order: (channel id, text)."""
    out = []
    for r in run.server.requests:
        if (
            r.route.startswith("/channels/{channel_id}/messages")
            and r.method in ("POST", "PATCH")
            and isinstance(r.json, dict)
        ):
            out.append((int(r.path.split("/")[2]), r.json.get("content") or ""))
    return out


def bot_words() -> set[str]:
    """Words of the bot's own English texts (a card that is also a template word is no leak)."""
    words: set[str] = set()
    for name in ("kdyz_snim.ftl", "common.ftl"):
        raw = re.sub(r"\{[^{}]*\}", " ", (i18n.LOCALES_DIR / "en" / name).read_text(encoding="utf-8"))
        words |= {w.casefold() for w in re.findall(r"\w+", raw)}
    return words | {n.casefold() for n in names(PLAYERS)}


def test_a_four_player_voice_game_is_played_to_its_end(voice):
    """KS-7 / KS-17 / KS-29 / KS-30: four nights with the clue order shown and no clue turns; the end lists every
    player, the winners, the spares and the seed."""
    over = voice.reveal
    assert "🏁" in over and f"🎲 Seed: {SEED}" in over and "🃏 Spare cards:" in over
    assert all(name in over for name in names(PLAYERS))
    texts = voice.public
    assert [k for k in range(1, 5) if any(t.startswith(f"☀️ Day {k}:") for t in texts)] == [1, 2, 3, 4]
    nights = [t for t in texts if "is dreaming" in t]
    assert len(nights) == 4 and all("🎙️ Clues are spoken in the voice channel" in t for t in nights)
    assert not any(t.startswith(("✏️", "💬")) for t in texts)  # KS-17: no clue turns in voice mode
    kinds = [a["kind"] for a in voice.log]
    assert "clue" not in kinds
    assert kinds.count("guess") >= 8 and kinds.count("recap") == 4 and kinds.count("start_night") == 3


def test_a_voice_foul_report_is_reviewed_by_dm_and_confirmed(voice):
    """KS-18: in voice mode any clue giver may be named; the host is the accused, so the fourth seat reviews."""
    actions = [(a["player"], a["kind"], a.get("args") or {}) for a in voice.log]
    crew = names(PLAYERS)
    assert (crew[2], "report", {"accused": crew[0]}) in actions
    assert (crew[3], "confirm", {}) in actions
    reviews = [t for t in voice.dms[crew[3]] if t.startswith("⚖️") or "⚖️" in t]
    assert reviews and all("The clues were spoken in voice." in t for t in reviews)
    assert not any("⚖️" in t for t in voice.dms[crew[0]])  # the accused host does not review
    day2 = next(t for t in voice.public if t.startswith("☀️ Day 2:"))
    assert "🟥 Penalty cards (1): " in day2 and f"({crew[0]})" in day2


def test_the_bot_was_killed_mid_night_and_nothing_was_lost_or_posted_twice(voice):
    """The SIGKILL came while the bot handled the second Dreamer's first guess: the guess is in the log once,
    every outbox row was delivered once, and every message on Discord is one of them."""
    assert voice.kills == 1, voice.kills
    check_delivered(voice)
    crew = names(PLAYERS)
    night2 = [a for a in voice.log if a["player"] == crew[1] and a["kind"] in ("guess", "pass")]
    assert night2 and night2[0]["kind"] == "guess"
    assert len(KilledVoiceDreamers.killed_at) == 1
    thread = [m.get("content") or "" for m in voice.server.messages(voice.thread) if not m.get("deleted")]
    assert sum(t.startswith("🔄") for t in thread) == 1  # the table was told the bot is back
    assert sum(t.startswith("☀️ Day 2:") for t in voice.public) == 1


def test_the_verdict_of_the_guess_made_before_the_kill_reaches_the_clue_givers_once(voice):
    """KS-21: the guess the bot had just answered when it died is judged once; each clue giver's private message of
    night 2 (one message each: the restart did not post a second) is edited to show its verdict, and the
    thread says once that the card changed."""
    crew = names(PLAYERS)
    guess = next(a for a in voice.log if a["player"] == crew[1] and a["kind"] == "guess")
    card, text = guess["args"]["card"], guess["args"]["text"]
    verdict = f"{card}. **{text}** — 🟡 right: “{text}”"
    for name in (crew[0], crew[2], crew[3]):
        night2 = [t for t in voice.dms[name] if "**Night 2**" in t or "Night 2 is over" in t]
        assert len(night2) == 1, (name, night2)
        channel = voice.server.dm_channel_id(voice.server.user_id(name))
        assert any(channel == c and verdict in t for c, t in sent(voice)), (name, verdict)
    assert f"**{text}** (“{text}”)" in next(t for t in voice.public if t.startswith("☀️ Day 2:"))


def test_ks_p1_ks_p2_the_dreamer_hears_nothing_and_the_thread_names_no_card_or_verdict(voice):
    """KS-P1: from the previous day's end to their own day, nothing is posted or edited in the Dreamer's DMs,
    across the restart. KS-P2 / KS-21: from a night's start to its day, no thread message names a card of that
    night (read from its summary) or a pile."""
    check_nights(voice)


def check_nights(run: GameRun) -> None:
    """The scan of the KS-P1 / KS-P2 test over every request the bot made."""
    requests = sent(run)
    summaries = {int(m.group(1)): t for _, t in requests if (m := re.match(r"☀️ Day (\d+):", t))}
    vocabulary = bot_words()
    ids = [run.server.user_id(n) for n in names(PLAYERS)]
    night, since_day, started, checked = 0, 1, False, 0
    for channel, text in requests:
        if channel == run.thread:
            started = True
            if day := re.search(r"☀️ Day (\d+):", text):
                night, since_day = 0, int(day.group(1)) + 1
                continue
            if start := re.search(r"🌙 Night (\d+):", text):
                night = int(start.group(1))
            if night:
                body = text.casefold()
                for word in set(re.findall(r"\*\*([^\W\d_][^*]*)\*\*", summaries[night])):
                    if word.casefold() not in vocabulary:
                        assert not re.search(rf"(?<!\w){re.escape(word.casefold())}(?!\w)", body), (night, word, text)
                assert not re.search(r"🟡|🔵|\b(right|wrong|yellow|blue)\b", body), (night, text)
                checked += 1
        elif started and since_day <= PLAYERS:
            assert channel != run.server.dm_channel_id(ids[since_day - 1]), (since_day, text)
    assert checked > 10


def test_no_raw_keys_and_every_message_fits(voice):
    for _, text in sent(voice):
        assert len(text) <= 2000
        assert not re.search(r"(?<![\w/])(ks|common)[.-][a-z_]+", text), text


@pytest.mark.skipif(not LONG, reason="long variant: NOCTURNE_LONG=1")
def test_long_a_kill_in_every_night(tmp_path):
    """The same game with the bot SIGKILLed at the first guess of every night: it still ends, nothing is lost or
    posted twice, and no Dreamer hears anything during their night."""
    run = asyncio.run(play_voice(tmp_path, kill_seats=(0, 1, 2, 3)))
    assert run.kills == 4, run.kills
    check_delivered(run)
    check_nights(run)
    assert f"🎲 Seed: {SEED}" in run.reveal
