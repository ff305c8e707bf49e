"""The privacy invariants KS-P1 .. KS-P5 as one checker, used on every step of the random playouts and by the
scenario tests.

During a night, nothing the dreamer can see and nothing public may contain an element of the round (in any
language), the pile of a guess, a role, a guess's text or a spare card. The one exception is the clue log in the
views, which mirrors the game channel: clues are the givers' own public messages; KS-15 guarantees none of them
names the *current* element, and that is checked too.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from typing import Any

from engines.core import Action, Event
from engines.kdyz_snim import ENGINE
from engines.kdyz_snim.judge import normalise
from engines.kdyz_snim.roles import CARD_ROLES
from engines.kdyz_snim.state import FATES, KdyzSnimState, Round
from engines.kdyz_snim.words import LANGUAGES, element

#: Events that carry a secret of the running round: they must never be public or reach the dreamer.
SECRET_EVENTS = {
    "ks.element",
    "ks.guess_judged",
    "ks.clue_refused",
    "ks.foul_confirmed",
    "ks.card_unused",
    "ks.your_role",
}
#: Parameter names that would carry a secret (an element, a guess text, a pile, a role, a spare).
SECRET_PARAMS = {
    "word",
    "aliases",
    "guess",
    "pile",
    "fate",
    "result",
    "role",
    "roles",
    "spare",
    "clue",
    "recap",
    "element",
}
FORBIDDEN_VALUES = set(CARD_ROLES) | set(FATES)


def leaves(value: Any) -> Iterator[Any]:
    """Every value inside ``value`` (dict values, list items), not dict keys."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        else:
            yield item


@cache
def _forms(element_id: str) -> frozenset[str]:
    """An element's names in every language, normalised."""
    return frozenset(normalise(n) for lang in LANGUAGES for n in element(element_id).names(lang))


def forms_of(element_ids: set[str]) -> set[str]:
    return set().union(*(_forms(e) for e in element_ids))


@lru_cache(maxsize=65536)
def _words(value: str) -> tuple[str, ...]:
    plain = normalise(value)
    return (plain, *plain.split())


def names_a_secret(value: Any, forms: set[str]) -> bool:
    if not isinstance(value, str):
        return False
    return value in FORBIDDEN_VALUES or any(word in forms for word in _words(value))


def secret_rounds(before: KdyzSnimState, after: KdyzSnimState) -> list[Round]:
    """The rounds whose secrets were live at some point of this step (as they stand afterwards)."""
    numbers = {r.number for r in (before.round, after.round) if not r.revealed or r is after.round}
    return [r for r in after.rounds if r.number in numbers]


def check_step(before: KdyzSnimState, action: Action, after: KdyzSnimState, events: list[Event]) -> None:
    """Assert KS-P1 .. KS-P5 on one transition's events and on the spectator's and dreamer's views after it."""
    live = secret_rounds(before, after)
    forms = forms_of({c.element for r in live for c in r.cards})
    in_night = not before.round.revealed or before is after
    dreamer = before.round.dreamer
    over = after.outcome is not None
    for event in events:
        if event.key == "ks.day_started":
            in_night = False
        elif event.key == "ks.night_started":
            in_night, dreamer = True, event.params["dreamer"]
        if "spare" in event.params or event.key == "ks.spare_revealed":  # KS-P4
            assert over, f"KS-P4: {event.key} states a spare before the final recap"
        if not in_night:
            continue
        public = event.audience.is_public
        if public or dreamer in event.audience.players:  # KS-P1 / KS-P2 / KS-P3 / KS-P5
            assert event.key not in SECRET_EVENTS, f"{event.key} reached the dreamer or the public"
            assert not set(event.params) & SECRET_PARAMS, f"{event.key} carries {set(event.params) & SECRET_PARAMS}"
            for value in leaves(dict(event.params)):
                assert not names_a_secret(value, forms), f"{event.key}: {value!r} names a secret of the night"
        if event.key == "ks.element":  # KS-P5: exactly the non-dreamers still in the game
            receivers = tuple(p for p in after.players if p not in after.left and p != dreamer)
            assert event.audience.players == receivers, f"KS-P5: element sent to {event.audience.players}"
        if event.key == "ks.your_role":  # KS-P3: only the holder
            (holder,) = event.audience.players
            assert holder != dreamer and after.round.roles.get(holder) == event.params["role"]
    check_views(after)


def check_views(state: KdyzSnimState) -> None:
    """KS-P1 .. KS-P4 on ``view(None)`` and the dreamer's view while a round is not yet revealed."""
    r = state.round
    over = state.outcome is not None
    for viewer in (None,) if r.revealed else (None, r.dreamer):
        view = ENGINE.view(state, viewer)
        for record in view["history"]:
            assert ("spare" in record) == over, "KS-P4: a spare in the history before the final recap"
        if r.revealed:
            continue
        assert "element" not in view and "round_cards" not in view, "KS-P1: the dreamer sees the element"
        assert view.get("role") in (None, "dreamer"), "KS-P3: a role in a public or dreamer view"
        assert all(h["round"] < r.number for h in view["history"]), "the running round is in the history"
        forms = forms_of({c.element for c in r.cards})
        rest = {k: v for k, v in view.items() if k not in ("history", "clues", "role")}
        for value in leaves(rest):
            assert not names_a_secret(value, forms), f"view({viewer}): {value!r} names a secret of the night"
        current = r.current
        if current is not None:
            current_forms = forms_of({current.element})
            for clue in view["clues"]:
                assert not names_a_secret(clue["clue"], current_forms), "a logged clue names the current element"
