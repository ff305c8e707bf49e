"""The element lists (KS-8): size, alignment across languages, duplicates and normalisation."""

from __future__ import annotations

import json
import re
import unicodedata
from collections import defaultdict

import pytest

from engines.kdyz_snim.judge import guess_matches, normalise
from engines.kdyz_snim.words import DATA_FILE, LANGUAGES, elements

RAW = json.loads(DATA_FILE.read_text(encoding="utf-8"))
SCRIPT = {"cs": re.compile(r"^[a-záčďéěíňóřšťúůýž]+$"), "en": re.compile(r"^[a-z]+$"), "ru": re.compile(r"^[а-яё]+$")}


def test_ks_8_each_list_holds_at_least_500_elements():
    assert len(RAW) >= 500
    for lang in LANGUAGES:
        assert sum(1 for entry in RAW if entry[lang]["word"]) >= 500


def test_ks_8_entries_are_aligned_by_id_in_every_language():
    ids = [entry["id"] for entry in RAW]
    assert len(set(ids)) == len(ids), "ids are unique"
    for entry in RAW:
        assert set(entry) == {"id", *LANGUAGES}, entry["id"]
        for lang in LANGUAGES:
            assert set(entry[lang]) == {"word", "aliases"}, (entry["id"], lang)
            assert isinstance(entry[lang]["aliases"], list)
    assert list(elements()) == ids


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ks_8_main_forms_and_aliases_are_single_lower_case_words_in_their_script(lang):
    for entry in RAW:
        for form in [entry[lang]["word"], *entry[lang]["aliases"]]:
            assert form == unicodedata.normalize("NFC", form), form
            assert SCRIPT[lang].match(form), f"{entry['id']} {lang}: {form!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ks_8_every_form_survives_normalisation(lang):
    for entry in RAW:
        for form in [entry[lang]["word"], *entry[lang]["aliases"]]:
            plain = normalise(form)
            assert plain and " " not in plain, f"{entry['id']} {lang}: {form!r}"
            assert guess_matches(form, entry["id"], lang), f"{form!r} must name {entry['id']}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ks_8_no_two_elements_share_a_normalised_form(lang):
    owners = defaultdict(set)
    for entry in RAW:
        for form in [entry[lang]["word"], *entry[lang]["aliases"]]:
            owners[normalise(form)].add(entry["id"])
    clashes = {form: ids for form, ids in owners.items() if len(ids) > 1}
    assert not clashes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ks_8_an_entry_lists_no_form_twice(lang):
    for entry in RAW:
        forms = [normalise(f) for f in [entry[lang]["word"], *entry[lang]["aliases"]]]
        assert len(set(forms)) == len(forms), (entry["id"], lang)
