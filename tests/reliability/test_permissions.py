"""Permissions: every host-only control is refused for everyone else and accepted for those allowed.

Through the real bot and the fake Discord server. Allowed: the game's host, its narrator, and any member with
Manage Server (``cogs.game.GameCog.is_host``); ``/game language`` needs Manage Server, whoever hosts. Everyone else
- a seated player, a member who is not playing - gets a private refusal in words, and the stored game is
byte-identical afterwards (:meth:`tests.reliability.fuzz_support.World.refused_unchanged`). Controls are clicked
the way a modified client could: by custom id, even on a message that does not show them (``forge``), because the
bot must check who clicks, not trust what it drew.
"""

from __future__ import annotations

import sqlite3

import pytest

from tests.reliability.fuzz_support import MANAGE_GUILD, World, assert_refused, components, text_of

pytestmark = pytest.mark.e2e

HOST, PLAYERS, OUTSIDER, ADMIN, NARRATOR = "Hana", ["Pia", "Quinn", "Rex", "Sam"], "Otto", "Ada", "Nora"
OTHERS = ["Pia", OUTSIDER]  # a seated player and a member who is not playing: both must be refused


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    # the first user owns the server (and so has every permission): nobody under test
    users = ["Owner", HOST, *PLAYERS, OUTSIDER, ADMIN, NARRATOR]
    w = World(tmp_path_factory.mktemp("permissions"), users, ["lobby-room", "game-room", "general"], "permissions").start()

    async def make_admin() -> None:
        role = await w.srv.add_role("Server managers", permissions=MANAGE_GUILD)
        # what "member role add" does at the fake server (PUT /guilds/{g}/members/{u}/roles/{r})
        w.srv._members[w.uid(ADMIN)]["roles"].append(role)
        await w.srv._member_updated(w.uid(ADMIN))

    w.run(make_admin())
    assert w.srv.owner_id == w.uid("Owner")
    yield w
    w.stop()


def _status(world: World, game_id: int) -> tuple:
    with sqlite3.connect(f"file:{world.db_path}?mode=ro", uri=True, timeout=30) as conn:
        return conn.execute("SELECT status, paused, narrator_id, options FROM games WHERE id = ?", (game_id,)).fetchone()


def _panel_values(comp: dict, narrator: int) -> list[str] | None:
    """What to choose in a panel component: a listed option of a select, a member for the narrator select."""
    if comp["type"] == 3:
        return [comp["options"][-1]["value"]]
    if comp["type"] == 5:
        return [str(narrator)]
    return None


def test_lobby_controls_refused_for_others_accepted_for_host_and_manage_server(world):
    async def scenario() -> None:
        room = world.channel("lobby-room")
        lobby = await world.open_lobby(HOST, room)
        mid, gid = int(lobby["id"]), world.lobby_game(lobby)
        assert "joined" in text_of(await world.click("Pia", mid, f"nl:{gid}:join")).lower()
        # the host's settings panel (private to the host on Discord; a forged client can still click it)
        panel = (await world.click(HOST, mid, f"nl:{gid}:settings")).responses[0]
        pid = int(panel["message_id"])
        panel_controls = {c["custom_id"]: c for c in components(panel)}
        kinds = {cid.split(":")[2] for cid in panel_controls}
        assert {"opt", "toggle", "counts", "narrator"} <= kinds, panel_controls.keys()
        for who in OTHERS:
            for what in ("start", "settings", "cancel"):
                cid = f"nl:{gid}:{what}"
                text = await world.refused_unchanged(gid, f"{who} {cid}", world.click(who, mid, cid))
                assert "Only the host" in text, (who, cid, text)
            for cid, comp in panel_controls.items():
                values = _panel_values(comp, world.uid(OUTSIDER))
                text = await world.refused_unchanged(gid, f"{who} {cid}", world.click(who, pid, cid, values))
                assert "Only the host" in text, (who, cid, text)
            text = await world.refused_unchanged(gid, f"{who} /game abort", world.slash(who, room, "abort"))
            assert "Only the host" in text

        # the host and a Manage Server member may use every control
        admin_panel = await world.click(ADMIN, mid, f"nl:{gid}:settings")
        assert admin_panel.ephemeral and components(admin_panel.responses[0]), admin_panel.responses
        opt = next(cid for cid in panel_controls if ":opt:discussion_seconds" in cid)
        toggle = next(cid for cid in panel_controls if ":toggle:reveal_roles" in cid)
        counts = next(cid for cid in panel_controls if ":counts:roles" in cid)
        narrator = next(cid for cid in panel_controls if cid.startswith("nlu:"))
        assert "Saved" in text_of(await world.click(ADMIN, pid, opt, ["60"]))
        assert "Saved" in text_of(await world.click(HOST, pid, toggle))
        modal = await world.click(ADMIN, pid, counts)
        assert modal.modal is not None, modal.responses  # the counts form opens
        assert "Saved" in text_of(await world.click(HOST, pid, narrator, [str(world.uid(NARRATOR))]))
        _, _, chosen, options = _status(world, gid)
        assert chosen == world.uid(NARRATOR) and '"discussion_seconds": 60' in options and '"reveal_roles": false' in options
        # Start passes the permission check for Manage Server (two seats are too few: the next reason)
        text = assert_refused(await world.click(ADMIN, mid, f"nl:{gid}:start"), "admin start")
        assert "Only the host" not in text and "at least 5" in text
        cancelled = await world.click(ADMIN, mid, f"nl:{gid}:cancel")
        assert "stopped" in text_of(cancelled).lower() and _status(world, gid)[0] == "aborted"

    world.run(scenario())


async def _host_panel(world: World, who: str, thread: int) -> tuple[int, dict[str, str]]:
    rec = await world.slash(who, thread, "host")
    assert rec.ephemeral and components(rec.responses[0]), (who, rec.responses)
    panel = rec.responses[0]
    return int(panel["message_id"]), {c["custom_id"].split(":")[2]: c["custom_id"] for c in components(panel)}


def test_running_game_host_panel_and_abort(world):
    async def scenario() -> None:
        room = world.channel("game-room")
        lobby = await world.open_lobby(HOST, room)
        mid, gid = int(lobby["id"]), world.lobby_game(lobby)
        for name in PLAYERS:
            await world.click(name, mid, f"nl:{gid}:join")
        panel = (await world.click(HOST, mid, f"nl:{gid}:settings")).responses[0]
        narrator = next(c["custom_id"] for c in components(panel) if c["custom_id"].startswith("nlu:"))
        assert "Saved" in text_of(await world.click(HOST, int(panel["message_id"]), narrator, [str(world.uid(NARRATOR))]))
        assert "started" in text_of(await world.click(HOST, mid, f"nl:{gid}:start"))
        thread = int((await world.srv.wait_for(lambda s: s.threads(room), timeout=30))[0]["id"])

        for who in OTHERS:
            text = await world.refused_unchanged(gid, f"{who} /game host", world.slash(who, thread, "host"))
            assert "Only the host" in text
        for who in (ADMIN, NARRATOR):  # the panel opens for the narrator and Manage Server too
            await _host_panel(world, who, thread)
        pid, ids = await _host_panel(world, HOST, thread)
        assert {"pause", "extend", "skip", "remove"} <= ids.keys(), ids
        sam = [str(world.uid("Sam"))]

        async def refused_for_others(pid: int, what: str, values=None) -> None:
            for who in OTHERS:
                text = await world.refused_unchanged(gid, f"{who} {what}", world.click(who, pid, ids[what], values))
                assert "Only the host" in text, (who, what, text)

        for what in ("pause", "extend", "skip"):
            await refused_for_others(pid, what)
        await refused_for_others(pid, "remove", sam)
        for who in OTHERS:
            text = await world.refused_unchanged(gid, f"{who} /game abort", world.slash(who, thread, "abort"))
            assert "Only the host" in text

        # accepted for the host, the narrator and a Manage Server member, each visibly changing the stored game
        assert "paused" in text_of(await world.click(HOST, pid, ids["pause"])).lower()
        assert _status(world, gid)[1] == 1
        pid, ids = await _host_panel(world, HOST, thread)  # now with Resume
        await refused_for_others(pid, "resume")
        assert not text_of(await world.click(ADMIN, pid, ids["resume"])).startswith("⚠️")
        assert _status(world, gid)[1] == 0
        await world.settle(gid)
        stored = world.stored(gid)
        assert not text_of(await world.click(NARRATOR, pid, ids["extend"])).startswith("⚠️")
        assert world.stored(gid)["deadlines"] != stored["deadlines"]
        assert not text_of(await world.click(ADMIN, pid, ids["skip"])).startswith("⚠️")
        pid, ids = await _host_panel(world, NARRATOR, thread)  # the skip opened the vote: a new prompt to act on
        assert not text_of(await world.click(NARRATOR, pid, ids["remove"], sam)).startswith("⚠️")
        assert len(world.stored(gid)["actions"]) == len(stored["actions"]) + 2  # the skip and the removal
        aborted = await world.slash(ADMIN, thread, "abort")
        assert "stopped" in text_of(aborted).lower() and _status(world, gid)[0] == "aborted"

    world.run(scenario())


def test_language_is_for_manage_server_only(world):
    def settings() -> list[tuple]:
        with sqlite3.connect(f"file:{world.db_path}?mode=ro", uri=True, timeout=30) as conn:
            return conn.execute("SELECT guild_id, language FROM guild_settings ORDER BY guild_id").fetchall()

    async def scenario() -> None:
        room = world.channel("general")
        for who in [HOST, *OTHERS]:  # hosting a game gives no say over the server's language
            before = settings()
            text = assert_refused(await world.slash(who, room, "language", language="cs"), f"{who} /game language")
            assert "Manage Server" in text and settings() == before
        try:
            rec = await world.slash(ADMIN, room, "language", language="cs")
            assert rec.ephemeral and not text_of(rec).startswith("⚠️") and ("cs",) in [r[1:] for r in settings()]
        finally:
            await world.slash(ADMIN, room, "language", language="en")

    world.run(scenario())
