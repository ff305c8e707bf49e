"""The Fluent catalogues in ``data/locales/<lang>/*.ftl``: complete, well-formed and consistent in every language.

* every catalogue parses without Junk, and no message id is defined twice in one language;
* every message id of a catalogue exists in every language (for every ``.ftl`` name found in any language folder,
  so a game's catalogue is checked as soon as it lands in one language);
* a translation uses exactly the variables of the English message;
* slash-command names (``cmd-*-name``) are valid Discord names, unique per language; descriptions and choices fit
  Discord's 100 characters;
* where the English message has a plural selector on a number, Russian and Czech select on it with all of CLDR's
  categories (``one``, ``few``, ``many``, ``other``);
* real messages render with the right word forms (``translations.translate``);
* every event key the engines emit in random playouts has an English message.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

import translations as i18n
from engines import available_engines, get_engine
from engines.core import IllegalAction
from engines.playout import random_playout

LOCALES = i18n.LOCALES_DIR
LANGUAGES = i18n.LANGUAGES
ENGLISH = i18n.DEFAULT_LANGUAGE
#: Every catalogue file name present in any language folder.
FILES = sorted({path.name for lang_dir in LOCALES.iterdir() if lang_dir.is_dir() for path in lang_dir.glob("*.ftl")})
#: The CLDR plural categories a Russian or Czech selector on a number must cover (Czech ``many`` is for decimals,
#: Russian ``other`` for decimals; both still occur when a fraction is formatted).
PLURAL_CATEGORIES = {"ru": {"one", "few", "many", "other"}, "cs": {"one", "few", "many", "other"}}
CLDR_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
DISCORD_TEXT_LIMIT = 100  # command and option descriptions, choice names
TOP_COMMAND = "cmd-game-name"  # every other cmd-*-name is a subcommand of /game (cogs/game.py)


# -- parsing -----------------------------------------------------------------------------------------------------


def _path(lang: str, name: str) -> Path:
    return LOCALES / lang / name


@cache
def _resource(lang: str, name: str) -> ast.Resource | None:
    path = _path(lang, name)
    return FluentParser().parse(path.read_text(encoding="utf-8")) if path.exists() else None


def _entries(lang: str, name: str) -> dict[str, ast.Message | ast.Term]:
    """Messages and terms of one catalogue by id (terms keep their leading dash)."""
    resource = _resource(lang, name)
    if resource is None:
        return {}
    result = {}
    for entry in resource.body:
        if isinstance(entry, ast.Message):
            result[entry.id.name] = entry
        elif isinstance(entry, ast.Term):
            result[f"-{entry.id.name}"] = entry
    return result


class _Collector(Visitor):
    """Every variable reference and every select expression under a node (nested ones included)."""

    def __init__(self) -> None:
        super().__init__()
        self.variables: set[str] = set()
        self.selects: list[ast.SelectExpression] = []

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.variables.add(node.id.name)
        self.generic_visit(node)

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        self.selects.append(node)
        self.generic_visit(node)


def _collect(node: ast.BaseNode) -> _Collector:
    collector = _Collector()
    collector.visit(node)
    return collector


def _selector_variable(select: ast.SelectExpression) -> str | None:
    """The variable a select expression switches on: ``$n`` or ``NUMBER($n, ...)``."""
    selector = select.selector
    if isinstance(selector, ast.FunctionReference) and selector.id.name == "NUMBER" and selector.arguments.positional:
        selector = selector.arguments.positional[0]
    return selector.id.name if isinstance(selector, ast.VariableReference) else None


def _variant_keys(select: ast.SelectExpression) -> set[str]:
    return {v.key.name if isinstance(v.key, ast.Identifier) else str(v.key.value) for v in select.variants}


def _is_plural(select: ast.SelectExpression) -> bool:
    """A selector on plural categories (``[one]``, ``[few]`` ...), not only on exact numbers or words."""
    return bool(_variant_keys(select) & (CLDR_CATEGORIES - {"other"}))


def _shows(select: ast.SelectExpression, variable: str | None) -> bool:
    """Whether a variant of ``select`` prints the number it selects on."""
    return any(variable in _collect(v.value).variables for v in select.variants)


def _exact_numbers_only(select: ast.SelectExpression) -> bool:
    """``[0]``/``[1]``/``*[other]``: a selector on exact values, which needs no CLDR categories."""
    return all(isinstance(v.key, ast.NumberLiteral) or v.key.name == "other" for v in select.variants)


def _plain_text(entry: ast.Message) -> str | None:
    """The text of a message that is plain text only (no placeables), else ``None``."""
    if entry.value is None or any(not isinstance(e, ast.TextElement) for e in entry.value.elements):
        return None
    return "".join(e.value for e in entry.value.elements)


def _short(items: list[str], limit: int = 25) -> str:
    return ", ".join(items[:limit]) + (f" … (+{len(items) - limit} more)" if len(items) > limit else "")


# -- catalogue structure ---------------------------------------------------------------------------------------


def test_there_are_catalogues_to_check():
    assert "common.ftl" in FILES and "night_watch.ftl" in FILES
    assert set(LANGUAGES) == {"en", "ru", "cs"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", FILES)
def test_catalogue_parses_without_junk(name: str, lang: str):
    resource = _resource(lang, name)
    if resource is None:
        pytest.skip(f"{lang}/{name} does not exist (test_same_ids_in_every_language reports it)")
    junk = [
        f"{'; '.join(a.message for a in entry.annotations)}: {entry.content.strip()[:80]!r}"
        for entry in resource.body
        if isinstance(entry, ast.Junk)
    ]
    assert not junk, f"{lang}/{name} has Fluent syntax errors:\n" + "\n".join(junk)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_id_is_defined_twice_in_a_language(lang: str):
    """The bundle loads all of a language's files together: a second definition would be silently ignored."""
    where: dict[str, list[str]] = defaultdict(list)
    for name in FILES:
        resource = _resource(lang, name)
        for entry in resource.body if resource else ():
            if isinstance(entry, (ast.Message, ast.Term)):
                where[("-" if isinstance(entry, ast.Term) else "") + entry.id.name].append(name)
    duplicates = {mid: files for mid, files in where.items() if len(files) > 1}
    assert not duplicates, f"{lang}: ids defined more than once: {duplicates}"


@pytest.mark.parametrize("name", FILES)
def test_same_ids_in_every_language(name: str):
    ids = {lang: set(_entries(lang, name)) for lang in LANGUAGES}
    every = set().union(*ids.values())
    problems = []
    for lang in LANGUAGES:
        if not _path(lang, name).exists():
            problems.append(f"{lang}/{name} is missing ({len(every)} ids)")
            continue
        missing = sorted(every - ids[lang])
        if missing:
            problems.append(f"{lang}/{name} lacks {len(missing)} ids: {_short(missing)}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != ENGLISH])
@pytest.mark.parametrize("name", FILES)
def test_translations_use_the_english_variables(name: str, lang: str):
    english, translated = _entries(ENGLISH, name), _entries(lang, name)
    problems = []
    for mid in sorted(english.keys() & translated.keys()):
        want, got = _collect(english[mid]).variables, _collect(translated[mid]).variables
        if want != got:
            parts = []
            if got - want:
                parts.append("not in English: " + ", ".join(f"${v}" for v in sorted(got - want)))
            if want - got:
                parts.append("missing: " + ", ".join(f"${v}" for v in sorted(want - got)))
            problems.append(f"{mid}: {'; '.join(parts)}")
    assert not problems, f"{lang}/{name}: variables differ from English:\n" + "\n".join(problems)


# -- slash commands ----------------------------------------------------------------------------------------------

try:  # Discord's own rule, when the regex module is there
    import regex  # type: ignore[import-not-found]

    _DISCORD_NAME = regex.compile(r"[-_\p{L}\p{N}]{1,32}")

    def _valid_discord_name(name: str) -> bool:
        return bool(_DISCORD_NAME.fullmatch(name)) and name == name.lower()

except ImportError:  # the same with str methods: \p{L} and \p{N} are what isalnum() accepts

    def _valid_discord_name(name: str) -> bool:
        return (
            1 <= len(name) <= 32
            and name == name.lower()
            and all(c in "-_" or c.isalnum() for c in name)
        )


def test_discord_name_check_itself():
    for good in ("game", "игра", "hra", "řízení", "моё", "a-b_c1", "x" * 32):
        assert _valid_discord_name(good), good
    for bad in ("Game", "Игра", "two words", "", "x" * 33, "start!", "a.b", "tab\t"):
        assert not _valid_discord_name(bad), bad


def _command_entries(lang: str) -> Iterator[tuple[str, str, ast.Message]]:
    for name in FILES:
        for mid, entry in _entries(lang, name).items():
            if mid.startswith("cmd-") and isinstance(entry, ast.Message):
                yield name, mid, entry


@pytest.mark.parametrize("lang", LANGUAGES)
def test_slash_command_names_are_valid_discord_names(lang: str):
    problems, names = [], {}
    for name, mid, entry in _command_entries(lang):
        if not re.fullmatch(r"cmd-.+-name", mid):
            continue
        text = _plain_text(entry)
        if text is None or not _valid_discord_name(text):
            problems.append(f"{name}: {mid} = {text!r}")
        elif mid != TOP_COMMAND and text in names.values():  # /game's subcommands must differ from each other
            problems.append(f"{name}: {mid} = {text!r} is already the name of {[k for k, v in names.items() if v == text]}")
        if mid != TOP_COMMAND:
            names[mid] = text
    assert not problems, f"{lang}: invalid Discord command names (lowercase letters, digits, - and _, 1-32):\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_slash_command_descriptions_and_choices_fit_discord(lang: str):
    problems = []
    for name, mid, entry in _command_entries(lang):
        if mid.endswith("-name"):
            continue
        text = _plain_text(entry)
        if text is None or not 1 <= len(text) <= DISCORD_TEXT_LIMIT:
            problems.append(f"{name}: {mid} = {text!r} ({len(text or '')} chars)")
    assert not problems, f"{lang}: Discord allows plain text of 1-{DISCORD_TEXT_LIMIT} characters:\n" + "\n".join(problems)


# -- plurals -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", sorted(PLURAL_CATEGORIES))
@pytest.mark.parametrize("name", FILES)
def test_plural_selectors_cover_every_category(name: str, lang: str):
    """Where English says ``{ $n -> [one] ... *[other] ... }``, the translation selects on ``$n`` with
    ``one``/``few``/``many``/``other``; and any plural selector a translation writes has all of them.

    A label that does not print the number may instead select on exact values (``[1] этаж *[other] этажи``):
    CLDR's ``one`` would also match 21 in Russian.
    """
    required = PLURAL_CATEGORIES[lang]
    english, translated = _entries(ENGLISH, name), _entries(lang, name)
    problems = []
    for mid, entry in sorted(translated.items()):
        selects = _collect(entry).selects
        by_variable: dict[str | None, list[ast.SelectExpression]] = defaultdict(list)
        for select in selects:
            by_variable[_selector_variable(select)].append(select)
        plural_in_english = (
            {_selector_variable(s) for s in _collect(english[mid]).selects if _is_plural(s)} - {None}
            if mid in english
            else set()
        )
        for variable in sorted(plural_in_english):
            if not by_variable.get(variable):
                problems.append(f"{mid}: English has a plural selector on ${variable}, {lang} has none")
        for select in selects:
            variable = _selector_variable(select)
            if variable in plural_in_english and _exact_numbers_only(select) and not _shows(select, variable):
                continue
            if variable in plural_in_english or _is_plural(select):
                lacking = sorted(required - _variant_keys(select))
                if lacking:
                    problems.append(f"{mid}: selector on ${variable} lacks [{'], ['.join(lacking)}]")
    assert not problems, f"{lang}/{name}: plural selectors:\n" + "\n".join(problems)


# -- rendering -------------------------------------------------------------------------------------------------


def _render(lang: str, key: str, **args) -> str:
    """``i18n.translate``, after checking the message exists in ``lang`` and formats without errors."""
    bundle = i18n.bundle(lang)
    mid = i18n.message_id(key)
    assert bundle.has_message(mid), f"{lang}: no message {mid}"
    _text, errors = bundle.format_pattern(bundle.get_message(mid).value, args)
    assert not errors, f"{lang}: {mid} {args}: {errors}"
    return i18n.translate(lang, key, **args)


SECONDS = {
    "en": {1: "1 second", 3: "3 seconds", 5: "5 seconds", 11: "11 seconds", 21: "21 seconds", 22: "22 seconds"},
    "ru": {1: "1 секунда", 3: "3 секунды", 5: "5 секунд", 11: "11 секунд", 21: "21 секунда", 22: "22 секунды"},
    "cs": {1: "1 sekunda", 3: "3 sekundy", 5: "5 sekund", 11: "11 sekund", 21: "21 sekund", 22: "22 sekund"},
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_seconds_have_the_right_word_forms(lang: str):
    for count, expected in SECONDS[lang].items():
        assert _render(lang, "common.seconds", count=count) == expected


def test_fractions_take_the_many_or_other_form():
    assert _render("cs", "common.seconds", count=1.5) == "1,5 sekundy"
    assert _render("ru", "common.seconds", count=1.5) == "1,5 секунды"


@pytest.mark.parametrize(
    ("lang", "seconds", "expected"),
    [
        ("en", 1, "1 second left."),
        ("en", 30, "30 seconds left."),
        ("ru", 1, "Осталась 1 секунда."),
        ("ru", 4, "Осталось 4 секунды."),
        ("ru", 25, "Осталось 25 секунд."),
        ("ru", 31, "Осталась 31 секунда."),
        ("cs", 1, "Zbývá 1 sekunda."),
        ("cs", 4, "Zbývají 4 sekundy."),
        ("cs", 25, "Zbývá 25 sekund."),
    ],
)
def test_time_left(lang: str, seconds: int, expected: str):
    assert _render(lang, "common.time_left", seconds=seconds) == expected


@pytest.mark.parametrize(
    ("lang", "players", "expected"),
    [
        ("en", 5, "Night Watch begins with 5 players."),
        ("ru", 5, "играют 5 игроков."),
        ("ru", 21, "играет 21 игрок."),
        ("ru", 22, "играют 22 игрока."),
        ("cs", 5, "hraje 5 hráčů."),
        ("cs", 21, "hraje 21 hráčů."),
        ("cs", 3, "hrají 3 hráči."),
        ("cs", 22, "hraje 22 hráčů."),
    ],
)
def test_night_watch_start_counts_players(lang: str, players: int, expected: str):
    ids = [f"p{i}" for i in range(players)]
    text = i18n.render_event(lang, "nw.game_started", {"players": ids, "roles": {"citizen": players}})
    assert expected in text
    assert "{" not in text and "$" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_night_watch_events_render_names_roles_and_yes_no(lang: str):
    names = {"p1": "Ivanova", "p2": "Sheridan", "p3": "Delenn"}
    none = i18n.render_event(lang, "nw.dawn", {"day": 2, "dead": []}, names)
    one = i18n.render_event(lang, "nw.dawn", {"day": 2, "dead": ["p1"]}, names)
    two = i18n.render_event(lang, "nw.dawn", {"day": 2, "dead": ["p1", "p2"]}, names)
    assert "Ivanova" not in none and "Ivanova" in one and "Ivanova, Sheridan" in two
    assert len({none, one, two}) == 3
    role = i18n.render_event(lang, "nw.your_role", {"role": "garibaldi"}, names)
    assert i18n.translate(lang, "nw.role.garibaldi") in role and "garibaldi" not in role
    yes = i18n.render_event(lang, "nw.check_watch", {"target": "p3", "result": True}, names)
    no = i18n.render_event(lang, "nw.check_watch", {"target": "p3", "result": False}, names)
    assert "Delenn" in yes and "Delenn" in no and yes != no
    over = i18n.render_event(lang, "nw.game_over", {"outcome": "station_wins", "winners": ["p1", "p2"]}, names)
    assert i18n.translate(lang, "nw.outcome.station_wins") in over and "Sheridan" in over


def test_russian_role_names_follow_the_original():
    assert i18n.translate("ru", "nw.role.citizen") == "Мирный житель"
    assert i18n.translate("ru", "nw.role.watch") == "Сотрудник Ночной Стражи"
    assert "Веллс" in i18n.translate("ru", "nw.role.wells")
    assert "Гарибальди" in i18n.translate("ru", "nw.role.garibaldi")
    assert "Бестер" in i18n.translate("ru", "nw.role.bester")


# -- engines -------------------------------------------------------------------------------------------------------

ENGINES = available_engines()
PLAYOUTS = 6


def _event_keys(engine_name: str) -> set[str]:
    engine = get_engine(engine_name)
    low, high = engine.min_players, engine.max_players
    counts = [n for n in sorted({low, high, (low + high) // 2}) if _playable(engine, n)]
    keys = set()
    for i in range(PLAYOUTS):
        players = [f"p{j}" for j in range(1, counts[i % len(counts)] + 1)]
        result = random_playout(
            engine, players, seed=f"i18n{i}", check=False, keep_events=True, host_rate=0.02 if i % 2 else 0.0
        )
        keys |= {event.key for event in result.events}
    return keys


def _playable(engine, n_players: int) -> bool:
    try:
        engine.validate_options({}, n_players)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("engine_name", ENGINES)
def test_every_emitted_event_has_an_english_message(engine_name: str):
    keys = _event_keys(engine_name)
    assert keys, f"{engine_name}: the playouts emitted no events"
    missing = sorted(key for key in keys if not i18n.has(ENGLISH, key))
    assert not missing, f"{engine_name}: {len(missing)} event keys have no English message: {_short(missing)}"


def test_night_watch_events_are_worded_in_every_language():
    keys = _event_keys("night_watch")
    for lang in LANGUAGES:
        missing = sorted(key for key in keys if not i18n.has(lang, key))
        assert not missing, (lang, missing)


def test_discord_locales_map_to_supported_languages():
    from translations import normalise_language, supported_language

    assert supported_language("ru") == "ru" and supported_language("cs") == "cs"
    assert supported_language("en-US") == "en" and supported_language("en-GB") == "en"
    assert supported_language("de") is None and normalise_language("de") == "en"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_mapping_of_roles_is_worded_with_the_roles_names(lang: str):
    """The terminal table words NW-3's start through render_event: "Roles in play" names each role as the bot does,
    never its id ("citizen: 3")."""
    text = i18n.render_event(lang, "nw.game_started", {"players": list("abcde"), "roles": {"citizen": 3, "watch": 1, "garibaldi": 1}})
    assert f"{i18n.translate(lang, 'nw.role.citizen')}: 3" in text
    assert "citizen" not in text and "garibaldi" not in text, text
