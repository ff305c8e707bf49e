"""Night Watch on Discord (cogs/night_watch/presenter.py): the night's DMs (NW-12)."""

from __future__ import annotations

import pytest

import cogs.registry  # noqa: F401 - registers every game's UI
from bot.games import game_ui
from bot.presenter import Table, dm_slot
from engines import get_engine
from engines.core import HOST, Action

NW = get_engine("night_watch")
PRESENTER = game_ui("night_watch").presenter
PLAYERS = [str(10**17 + i) for i in range(5)]
ROLES = dict(zip(PLAYERS, ["citizen", "watch", "garibaldi", "citizen", "citizen"]))
#: What the night asks of someone with a task, in each language (a sleeper must never read it): the narrator wakes
#: the role and asks it to choose (issue 29: each role its own wake-up line, no "choose your target" for all).
CHOOSE = {"en": "choose", "ru": "выберите", "cs": "vyberte"}
SLEEP = {"en": "you have no night task", "ru": "нет ночного задания", "cs": "nemáte žádný noční úkol"}


def _first_night():
    """Day 1 skipped, the vote jails the citizen PLAYERS[0]: night 1, with the Watch and Garibaldi to act."""
    state, _ = NW.setup(PLAYERS, {}, seed=1, overrides={"roles": ROLES})
    state, _ = NW.apply(state, Action(HOST, state.prompts[0].id, "skip"))
    vote = state.prompts[0].id
    for voter in PLAYERS[1:]:
        state, _ = NW.apply(state, Action(voter, vote, "vote", {"target": PLAYERS[0]}))
    before = state
    after, events = NW.apply(state, Action(PLAYERS[0], vote, "vote", {"target": PLAYERS[1]}))
    return before, after, events


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_nw_12_a_player_without_a_night_task_is_not_asked_to_choose_a_target(lang):
    """NW-12: every living player gets one night DM in the same transition (presence and timing tell nothing),
    but only a player with a task is woken by the narrator, asked to choose, and gets buttons; the others read that they have
    no task tonight, and nothing that asks them for a choice."""
    before, after, events = _first_night()
    night = after.prompts[0]
    assert night.key == "nw.night" and set(night.players) == {PLAYERS[1], PLAYERS[2]}
    table = Table(game_id=123, engine=NW, lang=lang, names={p: f"P{i}" for i, p in enumerate(PLAYERS)}, guild_name="B5")
    ops = PRESENTER.present(table, before, after, events, PLAYERS[0])
    dms = {op["user"]: op for op in ops if op.get("slot", "").startswith(f"dm:{night.id}:")}
    living = [p for p in PLAYERS if p != PLAYERS[0]]
    assert sorted(dms) == sorted(living)  # one DM each, for the task holders and the sleepers alike
    for player, dm in dms.items():
        assert dm["slot"] == dm_slot(night, player) and "fallback" not in dm  # quiet: no public notice (NW-12)
        if player in night.players:
            assert CHOOSE[lang] in dm["content"] and dm.get("components"), dm
            assert table.t(f"nw.wake.{ROLES[player]}", night=1) in dm["content"], dm["content"]
        else:
            assert CHOOSE[lang] not in dm["content"].lower() and SLEEP[lang] in dm["content"], dm["content"]
            assert not dm.get("components")


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_a_night_tasks_skip_reads_as_a_choice_not_a_log_line(lang):
    """A power holder's "nobody tonight" is one phrase on its button (the DM says which task), where "Skip: Check"
    read like a log; the host's skip of the discussion, which has no task, keeps the plain "Skip"."""
    from bot.labels import action_label

    table = Table(game_id=123, engine=NW, lang=lang, names={}, guild_name="B5")
    labels = game_ui("night_watch").presenter.labels(table)
    label = action_label(labels, Action(PLAYERS[0], "night#5", "skip", {"task": "check"}))
    assert label == table.t("nw.label.skip.task") and ":" not in label
    assert action_label(labels, Action(HOST, "discussion#3", "skip")) == table.t("nw.button.skip")


def test_a_step_said_not_to_be_a_rewrite_alone_never_is_over_random_games():
    """``may_rewrite_alone`` lets a click be answered before its step is worded (issue 27): it may say ``False``
    only of a step whose ops surely are not plain rewrites of one message (here: a closed prompt's messages are
    forgotten). Checked against the ops the presenter actually makes, over random games; both answers occur."""
    from engines.playout import random_playout

    presenter = game_ui("night_watch").presenter
    seen = {True: 0, False: 0}

    def check(before, action, after, events):
        if before is after:  # setup
            return
        alone = presenter.may_rewrite_alone(before, after)
        seen[alone] += 1
        if not alone:
            table = Table(game_id=1, engine=NW, lang="en", names={p: p[-2:] for p in after.players})
            ops = presenter.present(table, before, after, events, action.player)
            assert any(op.get("forget") for op in ops), (action, ops)

    for seed in range(3):
        random_playout(NW, PLAYERS + [str(10**17 + 9)], seed, on_step=check)
    assert seen[True] and seen[False]


def test_issue_27_a_night_answer_rebuilds_only_the_dms_of_seats_whose_choices_changed(monkeypatch):
    """Issue 27, NW-12: after each step the DMs of a prompt still open are compared, and those whose controls changed
    are rewritten (``refresh_ops``). A night's DMs are built only for the seats whose choices changed, not for every
    living player twice. Over random 25-player games (and an 8-player one), the ops of every step are exactly those
    of building every DM, and in most night steps with a change most DMs were not built."""
    from engines.playout import random_playout

    presenter = game_ui("night_watch").presenter
    built: list[int] = []
    night = presenter._night

    def counting(table, state, prompt, seats=None):
        ops = night(table, state, prompt, seats)
        built.append(len(ops))
        return ops

    monkeypatch.setattr(presenter, "_night", counting)
    nights = fewer = 0

    def check(before, action, after, events):
        nonlocal nights, fewer
        if before is after:  # setup
            return
        table = Table(game_id=1, engine=NW, lang="en", names={p: p[-2:] for p in after.players})
        built.clear()
        quick = presenter.refresh_ops(table, before, after)
        asked = sum(built)
        with monkeypatch.context() as m:  # every seat's messages, as before
            m.setattr(presenter, "prompt_messages", lambda t, s, p, seats=None: presenter.open_prompt(t, s, p))
            assert presenter.refresh_ops(table, before, after) == quick, action
        if asked and after.phase == "night":
            nights += 1
            alive = len(NW.view(after, None)["alive"])
            fewer += asked < alive  # fewer DMs built for both states together than one state's living players
    for seed, n in ((1, 25), (2, 25), (3, 8)):
        random_playout(NW, [str(10**17 + i) for i in range(n)], seed, on_step=check)
    assert nights and fewer > nights / 2, (nights, fewer)
