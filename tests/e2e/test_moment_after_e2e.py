"""Through the real bot and the fake Discord server: a player clicks a prompt the moment after its moment ended, in
Ghost at Home, Midnighters, Midnight Hunt and Lanterns (issue 28's done-when; Night Watch and Když sním are in
test_spectators_e2e.py). The prompts raced here are all in a player's DM, so there is no spectator half.

One bot process plays the four games at once, each in its own channel (Ghost at Home: Dee and Eve; Midnighters:
Ada, Boris and Cid, with the seed and options of test_midnighters_e2e.py; Midnight Hunt 1 vs 1: Fay and Gus;
Lanterns, offered to this bot by the test hook: Hal and Ivy), each for a few turns:

* **Ghost at Home**: on each turn's DM its player presses their choice and, at the same moment, every other control
  of it (a button, a select's first option, a multi-select's first cards): one is taken, and every other, landing
  the moment after the turn ended, is refused privately saying so; the DM's buttons go (GH-7).
* **Midnighters**: a play and the End turn of a turn's DM pressed at once: the other is told the moment closed and
  who closed it (MN-29). When a player answers a window with a Cancel, every other player still holding that window
  presses Pass (their DM still shows it: Discord is slow to take the bot's edit, :class:`Held`): told who answered
  first and with what (MN-29), not a bare "Too late". An out-of-turn spring (MN-53) comes while its moment is open:
  clicked the moment it is shown, it is taken; it comes once per turn at most, only with a spring to offer, and
  none is left offered for a turn that is over.
* **Midnight Hunt**: each draft pick of the DM pressed with every other unit type offered, and the first turns'
  plays, at the last step of their private choice, with every other play of that step (MH-14, MH-22): one is
  taken, each other is refused privately saying the choice has closed ("Too late").
* **Lanterns**: each turn's DM pressed on every lantern at once (LA-3): one is lit, the others are told "Too late".

For all, every refusal a player met says why: none is a generic text where the engine has a reason.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any, NamedTuple

import pytest

import translations as i18n
from bot.games import EXTRA_GAMES_ENV
from bot.wording import refusal_text
from engines.core import IllegalAction
from tests.e2e.harness import BotProcess, GameTable, game_controls, prompt_of
from tests.e2e.test_midnight_hunt_e2e import HuntTable
from tests.e2e.test_midnighters_e2e import OPTIONS as MN_OPTIONS
from tests.e2e.test_midnighters_e2e import SEED, MidnightTable, sent
from tests.fakediscord import FakeDiscord, WaitTimeout

pytestmark = pytest.mark.e2e

# the first three as in test_midnighters_e2e.py (same user ids)
NAMES = ["Ada", "Boris", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]
GH_TURNS = 5  # turns of Ghost at Home played, each answered and then clicked again
MH_TURNS = 2  # Midnight Hunt's turns whose play was raced (every draft pick before them is raced too)
LA_TURNS = 3  # Lanterns' turn DMs answered, each raced with its other lanterns
MN_RACES = 3  # Midnighters is played until this many turn DMs were raced, a window cancelled and a trap sprung
GENERIC = {
    i18n.translate("en", key)
    for key in ("common.error.bad_action", "common.error.not_legal", "common.error.stale", "common.error.internal")
}
MAX_STEPS = 400
#: How the out-of-turn springs' DM begins (MN-53), as the catalogue words it.
TRAPS_NOW = i18n.translate("en", "mn.traps_now", player="\x00", traps="").split("\x00")[0]


def closed(game: str, code: str, **params: Any) -> str:
    """The refusal a player reads for an engine's ``code`` (bot.wording), in English."""
    return refusal_text("en", IllegalAction(code, "", **params), game)


def answer_of(rec: Any) -> dict[str, Any]:
    """The click's own answer: its first response's message, or a follow-up."""
    answer = rec.original or (rec.messages[-1] if rec.messages else None)
    assert answer is not None, rec.responses
    return answer


def first_use(control: dict[str, Any]) -> list[str] | None:
    """One way to use a control: a button's click, a select's first option, a multi-select's first values."""
    if control["type"] != 3:
        return None
    return [o["value"] for o in control["options"][: max(1, int(control.get("min_values", 1)))]]


class Late(NamedTuple):
    player: int
    custom_id: str
    answer: dict[str, Any]


class Held:
    """Discord slow to take the bot's edits of some messages: the first edit of each is answered 429 (try again in
    half a second), so their buttons stay on screen a moment after their prompt closed, as they do when Discord is
    busy; clicks land there in that moment. Disarmed, it holds nothing more."""

    def __init__(self, server: FakeDiscord, messages: list[dict[str, Any]]) -> None:
        self.paths = {f"PATCH /channels/{m['channel_id']}/messages/{m['id']}" for m in messages}
        for path in self.paths:
            server.inject_429(
                1, retry_after=0.5, match=lambda method, p, path=path: self.paths and f"{method} {p}" == path
            )

    def disarm(self) -> None:
        self.paths = set()


async def click_all(
    table: GameTable, player: int, message: dict[str, Any], controls: list[dict[str, Any]]
) -> list[Late]:
    """``player`` clicks each of ``controls`` on ``message`` at once (those it still shows); their answers."""
    shown = {c["custom_id"] for c in game_controls(table.server.message(int(message["id"])) or {})}
    clicks = []
    for control in controls:
        if control["custom_id"] in shown:
            table.answered.add((player, control["custom_id"]))
            clicks.append(
                (
                    control,
                    await table.server.click(player, int(message["id"]), control["custom_id"], first_use(control)),
                )
            )
    return [
        Late(
            player,
            c["custom_id"],
            answer_in(table.server, message, await table.server.wait_for_response(iid, timeout=30)),
        )
        for c, iid in clicks
    ]


def answer_in(server: FakeDiscord, message: dict[str, Any], rec: Any) -> dict[str, Any]:
    """A click's answer: the message clicked, as the answer rewrote it, or the answer's own message."""
    return server.message(int(message["id"])) if rec.callback_type == 7 else answer_of(rec)


def refused(answer: dict[str, Any]) -> bool:
    return (answer.get("content") or "").startswith("⚠️")


class Race(NamedTuple):
    """A turn's DM clicked several times at once: the policy's choice first, then ``late`` (the same player's other
    controls of it, each sent before the bot answered the first)."""

    first: dict[str, Any]  # the answer to the policy's click (the DM as rewritten, when the click was answered there)
    late: list[Late]


class LateClicks:
    """A table whose players, on a turn's DM, press their choice and at the same moment other controls of the same
    DM (:meth:`racing`): whichever the bot takes first ends the turn, and every other lands the moment after it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.races: list[Race] = []
        self._racing: tuple[int, dict[str, Any], list[dict[str, Any]]] | None = None

    def racing(self, message: dict[str, Any], control: dict[str, Any]) -> list[dict[str, Any]]:
        """The other controls of ``message`` pressed with ``control`` (none: no race)."""
        if ":turn#" not in control["custom_id"] or message.get("ephemeral"):
            return []
        return [c for c in game_controls(message) if c["custom_id"] != control["custom_id"]]

    async def use(self, player: int, message: dict[str, Any], control: dict[str, Any], depth: int = 0) -> None:
        others = [] if depth else self.racing(message, control)
        self._racing = (player, message, others) if others else None
        await super().use(player, message, control, depth)

    async def interact(self, coro) -> Any:
        racing, self._racing = self._racing, None
        if racing is None:
            return await super().interact(coro)
        player, message, others = racing
        first = await coro
        late = []
        for other in others:
            self.answered.add((player, other["custom_id"]))
            late.append(
                (other, await self.server.click(player, int(message["id"]), other["custom_id"], first_use(other)))
            )
        rec = await self.server.wait_for_response(first, timeout=30)
        self.clicks += 1 + len(late)
        answered = answer_in(self.server, message, rec)
        lates = [
            Late(player, c["custom_id"], answer_of(await self.server.wait_for_response(iid, timeout=30)))
            for c, iid in late
        ]
        self.races.append(Race(answered, lates))
        return rec


class LateGhosts(LateClicks, GameTable):
    """Ghost at Home's turn DMs raced with every other control of them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.turn_dms: list[tuple[int, int]] = []  # (player, message) of each turn DM answered

    async def use(self, player: int, message: dict[str, Any], control: dict[str, Any], depth: int = 0) -> None:
        if not depth and ":turn#" in control["custom_id"] and (player, int(message["id"])) not in self.turn_dms:
            self.turn_dms.append((player, int(message["id"])))
        await super().use(player, message, control, depth)


class LateMidnighters(LateClicks, MidnightTable):
    """Midnighters' turn DMs raced with their End turn (its course kept otherwise: the seed's cancel comes), and
    a window's Pass pressed by the others once someone answered its card with a Cancel."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.passes: list[tuple[int, Late]] = []  # (who cancelled, a Pass pressed on the window after it)
        self.springs: list[Late] = []  # a spring's picker opened the moment it was shown

    def racing(self, message: dict[str, Any], control: dict[str, Any]) -> list[dict[str, Any]]:
        """A play from a turn's DM ("your move") and its End turn at once."""
        if "your move" not in (message.get("content") or "") or control["custom_id"].endswith(":end"):
            return []
        return [c for c in super().racing(message, control) if c["custom_id"].endswith(":end")]

    async def use(self, player: int, message: dict[str, Any], control: dict[str, Any], depth: int = 0) -> None:
        cid = control["custom_id"]
        if depth or ":window#" not in cid or not cid.endswith(":cancel"):
            return await super().use(player, message, control, depth)
        # the others' Pass on the same window, as they are shown it when the Cancel lands: each who has not answered
        # it yet, once their DM of it arrived (every player but the card's gets one, MN-27)
        window = prompt_of(cid)
        card_player = (message.get("content") or "").split("⚡ **", 1)[-1].split(" ", 1)[0]
        waiting = {
            p
            for p in self.players
            if p != player
            and self.names[p] != card_player
            and not any(q == p and prompt_of(c) == window for q, c in self.answered)
        }

        def passes(server: FakeDiscord) -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
            return [
                (other, dm, c)
                for other, dm in self.open_dm_prompts()
                for c in game_controls(dm)
                if other in waiting and prompt_of(c["custom_id"]) == window and c["custom_id"].endswith(":pass")
            ]

        await self.server.wait_for(lambda s: len(passes(s)) >= len(waiting), timeout=10, what="the window's DMs")
        others = passes(self.server)
        held = Held(self.server, [dm for _, dm, _ in others])
        try:
            await super().use(player, message, control, depth)
            for other, dm, passing in others:  # each presses it the moment after the Cancel answered the card
                self.finished.add((other, window))
                self.passes += [(player, late) for late in await click_all(self, other, dm, [passing])]
        finally:
            held.disarm()

    async def step(self) -> bool:
        # an out-of-turn spring, clicked the moment it is shown (MN-53), before the turn's player does anything: taken
        # (or its picker opens)
        for player, dm in self.open_dm_prompts():
            if TRAPS_NOW not in (dm.get("content") or "") or self.springs:
                continue
            control = next((c for c in game_controls(dm) if (player, c["custom_id"]) not in self.answered), None)
            if control is not None:
                self.springs += await click_all(self, player, dm, [control])
        return await super().step()


class LateHunt(LateClicks, HuntTable):
    """Midnight Hunt's plays (MH-22): a draft pick from the DM, or a turn's play at the last step of its private
    choice, pressed at the same moment as every other pick or play of that message."""

    def racing(self, message: dict[str, Any], control: dict[str, Any]) -> list[dict[str, Any]]:
        """A play (``nc:``, one click that plays) with the other plays of its message (not the way back)."""
        if not re.match(r"nc:\d+:(draft|turn)#", control["custom_id"]):
            return []
        return [
            c
            for c in game_controls(message)
            if c["custom_id"] != control["custom_id"] and c["custom_id"].startswith("nc:")
        ]

    async def use(self, player: int, message: dict[str, Any], control: dict[str, Any], depth: int = 0) -> None:
        others = self.racing(message, control) if len(self.turn_races()) < MH_TURNS else []
        self._racing = (player, message, others) if others else None
        await HuntTable.use(self, player, message, control, depth)

    def turn_races(self) -> list[Race]:
        return [r for r in self.races if ":turn#" in r.late[0].custom_id]


class LateLanterns(LateClicks, GameTable):
    """Lanterns' turn DMs (LA-3): the player lights one lantern and, at the same moment, every other of them."""

    def racing(self, message: dict[str, Any], control: dict[str, Any]) -> list[dict[str, Any]]:
        if ":light#" not in control["custom_id"] or message.get("ephemeral") or len(self.races) >= LA_TURNS:
            return []
        return [
            c
            for c in game_controls(message)
            if c["custom_id"] != control["custom_id"] and not c["custom_id"].endswith(":leave")  # LA-7: at any time
        ]


class Played(NamedTuple):
    server: FakeDiscord
    bot_log: str
    ghosts: LateGhosts
    dreamers: LateMidnighters
    hunters: LateHunt
    lanterns: LateLanterns
    stale_springs: list[str]  # out-of-turn springs still offered at the end for a turn that was over


async def play_ghosts(server: FakeDiscord, bot: BotProcess) -> LateGhosts:
    table = LateGhosts(server, bot, [server.user_id(n) for n in NAMES[3:5]], "ghost_at_home")
    await table.seat_everyone_and_start(await table.open_lobby())
    for _ in range(MAX_STEPS):
        if len(table.turn_dms) >= GH_TURNS or not await table.step():
            break
    return table


async def play_dreamers(server: FakeDiscord, bot: BotProcess) -> LateMidnighters:
    table = LateMidnighters(server, bot, [server.user_id(n) for n in NAMES[:3]])
    table.channel = server.channel_id("dreams")
    lobby = await table.open_lobby()
    await table.set_options(lobby, MN_OPTIONS)
    await server.wait_for(
        lambda s: "classic layout" in (s.message(lobby).get("content") or ""), timeout=30, what="options saved"
    )
    await table.seat_everyone_and_start(lobby)
    for _ in range(MAX_STEPS):
        if (len(table.races) >= MN_RACES and table.passes and table.springs) or not await table.step():
            break
    return table


async def play_hunt(server: FakeDiscord, bot: BotProcess) -> LateHunt:
    table = LateHunt(server, bot, [server.user_id(n) for n in NAMES[5:7]], NAMES[5:7])
    table.channel = server.channel_id("hunt")
    await table.seat_everyone_and_start(await table.open_lobby())
    await table.play_until(lambda: len(table.turn_races()) >= MH_TURNS, MAX_STEPS)
    return table


async def play_lanterns(server: FakeDiscord, bot: BotProcess) -> LateLanterns:
    table = LateLanterns(server, bot, [server.user_id(n) for n in NAMES[7:9]], "lanterns")
    table.channel = server.channel_id("lanterns")
    await table.seat_everyone_and_start(await table.open_lobby())
    for _ in range(MAX_STEPS):
        if len(table.races) >= LA_TURNS or not await table.step():
            break
    return table


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Played:
    async def both() -> Played:
        tmp = tmp_path_factory.mktemp("moment")
        server = FakeDiscord(
            guild_name="Dreamhall", users=NAMES, text_channels=["general", "dreams", "hunt", "lanterns"]
        )
        await server.start()
        bot = BotProcess(server, tmp / "nocturne.sqlite3", SEED)
        bot.env[EXTRA_GAMES_ENV] = "lanterns"  # the example game, offered to this bot process only
        try:
            await bot.start()
            ghosts, dreamers, hunters, lanterns = await asyncio.gather(
                play_ghosts(server, bot), play_dreamers(server, bot), play_hunt(server, bot), play_lanterns(server, bot)
            )
            # the buttons of every answered turn DM go once its turn is over (the last one may still be live)
            await server.wait_for(
                lambda s: all(not game_controls(s.message(m)) for _, m in ghosts.turn_dms[:-1]),
                timeout=30,
                what="stale buttons gone",
            )
            # and no spring is left on offer for a turn that is over, once the bot's edits are done (MN-53)
            try:
                await server.wait_for(
                    lambda s: not stale_springs(s, dreamers), timeout=10, what="springs of turns over taken off"
                )
            except WaitTimeout:
                pass  # the test says which
            return Played(server, bot.log(), ghosts, dreamers, hunters, lanterns, stale_springs(server, dreamers))
        finally:
            await bot.stop()
            await server.stop()

    return asyncio.run(both())


def reasoned(answer: dict[str, Any]) -> str:
    """The text of a private refusal, held to say why: no controls, no generic text."""
    text = answer.get("content") or ""
    assert answer["ephemeral"] and not game_controls(answer), answer
    assert text.removeprefix("⚠️ ") not in GENERIC and text not in GENERIC, text
    return text


def test_gh_a_click_on_a_turn_dm_the_moment_after_the_turn_is_refused_with_the_reason_and_its_buttons_go(played):
    """GH-7: a turn's DM offers its player's choices while the turn lasts. Its player presses one and, at the same
    moment, every other control of it (each button, each select's first option, each multi-select's first cards):
    exactly one is taken, and each other is refused privately saying the turn is over, not a generic "no longer
    open"; the DM's buttons are taken off."""
    table = played.ghosts
    assert len(table.races) >= GH_TURNS, len(table.races)
    kinds = {late.custom_id.split(":")[0] for race in table.races for late in race.late}
    assert {"nc", "nx"} <= kinds, kinds  # buttons and the light's / discard's multi-selects
    for race in table.races:
        taken = [
            a for a in [race.first, *(late.answer for late in race.late)] if not refused(a) and not game_controls(a)
        ]
        assert len(taken) == 1, race
        for late in race.late:
            if refused(late.answer):
                assert closed("gh", "stale_prompt") in reasoned(late.answer), late
    for _, message in table.turn_dms[:-1]:
        assert not game_controls(played.server.message(message))


def test_mn_29_a_pass_after_someone_else_answered_first_is_told_who_and_with_what(played):
    """MN-29: each card gets at most one answer; whoever presses Pass the moment after a Cancel answered it (their
    DM still showing it) is told who answered first and with what."""
    table = played.dreamers
    assert table.passes, "no window was answered with a Cancel while another player held it"
    for canceller, late in table.passes:
        assert closed("mn", "closed_answered", player=str(canceller), play="cancel") in reasoned(late.answer), late


def test_mn_29_a_turn_dm_clicked_twice_at_once_says_the_moment_closed_and_who_closed_it(played):
    """A play and the End turn of the same turn DM pressed at once: one is taken, the other is told that the moment
    closed when that player played (or ended the turn), naming them."""
    table = played.dreamers
    assert table.races, "no turn DM was raced"
    for race in table.races:
        taken = [
            a for a in [race.first, *(late.answer for late in race.late)] if not refused(a) and not game_controls(a)
        ]
        assert len(taken) == 1, race
        for answer in [race.first, *(late.answer for late in race.late)]:
            if refused(answer):
                text, player = reasoned(answer), race.late[0].player  # the same player pressed both
                assert any(closed("mn", f"closed_{why}", player=str(player)) in text for why in ("played", "ended")), (
                    text
                )


def test_mh_22_a_draft_pick_or_a_play_pressed_with_every_other_at_once_takes_one_and_refuses_the_rest(played):
    """MH-14 / MH-22: a draft pick is made from the player's DM, a turn's play at the last step of its private choice.
    Pressing it and every other pick or play of that message at once: exactly one is taken, each other is refused
    privately saying the choice has closed (not a generic "no longer open"), and the message keeps no live control."""
    table = played.hunters
    kinds = [prompt_of(race.late[0].custom_id).split("#")[0] for race in table.races]
    assert kinds.count("turn") >= MH_TURNS and "draft" in kinds, kinds
    for race in table.races:
        answers = [race.first, *(late.answer for late in race.late)]
        assert len([a for a in answers if not refused(a)]) == 1, race
        for answer in answers:
            if refused(answer):
                assert closed("mh", "stale_prompt") in reasoned(answer), answer
        assert not game_controls(played.server.message(int(race.first["id"]))), race.first


def test_la_3_a_turn_dm_clicked_on_every_lantern_at_once_takes_one_and_refuses_the_rest_with_the_reason(played):
    """LA-3: the player whose turn it is lights one lantern from their DM. Pressing all of them at once: exactly
    one is lit, each other is refused privately saying the choice has closed; the DM's buttons go."""
    table = played.lanterns
    assert len(table.races) >= LA_TURNS, len(table.races)
    for race in table.races:
        answers = [race.first, *(late.answer for late in race.late)]
        assert race.late and len([a for a in answers if not refused(a)]) == 1, race
        for answer in answers:
            if refused(answer):
                assert closed("la", "stale_prompt") in reasoned(answer), answer
    for race in table.races:
        assert not game_controls(played.server.message(int(race.first["id"]))), race.first


def posted(server: FakeDiscord) -> list[tuple[int, str, list[str]]]:
    """Every message the bot posted (not edited), in order: (channel id, text, its controls' custom ids)."""
    return [
        (
            int(r.path.split("/")[2]),
            r.json.get("content") or "",
            [c.get("custom_id", "") for row in r.json.get("components") or [] for c in row.get("components", [])],
        )
        for r in server.requests
        if r.method == "POST" and r.route == "/channels/{channel_id}/messages" and isinstance(r.json, dict)
    ]


def live_turns(server: FakeDiscord, table: GameTable) -> set[str]:
    """The turn prompts whose own DM ("your move") still shows its controls."""
    return {
        prompt_of(c["custom_id"])
        for p in table.players
        for m in server.dm_messages(p)
        if "your move" in (m.get("content") or "") and not m.get("deleted")
        for c in game_controls(m)
    }


def stale_springs(server: FakeDiscord, table: GameTable) -> list[str]:
    """Out-of-turn springs still offered for a turn that is over."""
    live = live_turns(server, table)
    return [
        m.get("content") or ""
        for p in table.players
        for m in server.dm_messages(p)
        if TRAPS_NOW in (m.get("content") or "")
        and any(prompt_of(c["custom_id"]) not in live for c in game_controls(m))
    ]


def test_mn_53_springs_come_while_the_moment_is_open_once_a_turn_and_only_when_one_can_spring(played):
    """MN-53: a player with a trap that can spring now gets one private message when a turn starts, while its moment
    is open: its spring's picker opens when clicked the moment it is shown, and no such message is left offering a
    spring once its turn is over (one posted after the moment would keep its buttons: nothing closes it again). A
    trap holder who cannot spring is told nothing ("No trap of yours can be sprung right now" is gone)."""
    server, table = played.server, played.dreamers
    messages = sent(server)
    assert not any("can be sprung right now" in text for _, text, _ in messages)
    turn_of = {  # each turn prompt -> its turn's number, as its own DM says it
        prompt_of(ids[0]): re.search(r"Turn (\d+): your move", text).group(1)
        for _, text, ids in messages
        if "your move" in text and ids
    }
    springs: dict[tuple[int, str], int] = {}  # (player's DM, turn) -> the spring messages posted
    for channel, text, ids in posted(server):
        if text.count(TRAPS_NOW) and ids:
            turn = turn_of[prompt_of(ids[0])]
            springs[(channel, turn)] = springs.get((channel, turn), 0) + 1
            assert any(":spring" in i or i.startswith("np:") for i in ids), ids  # only with a spring to offer
    assert springs, "no spring was offered out of turn"
    assert all(n == 1 for n in springs.values()), springs  # one message a turn, not one each time a prompt opens
    assert played.stale_springs == [], played.stale_springs
    assert table.springs, "no spring was clicked the moment it was shown"
    for late in table.springs:  # taken, or its picker opened: not "Too late"
        text = late.answer.get("content") or ""
        assert not refused(late.answer) and ("✅" in text or game_controls(late.answer)), late


def test_every_refusal_met_says_why(played):
    """Issue 28, item 3: whatever a player was refused in any of the games (by the tables' own play too) says why."""
    for table in (played.ghosts, played.dreamers, played.hunters, played.lanterns):
        for text in table.refused:
            assert text.removeprefix("⚠️ ") not in GENERIC, text
    assert "Traceback" not in played.bot_log, played.bot_log[-3000:]
