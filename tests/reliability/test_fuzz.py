"""Interaction fuzz: random, stale, foreign, doubled and out-of-phase clicks and commands against the real bot.

One bot subprocess and one fake Discord server serve the whole module (:class:`tests.reliability.fuzz_support.World`).
The fixture plays a Night Watch game of eight by the e2e policy (:class:`tests.e2e.harness.NightWatchTable`) through
day 1, a jailing and night 1, to the vote of day 2, keeping every private message that ever held controls
(``/game mine`` answers and night DMs from earlier phases), then pauses the timers so nothing moves on its own.

Hypothesis then draws clicks that must all be refused - on controls of closed prompts (stale, out of phase), by
members who are not playing (foreign), by the jailed or killed, votes for oneself, for the dead or for garbage,
host controls by everyone else, a second Pause (doubled), and slash commands where they make no sense - and each
must get a private answer that gives a reason in words, with the game's stored rows (games, actions, snapshots,
deadlines, outbox) byte-identical afterwards.

``NOCTURNE_LONG=1`` draws 5,000 clicks instead of the CI's 200 (about 10 ms each).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.e2e.harness import NightWatchTable, components
from tests.reliability.fuzz_support import World, assert_refused, text_of

pytestmark = pytest.mark.e2e

LONG = os.environ.get("NOCTURNE_LONG") == "1"
HOST, SEATED, OUTSIDER = "Hana", [f"Seat{i}" for i in range(1, 8)], "Otto"


class Table:
    """The fuzzed game as the fixture left it: who is where, and every message with controls seen so far."""

    def __init__(self, world: World, nw: NightWatchTable, gid: int) -> None:
        self.world, self.nw, self.gid = world, nw, gid
        self.stale: list[tuple[int, dict[str, Any]]] = []  # (message id, component) of prompts now closed
        self.vote: dict[str, Any] | None = None
        self.panel_before_pause: tuple[int, dict[str, str]] | None = None
        self.panel: tuple[int, dict[str, Any]] | None = None
        self.alive: list[str] = []
        self.dead: list[str] = []
        self.mine_messages: set[int] = set()
        #: each living voter's private vote picker: (message id, {target id: (custom id, select values)})
        self.pickers: dict[str, tuple[int, dict[str, tuple[str, list[str] | None]]]] = {}

    def name(self, uid: str) -> str:
        return next(n for n in [HOST, *SEATED, OUTSIDER] if str(self.world.uid(n)) == uid)


async def _collect_mine(world: World, table: Table, names: list[str]) -> None:
    """Every player's ``/game mine`` now: its controls become stale once the phase moves on."""
    for name in names:
        rec = await world.slash(name, table.nw.thread, "mine")
        if rec.responses and components(rec.responses[0]):
            msg = rec.responses[0]
            table.stale += [(int(msg["message_id"]), c) for c in components(msg)]
            table.mine_messages.add(int(msg["message_id"]))


async def _build(world: World) -> Table:
    players = [world.uid(n) for n in [HOST, *SEATED]]
    nw = NightWatchTable(world.srv, world.bot, players)
    lobby_id = await nw.open_lobby()
    gid = world.lobby_game(world.srv.message(lobby_id))
    await nw.seat_everyone_and_start(lobby_id)
    table = Table(world, nw, gid)
    await world.srv.wait_for(lambda s: nw.open_public_prompt(), timeout=30, what="day 1 discussion")
    await _collect_mine(world, table, [HOST, *SEATED])
    # a doubled click: the same Ready twice - the second is refused and changes nothing
    ready = nw.open_public_prompt()
    cid = components(ready)[0]["custom_id"]
    assert not text_of(await world.click(SEATED[0], int(ready["id"]), cid)).startswith("⚠️")
    nw.answered.add((world.uid(SEATED[0]), cid))
    text = await world.refused_unchanged(gid, "doubled Ready", world.click(SEATED[0], int(ready["id"]), cid))
    assert "already" in text
    night_seen = False
    for _ in range(200):
        message = nw.open_public_prompt()
        if night_seen and message is not None and any(":vote#" in c["custom_id"] for c in components(message)):
            break
        if nw.open_dm_prompts() and not night_seen:
            night_seen = True
            await _collect_mine(world, table, [HOST, *SEATED])
            table.stale += [(int(m["id"]), c) for _, m in nw.open_dm_prompts() for c in components(m)]
        assert await nw.step(), "the game ended before day 2's vote"
    else:
        raise AssertionError("day 2's vote never opened")
    vote = nw.open_public_prompt()
    table.vote = vote
    # the host pauses: no timer may move the game while clicks are fuzzed
    rec = await world.slash(HOST, nw.thread, "host")
    before = rec.responses[0]
    table.panel_before_pause = (int(before["message_id"]), {c["custom_id"].split(":")[2]: c["custom_id"] for c in components(before)})
    assert "paused" in text_of(await world.click(HOST, *[table.panel_before_pause[0], table.panel_before_pause[1]["pause"]])).lower()
    rec = await world.slash(HOST, nw.thread, "host")
    table.panel = (int(rec.responses[0]["message_id"]), {c["custom_id"]: c for c in components(rec.responses[0])})
    # the vote is one select of the living on the public message (NW-10): what the fuzz clicks as the wrong people
    # (the dead, outsiders) and as voters choosing themselves. ``pickers`` holds, for each living voter, the
    # choices that are theirs to make: every other living player.
    (vote_select,) = [c for c in components(vote) if c["type"] == 3]
    targets = {o["value"].rsplit("'", 1)[-1]: (vote_select["custom_id"], [o["value"]]) for o in vote_select["options"]}
    table.alive = sorted(targets)
    table.pickers = {voter: (int(vote["id"]), {t: v for t, v in targets.items() if t != voter}) for voter in table.alive}
    table.dead = [str(p) for p in players if str(p) not in targets]
    assert table.dead, "nobody was jailed or killed"
    await world.settle(gid)
    # a closed prompt's private messages lost their controls (nothing stale looks clickable); what is left to
    # click stale are the /game mine answers, which keep theirs
    for mid, comp in list(table.stale):
        if comp["custom_id"] not in [c["custom_id"] for c in components(world.srv.message(mid))]:
            assert mid not in table.mine_messages, "a /game mine answer lost its controls"
            table.stale.remove((mid, comp))
    assert table.stale, "nothing stale left to click"
    return table


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    world = World(tmp_path_factory.mktemp("fuzz"), ["Owner", HOST, *SEATED, OUTSIDER], ["general", "empty"], "fuzz").start()
    try:
        yield world.run(_build(world), timeout=300)
    finally:
        world.stop()


# -- the fuzzed interactions -----------------------------------------------------------------------------------

GARBAGE = st.one_of(st.text(min_size=0, max_size=40), st.integers(-(2**63), 2**64).map(str), st.just(""))


@st.composite
def refused_click(draw: st.DrawFn, t: Table) -> tuple[str, str, int, str, list[str] | None]:
    """(description, clicker, message id, custom id, values) of one click that the bot must refuse."""
    everyone = [HOST, *SEATED, OUTSIDER]
    kind = draw(st.sampled_from(["stale", "foreign", "dead", "self", "host_only", "doubled_pause"]))
    if kind == "stale":
        mid, comp = draw(st.sampled_from(t.stale))
        values = None
        if comp["type"] == 3:
            values = [draw(st.one_of(st.sampled_from([o["value"] for o in comp["options"]]), GARBAGE))]
        return kind, draw(st.sampled_from(everyone)), mid, comp["custom_id"], values
    if kind in ("foreign", "dead"):  # someone not voting chooses a living target
        mid, targets = t.pickers[draw(st.sampled_from(t.alive))]
        who = OUTSIDER if kind == "foreign" else t.name(draw(st.sampled_from(t.dead)))
        return (kind, who, mid, *draw(st.sampled_from(sorted(targets.values(), key=str))))
    if kind == "self":  # a voter chooses themselves
        voter = draw(st.sampled_from(t.alive))
        mid, targets = t.pickers[draw(st.sampled_from([v for v in t.alive if voter in t.pickers[v][1]]))]
        return (kind, t.name(voter), mid, *targets[voter])
    if kind == "host_only":
        pid, comps = t.panel
        cid = draw(st.sampled_from(sorted(comps)))
        values = [draw(st.sampled_from([o["value"] for o in comps[cid]["options"]]))] if comps[cid]["type"] == 3 else None
        return kind, draw(st.sampled_from([*SEATED, OUTSIDER])), pid, cid, values
    pid, ids = t.panel_before_pause  # Pause again, on the panel shown before the pause
    return kind, HOST, pid, ids["pause"], None


@settings(max_examples=5000 if LONG else 200, deadline=None, suppress_health_check=list(HealthCheck), derandomize=not LONG)
@given(data=st.data())
def test_fuzzed_clicks_are_refused_privately_and_change_nothing(table, data):
    kind, who, mid, cid, values = data.draw(refused_click(table))
    what = f"{kind}: {who} clicks {cid} with {values!r}"
    table.world.run(table.world.refused_unchanged(table.gid, what, table.world.click(who, mid, cid, values)))


SLASH = [
    ("/game mine, not playing", OUTSIDER, "thread", "mine", {}),
    ("/game abort, no game here", HOST, "empty", "abort", {}),
    ("/game leave, no game here", SEATED[1], "empty", "leave", {}),
    ("/game host, no game here", HOST, "empty", "host", {}),
    ("/game leave, not playing", OUTSIDER, "thread", "leave", {}),
    ("/game abort, not the host", SEATED[2], "thread", "abort", {}),
    ("/game host, not the host", OUTSIDER, "thread", "host", {}),
    ("/game language, no Manage Server", SEATED[3], "thread", "language", {"language": "ru"}),
]


@pytest.mark.parametrize("case", SLASH, ids=[c[0] for c in SLASH])
def test_odd_slash_commands_are_refused_privately_and_change_nothing(table, case):
    what, who, where, sub, options = case
    channel = table.nw.thread if where == "thread" else table.world.channel(where)
    table.world.run(table.world.refused_unchanged(table.gid, what, table.world.slash(who, channel, sub, **options)))


def test_a_dead_player_leaving_is_refused(table):
    who = table.name(table.dead[0])
    table.world.run(table.world.refused_unchanged(table.gid, "dead /game leave", table.world.slash(who, table.nw.thread, "leave")))


def test_start_with_an_unknown_game_choice_is_refused(table):
    """A client sending a game the command does not offer (the choices are fixed) gets a reason, not silence."""

    async def scenario() -> str:
        world = table.world
        options = [{"type": 1, "name": "start", "options": [{"type": 3, "name": "game", "value": "chess"}]}]
        iid = await world.srv.slash(world.uid(OUTSIDER), world.channel("empty"), "game", options)
        # Discord requires the first answer within 3 s: 5 s of silence is silence
        return assert_refused(await world.srv.wait_for_response(iid, timeout=5), "/game start chess")

    table.world.run(scenario())
