"""The first difference between a stored transcript and a new one, said so a person can read it."""

from __future__ import annotations

import difflib

from tests.transcripts.recorder import Spec, parse


def first_difference(spec: Spec, stored: str, new: str) -> str | None:
    """``None`` when the two are the same; else the game and seed, the channel and the index of its first event
    that differs, and a diff of that event (and the channels one of them lacks)."""
    if stored == new:
        return None
    if not stored:
        return f"{spec.name}: no stored transcript at {spec.path} (record it: python -m tests.transcripts record {spec.name})"
    old_channels, new_channels = parse(stored), parse(new)
    out: list[str] = []
    for label in list(old_channels) + [c for c in new_channels if c not in old_channels]:
        old, now = old_channels.get(label), new_channels.get(label)
        if old == now:
            continue
        if old is None or now is None:
            out.append(f"{spec.name} (game {spec.game}, seed {spec.seed}): channel {label!r} only in the {'new' if old is None else 'stored'} transcript")
            continue
        index = next((i for i, (a, b) in enumerate(zip(old, now)) if a != b), min(len(old), len(now)))
        out.append(
            f"{spec.name} (game {spec.game}, seed {spec.seed}): channel {label!r}, event [{index + 1}] differs "
            f"(stored {len(old)} events, now {len(now)})"
        )
        a = old[index].splitlines() if index < len(old) else ["(no event)"]
        b = now[index].splitlines() if index < len(now) else ["(no event)"]
        out += ["  " + line for line in difflib.unified_diff(a, b, "stored", "now", lineterm="", n=3)]
        if len(out) > 60:
            break
    if not out:  # the header differs
        out.append(f"{spec.name}: " + next(a for a, b in zip(stored.splitlines(), new.splitlines()) if a != b))
    return "\n".join(out[:80])
