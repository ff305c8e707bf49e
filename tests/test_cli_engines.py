"""``python -m engines`` (the offline table) as a newcomer meets it: every mistake in the command line or a saved
game is one line on stderr and exit status 2, ``--save`` is checked before the game is played, the player count
has one message, hotseat asks each player in turn, leaving is confirmed, and the terminal gets plain text."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engines.__main__ import main, plain

ROOT = Path(__file__).resolve().parents[1]


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out=out, inp=io.StringIO(stdin), err=err)
    return code, out.getvalue(), err.getvalue()


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("python -m engines"), err
    return lines[0]


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("saves") / "game.json"
    assert run(["play", "night_watch", "--players", "5", "--seed", "3", "--auto", "--save", str(path)])[0] == 0
    return path


def _relabel(game: str):
    return lambda good: good.read_text().replace('"night_watch"', f'"{game}"')


def _drop_log_player(good: Path) -> str:
    record = json.loads(good.read_text())
    del record["log"][0]["player"]
    return json.dumps(record)


SAVE_FILES = {
    "missing": (None, "no such file"),
    "empty": ("", "is empty"),
    "blank": ("  \n", "is empty"),
    "truncated": (lambda good: good.read_text()[:40], "broken JSON at line"),
    "binary": (b"\x89PNG\r\n\x1a\n\x00\xff\xfe", "not text"),
    "list": ("[1, 2]", "a JSON list, not an object"),
    "empty object": ("{}", "missing engine, players, seed, log"),
    "unknown engine": (_relabel("chess"), "unknown game 'chess'"),
    "relabelled, cannot start": (_relabel("ghost_at_home"), "ghost_at_home cannot start this game"),
    "relabelled, refused action": (_relabel("midnighters"), "action 1 of"),
    "players not a list": ('{"engine": "night_watch", "players": "P1", "seed": "1", "log": []}', "players must be"),
    "log entry not an action": (_drop_log_player, "action 1 of the log is not an action"),
    "bad option in the save": (
        '{"engine": "night_watch", "players": ["A","B","C","D","E"], "options": {"x": 1}, "seed": "1", "log": []}',
        "unknown option: x",
    ),
}


@pytest.mark.parametrize("case", list(SAVE_FILES))
def test_a_bad_save_file_is_one_line_naming_the_file_and_what_is_wrong(tmp_path, saved_game, case):
    content, says = SAVE_FILES[case]
    path = tmp_path / "bad.json"
    if callable(content):
        content = content(saved_game)
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    code, out, err = run(["replay", str(path)])
    line = one_error_line(err)
    assert code == 2 and out == ""  # nothing of a half-replayed game is printed
    assert str(path) in line and says in line, line


def test_a_folder_given_as_the_save_file_is_one_line(tmp_path):
    code, out, err = run(["replay", str(tmp_path)])
    assert code == 2 and "is a folder, not a saved game" in one_error_line(err)


@pytest.mark.parametrize(
    ("target", "says"),
    [("missing-folder/g.json", "the folder"), (".", "is a folder")],
)
def test_save_is_checked_before_the_game_is_played(tmp_path, target, says):
    code, out, err = run(["play", "night_watch", "--players", "5", "--auto", "--save", str(tmp_path / target)])
    line = one_error_line(err)
    assert code == 2 and out == "", out  # nothing was played
    assert "--save" in line and says in line, line


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_save_into_a_read_only_folder_is_refused_before_playing(tmp_path):
    tmp_path.chmod(0o500)
    try:
        code, out, err = run(["play", "night_watch", "--players", "5", "--auto", "--save", str(tmp_path / "g.json")])
    finally:
        tmp_path.chmod(0o700)
    assert code == 2 and out == "" and "cannot write in the folder" in one_error_line(err)


@pytest.mark.parametrize(
    ("game", "players", "says"),
    [
        ("night_watch", "-3", "night_watch is played by 5 to 25 players, not -3"),
        ("night_watch", "0", "night_watch is played by 5 to 25 players, not 0"),
        ("night_watch", "26", "night_watch is played by 5 to 25 players, not 26"),
        ("midnight_hunt", "1", "midnight_hunt is played by 2 or 4 players, not 1"),
        ("midnight_hunt", "3", "midnight_hunt is played by 2 or 4 players, not 3"),
        ("midnight_hunt", "5", "midnight_hunt is played by 2 or 4 players, not 5"),
        ("ghost_at_home", "1", "ghost_at_home is played by 2 to 4 players, not 1"),
    ],
)
def test_a_wrong_player_count_has_one_message_for_every_game(game, players, says):
    code, out, err = run(["play", game, "--players", players, "--auto"])
    assert code == 2 and one_error_line(err) == f"python -m engines: --players: {says}"


@pytest.mark.parametrize(
    ("option", "says"),
    [
        ("foo", "--option foo: write NAME=VALUE"),
        ("=3", "--option =3: write NAME=VALUE"),
        ("foo=1", "unknown option: foo (options: discussion_seconds,"),
        ("vote_seconds=1", "option vote_seconds: must be between 15 and 600"),
        ("roles=5", "option roles: must map"),
    ],
)
def test_a_bad_option_is_one_line(option, says):
    code, out, err = run(["play", "night_watch", "--players", "5", "--auto", "--option", option])
    assert code == 2 and says in one_error_line(err)


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "chess", "--players", "5"],
        ["play", "night_watch", "--players", "abc"],
        ["play", "night_watch"],
        ["replay"],
        [],
        ["dance"],
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    line = one_error_line(capsys.readouterr().err)
    assert "--help" in line


def test_python_m_engines_errors_without_a_traceback(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"engine": "night_wa')
    result = subprocess.run(
        [sys.executable, "-m", "engines", "replay", str(broken)], check=False, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"python -m engines: {broken}: not a saved game (broken JSON") and "Traceback" not in result.stderr


# --- hotseat --------------------------------------------------------------------------------------------------


def asked(out: str) -> list[str]:
    """Who was asked, in order, as ``player:prompt key``."""
    return [
        line.removeprefix("--- ").split(",")[0] + ":" + line.split("(")[1].split(")")[0]
        for line in out.splitlines()
        if line.startswith("--- ")
    ]


def hotseat(stdin: str, *extra: str) -> tuple[int, str, str]:
    return run(["play", "night_watch", "--players", "5", "--seed", "7", *extra], stdin)


def test_hotseat_asks_each_player_whose_input_is_open_in_turn():
    """Pressing 1 for each player: three are ready, the vote opens and P1 is asked to vote."""
    code, out, err = hotseat("1\n1\n1\n")
    assert asked(out) == ["P1:nw.discussion", "P2:nw.discussion", "P3:nw.discussion", "P1:nw.vote"], out
    assert "has left" not in out and err == ""


def test_hotseat_not_now_passes_to_the_next_player_and_each_is_asked_once_per_prompt():
    code, out, err = hotseat("n\nn\nn\nn\nn\n")
    turns = asked(out)
    assert turns[:5] == [f"P{i}:nw.discussion" for i in range(1, 6)], out
    assert "the time runs out for nw.discussion" in out  # nobody left to ask: the discussion's time runs out


def test_hotseat_leaving_is_typed_and_confirmed():
    code, out, err = hotseat("leave\nno\n1\nleave\nyes\n")
    assert "P1 stays in the game." in out and "P1 has left" not in out
    assert "P2 has left the game." in out
    assert asked(out)[:2] == ["P1:nw.discussion", "P2:nw.discussion"]
    menu = out.split("--- P1, your move")[1].split(">")[0]
    assert "  1. ready" in menu and "leave" not in menu.split("  n.")[0]  # leaving has no number to slip onto


def test_hotseat_at_the_end_of_the_input_says_so_saves_and_stops_cleanly(tmp_path):
    saved = tmp_path / "unfinished.json"
    code, out, err = hotseat("1\n1\n", "--save", str(saved))
    lines = out.strip().splitlines()
    assert code == 1 and err == ""
    assert lines[-3:] == ["The input ended: the game stops unfinished.", f"Saved to {saved}.", "Outcome: unfinished"]
    record = json.loads(saved.read_text())
    assert [a["kind"] for a in record["log"]] == ["ready", "ready"]
    code, replayed, err = run(["replay", str(saved)])
    assert code == 0 and replayed.strip().splitlines()[-1] == "Outcome: unfinished"


# --- plain text -----------------------------------------------------------------------------------------------


def test_the_terminal_gets_no_discord_markup():
    code, out, err = run(["play", "night_watch", "--players", "5", "--seed", "7", "--auto", "--reveal"])
    assert code == 0
    assert "Your role: Station resident." in out or "Your role: Night Watch officer." in out
    assert "**" not in out and "`" not in out and "||" not in out


@pytest.mark.parametrize(
    ("markup", "text"),
    [
        ("Your role: **Station resident**.", "Your role: Station resident."),
        ("Use `/game mine` here", "Use /game mine here"),
        ("||hidden|| and ~~gone~~ and __under__", "hidden and gone and under"),
        ("*soft* and _soft_", "soft and soft"),
        ("# Title\n> quoted\n-# small", "Title\nquoted\nsmall"),
        ("<:ghost:12345> boo", ":ghost: boo"),
        ("P1: ***", "P1: ***"),
        ("station_wins, 2 * 3 * 4, snake_case_id", "station_wins, 2 * 3 * 4, snake_case_id"),
    ],
)
def test_plain_strips_discord_markdown_and_keeps_everything_else(markup, text):
    assert plain(markup) == text


# --- verify: a game record from Discord ------------------------------------------------------------------------


def bot_record(engine: str = "night_watch", players: int = 5, seed: str = "7") -> dict:
    """A record as the bot attaches it to a final message (bot.records.build_record over a finished game)."""
    from bot.db import Game
    from bot.records import build_record
    from engines import get_engine
    from engines.playout import random_playout
    from engines.verify import outcome_json

    seats = [str(400_000_000_000_000_000 + i) for i in range(players)]
    game = random_playout(get_engine(engine), seats, seed, check=False)
    row = Game(
        id=12, engine=engine, status="finished", guild_id=1, guild_name="Babylon 5", channel_id=2, host_id=int(seats[0]),
        language="en", seed=seed, salt="5a17" * 8, options=dict(game.record.get("options") or {}), seats=seats,
        names={p: name for p, name in zip(seats, ["Sheridan", "Ivanova", "Garibaldi", "Franklin", "Delenn", "Londo"])},
        slots={}, seq=len(game.record["log"]), paused=False, outcome=outcome_json(game.state.outcome),
        created_at=1_700_000_000.0, started_at=1_700_000_010.0, finished_at=1_700_000_010.0 + len(game.record["log"]),
    )
    return build_record(row, [(action, 1_700_000_010.0 + i) for i, action in enumerate(game.record["log"], start=1)])


def verify_record(tmp_path: Path, record: dict, *extra: str) -> tuple[int, str, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    return run(["verify", str(path), *extra])


def resealed(record: dict) -> dict:
    """A forger's copy: changed, then every hash computed again."""
    from engines.verify import seal

    return seal(record)


@pytest.fixture(scope="module")
def nw_record() -> dict:
    return bot_record()


def test_verify_says_fair_for_the_record_the_bot_wrote(tmp_path, nw_record):
    code, out, err = verify_record(tmp_path, nw_record, "--commitment", nw_record["commitment"], "--digest", nw_record["digest"])
    assert (code, err) == (0, "")
    first, *rest = out.splitlines()
    n = len(nw_record["log"])
    assert first.startswith(f"fair: the deal and every shuffle follow from the committed seed, and all {n} actions replay")
    assert any(nw_record["commitment"] in line for line in rest) and any(nw_record["digest"] in line for line in rest)
    assert nw_record["players"] == ["Sheridan", "Ivanova", "Garibaldi", "Franklin", "Delenn"]
    code, out, err = run(["replay", str(tmp_path / "record.json")])  # the save format: replay reads it as it is
    assert code == 0 and out.splitlines()[-1].startswith(f"Outcome: {nw_record['outcome']['reason']}")


def _vote(record: dict) -> tuple[int, dict]:
    return next((i, e) for i, e in enumerate(record["log"]) if e["kind"] == "vote" and e["args"].get("target"))


def test_verify_catches_one_changed_action_and_says_which(tmp_path, nw_record):
    record = json.loads(json.dumps(nw_record))
    i, vote = _vote(record)
    vote["args"]["target"] = next(p for p in record["players"] if p not in (vote["args"]["target"], vote["player"]))
    code, out, err = verify_record(tmp_path, record)
    assert code == 1
    assert out.splitlines()[0] == (
        f"not fair: action {i + 1} of {len(record['log'])} ({vote['player']} vote, at {vote['at']}) differs from what "
        "the bot wrote (its hash does not match)"
    )


def test_verify_catches_a_changed_seed(tmp_path, nw_record):
    record = {**nw_record, "seed": "8"}
    code, out, err = verify_record(tmp_path, record)
    assert code == 1 and out.startswith("not fair: the seed does not match its commitment: SHA-256 of '")
    # a forger who commits to the new seed afresh and re-hashes everything is caught by the commitment posted
    from engines.verify import commitment

    forged = resealed({**json.loads(json.dumps(nw_record)), "seed": "8", "commitment": commitment("8", nw_record["salt"])})
    code, out, err = verify_record(tmp_path, forged, "--commitment", nw_record["commitment"])
    assert code == 1 and out.startswith(f"not fair: the record's commitment {forged['commitment']} is not the one posted at the start")
    code, out, err = verify_record(tmp_path, forged)  # without it, the replay from the other seed goes astray
    assert code == 1 and out.startswith("not fair: ") and ("is refused by night_watch" in out or "replaying every action ends in" in out)


def test_verify_catches_a_rehashed_record_by_the_digest_the_bot_gave(tmp_path, nw_record):
    record = json.loads(json.dumps(nw_record))
    _, vote = _vote(record)
    vote["at"] = "2023-11-14T22:13:00.000Z"  # a harmless-looking change, then every hash recomputed
    forged = resealed(record)
    assert verify_record(tmp_path, forged)[0] == 0  # consistent in itself...
    code, out, err = verify_record(tmp_path, forged, "--digest", nw_record["digest"])
    assert code == 1 and out.startswith(f"not fair: this is not the record the bot attached: its digest is {forged['digest']}")


def test_verify_catches_an_impossible_action_an_edited_outcome_and_a_dropped_action(tmp_path, nw_record):
    record = json.loads(json.dumps(nw_record))
    i, vote = _vote(record)
    vote["player"] = "Nobody"
    code, out, err = verify_record(tmp_path, resealed(record))
    assert code == 1 and out.startswith(f"not fair: action {i + 1} of {len(record['log'])} (Nobody vote") and "is refused by night_watch" in out
    edited = json.loads(json.dumps(nw_record))
    edited["outcome"]["winners"] = ["Londo"]
    code, out, err = verify_record(tmp_path, edited)
    assert code == 1 and out.startswith("not fair: the outcome differs from what the bot wrote")
    code, out, err = verify_record(tmp_path, resealed(edited))
    assert code == 1 and out.startswith("not fair: replaying every action ends in ") and "but the record says" in out
    dropped = json.loads(json.dumps(nw_record))
    del dropped["log"][3]
    code, out, err = verify_record(tmp_path, dropped)
    assert code == 1 and out.startswith(f"not fair: action 4 of {len(dropped['log'])} (") and "its hash does not match" in out


def test_verify_says_what_the_rules_keep_secret_cannot_be_checked(tmp_path):
    """GH-33 / GH-P2: a Ghost at Home record hides discarded cards, so it replays up to the first discard; MH-P3:
    Midnight Hunt never shows its seed, so its record cannot be replayed at all. Exit status 3, not "not fair"."""
    ghost = bot_record("ghost_at_home", 3, seed="4")
    first_discard = next(i for i, e in enumerate(ghost["log"], start=1) if e["kind"] == "discard")
    code, out, err = verify_record(tmp_path, ghost)
    assert code == 3 and out.startswith("partly checked: the deal follows from the committed seed")
    assert f"action {first_discard} of {len(ghost['log'])}" in out and "keeps its choice hidden (GH-P2)" in out
    hunt = bot_record("midnight_hunt", 2, seed="4")
    assert "seed" not in hunt and all(e["args"] == {"hidden": "MH-P2"} for e in hunt["log"] if e["kind"] == "seal")
    code, out, err = verify_record(tmp_path, hunt)
    assert code == 3 and out.startswith("cannot check: midnight_hunt never reveals its seed (MH-P3)")
    path = tmp_path / "record.json"
    code, out, err = run(["replay", str(path)])
    assert code == 2 and "its seed is kept secret by the game's rules (MH-P3), so it cannot be replayed" in one_error_line(err)


def test_verify_of_a_plain_save_replays_it_but_cannot_vouch_for_the_seed(tmp_path, saved_game):
    code, out, err = run(["verify", str(saved_game)])
    assert code == 3 and out.startswith("cannot check the seed: the record has no commitment") and err == ""


def test_verify_of_a_file_that_is_no_record_is_one_line(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"engine": "night_watch"}')
    code, out, err = run(["verify", str(path)])
    assert code == 2 and out == "" and "not a game record (missing players, log)" in one_error_line(err)
