"""A whole 3-player Midnighters game through the real bot and the fake Discord server, with a SIGKILL of the bot
inside a reaction window in the middle of a turn.

The players read only what they were shown (the game thread, their own DMs, the bot's private answers) and use
the controls there, by a fixed policy (:class:`MidnightTable`): walk toward the Bridge, set a Sleepwalk trap
where it saves steps and spring it onto its location in someone else's reaction window (out of turn, MN-53,
MN-54), cancel the card of the player seated before you once a game, and cancel back a cancel of your own card
(a cancel chain, MN-24 (a), MN-29), activate where you stand when nothing better is left (the Motel's choices come
privately, MN-P4). The seed was picked so this game has all of that and a winner.

One game is played once for the module (the bot is SIGKILLed once, inside a window that some players have
already passed, and restarted); the tests read it: the end with every hand, trap, the discard and the seed
(MN-61), the hands and windows by DM (MN-P8), no hand or trap secret in any public message (MN-P1 .. MN-P9),
the board edited in place, and nothing lost or posted twice across the crash. ``NOCTURNE_LONG=1`` also plays
the same game without the crash and compares the game threads line by line.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections import Counter
from typing import Any, NamedTuple

import pytest

import translations as i18n
from bot import controls as ctl
from bot.presenter import STORY_ROOM
from engines.midnighters import board as grid
from engines.midnighters.data import LOCATIONS, suspense_location
from tests.e2e.board_view import IN_VIEW, board_in_view, is_board
from tests.e2e.harness import NAVIGATION, BotProcess, GameTable, game_controls, game_texts, prompt_of
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

NAMES = ["Ada", "Boris", "Cid"]
SEED = "midnight-e2e-2432"  # no "mn-" in it: the texts are checked for raw message keys
MAX_STEPS = 1500
#: The classic layout (the policy knows its arrows, MN-8); windows long enough that a restart never races one.
OPTIONS = {"layout": "classic", "reaction_seconds": "30"}
CELLS, TURNS = grid.classic_layout()
DIST = grid.distances_to_bridge(CELLS, TURNS)
ACTIVATE = ("forest", "square", "motel", "restaurant", "townhall")
PARTNERS = ("sleepwalk", "vertigo", "catcher", "star", "dutch")
LONG = bool(os.environ.get("NOCTURNE_LONG"))


def en(key: str, **params: Any) -> str:
    return i18n.translate("en", key, **params)


LOCATION = {en(f"mn.location.{loc}"): loc for loc in LOCATIONS}
CARD_IDS = ("sleepwalk", "vertigo", "star", "dutch", "catcher", *(f"suspense-{loc}" for loc in ACTIVATE + ("bridge",)))
CARD = {en(f"mn.card.{c}"): c for c in CARD_IDS}
NIGHTMARES = ("red", "blue", "purple", "black", "multi", "colourless")
CARD.update({en(f"mn.card.{c}"): c for c in NIGHTMARES})
#: Words that name a Director card (a Suspense names its location in brackets).
CARD_WORDS = ("Sleepwalk", "Vertigo", "Midnight Star", "Dutch Angle", "Dream Catcher", "Suspense")


def dist(loc: str | None) -> int:
    return DIST.get(loc or "", 99)


class Option(NamedTuple):
    control: dict[str, Any]
    value: str | None  # a select's option value
    partial: ctl.Partial | None  # what the control does, when its id says it (not a hash)
    label: str


def _partial(code: str) -> ctl.Partial | None:
    if code.startswith("@"):
        return None
    try:
        return ctl.decode(code)
    except ctl.CodecError:
        return None


def options_of(message: dict[str, Any]) -> list[Option]:
    """Every choice a message offers: its buttons, and each option of its selects."""
    out = []
    for control in game_controls(message):
        cid = control["custom_id"]
        if str(control.get("label", "")).startswith(NAVIGATION):
            continue
        tag = cid.split(":")[0]
        if control["type"] == 2:
            code = cid.split(":", 3)[3] if tag == "nc" else cid.split(":", 4)[4] if tag == "np" else "@"
            out.append(Option(control, None, _partial(code), str(control.get("label", ""))))
        elif control["type"] == 3:
            for o in control.get("options", []):
                out.append(Option(control, o["value"], _partial(o["value"].removeprefix("+")), o["label"]))
    return out


def fits(option: Option, want: ctl.Partial) -> bool:
    """Whether ``option`` is a step toward ``want`` (same kind, no argument chosen otherwise)."""
    p = option.partial
    if p is None or (p.kind is not None and p.kind != want.kind):
        return False
    return all(want.args.get(k, v) == v for k, v in p.args.items())


def line_value(text: str, pattern: str) -> str | None:
    found = re.search(pattern, text, flags=re.MULTILINE)
    return found.group(1) if found else None


class MidnightTable(GameTable):
    """Three players with a simple plan (see the module docstring); every choice depends only on what the player
    was shown, and in a window each decides for themselves, so the order the DMs arrive in changes nothing."""

    def __init__(self, server: FakeDiscord, bot: BotProcess, players: list[int], **kwargs: Any) -> None:
        kwargs.setdefault("game", "midnighters")  # the chaos suite's table passes its own arguments through
        super().__init__(server, bot, players, **kwargs)
        self.names = {uid: name for name, uid in server._names.items() if uid in players}
        self.intent: dict[tuple[int, str], ctl.Partial] = {}  # what a player set out to do on a prompt
        self.trap_label: dict[tuple[int, str], str] = {}  # the trap they spring there ("the Bridge:")
        self.values: dict[tuple[int, str], list[str]] = {}  # the option picked in a select
        self.cancelled: set[int] = set()  # players who used their one opening cancel
        self.sprung: set[tuple[int, str]] = set()  # (player, window) where they sprang a trap
        self.finished: set[tuple[int, str]] = set()  # (player, prompt) answered: its DM may linger a moment
        self.done: list[tuple[int, str, str]] = []  # (player, prompt, kind) each player did: to read a failure
        self.after_restart: list[tuple[int, str]] = []  # (player, custom_id) used after the crash

    def is_end(self, text: str) -> bool:
        return text.startswith("🏁")

    # -- what a player reads -------------------------------------------------------------------------------

    def seat_order(self) -> list[str]:
        for message in self.public():
            order = line_value(message.get("content") or "", r"Seat order: ([^.]+)\.")
            if order:
                return [n.strip() for n in order.split(",")]
        return NAMES

    @staticmethod
    def standing(text: str) -> str | None:
        name = line_value(text, r"📍 Where you are: (.+?) \(arrows")
        return LOCATION.get(name or "")

    @staticmethod
    def hand(text: str) -> list[str]:
        cards = line_value(text, r"🃏 Your hand: (.+)$") or ""
        return [CARD[c] for c in cards.split(", ") if c in CARD]

    @staticmethod
    def traps(text: str) -> list[tuple[str, str]]:
        """The player's own traps as their DM lists them: (card, location)."""
        found = line_value(text, r"🪤 Your traps: (.+)$") or ""
        out = []
        for item in found.split("; "):
            m = re.match(r"(.+) trap at (.+)$", item)
            if m and m.group(1) in CARD and m.group(2) in LOCATION:
                out.append((CARD[m.group(1)], LOCATION[m.group(2)]))
        return out

    # -- the policy ----------------------------------------------------------------------------------------

    def choose(self, player: int, message: dict[str, Any]) -> dict[str, Any] | None:
        if self.thread is not None and int(message.get("channel_id") or 0) == self.thread:
            return None  # nothing public to click in this game
        options = [o for o in options_of(message) if (player, o.control["custom_id"]) not in self.answered]
        if not options:
            return None
        prompt = prompt_of(options[0].control["custom_id"])
        if (player, prompt) in self.finished:
            return None
        text = message.get("content") or ""
        want = self.intent.get((player, prompt))
        if want is None:
            want = self.plan(player, prompt, text, options)
            if want is None:
                return None
            self.intent[(player, prompt)] = want
        option = self.pick(player, prompt, options, want)
        if option is None:
            return None
        if option.value is not None:
            self.values[(player, option.control["custom_id"])] = [option.value]
        complete = option.control["custom_id"].startswith("nc") or (
            option.value is not None and not option.value.startswith("+")
        )
        if complete and option.partial is not None:
            self.done.append((player, prompt, option.partial.kind or ""))
            self.intent.pop((player, prompt), None)
            if option.partial.kind != "spring":  # a spring leaves the window open: the player still answers it
                self.finished.add((player, prompt))
        if self.bot.starts > 1:
            self.after_restart.append((player, option.control["custom_id"]))
        return option.control

    def pick(self, player: int, prompt: str, options: list[Option], want: ctl.Partial) -> Option | None:
        fitting = [o for o in options if fits(o, want)]
        if want.kind == "spring":  # the trap is known by its label only (its id means nothing to a person)
            label = self.trap_label[(player, prompt)]
            exact = [o for o in fitting if label in o.label]
            fitting = exact or [o for o in fitting if "trap" not in o.partial.args]
        if want.kind in ("take", "target", "discard", "assign") and not want.args:
            fitting = [o for o in options if o.partial is not None and o.partial.kind == want.kind and o.partial.args]
        return fitting[0] if fitting else None

    def plan(self, player: int, prompt: str, text: str, options: list[Option]) -> ctl.Partial | None:
        kind = prompt.split("#")[0]
        kinds = {o.partial.kind for o in options if o.partial is not None}
        if kind == "turn":
            if "your move" not in text:
                return None  # the traps message between turns: this policy springs in windows only
            return self.turn_plan(text, kinds, options)
        if kind == "window":
            return self.window_plan(player, prompt, text, kinds)
        if kind == "forest":
            return ctl.Partial("goto", {"location": "bridge"})
        if kind == "square":
            taken = line_value(text, r"Taken so far: (\d+)")
            return ctl.Partial("take") if "take" in kinds and taken == "0" else ctl.Partial("done", {})
        if kind == "motel_target":
            return ctl.Partial("target")
        if kind in ("motel_take", "restaurant"):
            return ctl.Partial("done", {})
        return ctl.Partial(min((k for k in kinds if k), default=None))

    def turn_plan(self, text: str, kinds: set[str | None], options: list[Option]) -> ctl.Partial:
        here, hand = self.standing(text), self.hand(text)
        if "star" in kinds and here == "bridge":
            return ctl.Partial("star", {})
        suspense = [c for c in hand if c.startswith("suspense")]
        if "set_trap" in kinds and "sleepwalk" in hand:
            near = [c for c in suspense if dist(suspense_location(c)) <= dist(here) - 2]
            if near:
                best = min(near, key=lambda c: (dist(suspense_location(c)), c))
                return ctl.Partial("set_trap", {"suspense": best, "card": "sleepwalk"})
        walks = [
            (
                dist(grid.sleepwalk_target(CELLS, TURNS, here, o.partial.args["direction"])),
                i,
                o.partial.args["direction"],
            )
            for i, o in enumerate(options)
            if o.partial is not None and o.partial.kind == "sleepwalk" and "direction" in o.partial.args
        ]
        better = [w for w in walks if w[0] < dist(here)]
        if better:
            return ctl.Partial("sleepwalk", {"direction": min(better)[2]})
        if "star" in kinds and here in ACTIVATE:
            return ctl.Partial("star", {})
        if "set_trap" in kinds and suspense:
            best = min(suspense, key=lambda c: (dist(suspense_location(c)), c))
            return ctl.Partial("set_trap", {"suspense": best, "card": next(c for c in PARTNERS if c in hand)})
        return ctl.Partial("end", {})

    def window_plan(self, player: int, prompt: str, text: str, kinds: set[str | None]) -> ctl.Partial:
        me = self.names[player]
        here = self.standing(text)
        if (player, prompt) not in self.sprung and "spring" in kinds:
            good = [loc for card, loc in self.traps(text) if card == "sleepwalk" and dist(loc) < dist(here)]
            if good:
                best = min(good, key=dist)
                self.sprung.add((player, prompt))
                # a spring's button names the trap by where it lies ("Trap at the Bridge: …")
                self.trap_label[(player, prompt)] = en("mn.location." + best) + ":"
                return ctl.Partial("spring", {"mode": "self"})
        what = line_value(text, r"⚡ \*\*(.+?) Answer it\?\*\*") or ""
        if "cancel" in kinds:
            reaction = re.match(r"(\w+) answers the (.+) of (\w+) with (.+)\.$", what)
            if reaction:
                if reaction.group(3) == me and reaction.group(4) == en("mn.play.cancel"):
                    return ctl.Partial("cancel", {})  # cancel back a cancel of your own card
            else:
                actor = what.split(" ")[0]
                order = self.seat_order()
                if (
                    actor in order
                    and order[(order.index(actor) + 1) % len(order)] == me
                    and player not in self.cancelled
                ):
                    self.cancelled.add(player)
                    return ctl.Partial("cancel", {})
        return ctl.Partial("pass", {})

    def values_for(self, player: int, control: dict[str, Any]) -> list[str] | None:
        if control["type"] != 3:
            return None
        return self.values.get((player, control["custom_id"])) or super().values_for(player, control)


def in_a_window(table: MidnightTable) -> bool:
    """Turn 3 or later, a reaction window open that someone has passed already and someone has not."""
    if sum(len(re.findall(r"^Turn \d+: ", m.get("content") or "", flags=re.MULTILINE)) for m in table.public()) < 3:
        return False
    passed = {
        prompt_of(cid)
        for _, cid in table.answered
        if cid.startswith("nc:") and ":window#" in cid and cid.endswith(":pass")
    }
    return any(
        prompt_of(c["custom_id"]) in passed
        for player, message in table.open_dm_prompts()
        for c in game_controls(message)
        if (player, c["custom_id"]) not in table.answered and c["custom_id"].endswith(":pass")
    )


class Played(NamedTuple):
    server: FakeDiscord
    table: MidnightTable
    crashed_in: str | None  # the window the bot was killed in


async def play(tmp_path, crash: bool) -> Played:
    server = FakeDiscord(guild_name="Dreamhall", users=NAMES, text_channels=["general"])
    await server.start()
    bot = BotProcess(server, tmp_path / "nocturne.sqlite3", SEED)
    try:
        await bot.start()
        table = MidnightTable(server, bot, [server.user_id(n) for n in NAMES])
        lobby = await table.open_lobby()
        await table.set_options(lobby, OPTIONS)
        await server.wait_for(
            lambda s: "classic layout" in (s.message(lobby).get("content") or ""), timeout=30, what="options saved"
        )
        await table.seat_everyone_and_start(lobby)
        crashed_in = None
        table.board_depths = []  # how deep the board was found after each step (issue 29)
        for _ in range(MAX_STEPS):
            if crash and crashed_in is None and in_a_window(table):
                crashed_in = next(
                    prompt_of(c["custom_id"])
                    for _, m in table.open_dm_prompts()
                    for c in game_controls(m)
                    if ":window#" in c["custom_id"]
                )
                bot.kill()
                await bot.start()
            if not await table.step():
                break
            await board_in_view(server, table.thread, table.board_depths)
        assert table.game_over(), bot.log()[-3000:]
        await server.wait_for(lambda s: f"Seed: {SEED}" in (table.game_over() or ""), timeout=30, what="the reveal")
        await server.wait_for(
            lambda s: "over" in (board(table) or {}).get("content", ""), timeout=30, what="the final board"
        )
        await board_in_view(server, table.thread, table.board_depths)  # a final board posted anew: the old copy gone
        assert not crash or crashed_in is not None, "the game ended before a window to crash in"
        return Played(server, table, crashed_in)
    finally:
        await bot.stop()
        await server.stop()


def board(table: GameTable) -> dict | None:
    """The board message: the thread's newest message with the picture attached (older ones are the chapters of the
    game's story)."""
    return next((m for m in reversed(table.public()) if is_board(m) and not m.get("deleted")), None)


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Played:
    return asyncio.run(play(tmp_path_factory.mktemp("mn"), crash=True))


def public_lines(table: MidnightTable) -> list[str]:
    return [line for m in table.public() if not m.get("deleted") for line in (m.get("content") or "").splitlines()]


def sent(server: FakeDiscord) -> list[tuple[int, str, list[str]]]:
    """Every message the bot posted or edited, in order: (channel id, text, its controls' custom ids)."""
    out = []
    for r in server.requests:
        if (
            r.route.startswith("/channels/{channel_id}/messages")
            and r.method in ("POST", "PATCH")
            and isinstance(r.json, dict)
        ):
            ids = [c.get("custom_id", "") for row in r.json.get("components") or [] for c in row.get("components", [])]
            out.append((int(r.path.split("/")[2]), r.json.get("content") or "", ids))
    return out


# -- the game ----------------------------------------------------------------------------------------------------


def test_a_three_player_game_is_played_to_its_end_with_everything_revealed(game):
    """MN-59 / MN-61: someone wakes on the Bridge; the end shows every hand, every prepared trap, the discard pile
    and the seed."""
    over = game.table.game_over()
    assert re.search(r"🏁 \*\*(Ada|Boris|Cid) woke up on the Bridge and wins; the dream is over\.\*\*", over), over
    assert f"🎲 Seed: {SEED}" in over
    assert "Hands at the end:" in over and all(f"• {name}: " in over for name in NAMES)
    assert "Prepared traps: " in over or "No prepared traps." in over
    assert "Discard pile: " in over
    assert game.table.clicks > 30


def test_mn_53_a_trap_is_sprung_out_of_turn_and_mn_29_a_cancel_is_cancelled(game):
    """MN-53 / MN-54: a Sleepwalk trap is set face down, then sprung by its owner during another player's turn,
    moving them onto its location. MN-24 (a) / MN-27 / MN-29: a card is cancelled and the cancel cancelled back."""
    lines = public_lines(game.table)
    assert any(re.search(r"(Ada|Boris|Cid) sets a trap face down\.", line) for line in lines)
    current, out_of_turn = None, []
    for line in lines:
        turn = re.match(r"Turn \d+: (\w+) plays", line)
        if turn:
            current = turn.group(1)
        sprung = re.search(r"💥 Trap sprung by (\w+) at .+: Sleepwalk, and \1 steps onto it\.", line)
        if sprung and sprung.group(1) != current:
            out_of_turn.append(line)
    assert out_of_turn, "no trap sprung out of turn"
    assert any(re.search(r"answers the Dutch Angle of \w+ with Dutch Angle \(cancel\)", line) for line in lines), (
        "no cancel chain"
    )
    assert any(re.match(r"The Dutch Angle of \w+ cancels the Dutch Angle of \w+\.", line) for line in lines)


def test_each_hand_and_window_comes_by_dm_to_everyone_with_a_countdown(game):
    """MN-64: each player's hand by DM naming the server and game; MN-19: the turn's DM counts down. MN-P8 /
    MN-27 / MN-28: every window reaches every player except the card's player, each with the same three buttons
    (Cancel / Intercept / Pass; the first two greyed out for a player without the card)."""
    server, table = game.server, game.table
    for name in NAMES:
        dms = [m.get("content") or "" for m in server.dm_messages(server.user_id(name))]
        assert any("Your hand:" in t and "Dreamhall" in t and "Midnighters" in t for t in dms), name
        assert any("your move" in t and "<t:" in t for t in dms), "turn DMs count down (MN-19)"
    dm_channel = {server.dm_channel_id(p): p for p in table.players}
    windows: dict[str, set[int]] = {}
    actor: dict[str, str] = {}
    for channel, text, ids in sent(server):
        pids = {prompt_of(cid) for cid in ids if ":window#" in cid}
        for pid in pids:
            windows.setdefault(pid, set()).add(dm_channel[channel])
            actor[pid] = text.split("⚡ **", 1)[1].split(" ", 1)[0]
            first = [cid.split(":", 3)[3] for cid in ids[:3]]
            assert first == ["cancel", "intercept", "pass"], ids
    assert len(windows) >= 5
    for pid, reached in windows.items():
        assert reached == set(table.players) - {server.user_id(actor[pid])}, (pid, actor[pid], reached)


def test_mn_p1_no_hand_or_trap_secret_reaches_a_public_message(game):
    """MN-P1 / MN-P2 / MN-P3 / MN-P4 / MN-P7 / MN-P9: until the end, no text posted or edited in the game thread or
    the channel names a card except as played face up, answered, sprung or drawn as a nightmare; no private line
    (a hand, a drawn card, the discard pile, a hand looked at) and no trap's place before it springs."""
    server, table = game.server, game.table
    public_channels = {table.thread, table.channel}
    texts = [text for channel, text, _ in sent(server) if channel in public_channels]
    end = next(i for i, t in enumerate(texts) if t.startswith("🏁"))
    private = (
        "Your hand",
        "You drew",
        "Your trap",
        "You took",
        "The discard pile",
        "'s hand",
        "Their hand",
        "Hand of",
        "waiting in",
        " trap at ",
    )
    allowed = (
        " plays ",
        " answers ",
        " cancels ",
        " intercepts ",
        "Trap sprung",
        "Nightmare",
        "fizzles",
        "Reaction window",
    )
    checked = 0
    for text in texts[:end]:
        for line in text.splitlines():
            assert not any(p in line for p in private), line
            if any(word in line for word in CARD_WORDS):
                assert any(a in line for a in allowed), line
                checked += 1
            named = re.sub(r"\b\d+ (prepared )?traps?\b", "", line)  # how many traps each player has is public
            if "trap" in named and any(place in named for place in LOCATION):
                assert "Trap sprung" in named, line
    assert checked > 10
    for m in table.public():  # the board's alt text is public too
        for picture in m.get("attachments") or []:
            description = picture.get("description") or ""
            assert not any(p in description for p in private), description


def test_mn_p4_an_activation_with_secrets_is_answered_privately(game):
    """MN-33 / MN-P4 (MN-32 / MN-P3 alike): the Motel's activator alone sees the other hand, in their choice's DM;
    the thread says only who activated, whose hand and how many cards were taken."""
    server, table = game.server, game.table
    shown = [
        t
        for p in table.players
        for t in (m.get("content") or "" for m in server.dm_messages(p))
        if "👁️ Their hand:" in t
    ]
    assert len(shown) == 1 and "🎴 **The Motel: take up to 3 of their cards.**" in shown[0], shown
    lines = public_lines(table)
    assert any(re.fullmatch(r"🪞 \w+ activates the Motel: .+\.", line) for line in lines)  # told as its scene
    assert any(re.fullmatch(r"\w+ takes 0 cards from \w+ in the Motel\.", line) for line in lines)
    assert not any("Their hand" in line or "👁️" in line for line in lines)


def test_the_board_carries_the_story_with_a_caption_kept_in_view(game):
    """MN-9 / MN-64: the board carries the game's story (issue 27): each step's public lines are written on the
    board's message above its caption, with its alt text; once a chapter is full the next step opens a new board
    message below and the old one stays as it stands (nothing deleted). The last caption ends on the outcome. After
    every step the newest board is among the thread's last few messages (issue 29)."""
    table = game.table
    boards = [m for m in table.public() if is_board(m)]  # the record at the end is no board
    assert len(boards) > 1 and not any(m.get("deleted") for m in table.public()), "chapters are kept, none deleted"
    for chapter in boards:
        (picture,) = chapter["attachments"]
        assert picture["filename"].endswith(".png") and "The grid, each card with its arrows:" in picture.get(
            "description", ""
        )
        lines = chapter["content"].split("\n")
        caption = next(i for i, line in enumerate(lines) if line.startswith("🌙 **Turn"))
        assert caption > 0 and len(chapter["content"]) <= STORY_ROOM, chapter["content"]  # the story, then the caption
    assert sum(line.startswith("Turn ") for m in boards for line in m["content"].split("\n")) >= 3  # turns, on boards
    assert len(table.board_depths) > 20 and max(table.board_depths) < IN_VIEW, table.board_depths
    assert game.server.pace_refusals == []  # kept to Discord's pace (5 posts in 5 s a channel)
    assert "woke up on the Bridge and wins; the dream is over." in boards[-1]["content"]  # MN-60: as the thread says


def test_no_raw_keys_and_only_stale_clicks_are_refused(game):
    server, table = game.server, game.table
    for _, text, _ in sent(server):
        assert len(text) <= 2000
        assert not re.search(r"(?<![\w/])(mn|common)[.-][a-z_]+", text), text
        assert "None" not in text and "{" not in text, text
    stale = ("moved on", "already changed", "no longer", "Too late: ")  # MN-29: a late click is told why
    assert not [r for r in table.refused if not any(s in r for s in stale)], table.refused


# -- the crash -------------------------------------------------------------------------------------------------


def test_a_sigkill_inside_a_window_loses_nothing_and_posts_nothing_twice(game):
    """The bot is SIGKILLed inside a reaction window that some players have passed (mid-turn) and restarted: the
    window's other players answer the same DMs afterwards, the game goes on to its end, every turn is announced
    exactly once and in order, and no prompt's DM is posted twice."""
    server, table = game.server, game.table
    assert table.bot.starts == 2 and game.crashed_in is not None
    assert any(prompt_of(cid) == game.crashed_in for _, cid in table.after_restart), (
        "the window was answered after the restart"
    )
    turns = [int(m.group(1)) for line in public_lines(table) if (m := re.match(r"Turn (\d+): ", line))]
    assert turns == list(range(1, len(turns) + 1)), turns
    posted = Counter()
    for r in server.requests:
        if r.route.startswith("/channels/{channel_id}/messages") and r.method == "POST" and isinstance(r.json, dict):
            channel = int(r.path.split("/")[2])
            for pid in {
                prompt_of(c.get("custom_id", ""))
                for row in r.json.get("components") or []
                for c in row.get("components", [])
                if c.get("custom_id", "").startswith(("nc:", "np:", "ns:"))
            }:
                posted[(channel, pid)] += 1
    twice = {k: n for k, n in posted.items() if n > 1}
    assert not twice, twice
    texts = game_texts(table.public())
    assert (
        sum(t.startswith("🔄") for t in (m.get("content") or "" for m in table.public())) == 1
    )  # "back after a restart"
    assert len([t for t in texts if t.startswith("🏁")]) == 1


@pytest.mark.skipif(not LONG, reason="plays the game a second time (set NOCTURNE_LONG=1)")
def test_the_crashed_game_reads_exactly_like_one_never_interrupted(game, tmp_path):
    reference = asyncio.run(play(tmp_path, crash=False))
    assert game_texts(game.table.public()) == game_texts(reference.table.public())
