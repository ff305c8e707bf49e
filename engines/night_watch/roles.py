"""Night Watch roles, teams and the default deal (NW-2, NW-3, NW-4)."""

from __future__ import annotations

from collections.abc import Mapping

from engines.core import IllegalAction

#: Every role id, in the order the rules table lists them.
ROLES: tuple[str, ...] = ("citizen", "watch", "wells", "garibaldi", "zack", "bester", "franklin")

TEAM_OF: Mapping[str, str] = {
    "citizen": "station",
    "watch": "watch",
    "wells": "watch",
    "garibaldi": "station",
    "zack": "station",
    "bester": "bester",
    "franklin": "station",
}

#: NW-2: "Night Watch" is watch and wells together; "Security" is garibaldi and zack.
NIGHT_WATCH = frozenset({"watch", "wells"})
SECURITY = frozenset({"garibaldi", "zack"})

#: The night tasks each role performs (NW-12 .. NW-18). Wells both joins the kill and checks.
TASKS: Mapping[str, tuple[str, ...]] = {
    "watch": ("kill",),
    "wells": ("kill", "check"),
    "garibaldi": ("check",),
    "zack": ("shoot",),
    "bester": ("shoot",),
    "franklin": ("save",),
}

# NW-3: (first n, last n, watch total incl. Wells, wells, garibaldi, franklin, zack, bester); citizens fill the rest.
_DEFAULT_TABLE: tuple[tuple[int, int, int, int, int, int, int, int], ...] = (
    (5, 5, 1, 0, 1, 0, 0, 0),
    (6, 6, 1, 0, 1, 1, 0, 0),
    (7, 9, 2, 0, 1, 1, 0, 0),
    (10, 10, 3, 1, 1, 1, 0, 0),
    (11, 11, 3, 1, 1, 1, 1, 0),
    (12, 13, 3, 1, 1, 1, 1, 1),
    (14, 17, 4, 1, 1, 1, 1, 1),
    (18, 21, 5, 1, 1, 1, 1, 1),
    (22, 24, 6, 1, 1, 1, 1, 1),
    (25, 25, 7, 1, 1, 1, 1, 1),
)


def default_counts(n: int) -> dict[str, int]:
    """NW-3: the default role counts for ``n`` players."""
    for low, high, watch_total, wells, garibaldi, franklin, zack, bester in _DEFAULT_TABLE:
        if low <= n <= high:
            counts = {
                "watch": watch_total - wells,
                "wells": wells,
                "garibaldi": garibaldi,
                "zack": zack,
                "bester": bester,
                "franklin": franklin,
            }
            counts["citizen"] = n - sum(counts.values())
            return {role: counts[role] for role in ROLES}
    raise IllegalAction("player_count", f"Night Watch is for 5-25 players, not {n}", min=5, max=25, count=n)


def check_counts(counts: Mapping[str, int], n: int) -> None:
    """NW-4: refuse an invalid custom role set, saying why."""
    if counts.get("watch", 0) + counts.get("wells", 0) < 1:
        raise IllegalAction("bad_roles", "at least one Night Watch member is needed", rule="no_watch")
    if counts.get("garibaldi", 0) != 1:
        raise IllegalAction("bad_roles", "there must be exactly one Garibaldi", rule="garibaldi")
    for role in ("wells", "zack", "bester", "franklin"):
        if counts.get(role, 0) > 1:
            raise IllegalAction("bad_roles", f"at most one {role}", rule="unique", role=role)
    if counts.get("citizen", 0) < 1:
        raise IllegalAction("bad_roles", "at least one citizen is needed", rule="citizen")
    total = sum(counts.values())
    if total != n:
        raise IllegalAction("bad_roles", f"the roles add up to {total}, not {n} players", rule="sum", total=total, count=n)
