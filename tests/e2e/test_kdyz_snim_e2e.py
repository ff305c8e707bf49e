"""A whole 5-player Když sním game in text mode through the real bot and the fake Discord server, played with the
controls each player is shown: clue turns in the game thread (a modal per clue), the Dreamer's Guess / Pass
buttons, each non-dreamer's private message of the round (role and card, edited as the card changes), a foul
report reviewed by DM, the morning recap (a modal), the round summaries and the final standings.

Then every request the bot made to Discord is read in order and checked against the privacy rules: during their
night the Dreamer is sent nothing at all (KS-P1, KS-21), and the game thread names no card of the round before
its reveal (KS-P2).
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

import translations as i18n
from engines.kdyz_snim.auto import CLUE_POOL
from tests.e2e.harness import BotProcess, GameTable, game_controls
from tests.fakediscord import FakeDiscord, default_pace

pytestmark = pytest.mark.e2e


NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
SEED = "dream-e2e-1"
MAX_STEPS = 3000
OPTIONS = {"language": "en", "round_seconds": "60", "clue_seconds": "30"}  # English cards, the shortest sand timer (KS-5)
#: Game time runs this much faster than the wall clock: five 60 s nights would take five minutes; at 24x they take
#: 12.5 s and a 30 s clue turn is 1.25 s of wall time. Discord's pace runs 10 times faster in the suite too
#: (tests/conftest.py), so this is 2.4x at Discord's real pace: beyond 4x there, the players, who answer at once, made
#: the thread's posts queue behind the 5-per-5-s pacer, so a turn's message showed up late and turns ran out.
TIME_SCALE = 24.0 if default_pace() >= 10 else 4.0
CARD = re.compile(r"🎴 Dream card (\d+): \*\*([^*]+)\*\*")
MENTION = re.compile(r"<@(\d+)>")
ROUND_MESSAGE = re.compile(r"Night (\d+)(?:\*\*:| is over)")  # a round's private message, open or closed
DREAMER_BUTTON = re.compile(r":dream#\d+:(guess|pass)")


class DreamTable(GameTable):
    """Players who read their own messages: the giver named in a clue turn gives a clue (now and then a pass, or
    the card itself, a foul the bot refuses); the Dreamer guesses after two clues on a card (right about half the
    time, as if the clues were good), recalls the guesses in the morning; one player reports a foul once a night
    and the reviewer confirms it; the next Dreamer starts the next night."""

    def __init__(self, server: FakeDiscord, bot: BotProcess, players: list[int]) -> None:
        super().__init__(server, bot, players, "kdyz_snim")
        self.clues_on_card = 0
        #: Who gave a clue for the card on the thread's turn messages (the reporter reports someone else's clue).
        self.clued: set[int] = set()
        self.turns = 0
        #: A foul clue is due (every 11th clue turn) and not refused yet: it waits for a turn whose giver can read
        #: their card (the private message showing it may still be on its way), and is given again until refused.
        self.foul_due = False
        #: How many refusals the thread showed when the foul became due.
        self.refusals_before = 0
        self.guesses: list[str] = []
        self.reporter = players[2]
        self.reported: set[str] = set()

    # -- what a player reads ---------------------------------------------------------------------------------

    def dreamer(self) -> int | None:
        night = next((m for m in reversed(self.public()) if "is dreaming" in (m.get("content") or "")), None)
        found = MENTION.search(night["content"]) if night else None
        return int(found.group(1)) if found else None

    def card_of(self, player: int) -> tuple[int, str] | None:
        """The card ``player``'s private message of the round shows (number, word)."""
        for message in reversed(self.server.dm_messages(player)):
            found = CARD.search(message.get("content") or "")
            if found:
                return int(found.group(1)), found.group(2)
        return None

    # -- the policy ------------------------------------------------------------------------------------------

    def choose(self, player: int, message: dict[str, Any]) -> dict[str, Any] | None:
        content = message.get("content") or ""
        mentioned = {int(m) for m in MENTION.findall(content)}
        # a picker step answering a click in the thread is the clicker's own (ephemeral), not a public prompt
        public = message.get("channel_id") is not None and int(message["channel_id"]) == self.thread and not message.get("ephemeral")
        usable = []
        for control in game_controls(message):
            cid = control["custom_id"]
            if (player, cid) in self.answered:
                continue
            if DREAMER_BUTTON.search(cid):  # the Dreamer's Guess / Pass (also on every clue turn)
                if self.clues_on_card < 2 or player != self.dreamer():
                    continue
            elif cid.startswith("np:") and cid.endswith(":report"):  # a foul report, from the clue turn's message
                if player != self.reporter or player == self.dreamer() or cid.split(":")[2] in self.reported or not self.clued - {player}:
                    continue
            elif public and player not in mentioned:
                continue  # a public prompt is for the player it names
            usable.append(control)
        if not usable:
            return None
        choice = next((c for c in usable if c.get("style") != 2), usable[0])
        if choice["custom_id"].startswith("np:") and choice["custom_id"].endswith(":report"):
            self.reported.add(choice["custom_id"].split(":")[2])  # once a night
        if ":clue#" in choice["custom_id"]:
            self.turns += 1
            if self.turns % 7 == 0:  # now and then a giver passes (KS-14)
                return next(c for c in usable if c["custom_id"].endswith(":pass"))
        return choice

    def text_for(self, player: int, modal: dict[str, Any]) -> dict[str, str]:
        prompt = modal["custom_id"].split(":")[2]
        if prompt.startswith("clue#"):
            card = self.card_of(player)
            # a foul stays due until the thread shows it refused: on a loaded machine the private message may still
            # show the card before, and that word is then an ordinary clue
            refusals = sum("broke the rules and is not shown" in (m.get("content") or "") for m in self.public())
            if self.foul_due and refusals > self.refusals_before:
                self.foul_due = False
            if not self.foul_due and self.turns % 11 == 5:
                self.foul_due, self.refusals_before = True, refusals
            if card is not None and self.foul_due:  # the card itself: a foul the bot refuses (KS-15, KS-16)
                self.clues_on_card = 0
                self.clued = set()
                return {"text": card[1]}
            self.clues_on_card += 1
            self.clued.add(player)
            return {"text": CLUE_POOL["en"][self.turns % len(CLUE_POOL["en"])]}
        if prompt.startswith(("dream#", "last_guess#")):
            self.clues_on_card = 0
            self.clued = set()
            dreamer = self.dreamer()
            seen = next((c for p in self.players if p != dreamer and (c := self.card_of(p))), None)
            guess = seen[1] if seen and len(self.guesses) % 2 == 0 else "umbrella"
            self.guesses.append(guess)
            return {"text": guess}
        if prompt.startswith("recap#"):
            recap, self.guesses = ", ".join(self.guesses) or "nothing", []
            return {"text": recap}
        return super().text_for(player, modal)


async def play(tmp_path):
    server = FakeDiscord(guild_name="Dreamland", users=NAMES, text_channels=["general"])
    await server.start()
    bot = BotProcess(server, tmp_path / "nocturne.sqlite3", SEED, time_scale=TIME_SCALE)
    try:
        await bot.start()
        table = DreamTable(server, bot, [server.user_id(n) for n in NAMES])
        lobby = await table.open_lobby()
        await table.set_options(lobby, OPTIONS)
        await server.wait_for(lambda s: "60 seconds" in (s.message(lobby).get("content") or ""), timeout=30, what="options saved")
        await table.seat_everyone_and_start(lobby)
        for _ in range(MAX_STEPS):
            if not await table.step():
                break
        assert table.game_over(), bot.log()[-3000:]
        await server.wait_for(lambda s: "🎲 Seed:" in (table.game_over() or ""), timeout=30, what="the final recap")
        return server, table
    finally:
        await bot.stop()
        await server.stop()


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return asyncio.run(play(tmp_path_factory.mktemp("ks")))


def sent(server: FakeDiscord) -> list[tuple[int, str]]:
    """Every message the bot posted or edited, in order: (channel id, text); a click's answer that rewrites the
    message clicked on (type 7: a clue or a pass rewriting the card's message) counts as an edit in its channel."""
    out = []
    for r in server.requests:
        if r.route.startswith("/channels/{channel_id}/messages") and r.method in ("POST", "PATCH") and isinstance(r.json, dict):
            channel = int(r.path.split("/")[2])
            out.append((channel, r.json.get("content") or ""))
        elif r.route.startswith("/interactions/") and isinstance(r.json, dict) and r.json.get("type") == 7:
            clicked = server.interaction(int(r.path.split("/")[2]))
            out.append((clicked.channel_id, (r.json.get("data") or {}).get("content") or ""))
    return out


def thread_texts(server: FakeDiscord, table: GameTable) -> list[str]:
    """Everything the thread showed at some point, in order (a card's message shows a pass or a report until its
    next turn)."""
    return [text for channel, text in sent(server) if channel == table.thread]


def bot_words() -> set[str]:
    """Words of the bot's own English texts (a card that is also a template word is no leak)."""
    words: set[str] = set()
    for name in ("kdyz_snim.ftl", "common.ftl"):
        raw = re.sub(r"\{[^{}]*\}", " ", (i18n.LOCALES_DIR / "en" / name).read_text(encoding="utf-8"))
        words |= {w.casefold() for w in re.findall(r"\w+", raw)}
    return words | {n.casefold() for n in NAMES}


def test_a_five_player_text_game_is_played_to_its_end(game):
    """KS-7 / KS-29 / KS-30: everyone dreams once; the end lists every player, the winners, spares and seed."""
    server, table = game
    over = table.game_over()
    assert "🏁" in over and f"🎲 Seed: {SEED}" in over and "🃏 Spare cards:" in over
    assert all(name in over for name in NAMES)
    texts = [m.get("content") or "" for m in table.public()]
    assert [k for k in range(1, 6) if any(t.startswith(f"☀️ Day {k}:") for t in texts)] == [1, 2, 3, 4, 5]
    assert sum("🎭 Roles:" in t for t in texts) == 5  # KS-25: one summary a round
    assert table.clicks > 50


def test_the_bot_keeps_discords_pace(game):
    """However fast the players are, no post is refused for the channel's pace (the fake server keeps Discord's)."""
    server, table = game
    assert server.pace_refusals == []


def test_clue_turns_become_the_clue_log(game):
    """KS-13 / KS-14: clues show as the giver's line, passes say so; a refused clue is not shown (KS-16)."""
    server, table = game
    texts = [m.get("content") or "" for m in table.public()]
    assert sum("💬 **" in t for t in texts) > 10
    assert any("passes." in t for t in thread_texts(server, table))
    assert any("broke the rules and is not shown" in t for t in texts) and any("takes a penalty card" in t for t in texts)


def test_each_non_dreamer_gets_one_private_message_a_round_edited_in_place(game):
    """KS-3 / KS-10: one private message per round per non-dreamer (role and card), edited as the card changes;
    the Dreamer of a round gets none for that round (KS-P1)."""
    server, table = game
    for seat, player in enumerate(table.players, start=1):
        dms = [m for m in server.dm_messages(player) if ROUND_MESSAGE.search(m.get("content") or "")]
        rounds = [int(ROUND_MESSAGE.search(m["content"]).group(1)) for m in dms]
        assert sorted(rounds) == [k for k in range(1, 6) if k != seat], (NAMES[seat - 1], rounds)
        assert all("Dreamland" in m["content"] for m in dms)
        assert sum(m.get("edits", 0) for m in dms) > 4


def test_a_foul_report_is_reviewed_by_dm(game):
    """KS-18: a report from the private message reaches a reviewer privately, who confirms it."""
    server, table = game
    reviews = [m for p in table.players for m in server.dm_messages(p) if "⚖️" in (m.get("content") or "")]
    assert reviews and all("🎴 Dream card" in m["content"] for m in reviews)
    assert any("reports a foul clue" in t for t in thread_texts(server, table))


def test_ks_p1_ks_p2_nothing_reaches_the_dreamer_and_the_thread_names_no_card_before_the_day(game):
    """KS-P1 / KS-21: between the end of the previous day and their own day, nothing is posted or edited in the
    Dreamer's DMs. KS-P2: from a night's start to its day, no thread message names a card of that round (the
    cards are read from that day's summary)."""
    server, table = game
    requests = sent(server)
    thread = table.thread
    summaries = {int(m.group(1)): t for _, t in requests if (m := re.match(r"☀️ Day (\d+):", t))}
    vocabulary = bot_words()
    night = 0  # the round whose night is on (0: none yet / day)
    since_day = 1  # the round whose Dreamer must hear nothing (from the previous day's end to their own day)
    checked = 0
    started = False  # the lobby (a hello DM to each player who joins) comes before the game
    for channel, text in requests:
        if channel == thread:
            started = True
            day = re.search(r"☀️ Day (\d+):", text)
            start = re.search(r"🌙 Night (\d+):", text)
            if day:
                night, since_day = 0, int(day.group(1)) + 1
                continue
            if start:
                night = int(start.group(1))
            if night:
                words = set(re.findall(r"\*\*([^\W\d_][^*]*)\*\*", summaries[night]))
                body = re.sub(r"^💬 \*\*[^*]+\*\*: .*$", "", text, flags=re.MULTILINE).casefold()  # a player's own clue
                for word in words:
                    if word.casefold() not in vocabulary:
                        assert not re.search(rf"(?<!\w){re.escape(word.casefold())}(?!\w)", body), (night, word, text)
                checked += 1
        elif started and since_day <= 5:
            dreamer = table.players[since_day - 1]
            assert channel != server.dm_channel_id(dreamer), (since_day, text)
    assert checked > 50


def test_no_raw_keys_and_every_message_fits(game):
    server, table = game
    for channel, text in sent(server):
        assert len(text) <= 2000
        assert not re.search(r"(?<![\w/])(ks|common)[.-][a-z_]+", text), text
    # the only refusals are of clicks on a card or prompt that had just moved on (the players click fast), and of
    # a report on a card that had just changed under the reporter (no clue from anyone else on the new one yet)
    stale = ("moved on", "already changed", "nothing to report")
    assert not [r for r in table.refused if not any(s in r for s in stale)], table.refused
