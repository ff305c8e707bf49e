"""The Midnighters' board in words: the status lines (whose turn, what the table waits for, how the dream ended),
each player's notes, the reaction stack's entries and the nightmares, the seats' letters, and the whole board for
screen readers (:func:`describe_board`, the image's description: the same public facts as the picture, MN-9,
MN-64). The presenter words its thread and DMs with the same lines.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.render import RenderContext, describe, seat_letter
from cogs.midnighters.board_geometry import PLACES, STEP
from engines.midnighters.data import COLUMNS, ROWS

# -- words -------------------------------------------------------------------------------------------------------


def _location(ctx: RenderContext, loc: str) -> str:
    """A location card's bare name (no article), as printed on the card."""
    return ctx.t(f"mn.board.place_{loc}") if loc in PLACES else ctx.t(f"mn.location.{loc}")


def ending_text(t: Callable[..., str], name: Callable[[str], str], reason: str, cause: str, winners: Sequence[str], turns: int) -> str:
    """How the dream ended, in one sentence, the same on the board, under it, in the thread and on the lobby
    (MN-59, MN-60, MN-63): who won, or why nobody did (the turn limit, the cards, everyone left)."""
    return t("mn.ending", reason=reason, cause=cause, player=", ".join(name(w) for w in winners), turns=turns)

def seat_letters(seats: Sequence[str], name: Callable[[str], str]) -> dict[str, str]:
    """The letter on each player's disc and beside their name in words: their name's initial, so the letter reads
    as the name does (``Garibaldi (G)``) wherever it is shown; a second name with the same initial gets a number
    (``S``, ``S2``), and a name with no letter the seat's own (``A`` for seat 1). The colour still follows the seat."""
    letters: dict[str, str] = {}
    used: set[str] = set()
    for i, player in enumerate(seats):
        initial = next((c.upper() for c in name(player) if c.isalpha()), "")
        letter = initial or seat_letter(i)
        n = 1
        while letter in used:
            n += 1
            letter = f"{initial or seat_letter(i)}{n}"
        used.add(letter)
        letters[player] = letter
    return letters


def _card(ctx: RenderContext, card: str) -> str:
    return ctx.t(f"mn.card.{card}")


def _status_lines(view: Mapping[str, Any], ctx: RenderContext) -> list[str]:
    """Whose turn, how many actions left, and what the table waits for (or how the dream ended)."""
    outcome = view.get("outcome")
    if outcome:
        reason, cause = str(outcome["reason"]), str(outcome.get("cause", "none"))
        return [ending_text(ctx.t, ctx.name, reason, cause, outcome.get("winners", []), int(view.get("turn", 0)))]
    current = view.get("current") or ""
    lines = [ctx.t("mn.board.status_turn", player=ctx.name(current), actions=int(view.get("actions_left", 0)))]
    if view.get("controller"):
        lines.append(
            ctx.t("mn.board.status_controlled", player=ctx.name(current), controller=ctx.name(view["controller"]))
        )
    stack = view.get("stack") or []
    waiting = view.get("waiting") or []
    if view.get("phase") == "window" and stack:
        top = stack[-1]
        if top["play"] == "set_trap":  # MN-30: a trap setting shows no card
            lines.append(ctx.t("mn.board.status_window_trap", player=ctx.name(top["player"])))
        else:
            lines.append(ctx.t("mn.board.status_window", player=ctx.name(top["player"]), card=_card(ctx, top["card"])))
    elif view.get("phase") == "choice" and waiting:
        lines.append(ctx.t("mn.board.status_choice", player=ctx.name(waiting[0])))
    return lines


def _play_line(entry: Mapping[str, Any], ctx: RenderContext) -> str:
    """One face-up entry of the reaction stack (a trap setting shows no card, MN-30)."""
    text = f"{ctx.name(entry['player'])}: {ctx.t('mn.play.' + entry['play'])}"
    if entry.get("target", "none") != "none":
        text += f" → {ctx.name(entry['target'])}"
    if entry.get("location", "none") != "none":
        text += f" — {_location(ctx, entry['location'])}"
    if entry.get("direction", "none") != "none":
        text += f" ({ctx.t('mn.direction.' + entry['direction'])})"
    return text


def _notes(view: Mapping[str, Any], player: str, ctx: RenderContext) -> list[str]:
    if player not in view.get("active", []):
        return [ctx.t("mn.board.left")]
    notes = []
    horror = view.get("horror")
    avatars = view.get("avatars") or {}
    if player == horror:
        notes.append(ctx.t("mn.board.horror"))
    elif horror in avatars and avatars.get(player) == avatars[horror]:  # MN-48
        notes.append(ctx.t("mn.board.paralysed"))
    penalty = (view.get("penalties") or {}).get(player, 0)
    if penalty:
        notes.append(ctx.t("mn.board.penalty", count=int(penalty)))
    claims = view.get("claims") or {}
    if player in claims:
        notes.append(ctx.t("mn.board.claimed", controller=ctx.name(claims[player])))
    return notes


def _nightmare_line(view: Mapping[str, Any], colour: str, ctx: RenderContext) -> str:
    exempt = (view.get("nightmares") or {}).get(colour) or []
    text = ctx.t(f"mn.colour.{colour}")
    if exempt:
        text += f" ({ctx.t('mn.board.exempt', players=', '.join(ctx.name(p) for p in exempt))})"
    return text


def _description(view: Mapping[str, Any], ctx: RenderContext, seats: list[str]) -> str:
    lines = [ctx.t("mn.board.title", turn=int(view.get("turn", 0)), max_turns=int(view.get("max_turns", 0)))]
    lines += [line if line.endswith((".", "!", "?")) else line + "." for line in _status_lines(view, ctx)]
    stack = view.get("stack") or []
    if stack:
        lines.append(ctx.t("mn.board.on_table") + " " + "; ".join(_play_line(e, ctx) for e in stack))
    avatars = view.get("avatars") or {}
    letters = seat_letters(seats, ctx.name)
    for p in seats:
        if p not in view.get("active", []):
            lines.append(f"{ctx.name(p)} ({letters[p]}): {ctx.t('mn.board.left')}.")
            continue
        text = ctx.t(
            "mn.board.alt_player",
            player=ctx.name(p),
            letter=letters[p],
            location=_location(ctx, avatars.get(p, "")),
            cards=int((view.get("hand_sizes") or {}).get(p, 0)),
            traps=int((view.get("trap_counts") or {}).get(p, 0)),
        )
        lines.append("; ".join([text, *_notes(view, p, ctx)]) + ".")
    lines.append(
        ctx.t("mn.board.deck", count=int(view.get("deck_size", 0)))
        + "; "
        + ctx.t("mn.board.discard", count=int(view.get("discard_size", 0)))
        + "."
    )
    nightmares = sorted(view.get("nightmares") or {})
    if nightmares:
        lines.append(
            ctx.t("mn.board.nightmares") + " " + "; ".join(_nightmare_line(view, c, ctx) for c in nightmares) + "."
        )
    else:
        lines.append(ctx.t("mn.board.no_nightmares") + ".")
    cards = sorted(view.get("board") or [], key=lambda e: (e["cell"][1], e["cell"][0]))
    taken = {e["cell"] for e in cards}
    empty = [f"{c}{r}" for r in range(1, ROWS + 1) for c in "ABCD"[:COLUMNS] if f"{c}{r}" not in taken]
    if empty:
        lines.append(ctx.t("mn.board.empty_cells", cells=", ".join(empty)) + ".")
    grid = [
        f"{e['cell']} {_location(ctx, e['location'])} ("
        + ", ".join(ctx.t(f"mn.direction.{a}") for a in sorted(e.get("arrows", []), key=list(STEP).index))
        + ")"
        for e in cards
    ]
    lines.append(ctx.t("mn.board.alt_grid") + " " + "; ".join(grid) + ".")
    return describe(lines)


def describe_board(view: Mapping[str, Any], ctx: RenderContext) -> str:
    """The board in words, in ``ctx.lang``, for screen readers (at most 1024 characters).

    Long display names are shortened, step by step, before the end of the text (the grid) would be cut off.
    """
    seats = list(view.get("seats") or [])
    text = _description(view, ctx, seats)
    for limit in (20, 12, 8):
        if not text.endswith("…"):
            break
        short = {p: ctx.name(p) if len(ctx.name(p)) <= limit else ctx.name(p)[: limit - 1] + "…" for p in seats}
        text = _description(view, RenderContext(ctx.lang, short, ctx.translate), seats)
    return text


__all__ = ["describe_board", "ending_text", "seat_letters"]
