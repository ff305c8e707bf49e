"""Když sním's narrator (issue 29, items 2 and 3): what a native reader tripped over, guarded in en/ru/cs.

* The night is a dream the spirits visit, the timer is the seed's sand running out, the recap comes before the
  Dreamer opens their eyes and the morning takes the eye mask off; the last morning has a closing scene.
* Still clear about who acts: the night's first line names the Dreamer in every language.
* One word for the penalty card: the final standings say "penalty card", as the summaries do.
* The seed is called as the records call it (ru «зерно», cs «semínko»), never «сид».
* Russian: no «он» for the Dreamer or the host, whose player may be a woman.
* The first private message promises a spirit card and dream cards, not a hand.
"""

from __future__ import annotations

import pytest

import translations as i18n

LANGS = ("en", "ru", "cs")


@pytest.mark.parametrize("lang", LANGS)
def test_ks_12_the_night_names_the_dreamer_and_the_spirits_come(lang):
    text = i18n.translate(lang, "ks.night_started", round=2, dreamer="Ольга", clue_order="A, B", fairies=1, boogeymen=1, sandmen=2, seconds=60)
    assert "Ольга" in text and {"en": "the Dreamer", "ru": "Сновидец —", "cs": "Snílkem je"}[lang] in text
    assert {"en": "spirits", "ru": "духи", "cs": "duchové"}[lang] in text


@pytest.mark.parametrize("lang", LANGS)
def test_ks_23_ks_24_the_sand_runs_out_and_the_dream_is_recalled_before_the_eyes_open(lang):
    sand = {"en": "sand", "ru": "песка", "cs": "přesýpací hodiny"}[lang]
    assert sand in i18n.translate(lang, "ks.time_up", dreamer="X", seconds=15).lower()
    assert sand in i18n.translate(lang, "ks.last_guess.prompt", dreamer="X", card=3).lower()
    eyes = {"en": "open your eyes", "ru": "не открывая глаз", "cs": "otevřete oči"}[lang]
    assert eyes in i18n.translate(lang, "ks.recap.prompt", dreamer="X")
    assert eyes in i18n.translate(lang, "ks.recap_open", dreamer="X", seconds=60)
    mask = {"en": "eye mask", "ru": "маску", "cs": "masku"}[lang]
    assert mask in i18n.translate(lang, "ks.day_started", round=1, dreamer="X")
    assert i18n.has(lang, "ks.final.scene")


@pytest.mark.parametrize("lang", LANGS)
def test_ks_29_the_final_standing_says_penalty_card_like_the_summaries(lang):
    text = i18n.translate(lang, "ks.final_standing", rank=1, player="X", score=4, points=5, penalties=1, left="no")
    assert {"en": "1 penalty card", "ru": "1 штрафная карта", "cs": "1 trestná karta"}[lang] in text


@pytest.mark.parametrize("lang", ("ru", "cs"))
def test_ks_30_the_seed_has_the_records_word(lang):
    word = {"ru": "Зерно", "cs": "Semínko"}[lang]
    assert word in i18n.translate(lang, "ks.final.seed", seed="s")
    assert word in i18n.translate(lang, "ks.game_over", reason="r", winners="X", winners_count=1, seed="s")
    assert "Сид" not in i18n.translate(lang, "ks.final.seed", seed="s")


def test_russian_dreamer_and_host_need_no_pronoun():
    for key in ("ks.error.dreamer_no_clue", "ks.error.host_cannot"):
        words = i18n.translate("ru", key).replace(",", " ").replace(":", " ").split()
        assert "он" not in words and "его" not in words, key


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_private_message_is_the_dreams_own(lang):
    hello = i18n.translate(lang, "ks.dm_hello")
    assert hello != i18n.translate(lang, "common.dm_hello")
    assert {"en": "Dreamer", "ru": "Сновидец", "cs": "Snílkem"}[lang] in hello
    assert not any(word in hello.lower() for word in ("your hand", "ваши карты", "vaše karty"))


def test_czech_fewer_than_takes_a_singular_verb():
    """"méně než 4 hráči" is counted as a quantity: "zbývá", not "zbývají"."""
    assert i18n.translate("cs", "ks.reason.too_few_players").startswith("zbývá ")


@pytest.mark.parametrize("lang", LANGS)
def test_ks_3_the_role_dm_says_whom_the_player_comes_to_the_dream_as(lang):
    text = i18n.translate(lang, "ks.dm.role", round=1, role="X", help="")
    assert {"en": "come to the dream as", "ru": "приходите в сон как", "cs": "do snu přicházíte jako"}[lang] in text
