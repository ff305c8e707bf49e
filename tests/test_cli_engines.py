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

from engines.__main__ import main
from engines.table import plain

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
    """Who was asked, in order: the seat line that opens each player's private view (``--- P1 ---``)."""
    return [line.removeprefix("--- ").removesuffix(" ---") for line in out.splitlines() if line.startswith("--- ")]


def turns(*answers: str) -> str:
    """Hotseat input: each player's answers, with the Enter that hides the screen (from the second player on) and
    the Enter that takes it."""
    return "".join(("\n" if i else "") + "\n" + answer + "\n" for i, answer in enumerate(answers))


def hotseat(stdin: str, *extra: str) -> tuple[int, str, str]:
    return run(["play", "night_watch", "--players", "5", "--seed", "7", *extra], stdin)


def test_hotseat_asks_each_player_whose_input_is_open_in_turn():
    """Pressing 1 for each player: three are ready, the vote opens and P1 is asked to vote."""
    code, out, err = hotseat(turns("1", "1", "1") + "\n\n")  # P3 hides the screen, P1 takes it: the vote
    assert asked(out) == ["P1", "P2", "P3", "P1"], out
    vote = out.split("--- P1 ---")[-1]
    assert "  1. Vote: P2" in vote and "Ready to vote" not in vote, vote  # the vote, worded as the bot's buttons
    assert "has left" not in out and err == ""


def test_hotseat_not_now_passes_to_the_next_player_and_each_is_asked_once_per_prompt():
    code, out, err = hotseat(turns("n", "n", "n", "n", "n"))
    assert asked(out)[:5] == [f"P{i}" for i in range(1, 6)], out
    assert "Nobody else can act now: the time runs out." in out  # nobody left to ask: the discussion's time runs out
    assert "nw.discussion" not in out


def test_hotseat_leaving_is_typed_and_confirmed():
    code, out, err = hotseat("\nleave\nno\n1\n" + "\n\nleave\nyes\n")
    assert "P1 stays in the game." in out and "P1 has left" not in out
    assert "P2 has left the game." in out
    assert asked(out)[:2] == ["P1", "P2"]
    menu = out.split("--- P1 ---")[1].split(">")[0]
    assert "  1. Ready to vote" in menu and "leave" not in menu.split("  n.")[0]  # leaving has no number to slip onto
    assert "type “leave”: Leave the game (asks to confirm)" in menu


def test_hotseat_at_the_end_of_the_input_says_so_saves_and_stops_cleanly(tmp_path):
    saved = tmp_path / "unfinished.json"
    code, out, err = hotseat(turns("1", "1"), "--save", str(saved))
    lines = out.strip().splitlines()
    record = json.loads(saved.read_text())
    assert code == 1 and err.splitlines()[-1] == (
        f"Record digest: {record['digest']} (check it with: python -m engines verify {saved} --digest {record['digest']})"
    )
    assert lines[-3:] == ["The input ended: the game stops unfinished.", f"Saved to {saved}.", "Outcome: unfinished"]
    assert [a["kind"] for a in record["log"]] == ["ready", "ready"] and record["outcome"] is None
    code, replayed, err = run(["replay", str(saved)])
    assert code == 0 and replayed.strip().splitlines()[-1] == "Outcome: unfinished"
    code, out, err = run(["verify", str(saved), "--digest", record["digest"]])  # as far as it went, it was fair
    assert code == 0 and out.startswith("fair: ") and "all 2 actions replay to the recorded outcome (unfinished)" in out


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


def test_verify_catches_a_seat_made_a_person_or_a_computer_of_another_level(tmp_path, nw_record):
    """Issue 31: which seats were computers, and at what level, is sealed with the players (the header hash); a
    record of people only hashes as it did before the field existed."""
    record = resealed({**json.loads(json.dumps(nw_record)), "computers": {"Delenn": "easy"}})
    assert record["header_hash"] != nw_record["header_hash"]
    assert verify_record(tmp_path, record, "--digest", record["digest"])[0] == 0
    for forged in ({**record, "computers": {"Delenn": "hard"}}, {k: v for k, v in record.items() if k != "computers"}):
        code, out, err = verify_record(tmp_path, forged)
        assert code == 1 and "the header hash does not match" in out, out
    assert resealed(json.loads(json.dumps(nw_record)))["header_hash"] == nw_record["header_hash"]


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
    """A changed vote, then every hash computed again: the copy holds together, so without the digest verify can
    only say it is consistent (exit 4, never "fair"); with the bot's digest, whole or as the file name shows it,
    it is refused."""
    record = json.loads(json.dumps(nw_record))
    _, vote = _vote(record)
    vote["args"]["target"] = next(p for p in record["players"] if p not in (vote["args"]["target"], vote["player"]))
    vote["at"] = "2023-11-14T22:13:00.000Z"
    forged = resealed(record)
    assert forged["commitment"] == nw_record["commitment"]  # the seed is untouched: the commitment cannot tell
    code, out, err = verify_record(tmp_path, forged)
    if code != 1:  # the changed vote may still replay legally (to the same end): then only the digest tells
        assert code == 4 and out.startswith("consistent only: ")
    for given in (nw_record["digest"], nw_record["digest"][:12], f"nocturne-night-watch-12-{nw_record['digest'][:12]}.json"):
        code, out, err = verify_record(tmp_path, forged, "--digest", given)
        assert (code, err) == (1, ""), (given, out, err)
        assert out.startswith(f"not fair: this is not the record the bot attached: its digest is {forged['digest']}, which does not begin")
    # the harmless-looking change alone (a time) replays to the same end, so it is consistent: only the digest tells
    timed = json.loads(json.dumps(nw_record))
    _vote(timed)[1]["at"] = "2023-11-14T22:13:00.000Z"
    assert verify_record(tmp_path, resealed(timed))[0] == 4
    assert verify_record(tmp_path, resealed(timed), "--digest", nw_record["digest"][:12])[0] == 1


def test_an_honest_bot_record_with_the_digest_its_file_name_shows_is_fair(tmp_path, nw_record):
    """Issue 30: the digest copied from the record's file name (the first 12 hex digits, as names showed them; now
    all 64) called an honest record "not the record the bot attached". Any form the name shows it in is fair."""
    from bot.records import file_name

    name = file_name(nw_record)
    assert name == f"nocturne-night-watch-12-{nw_record['digest']}.json"  # the name carries the whole digest
    path = tmp_path / name
    path.write_text(json.dumps(nw_record, indent=1, ensure_ascii=False))
    from_name = name.removesuffix(".json").rsplit("-", 1)[1]
    old_name = f"nocturne-night-watch-12-{nw_record['digest'][:12]}.json"
    for given in (from_name, nw_record["digest"][:12], nw_record["digest"][:20].upper(), f"`{from_name}`", name, old_name):
        code, out, err = run(["verify", str(path), "--digest", given])
        assert (code, err) == (0, ""), (given, out, err)
        assert out.startswith("fair: the deal and every shuffle follow from the committed seed"), (given, out)
        assert f"digest: {nw_record['digest']}, the one given" in out
    assert "its first 12 of 64 hex digits compared" in run(["verify", str(path), "--digest", old_name])[1]
    code, out, err = run(["verify", str(path), "--digest", from_name, "--commitment", nw_record["commitment"][:12]])
    assert code == 0 and "the one posted at the start (its first 12 of 64 hex digits compared)" in out


@pytest.mark.parametrize(
    "option, value, says",
    [
        ("--digest", "3343275", "has 7 hex digits; give at least 12 (as in the record's file name) or all 64"),
        ("--digest", "digest-xyz-not-hex", "is not hexadecimal"),
        ("--digest", "a" * 65, "has 65 hex digits; a SHA-256 digest has 64"),
        ("--commitment", "12ab", "has 4 hex digits; give at least 12"),
    ],
)
def test_a_malformed_digest_or_commitment_is_one_line_never_not_fair(tmp_path, nw_record, option, value, says):
    """A mistyped value is the user's slip, not the record's: exit 2 and what is wrong, never "not fair"."""
    code, out, err = verify_record(tmp_path, nw_record, option, value)
    assert code == 2 and out == "" and says in one_error_line(err)


def test_a_digest_and_commitment_swapped_are_told_apart_from_cheating(tmp_path, nw_record):
    code, out, err = verify_record(tmp_path, nw_record, "--digest", nw_record["commitment"])
    assert code == 2 and out == "" and "the digest given is the record's commitment" in one_error_line(err)
    code, out, err = verify_record(tmp_path, nw_record, "--commitment", nw_record["digest"][:12])
    assert code == 2 and out == "" and "the commitment given is the record's digest" in one_error_line(err)


def test_verify_without_a_digest_says_it_checked_consistency_only(tmp_path, nw_record):
    """Without --digest an honest record and a re-sealed copy look the same: verify says so, in words and in its
    exit status (4, not 0)."""
    code, out, err = verify_record(tmp_path, nw_record)
    assert (code, err) == (4, "")
    first, *rest = out.splitlines()
    n = len(nw_record["log"])
    assert first.startswith(f"consistent only: the seed matches the record's commitment and all {n} actions replay")
    assert "without --digest nothing shows it is the record the bot attached" in first
    assert "a copy edited and sealed again (every hash computed anew) passes these checks too" in first
    assert rest[-1].startswith("to check it is the bot's record, give --digest with the hex digits of the record's file name")
    code, out, err = verify_record(tmp_path, nw_record, "--commitment", nw_record["commitment"])  # the seed alone
    assert code == 4 and out.startswith("consistent only: ")
    ghost = bot_record("ghost_at_home", 3, seed="4")  # partly checkable: 3, and it says the digest was not checked
    code, out, err = verify_record(tmp_path, ghost)
    assert code == 3 and "not checked: that this is the record the bot attached (no --digest given" in out


def test_verify_help_states_every_exit_status_and_the_digest_forms(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["verify", "--help"])
    assert stop.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    for words in (
        "0 fair", "1 not fair", "2 not a readable record", "3 cannot be fully checked", "4 consistent only",
        "at least 12", "all 64 from its description", "the one play --save printed", "checks consistency only (exit 4)",
    ):
        assert words in text, words


def test_a_table_record_is_committed_before_the_deal_and_verifies_fair_offline(tmp_path):
    """play --save makes a record as the bot does: the commitment is printed before anything is dealt, and the
    record (seed, salt, hashes, outcome) verifies as fair with the digest the table printed, with no Discord. The
    two lines go to stderr (a fresh salt each time): the game on stdout is the same for a seed as without --save."""
    path = tmp_path / "game.json"
    printed: list[tuple[str, str]] = []

    class Notes(io.StringIO):  # which stream each line went to, in order
        def write(self, text: str) -> int:
            printed.append(("err", text))
            return super().write(text)

    class Out(io.StringIO):
        def write(self, text: str) -> int:
            printed.append(("out", text))
            return super().write(text)

    out_stream, err_stream = Out(), Notes()
    code = main(["play", "night_watch", "--players", "5", "--seed", "3", "--auto", "--save", str(path)], out=out_stream, err=err_stream)
    out, err = out_stream.getvalue(), err_stream.getvalue()
    assert code == 0
    record = json.loads(path.read_text())
    lines = out.splitlines()
    assert printed[0] == ("err", f"Commitment: {record['commitment']} (SHA-256 of salt:seed, before the deal; --save reveals both)\n")
    assert printed[1][0] == "out" and printed[1][1].startswith("Night Watch begins with 5 players")  # the deal comes after
    *game, outcome = run(["play", "night_watch", "--players", "5", "--seed", "3", "--auto"])[1].splitlines()
    assert lines == [*game, f"Saved to {path}.", outcome]  # the same game as without --save
    from engines.verify import FORMAT, commitment

    assert record["format"] == FORMAT and record["seed"] == "3" and len(record["salt"]) == 32
    assert record["commitment"] == commitment("3", record["salt"])
    assert record["outcome"]["reason"] and all("hash" in e for e in record["log"])
    assert err.splitlines() == [
        printed[0][1].strip(),
        f"Record digest: {record['digest']} (check it with: python -m engines verify {path} --digest {record['digest']})",
    ]
    code, verdict, err = run(["verify", str(path), "--digest", record["digest"], "--commitment", record["commitment"]])
    assert (code, err) == (0, "") and verdict.startswith("fair: the deal and every shuffle follow from the committed seed")
    assert run(["verify", str(path), "--digest", record["digest"][:12]])[0] == 0
    assert run(["verify", str(path)])[0] == 4
    assert run(["replay", str(path)])[1].splitlines()[-1] == lines[-1]  # still the save replay reads
    assert lines[-1] == f"Outcome: {record['outcome']['reason']}; winners: {', '.join(record['outcome']['winners'])}"
    # a fresh salt each time: the commitment does not give the seed away, even a seed as guessable as "3"
    again = tmp_path / "again.json"
    run(["play", "night_watch", "--players", "5", "--seed", "3", "--auto", "--save", str(again)])
    assert json.loads(again.read_text())["commitment"] != record["commitment"]
    # without --save there is no record, so nothing to commit to
    assert run(["play", "night_watch", "--players", "5", "--seed", "3", "--auto"])[2] == ""


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
    """A save written before the table committed to its seed (no salt, commitment or hashes)."""
    old = {k: v for k, v in json.loads(saved_game.read_text()).items() if k in ("engine", "players", "options", "seed", "log")}
    old["log"] = [{k: v for k, v in e.items() if k != "hash"} for e in old["log"]]
    code, out, err = verify_record(tmp_path, old)
    assert code == 3 and out.startswith("cannot check the seed: the record has no commitment") and err == ""


def test_verify_of_a_file_that_is_no_record_is_one_line(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"engine": "night_watch"}')
    code, out, err = run(["verify", str(path)])
    assert code == 2 and out == "" and "not a game record (missing players, log)" in one_error_line(err)
