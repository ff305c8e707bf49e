"""``python -m engines play --help`` lists every game's lobby options, with their defaults and what they accept,
so ``--option`` needs no guessing (before, the names showed only after a wrong one)."""

from __future__ import annotations

import io
import json

import pytest

from engines import ENGINE_NAMES, get_engine
from engines.__main__ import main


def test_play_help_lists_every_games_options_with_defaults():
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited, pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdout", out)
        main(["play", "--help"])
    assert exited.value.code == 0
    text = " ".join(out.getvalue().split())  # wrapped lines joined
    for game in ENGINE_NAMES:
        assert f"{game}: " in text
        for option in get_engine(game).options:
            assert f"{option.name}={json.dumps(option.default)}" in text, (game, option.name)
    assert "vote_seconds=60 (15..600)" in text and 'mode="1v1" (1v1|2v2)' in text


def test_play_and_replay_help_offer_the_bots_languages():
    for command in ("play", "replay"):
        out = io.StringIO()
        with pytest.raises(SystemExit), pytest.MonkeyPatch.context() as patch:
            patch.setattr("sys.stdout", out)
            main([command, "--help"])
        text = " ".join(out.getvalue().split())
        assert "--lang {en,ru,cs}" in text, command
    out = io.StringIO()
    with pytest.raises(SystemExit), pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdout", out)
        main(["play", "--help"])
    assert "--names" in out.getvalue()
