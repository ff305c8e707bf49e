"""The lobby every game shares: seats in join order, host-only options, Join / Leave / Start / Cancel.

The lobby lives in the game's row (status ``lobby``): seats, names and options. Its message is the ``lobby`` slot,
rewritten through the outbox whenever it changes. Option controls are built from the engine's :class:`Option`
declarations, so a new game gets a settings panel without code here.

Component ids (made by :mod:`bot.custom_ids`, routed by ``cogs.views``):
    nl:<game>:<what>            lobby buttons: join, leave, start, cancel, settings, toggle:<option>, counts:<option>
    nls:<game>:<what>           lobby selects: opt:<option>, narrator
"""

from __future__ import annotations

from typing import Any

from bot.computers import offers as offers_computers
from bot.custom_ids import lobby_id, lobby_select_id
from bot.ops import DANGER, PRIMARY, SECONDARY, SUCCESS, Op, button, post, rows, select
from bot.presenter import Table
from engines.core import Engine, Option

#: Values offered for a number-of-seconds option (filtered by the option's bounds).
SECONDS_PRESETS = (5, 10, 15, 20, 30, 45, 60, 90, 120, 150, 180, 240, 300, 420, 600, 900, 1200, 1800)
#: How many option selects fit in the settings panel (Discord: 5 rows; one row is kept for buttons).
SELECTS_PER_PANEL = 3


def seat_limit(engine: Engine, options: dict[str, Any]) -> int:
    """How many players a lobby seats: what its options fix (:meth:`Engine.seats`), else the engine's maximum."""
    return engine.seats(options) or engine.max_players


def watchers(row: Any) -> list[str]:
    """Who joined a lobby beyond its seats and watches (MH-61): named in the lobby, never seated. A lobby keeps
    the name of everyone who joined, so these are the names of the unseated."""
    return [user for user in row.names if user not in row.seats]


def lobby_text(table: Table, engine: Engine, row: Any) -> str:
    prefix = engine.prefix
    names = [table.name(p) for p in row.seats]
    fixed = engine.seats(row.options)
    players = ", ".join(names) or table.t("common.nobody")
    lines = [
        f"**{table.t(f'{prefix}.name')}** — {table.t('common.lobby.title', id=str(row.id))}",
        table.t("common.lobby.host", host=f"<@{row.host_id}>"),
        table.t("common.lobby.seats_of", count=len(row.seats), seats=fixed, players=players)
        if fixed
        else table.t("common.lobby.seats", count=len(row.seats), min=engine.min_players, max=engine.max_players, players=players),
    ]
    watching = watchers(row)
    if watching:
        lines.append(table.t("common.lobby.watchers", players=", ".join(table.name(u) for u in watching)))
    if table.has(f"{prefix}.recommended"):
        lines.append(table.t(f"{prefix}.recommended"))
    if row.narrator_id:
        lines.append(table.t("common.lobby.narrator", narrator=f"<@{row.narrator_id}>"))
    settings = [
        f"{option_label(table, prefix, o)}: {option_value_text(table, prefix, o, row.options.get(o.name, o.default))}"
        for o in engine.options_in_play(row.options)
    ]
    if settings:
        lines.append(table.t("common.lobby.options", options="; ".join(settings)))
    return "\n".join(lines)


def lobby_components(table: Table, row: Any) -> list[dict[str, Any]]:
    gid = row.id
    return rows(
        button(table.t("common.lobby.join"), lobby_id(gid, "join"), SUCCESS),
        button(table.t("common.lobby.leave"), lobby_id(gid, "leave"), SECONDARY),
        button(table.t("common.lobby.start"), lobby_id(gid, "start"), PRIMARY),
        button(table.t("common.lobby.settings"), lobby_id(gid, "settings"), SECONDARY),
        button(table.t("common.lobby.cancel"), lobby_id(gid, "cancel"), DANGER),
        *([button(table.t("computers.button"), lobby_id(gid, "computers"), SECONDARY)] if offers_computers(getattr(row, "engine", "")) else []),
    )


def lobby_ops(live: Any) -> list[Op]:
    table = live.table()
    return [post("channel", lobby_text(table, live.engine, live.row), components=lobby_components(table, live.row), slot="lobby")]


def option_label(table: Table, prefix: str, option: Option) -> str:
    key = f"{prefix}.option.{option.name}"
    return table.t(key) if table.has(key) else option.name


def option_value_text(table: Table, prefix: str, option: Option, value: Any) -> str:
    if option.kind == "bool":
        return table.t("common.on" if value else "common.off")
    if option.kind == "counts":
        if not value:
            return table.t("common.default")
        return ", ".join(f"{_choice_label(table, prefix, option, k)} {v}" for k, v in value.items() if v)
    if option.kind == "choice":
        return _choice_label(table, prefix, option, value)
    if option.name.endswith("_seconds"):
        return table.t("common.seconds", count=value)
    return str(value)


def _choice_label(table: Table, prefix: str, option: Option, value: str) -> str:
    for key in (f"{prefix}.{option.name}.{value}", f"{prefix}.role.{value}"):
        if table.has(key):
            return table.t(key)
    return str(value)


def settings_panel(table: Table, engine: Engine, row: Any, page: int = 0) -> list[dict[str, Any]]:
    """The host's settings controls: selects for numbers and choices, buttons for switches and role counts."""
    prefix = engine.prefix
    in_play = engine.options_in_play(row.options)  # what these settings make meaningful (not seat 3 in 1 vs 1)
    selectable = [o for o in in_play if o.kind in ("int", "choice")]
    shown = selectable[page * SELECTS_PER_PANEL : (page + 1) * SELECTS_PER_PANEL]
    items: list[dict[str, Any]] = []
    for option in shown:
        current = row.options.get(option.name, option.default)
        items.append(
            select(
                lobby_select_id(row.id, "opt", option.name),
                [(option_value_text(table, prefix, option, v), str(v)) for v in option_values(option, current)],
                placeholder=f"{option_label(table, prefix, option)}: {option_value_text(table, prefix, option, current)}",
            )
        )
    if page == 0:
        items.append({"type": 5, "custom_id": lobby_select_id(row.id, "narrator"), "placeholder": table.t("common.lobby.pick_narrator"), "min_values": 0, "max_values": 1})
    buttons = []
    for option in in_play:
        if option.kind == "bool":
            value = row.options.get(option.name, option.default)
            label = f"{option_label(table, prefix, option)}: {option_value_text(table, prefix, option, value)}"
            buttons.append(button(label, lobby_id(row.id, "toggle", option.name), SECONDARY))
        elif option.kind == "counts":
            buttons.append(button(option_label(table, prefix, option) + "…", lobby_id(row.id, "counts", option.name), SECONDARY))
    if (page + 1) * SELECTS_PER_PANEL < len(selectable):
        buttons.append(button(table.t("common.next_page"), lobby_id(row.id, "settings", page + 1), SECONDARY))
    return rows(*items, *buttons[:5])


#: The values a wide integer option offers in the lobby's select (with its bounds, default and current value).
ROUND_NUMBERS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 120, 150, 200, 300, 500, 1000, 2000)


def option_values(option: Option, current: Any) -> list[Any]:
    if option.kind == "choice":
        return list(option.choices)
    low = option.min if option.min is not None else 0
    high = option.max if option.max is not None else 10**9
    if option.name.endswith("_seconds"):
        values = {v for v in SECONDS_PRESETS if low <= v <= high}
    else:
        values = set(range(low, min(high, low + 24) + 1))
        if not {option.default, current} <= values:  # a wide range: round numbers over all of it (MN-62's 2..2000)
            values = {v for v in ROUND_NUMBERS if low <= v <= high} | {low, high}
    values |= {option.default, current}
    keep = sorted(values)
    while len(keep) > 25:  # thin the ladder, never dropping the default or the current value
        keep.remove(next(v for v in keep[::-1][1:] if v not in (option.default, current, low)))
    return keep


def count_names(table: Table, prefix: str, choices: tuple[str, ...]) -> dict[str, str]:
    """The one word a host types for each choice of a counts option in the table's language
    (``<prefix>-count-<choice>``, e.g. ru ``страж`` for ``watch``); the choice's id where there is none."""
    return {c: table.t(f"{prefix}.count.{c}") if table.has(f"{prefix}.count.{c}") else c for c in choices}


def parse_counts(text: str, choices: tuple[str, ...], names: dict[str, str] | None = None) -> dict[str, int] | None:
    """Parse ``watch=3, citizen 5 ...`` into counts; ``None`` when malformed. Missing roles count 0. A choice may
    be written as its id or as its word in ``names`` (any letter case)."""
    counts = dict.fromkeys(choices, 0)
    lookup = {c: c for c in choices} | {word.lower(): c for c, word in (names or {}).items() if c in counts}
    words = text.replace(",", " ").replace("=", " ").replace(":", " ").split()
    if len(words) % 2:
        return None
    for name, number in zip(words[::2], words[1::2]):
        choice = lookup.get(name, lookup.get(name.lower()))
        if choice is None or not number.isdigit():
            return None
        counts[choice] = int(number)
    return counts


def counts_text(counts: dict[str, int], names: dict[str, str] | None = None) -> str:
    return " ".join(f"{(names or {}).get(k, k)}={v}" for k, v in counts.items())
