"""What each viewer may see (KS-10, KS-21, KS-P1 .. KS-P5), as the dict :meth:`Engine.view` returns, and its text
for the offline table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.kdyz_snim.state import Card, KdyzSnimState, Round
from engines.kdyz_snim.words import element

if TYPE_CHECKING:
    from engines.core import Say


class Views:
    """The views of :class:`~engines.kdyz_snim.engine.KdyzSnim` (a mixin)."""

    def _view(self, state: KdyzSnimState, viewer: str | None) -> dict[str, Any]:
        """What ``viewer`` may see. Secrets of the running round reach only the non-dreamers still in the game
        (the element, the piles, guesses; KS-P1, KS-P5) and each role only its holder (KS-P3). A player sees the
        public view with their own part added (:meth:`_view_over`)."""
        public = self._public_view(state)
        return public if viewer is None else self._view_over(public, state, viewer)

    def _public_view(self, state: KdyzSnimState) -> dict[str, Any]:
        language = state.options["language"]
        r = state.round
        current = r.current if not r.revealed else None
        over = state.outcome is not None
        points = self._points(state)
        view: dict[str, Any] = {
            "phase": state.phase,
            "round": r.number,
            "players": list(state.players),
            "left": list(state.left),
            "host": state.host,
            "language": language,
            "clue_mode": state.options["clue_mode"],
            "dreamer": r.dreamer,
            "clue_giver": state.clue_giver,
            "clue_order": self._clue_givers(state) if not r.revealed else [],
            "card": len(r.cards) if current else None,
            # The clue log of the current element mirrors the game channel, where everyone reads the clues.
            "clues": [{"player": c.player, "clue": c.text} for c in state.clues] if current else [],
            "foul": {"reporter": state.foul.reporter, "accused": state.foul.accused} if state.foul else None,
            "points": points,
            "penalties": dict(state.penalties),
            "totals": {p: points[p] - state.penalties[p] for p in state.players},  # KS-27
            "history": [self._round_record(rr, language, with_spare=over) for rr in state.rounds if rr.revealed],
            "outcome": None
            if state.outcome is None
            else {"reason": state.outcome.reason, "winners": list(state.outcome.winners)},
        }
        if over:
            view["standings"] = self.standings(state)
            view["seed"] = state.seed
        return view

    def _view_over(self, public: dict[str, Any], state: KdyzSnimState, viewer: str) -> dict[str, Any]:
        """The public view and what ``viewer`` alone may see of the running round (KS-10, KS-21, KS-P3)."""
        view = dict(public)
        if viewer not in state.players:
            return view
        view["you"] = viewer
        r = state.round
        if viewer == r.dreamer:
            view["role"] = "dreamer"
        elif viewer in r.roles:
            view["role"] = r.roles[viewer]  # KS-P3: a holder sees their own card, even after leaving
        if not r.revealed and viewer in self._receivers(state):  # KS-10 / KS-21
            language = state.options["language"]
            current = r.current
            if current is not None:
                forms = element(current.element).forms[language]
                view["element"] = {"word": forms.word, "aliases": list(forms.aliases)}
            view["round_cards"] = [self._card_record(c, language) for c in r.cards if c.fate != "current"]
        return view

    @staticmethod
    def _card_record(card: Card, language: str) -> dict[str, Any]:
        return {
            "word": element(card.element).word(language),
            "fate": card.fate,
            "guess": card.guess,
            "passed": card.passed,
            "holder": card.holder,
        }

    def _round_record(self, r: Round, language: str, with_spare: bool) -> dict[str, Any]:
        record = {
            "round": r.number,
            "dreamer": r.dreamer,
            "roles": dict(r.roles),
            "cards": [self._card_record(c, language) for c in r.cards],
            "recap": r.recap,
            "recap_bonus": r.recap_bonus,
            "points": self.round_points(r),
        }
        if with_spare:  # KS-3 / KS-P4: spares only in the final recap
            record["spare"] = r.spare
        return record

    def describe(self, state: KdyzSnimState, viewer: str | None) -> str:
        view = self.view(state, viewer)
        lines = [f"Round {view['round']} - {view['phase']} - dreamer {view['dreamer']}"]
        if view.get("role"):
            lines.append(f"  you are: {view['role']}")
        if "element" in view:
            aliases = ", ".join(view["element"]["aliases"])
            lines.append(
                f"  dream card {view['card']}: {view['element']['word']}" + (f" ({aliases})" if aliases else "")
            )
        elif view["card"]:
            lines.append(f"  dream card {view['card']} (hidden from you)")
        for clue in view["clues"]:
            lines.append(f"  clue from {clue['player']}: {clue['clue']}")
        for card in view.get("round_cards", []):
            lines.append(
                f"  earlier: {card['word']} -> {card['fate']}" + (f" (guess: {card['guess']})" if card["guess"] else "")
            )
        if view["clue_giver"]:
            lines.append(f"  clue giver: {view['clue_giver']}")
        if view["foul"]:
            lines.append(f"  foul reported: {view['foul']['reporter']} accuses {view['foul']['accused']}")
        lines.append(
            "  totals: "
            + ", ".join(f"{p}={t}" + (" (left)" if p in view["left"] else "") for p, t in view["totals"].items())
        )
        return "\n".join(lines)

    def board_text(self, state: KdyzSnimState, viewer: str | None, say: Say) -> str:
        """:meth:`describe` in the catalogues' words (the offline table, any language)."""
        view = self.view(state, viewer)
        lines = [say("ks.status", round=view["round"], phase=view["phase"], dreamer=view["dreamer"])]
        if view.get("role"):
            lines.append(say("ks.your_role", round=view["round"], role=view["role"]))
        if "element" in view:
            lines.append(say("ks.element", card=view["card"], word=view["element"]["word"], aliases=list(view["element"]["aliases"])))
        elif view["card"]:
            lines.append(say("ks.status.card", card=view["card"]))
        for clue in view["clues"]:
            lines.append("  " + say("ks.table.clue", player=clue["player"], clue=clue["clue"]))
        for card in view.get("round_cards", []):
            key = "ks.table.earlier_guess" if card["guess"] else "ks.table.earlier"
            lines.append("  " + say(key, word=card["word"], fate=card["fate"], guess=card["guess"] or ""))
        if view["clue_giver"]:
            lines.append(say("ks.status.giver", player=view["clue_giver"]))
        if view["foul"]:
            lines.append(say("ks.table.foul", reporter=view["foul"]["reporter"], accused=view["foul"]["accused"]))
        scores = [
            say("ks.table.score_left" if p in view["left"] else "ks.table.score", player=p, points=t)
            for p, t in view["totals"].items()
        ]
        lines.append(say("ks.table.totals", scores="; ".join(scores)))
        return "\n".join(lines)
