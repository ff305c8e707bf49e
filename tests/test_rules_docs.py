"""Every game has rules for its players: a guide in ``docs/rules/<lang>/<game>.md`` in each of the bot's languages
and a short ``/game rules`` message.

* every registered engine has ``docs/rules/<lang>/<game>.md`` for en, ru and cs (and ``docs/rules/README.md`` links
  to each of them);
* a guide's running text shows no rule id: the ids stand only in its last section, a short table of the numbered
  rules by section;
* every engine has a ``<prefix>-rules`` message in every language, which renders (``translations.translate``) to real
  text that fits one Discord message: under 1,900 characters, no raw ``{`` or message id left in it;
* every rule id a guide cites (``NW-12``, ``GH-P4``) exists in the binding rules (``docs/rules/binding/<game>.md``,
  the copy of ``../shared/rules/<game>.md``, or the game's engine package's ``engines/<game>/RULES.md``);
* every game offered to servers is linked from ``docs/rules/README.md`` (a game not offered yet need not be).

The games and their message prefixes come from the engines (``Engine.prefix``), nowhere else.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import translations as i18n
from bot.games import game_ui
from engines import ENGINE_NAMES, get_engine
from tests.test_rule_coverage import binding_rules

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rules"
#: The bot adds a title line (name and player count) above the rules; Discord's limit is 2,000 characters.
MAX_CHARS = 1900
#: A rule id as the binding rules define it: **NW-12**, **GH-P4**.
DEFINED_ID = re.compile(r"\*\*([A-Z]{2}-P?\d+)\*\*")
#: A Fluent message id that leaked into rendered text: nw-rules, common-players_range ...
MESSAGE_ID = re.compile(rf"\b(?:{'|'.join(get_engine(g).prefix for g in ENGINE_NAMES)}|common|cmd)-[a-z_]+(?:-[a-z_0-9]+)*\b")


def _prefix(game: str) -> str:
    return get_engine(game).prefix


def _cited_ids(text: str, prefix: str) -> set[str]:
    return set(re.findall(rf"\b{prefix.upper()}-P?\d+\b", text))


@pytest.mark.parametrize("game", ENGINE_NAMES)
def test_every_engine_has_a_prefix(game: str):
    assert re.fullmatch(r"[a-z]{2}", _prefix(game)), game


def _guides() -> list[Path]:
    return sorted(DOCS.glob("*/*.md"))


def _running_text(text: str) -> str:
    """A guide without its last section (the table of rule ids)."""
    return text[: text.rfind("\n## ")]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game", ENGINE_NAMES)
def test_every_game_has_a_player_guide(game: str, lang: str):
    guide = DOCS / lang / f"{game}.md"
    assert guide.is_file(), f"{game}: docs/rules/{lang}/{game}.md is missing"
    text = guide.read_text(encoding="utf-8")
    assert text.startswith("# "), f"{lang}/{guide.name} should open with a title"
    assert "/game mine" in text, f"{lang}/{guide.name} should tell players about /game mine"
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    if game_ui(game).playable:
        assert f"({lang}/{game}.md)" in index, f"docs/rules/README.md does not link {lang}/{game}.md"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game", ENGINE_NAMES)
def test_a_guide_keeps_rule_ids_out_of_its_running_text(game: str, lang: str):
    text = (DOCS / lang / f"{game}.md").read_text(encoding="utf-8")
    last = text[text.rfind("\n## ") :]
    assert _cited_ids(last, _prefix(game)), f"{lang}/{game}.md should end with a table of the rules it follows"
    shown = sorted(set(re.findall(r"\b[A-Z]{2}-P?\d+\b", _running_text(text))))
    assert not shown, f"{lang}/{game}.md shows rule ids in its running text: {shown}"


def test_the_readme_links_the_guides_that_exist():
    """Every link to a guide from the README and the guides' index leads to a file."""
    for page in (ROOT / "README.md", DOCS / "README.md"):
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(((?:docs/rules/)?(?:en|ru|cs)/[a-z_]+\.md)\)", text):
            assert (page.parent / target).is_file(), f"{page.name} links {target}, which does not exist"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game", ENGINE_NAMES)
def test_short_rules_exist_and_fit_a_discord_message(game: str, lang: str):
    key = f"{_prefix(game)}.rules"
    assert i18n.bundle(lang).has_message(i18n.message_id(key)), f"{lang}: no {i18n.message_id(key)} message"
    text = i18n.translate(lang, key)
    assert text != key and text.strip(), f"{lang}: {key} renders to nothing"
    assert len(text) < MAX_CHARS, f"{lang}: {key} is {len(text)} characters (limit {MAX_CHARS})"
    assert "{" not in text and "}" not in text, f"{lang}: {key} has a raw placeable: {text!r}"
    leaked = MESSAGE_ID.findall(text)
    assert not leaked, f"{lang}: {key} shows message ids: {leaked}"
    if lang != i18n.DEFAULT_LANGUAGE:  # a translation, not the English fallback
        assert text != i18n.translate(i18n.DEFAULT_LANGUAGE, key), f"{lang}: {key} is the English text"


@pytest.mark.parametrize("game", ENGINE_NAMES)
def test_cited_rule_ids_exist_in_the_binding_rules(game: str):
    binding = binding_rules(game)
    if binding is None:
        pytest.skip(f"the binding rules of {game} are not beside the repository")
    defined = set(DEFINED_ID.findall(binding.read_text(encoding="utf-8")))
    assert defined, f"no rule ids found in {binding}"
    prefix = _prefix(game)
    cited: dict[str, set[str]] = {}
    for guide in _guides():
        ids = _cited_ids(guide.read_text(encoding="utf-8"), prefix)
        if ids:
            cited[f"{guide.parent.name}/{guide.name}"] = ids
    for lang in i18n.LANGUAGES:
        assert cited.get(f"{lang}/{game}.md"), f"docs/rules/{lang}/{game}.md cites no {prefix.upper()}-n rule"
    unknown = {name: sorted(ids - defined) for name, ids in cited.items() if ids - defined}
    assert not unknown, f"rule ids not in {binding.name}: {unknown}"
