"""What the per-game presenter tests share: the transitions of a seeded random game, reading ops, Discord's limits
on a message's components, and every action a player reaches by clicking through the controls and the picker,
each click decoded by :func:`bot.decoder.decode`, as the cog decodes a player's."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bot import controls as ctl
from bot import decoder
from bot.ops import MAX_CONTENT, MAX_CUSTOM_ID, MAX_LABEL, MAX_ROWS, MAX_SELECT_OPTIONS
from bot.presenter import Presenter, Table
from engines.core import Action, Engine, Event, State
from engines.playout import random_playout

#: (before, after, events, action); the setup's is (None, state, events, None).
Step = tuple[State | None, State, list[Event], Action | None]


def transitions(
    engine: Engine, players: list[str], seed: int, options: dict[str, Any] | None = None, timeout_rate: float = 0.15
) -> list[Step]:
    """Every transition of one seeded random game played to its end."""
    log = random_playout(engine, players, seed=seed, options=options, check=False, timeout_rate=timeout_rate).record[
        "log"
    ]
    state, events = engine.setup(players, options or {}, seed)
    steps: list[Step] = [(None, state, events, None)]
    for entry in log:
        action = Action.from_json(entry)
        after, events = engine.apply(state, action)
        steps.append((state, after, events, action))
        state = after
    assert engine.outcome(state) is not None
    return steps


def components_of(op: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in op.get("components", []) for c in row["components"]]


def said(op: dict[str, Any]) -> str:
    """What a message op shows as text: a board's story lines (:meth:`bot.presenter.Presenter.story_ops`) above its
    content."""
    return "\n".join([*op.get("story", ()), op.get("content") or ""])


def texts_of(op: dict[str, Any]) -> list[str]:
    """Every text a person reads in an op: content, labels, placeholders, options, the DM-closed fallback."""
    out = [*op.get("story", ()), op.get("content") or "", op.get("fallback") or "", op.get("preamble") or ""]
    for c in components_of(op):
        out += [c.get("label") or "", c.get("placeholder") or ""]
        out += [o["label"] for o in c.get("options", [])]
    return [t for t in out if t]


def assert_valid_rows(rows: list[dict[str, Any]], content: str = "") -> None:
    """A message's content and component rows as Discord accepts them (lengths, rows, options, unique ids)."""
    assert len(content) <= MAX_CONTENT, content[:200]
    assert len(rows) <= MAX_ROWS, rows
    ids = []
    for row in rows:
        items = row["components"]
        assert row["type"] == 1 and 1 <= len(items) <= 5
        assert all(i["type"] == 2 for i in items) or len(items) == 1, "a select takes a whole row"
        for item in items:
            ids.append(item["custom_id"])
            assert len(item["custom_id"]) <= MAX_CUSTOM_ID, item["custom_id"]
            if item["type"] == 2:
                assert 1 <= len(item["label"]) <= MAX_LABEL
            else:
                options = item["options"]
                assert 1 <= len(options) <= MAX_SELECT_OPTIONS
                assert len({o["value"] for o in options}) == len(options), "option values are unique"
                assert all(len(o["value"]) <= 100 and 1 <= len(o["label"]) <= 100 for o in options)
                assert 1 <= item["min_values"] <= item["max_values"] <= len(options)
                assert len(item.get("placeholder", "")) <= 150
    assert len(ids) == len(set(ids)), f"custom_ids repeat in one message: {ids}"


def reached_actions(
    presenter: Presenter,
    t: Table,
    state: State,
    player: str,
    prompt_id: str,
    rows: list[dict[str, Any]],
    on_step: Callable[[ctl.Step], None] | None = None,
    confirm_steps: bool = False,
) -> list[Action]:
    """Every action ``player`` reaches by clicking through the enabled controls in ``rows`` and the picker steps
    they open (``on_step`` sees each step, to check it as a message too). With ``confirm_steps`` a complete
    partial still opens its step (a game whose picker ends in a confirmation) and only its buttons count."""
    legal = t.legal(state, player)

    def multi_selects(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rows, their multi-selects checked: one option a pool element, room for every legal list."""
        for comp in (c for row in rows for c in row["components"] if c["custom_id"].startswith("nx:") and not c.get("disabled")):
            cid = ctl.ControlId.parse(comp["custom_id"])
            partial = ctl.resolve(cid.code, legal)
            lists = [a.args[cid.arg] for a in legal if partial.matches(a) and isinstance(a.args.get(cid.arg), list)]
            assert [o["value"] for o in comp["options"]] == [str(i) for i in range(len(ctl.list_pool(lists)))]
            assert all(comp["min_values"] <= len(picked) <= comp["max_values"] for picked in decoder.every_click(comp, legal))
        return rows

    def step(partial: ctl.Partial, page: int) -> list[dict[str, Any]] | None:
        if not confirm_steps and ctl.named(partial, legal) is not None:
            return None
        shown = presenter.picker(t, state, player, prompt_id, partial, page)
        if on_step is not None:
            on_step(shown)
        return multi_selects(shown.components)

    return decoder.clicked_through(player, prompt_id, legal, multi_selects(rows), step, t.game_id)


def action_key(action: Action) -> str:
    return json.dumps([action.kind, action.args], sort_keys=True)
