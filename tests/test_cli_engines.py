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
