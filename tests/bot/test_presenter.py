"""Presenting transitions: order, merging, Discord's limits, and what goes where."""

from __future__ import annotations

import pytest

from bot.games import game_ui
from bot.ops import MAX_CUSTOM_ID, button, rows, select
from bot.presenter import StateMemo, Table, chunks
from engines import get_engine
from engines.core import HOST, Action, IllegalAction
from engines.playout import random_playout

NW = get_engine("night_watch")
PLAYERS = [str(10**17 + i) for i in range(25)]  # Discord-sized ids


def table(narrator=None) -> Table:
    return Table(game_id=123456789, engine=NW, lang="en", names={p: f"P{i}" for i, p in enumerate(PLAYERS)}, guild_name="B5", narrator=narrator)


def test_start_sends_roles_by_dm_and_one_public_message_with_the_discussion_button():
    state, events = NW.setup(PLAYERS, {}, seed=1)
    ops = game_ui("night_watch").presenter.present(table(), None, state, events)
    public = [o for o in ops if o.get("to") == "game"]
    assert len(public) == 2  # the roles in play, then the discussion (with the dawn above it)
    assert "Day 1" in public[1]["preamble"] and public[1]["components"]
    dms = [o for o in ops if o.get("to") == "dm"]
    assert {o["user"] for o in dms} == set(PLAYERS)
    assert all("B5" in o["content"] and "#123456789" in o["content"] for o in dms)


def test_a_25_player_vote_fits_discords_limits():
    state, _ = NW.setup(PLAYERS, {}, seed=1)
    after, events = NW.apply(state, Action(HOST, state.prompts[0].id, "skip"))
    ops = game_ui("night_watch").presenter.present(table(), state, after, events)
    vote = next(o for o in ops if o.get("slot", "").startswith("prompt:vote"))
    (row,) = vote["components"]
    (choice,) = row["components"]
    assert choice["type"] == 3 and choice["custom_id"] == f"ns:123456789:{after.prompts[0].id}:0"  # one click votes
    from bot import controls as ctl

    offered = [ctl.decode(o["value"]) for o in choice["options"]]
    assert [(p.kind, p.args["target"]) for p in offered] == [("vote", p) for p in PLAYERS]  # all 25 living (NW-1)
    # NW-10: a vote for yourself is the engine's to refuse, with its reason
    with pytest.raises(IllegalAction, match="yourself") as refused:
        NW.apply(after, Action(PLAYERS[0], after.prompts[0].id, "vote", {"target": PLAYERS[0]}))
    import translations as i18n

    assert i18n.translate("en", f"nw.error.{refused.value.code}", **refused.value.params) == "You cannot vote for yourself."
    for op in ops:
        for r in op.get("components", []):
            for c in r["components"]:
                assert len(c["custom_id"]) <= MAX_CUSTOM_ID


def test_game_over_follows_the_jail_that_caused_it():
    players = PLAYERS[:5]
    roles = dict(zip(players, ["citizen", "watch", "garibaldi", "citizen", "citizen"]))
    state, _ = NW.setup(players, {}, seed=1, overrides={"roles": roles})
    state, _ = NW.apply(state, Action(HOST, state.prompts[0].id, "skip"))
    vote = state.prompts[0].id
    for voter in (players[0], players[2], players[3], players[4]):
        state, _ = NW.apply(state, Action(voter, vote, "vote", {"target": players[1]}))
    before = state
    after, events = NW.apply(state, Action(players[1], vote, "vote", {"target": players[0]}))
    ops = game_ui("night_watch").presenter.present(table(), before, after, events)
    texts = [o["content"] for o in ops if o.get("do") == "post" and o.get("to") == "game"]
    # the verdict and the revealed role are one post (NW-8, NW-11); the end follows it
    assert "is jailed" in texts[0] and "is revealed" in texts[0] and "Game over" in texts[1]
    # NW-10: the final tally shows every vote, the deciding one (P1's) too
    assert "**P1** — 4 (P0, P2, P3, P4)" in texts[0] and "**P0** — 1 (P1)" in texts[0]
    assert ops[0] == {"do": "edit", "slot": f"prompt:{vote}", "components": [], "forget": True}


def test_narrator_gets_a_copy_of_every_private_event():
    state, events = NW.setup(PLAYERS[:10], {}, seed=1)
    ops = game_ui("night_watch").presenter.present(table(narrator="777"), None, state, events)
    narrator = "\n".join(o["content"] for o in ops if o.get("user") == "777")
    assert narrator.count("Your role") == 10


def test_rows_and_selects_refuse_what_discord_would():
    with pytest.raises(ValueError):
        rows(*[select(f"s{i}", [("a", "a")]) for i in range(6)])
    with pytest.raises(ValueError):
        select("s", [(str(i), str(i)) for i in range(26)])
    with pytest.raises(ValueError):
        button("x", "c" * 101)
    assert [len(r["components"]) for r in rows(*[button(str(i), f"b{i}") for i in range(7)])] == [5, 2]


def test_chunks_split_long_text_at_line_boundaries():
    lines = ["x" * 900, "y" * 900, "z" * 900]
    assert [len(c) for c in chunks(lines)] == [1801, 900]


@pytest.mark.parametrize("game", ["ghost_at_home", "midnighters", "midnight_hunt", "kdyz_snim"])
def test_the_default_presenter_never_builds_more_than_discord_allows(game):
    """Games without a Discord presenter yet still get valid messages (at most 5 rows) from the default one."""
    engine = get_engine(game)
    players = PLAYERS[: engine.min_players]
    result = random_playout(engine, players, seed=3, check=False)
    state, _ = engine.setup(players, {}, seed=3)
    t = Table(game_id=1, engine=engine, lang="en", names={}, guild_name="g")
    for entry in result.record["log"][:60]:
        before = state
        state, events = engine.apply(state, Action.from_json(entry))
        for op in game_ui(game).presenter.present(t, before, state, events):
            assert len(op.get("components", [])) <= 5


def test_host_only_prompts_and_events_reach_the_host_in_person():
    """Engines address the host as HOST; on Discord that is the lobby's host (Když sním's foul reviews)."""
    from engines.core import Event, to

    t = Table(game_id=1, engine=NW, lang="en", names={}, guild_name="g", host="4242")
    state, _ = NW.setup(PLAYERS[:5], {}, seed=1)
    ops = game_ui("night_watch").presenter.present(t, state, state, [Event("nw.player_left", {"player": PLAYERS[0]}, to(HOST))])
    assert [o["user"] for o in ops if o.get("to") == "dm"] == ["4242"]


def test_nw_25_narrator_view_lists_every_role_and_tonights_answers():
    state, _ = NW.setup(PLAYERS[:6], {}, seed=2)
    state, _ = NW.apply(state, Action(HOST, state.prompts[0].id, "skip"))
    state, _ = NW.on_timeout(state, state.prompts[0].id)
    actor = state.prompts[0].players[0]
    action = NW.legal_actions(state, actor)[0]
    state, _ = NW.apply(state, action)
    text = game_ui("night_watch").presenter.narrator_text(table(), state)
    for i, player in enumerate(PLAYERS[:6]):
        assert f"P{i}: " in text
    assert "🌙" in text  # the answer just given


def test_nw_14_a_check_result_comes_in_the_answer_to_the_click_not_as_another_dm():
    players = PLAYERS[:5]
    roles = dict(zip(players, ["garibaldi", "watch", "citizen", "citizen", "citizen"]))
    state, _ = NW.setup(players, {}, seed=1, overrides={"roles": roles})
    state, _ = NW.apply(state, Action(HOST, state.prompts[0].id, "skip"))
    state, _ = NW.on_timeout(state, state.prompts[0].id)
    check = Action(players[0], state.prompts[0].id, "check", {"target": players[1]})
    after, events = NW.apply(state, check)
    presenter = game_ui("night_watch").presenter
    ops = presenter.present(table(narrator="777"), state, after, events, actor=players[0])
    assert not [o for o in ops if o.get("user") == players[0]]  # no separate DM
    assert presenter.answer_lines(table(), check, events) == ["🔍 The narrator nods: P1 IS Night Watch."]
    assert any("IS Night Watch" in o["content"] for o in ops if o.get("user") == "777")  # the narrator still sees it


def test_nw_11_a_tied_vote_says_it_was_a_tie_and_that_the_seed_broke_it():
    players = PLAYERS[:6]
    roles = dict(zip(players, ["citizen", "watch", "garibaldi", "citizen", "citizen", "watch"]))
    state, _ = NW.setup(players, {}, seed=1, overrides={"roles": roles})
    state, _ = NW.apply(state, Action(HOST, state.prompts[0].id, "skip"))
    vote = state.prompts[0].id
    for voter, target in [(players[0], players[1]), (players[2], players[1]), (players[3], players[5]), (players[4], players[5])]:
        state, _ = NW.apply(state, Action(voter, vote, "vote", {"target": target}))
    after, events = NW.apply(state, Action(HOST, vote, "end_vote")) if any(
        a.kind == "end_vote" for a in NW.legal_actions(state, HOST)
    ) else NW.apply(state, Action.timeout(vote))
    ops = game_ui("night_watch").presenter.present(table(), state, after, events)
    verdict = next(o["content"] for o in ops if o.get("do") == "post" and "is jailed" in o.get("content", ""))
    jailed = next(e.params["player"] for e in events if e.key == "nw.jailed")
    assert "It was a tie: P1, P5 had 2 votes each" in verdict and f"the lot fell on P{players.index(jailed)}" in verdict


def test_nw_5_the_role_dm_says_what_the_role_does_how_its_side_wins_and_what_comes_next():
    state, events = NW.setup(PLAYERS[:10], {}, seed=1)
    ops = game_ui("night_watch").presenter.present(table(), None, state, events)
    for player in PLAYERS[:10]:
        dm = next(o["content"] for o in ops if o.get("user") == player and "Your role" in o.get("content", ""))
        assert "You win" in dm and "What happens next" in dm, dm


@pytest.mark.parametrize("seed", range(6))
def test_nw_12_a_night_action_changes_nothing_public(seed):
    """NW-12, NW-P*: while the night lasts, no player's night action posts or edits anything public, so neither
    the presence nor the timing of a public message tells who acts at night (only dawn, when the night ends)."""
    import random

    chooser = random.Random(seed)
    state, events = NW.setup(PLAYERS[:9], {}, seed=seed)
    presenter = game_ui("night_watch").presenter
    nights = 0
    while state.outcome is None and state.prompts:
        prompt = state.prompts[0]
        actors = [p for p in prompt.players if NW.legal_actions(state, p)]
        if not actors:
            action = Action.timeout(prompt.id)
        else:
            action = NW.random_action(state, chooser.choice(actors), chooser)
            if action is None or action.kind == "leave":
                action = Action.timeout(prompt.id)
        after, events = NW.apply(state, action)
        if state.phase == "night" and after.phase == "night" and not action.is_timeout:
            nights += 1
            ops = presenter.present(table(), state, after, events, action.player)
            public = [o for o in ops if o.get("to") == "game" or str(o.get("slot", "")).startswith(("prompt:", "lobby", "board"))]
            assert not public, (action, public)
        state = after
    assert nights > 0


def test_nw_12_at_dawn_the_sleep_notes_are_forgotten_without_a_call_and_the_tasks_lose_their_controls():
    """Everyone living gets a night DM (the sleep note keeps presence and timing alike); a sleep note has no
    controls, so when the night closes it is only forgotten, while a power holder's DM loses its buttons."""
    players = PLAYERS[:5]
    roles = dict(zip(players, ["citizen", "watch", "garibaldi", "citizen", "citizen"]))
    state, _ = NW.setup(players, {}, seed=1, overrides={"roles": roles})
    state, _ = NW.apply(state, Action(HOST, state.prompts[0].id, "skip"))
    vote = state.prompts[0].id
    for voter in players[1:]:
        state, _ = NW.apply(state, Action(voter, vote, "vote", {"target": players[0]}))
    state, _ = NW.apply(state, Action(players[0], vote, "vote", {"target": players[1]}))
    night = state.prompts[0]
    assert night.key == "nw.night" and set(night.players) == {players[1], players[2]}
    ops = game_ui("night_watch").presenter.close_prompt(table(), state, night)
    by_slot = {op["slot"]: op for op in ops}
    for sleeper in (players[3], players[4]):
        assert by_slot[f"dm:{night.id}:{sleeper}"] == {"do": "forget", "slot": f"dm:{night.id}:{sleeper}"}
    for actor in night.players:
        assert by_slot[f"dm:{night.id}:{actor}"]["do"] == "edit" and by_slot[f"dm:{night.id}:{actor}"]["components"] == []


class CountingEngine:
    """Night Watch answering legal actions and views, each question recorded as (the state's id, the player or viewer)."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, str]] = []
        self.viewed: list[tuple[int, str | None]] = []

    def legal_actions(self, state, player):
        self.asked.append((id(state), player))
        return NW.legal_actions(state, player)

    def view(self, state, viewer, public=None):
        self.viewed.append((id(state), viewer))
        return NW.view(state, viewer, public=public)


def test_legal_actions_are_asked_of_the_engine_once_per_state_and_player_and_each_caller_gets_its_own_list():
    """A click's decoding, its answer and the wording of its step ask for the same legal actions (issue 27): the
    memo asks the engine once per state and player, for its newest states only, and hands out copies (a caller that
    changes its list changes nobody else's)."""
    engine = CountingEngine()
    memo, asked = StateMemo(), engine.asked
    state, _ = NW.setup(PLAYERS[:6], {}, seed=1)
    first = memo.legal(engine, state, PLAYERS[0])
    first.clear()
    assert memo.legal(engine, state, PLAYERS[0]) == NW.legal_actions(state, PLAYERS[0]) != []
    memo.legal(engine, state, PLAYERS[1])
    assert asked == [(id(state), PLAYERS[0]), (id(state), PLAYERS[1])]
    newer = [NW.setup(PLAYERS[:6], {}, seed=s)[0] for s in (2, 3, 4)]
    for later in newer:
        memo.legal(engine, later, PLAYERS[0])
    memo.legal(engine, state, PLAYERS[0])  # three newer states asked about since (it keeps three): asked again
    assert len(asked) == 6 and asked[-1] == (id(state), PLAYERS[0])


def test_a_settled_memo_keeps_only_the_current_states_answers():
    """Once a game's steps are worded the runtime settles its memo on the current state (issue 27): the older
    states' answers go (asked again if ever wanted), the current one's stay for the next click's decoding."""
    engine = CountingEngine()
    memo, asked = StateMemo(), engine.asked
    before, _ = NW.setup(PLAYERS[:6], {}, seed=1)
    after, _ = NW.apply(before, Action(HOST, before.prompts[0].id, "skip"))
    for state in (before, after):
        memo.legal(engine, state, PLAYERS[0])
    memo.settle(after)
    memo.legal(engine, after, PLAYERS[0])
    assert len(asked) == 2  # the current state's answer was kept
    memo.legal(engine, before, PLAYERS[0])
    assert len(asked) == 3 and asked[-1] == (id(before), PLAYERS[0])  # the older one's was not


def test_views_are_asked_of_the_engine_once_per_state_and_viewer_and_kept_with_the_states_legal_actions(monkeypatch):
    """The wording of a step asks every player's view before and after it, and the next step's wording asks the
    state it starts from again (issue 27): the memo asks the engine once per state and viewer, the public view
    (``None``) included, keeps them as long as it keeps the state, and a settled memo forgets the older states'."""
    monkeypatch.setattr(StateMemo, "CHECK", False)  # as the bot runs (the tests' check asks the engine again)
    engine = CountingEngine()
    memo = StateMemo()
    before, _ = NW.setup(PLAYERS[:6], {}, seed=1)
    after, _ = NW.apply(before, Action(HOST, before.prompts[0].id, "skip"))
    for state in (before, after, before, after):
        for viewer in (None, PLAYERS[0]):
            assert memo.view(engine, state, viewer) == NW.view(state, viewer)
    assert engine.viewed == [(id(s), v) for s in (before, after) for v in (None, PLAYERS[0])]
    assert memo.view(engine, after, PLAYERS[1]) != memo.view(engine, after, PLAYERS[0])  # each viewer their own
    memo.settle(after)
    memo.view(engine, after, None)
    memo.view(engine, before, None)
    assert engine.viewed[-2:] == [(id(after), PLAYERS[1]), (id(before), None)]
    # a player's view is built on the state's public view, which is asked for first and kept (Engine.view's public=)
    fresh, _ = NW.setup(PLAYERS[:6], {}, seed=2)
    assert memo.view(engine, fresh, PLAYERS[2]) == NW.view(fresh, PLAYERS[2])
    assert engine.viewed[-2:] == [(id(fresh), None), (id(fresh), PLAYERS[2])]
    memo.view(engine, fresh, None)
    assert engine.viewed[-1] == (id(fresh), PLAYERS[2])


def test_a_shared_view_changed_by_a_reader_is_caught_where_the_tests_check_views(monkeypatch):
    """Views are shared, so reading one must never change it; the tests run with :attr:`StateMemo.CHECK` set
    (tests/conftest.py), and then the next reader of a changed view fails loudly instead of reading a lie."""
    assert StateMemo.CHECK
    engine, memo = CountingEngine(), StateMemo()
    state, _ = NW.setup(PLAYERS[:6], {}, seed=1)
    memo.view(engine, state, None)["alive"].pop()
    with pytest.raises(AssertionError, match="was changed"):
        memo.view(engine, state, None)
    monkeypatch.setattr(StateMemo, "CHECK", False)  # as the bot runs: no second view asked of the engine
    assert len(memo.view(engine, state, None)["alive"]) == len(NW.view(state, None)["alive"]) - 1
    assert len(engine.viewed) == 2
