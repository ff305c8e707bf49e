"""Když sním typed in the game thread (MESSAGE_CONTENT=on): one night of a 4-player text game through the real bot
and the fake Discord server, where the players only type plain messages, as they would in a chat: clues (KS-14),
the pass word (KS-14), a derived clue the bot deletes with its penalty notice (KS-15, KS-16), another player's
chatter deleted during the night (KS-14), the Dreamer's guesses deleted at once and never repeated in public
(KS-19, KS-21, KS-P5), then the recap, where another player's hint is deleted and the Dreamer's first message is
the recap (KS-24). Halfway through, the bot loses Manage Messages: it goes on, and the messages simply stay.
Edits: an accepted clue edited into the dream card's word is deleted and the clue log keeps the clue as judged
(KS-13, KS-15), the pass edited into a hint during the recap is deleted (KS-24), and a link's embed is no edit.
"""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import pytest

from bot.clock import ScaledClock
from tests.e2e.harness import BotProcess, GameTable, game_controls
from tests.fakediscord import FakeDiscord
from tests.fakediscord import payloads as P

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "Bob", "Cid", "Dee"]
SEED = "typed-e2e-1"
OPTIONS = {"language": "en", "round_seconds": "120", "clue_seconds": "30", "last_guess_seconds": "5", "recap_seconds": "30"}
#: 120 s of night are 20 s of wall time: room for every step below on a loaded machine, and the whole file takes ~35 s.
TIME_SCALE = 6.0
TURN = re.compile(r"✏️ <@(\d+)>, your clue for dream card (\d+)")
NIGHT = re.compile(r"💭 <@(\d+)> is dreaming")
IN_PLAY = re.compile(r"dream card (\d+)")  # the open card's message (its turn), or the last guess's prompt
CARD = re.compile(r"🎴 Dream card (\d+): \*\*([^*]+)\*\*")
DELETE = "/channels/{channel_id}/messages/{message_id}"
WAIT = 30
DEADLINE = re.compile(r"<t:(\d+):R>")
#: A clue is typed on a turn with at least this long (wall seconds) left: the bot posts at most 5 messages per 5 s
#: in the thread, as Discord allows, so in the opening burst a turn may be shown when its 5 s have nearly run out.
TYPING_SECONDS = 2.0
#: Guesses typed in a row: 5 make the thread's 5 posts in 5 s, a sixth's post waits, the seventh comes while it waits.
BURST = 7
#: Discord's pace, this many times faster, for this game (the suite's other games run 10 times faster): the burst
#: must fill the thread's window of 5 posts, 2 s here, which a machine under load (each guess, its deletion and the
#: next card's post taking a few tenths of a second) could not do in the suite's 0.5 s.
PACE = 2.5


class Typing:
    """The players, reading the thread and their DMs, typing plain messages."""

    def __init__(self, server: FakeDiscord, table: GameTable) -> None:
        self.server = server
        self.table = table
        self.typed: dict[str, int] = {}  # what was typed (a label) -> the message id

    @property
    def thread(self) -> int:
        assert self.table.thread is not None
        return self.table.thread

    def night(self) -> tuple[int, int] | None:
        """(Dreamer, card number): the Dreamer from the night message, the card from the newest message with buttons
        that names one (the card's message, which has the Dreamer's buttons in text mode)."""
        public = list(reversed(self.table.public()))
        dreamer = next((int(f.group(1)) for m in public if (f := NIGHT.search(m.get("content") or ""))), None)
        card = next((int(f.group(1)) for m in public if game_controls(m) and (f := IN_PLAY.search(m.get("content") or ""))), None)
        return (dreamer, card) if dreamer is not None and card is not None else None

    def turn(self, card: int | None = None) -> int | None:
        """The player the open clue turn names (on dream card ``card``, when given)."""
        for m in reversed(self.table.public()):
            found = TURN.search(m.get("content") or "")
            if found and game_controls(m) and card in (None, int(found.group(2))):
                return int(found.group(1))
        return None

    def open_turn(self, not_of: int) -> int | None:
        """The player the open clue turn names, if not ``not_of`` and if it has time left to type a clue in."""
        for m in reversed(self.table.public()):
            found = TURN.search(m.get("content") or "")
            if found and game_controls(m):
                due = DEADLINE.search(m.get("content") or "")
                left = (ScaledClock.EPOCH + (int(due.group(1)) - ScaledClock.EPOCH) / TIME_SCALE - time.time()) if due else 0.0
                player = int(found.group(1))
                return player if player != not_of and left >= TYPING_SECONDS else None
        return None

    def card_of(self, player: int, number: int) -> str | None:
        for m in reversed(self.server.dm_messages(player)):
            found = CARD.search(m.get("content") or "")
            if found:
                return found.group(2) if int(found.group(1)) == number else None
        return None

    async def until(self, check, what: str) -> Any:
        return await self.server.wait_for(lambda s: check(), timeout=WAIT, what=what)

    async def say(self, label: str, user: int, text: str) -> int:
        mid = await self.server.user_message(user, self.thread, text)
        self.typed[label] = mid
        return mid

    def deleted(self, label: str) -> bool:
        return bool(self.server.message(self.typed[label]).get("deleted"))

    def deletes(self, label: str) -> int:
        """How many times the bot asked to delete the message."""
        path = f"/channels/{self.thread}/messages/{self.typed[label]}"
        return sum(1 for r in self.server.requests if r.method == "DELETE" and r.path == path)

    def readable(self, label: str) -> tuple[float, list[str]]:
        """How long the message stayed before the bot deleted it, from its arrival at the server to its deletion on
        the server's clock, and what the bot posted for the game meanwhile (in the thread or privately)."""
        created, deleted = self.server.message_times(self.typed[label])
        assert deleted is not None, f"{label} was not deleted"
        channels = [self.thread, *(c for p in self.table.players if (c := self.server.dm_channel_id(p)) is not None)]
        meanwhile = [
            m.get("content") or "(no text)"
            for c in channels
            for m in self.server.messages(c)
            if created < self.server.message_times(m["id"])[0] < deleted
        ]
        return deleted - created, meanwhile

    def bot_posts(self) -> int:
        """How many messages the bot has posted in the thread."""
        return sum(1 for m in self.table.public() if (m.get("author") or {}).get("bot"))

    def posts_before(self, label: str) -> int:
        """How many posts the bot made in the thread in the window of Discord's pace before the message arrived (5 or
        more: its next post waits for the pace, kept by the bot with a margin of 0.25 s; both faster in the suite)."""
        window = 5.0 / self.server.pace + 0.25  # the margin is in real seconds (bot/app.py)
        created, _ = self.server.message_times(self.typed[label])
        times = [self.server.message_times(m["id"])[0] for m in self.server.messages(self.thread)]
        return sum(1 for t in times if created - window < t < created)

    def shown(self, text: str) -> bool:
        return any(text in (m.get("content") or "") for m in self.table.public() if not m.get("deleted"))

    async def bystander(self, dreamer: int) -> int:
        """A player whose clue turn is two turns away (neither the giver now nor the next): their message is chatter
        even if the turn times out while they type."""
        order = [p for p in self.table.players if p != dreamer]  # the clue order, clockwise from the Dreamer's left
        giver = await self.until(lambda: self.turn(self.night()[1]), "the clue turn on the current card")
        return order[(order.index(giver) + 2) % len(order)]

    async def card_changes(self, card: int) -> int:
        await self.until(lambda: (n := self.night()) is not None and n[1] > card, f"the card after {card}")
        return self.night()[1]


async def play(tmp_path) -> tuple[FakeDiscord, GameTable, Typing, dict[str, Any]]:
    users = [*NAMES, {"name": "Beeper", "bot": True}]  # another bot in the server, not a player
    server = FakeDiscord(guild_name="Dreamland", users=users, text_channels=["general"], message_content_intent=True,
                        pace=PACE)
    await server.start()
    bot = BotProcess(server, tmp_path / "nocturne.sqlite3", SEED, time_scale=TIME_SCALE)
    bot.env["MESSAGE_CONTENT"] = "on"
    seen: dict[str, Any] = {}
    try:
        await bot.start()
        table = GameTable(server, bot, [server.user_id(n) for n in NAMES], "kdyz_snim")
        lobby = await table.open_lobby()
        await table.set_options(lobby, OPTIONS)
        await server.set_bot_permissions(P.EVERYONE_PERMISSIONS)  # started without Manage Messages: the host is told
        await table.seat_everyone_and_start(lobby)
        await server.set_bot_permissions(P.P_ADMINISTRATOR)
        typing = Typing(server, table)
        name = {server.user_id(n): n for n in NAMES}
        night = await typing.until(typing.night, "the night")
        dreamer, card = night
        seen["dreamer"] = dreamer
        seen["dreamer_dms"] = len(server.dm_messages(dreamer))

        giver = await typing.until(typing.turn, "the first clue turn")  # KS-13 / KS-14: a typed clue
        await typing.say("clue", giver, "library")
        await typing.until(lambda: typing.shown(f"💬 **{name[giver]}**: library"), "the clue in the clue log")
        seen["clue_kept"] = not typing.deleted("clue")
        seen["edited"] = await typing.until(lambda: typing.card_of(giver, card), "the giver's card")
        await server.user_edit(giver, typing.typed["clue"], seen["edited"])  # KS-15: the judge is not to be edited past
        await typing.until(lambda: typing.deleted("clue"), "the edited clue deleted")
        seen["clue_giver"] = name[giver]

        giver = await typing.until(lambda: typing.open_turn(giver), "the next clue turn")
        await typing.say("bot", server.user_id("Beeper"), "beep")  # another bot's message is never read
        await typing.say("chatter", await typing.bystander(dreamer), "is it a book? 😄")  # KS-14: not the giver's, not the Dreamer's
        await typing.until(lambda: typing.deleted("chatter"), "the chatter deleted")

        await typing.say("pass", giver, "Pass")  # KS-14: the pass word
        await typing.until(lambda: typing.shown(f"⏭️ {name[giver]} passes."), "the pass in the clue log")
        passer = giver

        giver = await typing.until(lambda: typing.open_turn(giver), "a later clue turn with time to type")
        word = await typing.until(lambda: typing.card_of(giver, card), "the giver's card")
        seen["foul"] = word + "s"
        await typing.say("foul", giver, seen["foul"])  # KS-15 (d): a derived form
        await typing.until(lambda: typing.deleted("foul") and typing.shown("takes a penalty card"), "the foul deleted, the penalty notice")
        seen["fouler"] = giver
        card = await typing.card_changes(card)

        other = next(p for p in table.players if p != dreamer)  # KS-19: the Dreamer types guesses, right and wrong
        right = await typing.until(lambda: typing.card_of(other, card), "the current card")
        seen["right"] = right
        await typing.say("right", dreamer, right)
        await typing.until(lambda: typing.deleted("right"), "the right guess deleted")
        card = await typing.card_changes(card)
        await typing.say("wrong", dreamer, "umbrella")
        await typing.until(lambda: typing.deleted("wrong"), "the wrong guess deleted")
        card = await typing.card_changes(card)
        # then the Dreamer's guesses in a row, each as soon as the card it drew is shown: each new card's message is a
        # post, so the thread soon has its 5 posts in 5 s and the next card's post waits for Discord's pace; the
        # guess typed then must not wait with it (KS-19)
        for i in range(BURST):
            await typing.say(f"burst {i}", dreamer, "quokka")
            await typing.until(lambda: typing.deleted(f"burst {i}"), f"guess {i} of the burst deleted")
            card = await typing.card_changes(card)

        await server.set_bot_permissions(P.EVERYONE_PERMISSIONS)  # no Manage Messages from here on
        refused = server.count_requests("DELETE", DELETE, status=403)
        await typing.say("kept guess", dreamer, "zebra")
        card = await typing.card_changes(card)  # the guess counts all the same
        await typing.say("kept chatter", await typing.bystander(dreamer), "brb https://example.org/tea")
        await typing.until(lambda: server.count_requests("DELETE", DELETE, status=403) >= refused + 2, "both deletions refused")
        # Discord unfurls the link: a MESSAGE_UPDATE that is no edit (counted after the recap's edit, handled after it)
        await server.unfurl(typing.typed["kept chatter"], [{"type": "link", "url": "https://example.org/tea", "title": "Tea"}])

        await typing.until(lambda: typing.shown("recall your dream"), "the recap")  # KS-23: time up, no last guess
        await server.set_bot_permissions(P.P_ADMINISTRATOR)
        seen["pass_kept"] = not typing.deleted("pass")
        await typing.say("hint", other, "you had library!")  # KS-24: nobody prompts the Dreamer
        await server.user_edit(passer, typing.typed["pass"], f"Pass. It was {right}!")  # nor by editing the pass
        await typing.until(lambda: typing.deleted("hint") and typing.deleted("pass"), "the hint and the edited pass deleted")
        seen["recap"] = f"{right}, umbrella, zebra"
        await typing.say("recap", dreamer, seen["recap"])
        summary = await typing.until(lambda: next((m for m in table.public() if (m.get("content") or "").startswith("☀️ Day 1:")), None), "the day")
        seen["summary"] = summary["content"]
        seen["log"] = bot.log()
        return server, table, typing, seen
    finally:
        await bot.stop()
        await server.stop()


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    return asyncio.run(play(tmp_path_factory.mktemp("typed")))


def test_ks_14_typed_clues_and_the_pass_word_stay_in_the_thread(night):
    server, table, typing, seen = night
    assert seen["clue_kept"] and seen["pass_kept"]  # until they were edited
    assert typing.shown("⌨️ You may also type in this thread")  # said once, at the start
    assert typing.shown("so is any message edited then")


def test_ks_13_ks_15_an_accepted_clue_edited_into_the_card_word_is_deleted_and_the_clue_log_keeps_it(night):
    """The giver edits their accepted clue into the dream card's word: the message is deleted, the bot's turn
    message still lists the clue as judged, the edit is no new clue and costs no penalty (the only penalty notice
    is the later foul's), and the word is never shown."""
    server, table, typing, seen = night
    assert typing.deleted("clue") and typing.deletes("clue") == 1
    assert typing.shown(f"💬 **{seen['clue_giver']}**: library")
    assert sum("takes a penalty card" in (m.get("content") or "") for m in table.public()) == 1
    for r in server.requests:  # the bot never shows the edit: the card is named first at day (KS-25)
        if r.method in ("POST", "PATCH") and r.path.startswith(f"/channels/{table.thread}/messages") and isinstance(r.json, dict):
            text = r.json.get("content") or ""
            if text.startswith("☀️ Day 1:"):
                break
            assert f"**{seen['clue_giver']}**: {seen['edited']}" not in text and seen["edited"] not in text, text


def test_ks_24_the_pass_edited_into_a_hint_during_the_recap_is_deleted_and_a_links_embed_is_no_edit(night):
    server, table, typing, seen = night
    assert typing.deleted("pass") and typing.deletes("pass") == 1
    assert typing.deletes("kept chatter") == 1  # refused once when typed; its link's embed, unfurled later, was no edit


def test_ks_14_another_players_chatter_is_deleted_during_the_night_and_another_bots_message_is_not_read(night):
    server, table, typing, seen = night
    assert typing.deleted("chatter")
    assert not typing.deleted("bot")  # typed just before the chatter, which was handled (and deleted) after it


def test_ks_16_a_derived_clue_is_deleted_with_the_penalty_notice_and_its_reason_sent_privately(night):
    server, table, typing, seen = night
    assert typing.deleted("foul")
    assert not any(seen["foul"] in (m.get("content") or "") for m in table.public())  # never shown by the bot
    reasons = [m["content"] for m in server.dm_messages(seen["fouler"]) if "broke the rules" in (m.get("content") or "")]
    assert len(reasons) == 1 and "Dreamland" in reasons[0] and seen["foul"] in reasons[0], reasons


def test_ks_19_ks_21_the_dreamers_guesses_are_deleted_at_once_and_never_repeated_during_the_night(night):
    """Right or wrong, each typed guess is deleted with no reaction; until the day summary no bot message in the
    thread names it (KS-P5), and the Dreamer is sent nothing (KS-P1)."""
    server, table, typing, seen = night
    assert typing.deleted("right") and typing.deleted("wrong")
    assert not server.message(typing.typed["right"]).get("reactions") and not server.message(typing.typed["wrong"]).get("reactions")
    for r in server.requests:
        if r.method in ("POST", "PATCH") and r.path.startswith(f"/channels/{table.thread}/messages") and isinstance(r.json, dict):
            text = r.json.get("content") or ""
            if text.startswith("☀️ Day 1:"):
                break
            assert "umbrella" not in text and f"“{seen['right']}”" not in text, text
    assert len(server.dm_messages(seen["dreamer"])) == seen["dreamer_dms"]


def test_ks_19_the_dreamers_typed_guess_is_deleted_at_once_before_anything_else_of_the_game_is_posted(night):
    """At once: in under 0.5 s on the server's clock from the guess's arrival to its deletion, and ahead of every
    post of the game the bot had to make then (the card change's, the next clue turn), which Discord paces. A post
    the game's drain had already sent when the guess came (it makes one call at a time) may land first: no later."""
    server, table, typing, seen = night
    paced = False
    for label in ("right", "wrong", *(f"burst {i}" for i in range(BURST))):
        readable, meanwhile = typing.readable(label)
        before = typing.posts_before(label)
        paced = paced or before >= 5
        print(f"{label}: readable for {readable:.3f} s, {before} posts in the pace's window before, posts meanwhile {meanwhile}")
        assert len(meanwhile) <= 1, (label, readable, meanwhile)
        assert readable < 0.5, (label, readable, meanwhile)
    assert paced  # a guess came while the bot's posts in the thread were waiting for Discord's pace


def test_ks_24_the_dreamers_first_message_is_the_recap_and_anothers_hint_is_deleted(night):
    server, table, typing, seen = night
    assert typing.deleted("hint") and not typing.deleted("recap")
    summary = seen["summary"]
    assert "umbrella" in summary and "zebra" in summary  # KS-25: the guesses are revealed at day
    assert f'Recap: "{seen["recap"]}"' in summary and "+2 for the Dreamer" in summary, summary  # the right one recalled


def test_without_manage_messages_nothing_breaks_and_the_messages_stay(night):
    server, table, typing, seen = night
    assert not typing.deleted("kept guess") and not typing.deleted("kept chatter")
    assert "Traceback" not in seen["log"], seen["log"][-3000:]


def test_a_host_who_starts_without_manage_messages_is_told_privately(night):
    server, table, typing, seen = night
    warned = [
        r.json for r in server.requests
        if r.method == "POST" and r.path.startswith("/webhooks/") and "cannot delete messages" in ((r.json or {}).get("content") or "")
    ]
    assert len(warned) == 1 and warned[0].get("flags", 0) & 64, warned  # ephemeral, to the host who clicked Start
    assert not any("cannot delete" in (m.get("content") or "") for m in table.public())
