"""Messages typed in Když sním's thread (MESSAGE_CONTENT on), read by the rules: the Dreamer's guess, the clue
giver's clue, the recap, and what is deleted, new or edited (KS-14, KS-17, KS-19, KS-24); and the judge's lemma
tables loaded before the first clue needs them (:func:`warm_judge`). One side of
:class:`cogs.kdyz_snim.presenter.KdyzSnimPresenter`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot import controls as ctl
from bot.presenter import Presenter, Table, Typed
from engines.core import Action, State
from engines.kdyz_snim.judge import PASS_WORDS

_warmed: set[str] = set()


def warm_judge(language: str) -> None:
    """Load the judge's lemma table of ``language`` (KS-15, KS-20) when a game in that language is presented, so
    its first clue or guess does not pay for it. A table loads in about 0.1 s (:mod:`engines.kdyz_snim.lemmas`;
    simplemma's full dictionaries took 3 s and had to be loaded before the bot connected), and a process loads
    only the languages its games use."""
    if language in _warmed:
        return
    _warmed.add(language)
    from engines.kdyz_snim import judge
    from engines.kdyz_snim.words import element_ids

    first = element_ids()[0]
    judge.clue_fault("a", first, language)
    judge.guess_matches("a", first, language)


def _typed_action(legal: Sequence[Action], kind: str, text: str) -> Action | None:
    """The legal ``kind`` action (a guess, a clue, a recap) with ``text`` as its words, or ``None``."""
    action = next((a for a in legal if a.kind == kind and ctl.needs_text(a)), None)
    return ctl.fill_text(action, {name: text for name in ctl.needs_text(action)}) if action is not None else None


class KdyzSnimTyped(Presenter):
    """What a message typed or edited in the game's thread does."""

    # -- messages typed in the game thread (MESSAGE_CONTENT=on) ---------------------------------------------

    def read_typed(self, table: Table, state: State, author: str, text: str) -> Typed | None:
        """A message typed in the game's channel, by the rules:

        * the night (and the last guess): the Dreamer's message is a guess on the current card, deleted at once
          whatever its pile (KS-19; the acknowledgement is the card changing, the same for every pile, KS-21); the
          active clue giver's is their clue, judged by the engine: the pass word passes (KS-14), a message of no
          letters is refused and left alone (KS-14), a foul is deleted with its penalty (KS-16); in text mode
          anyone else's message is deleted (KS-14). Voice mode has no clue turns (KS-17), so the others' talk
          stays;
        * the recap: the Dreamer's first message is the recap (KS-24), and anyone else's is deleted (KS-24);
        * the day: nothing.
        """
        view = table.view(state, None)
        phase = view["phase"]
        legal = table.legal(state, author)
        if phase in ("night", "last_guess"):
            if author == view["dreamer"]:
                return Typed(_typed_action(legal, "guess", text), delete=True)
            clue = _typed_action(legal, "clue", text)
            if clue is not None:
                return Typed(clue, delete_on=frozenset({"ks.clue_refused"}))
            return Typed(delete=view["clue_mode"] == "text")
        if phase == "recap":
            if author == view["dreamer"]:
                return Typed(_typed_action(legal, "recap", text))
            return Typed(delete=True)
        return None

    def read_edit(self, table: Table, state: State, author: str) -> bool:
        """A message edited in the game's channel, while the night or the recap runs: never a new clue, guess or
        recap (the first message counts, as typed; KS-14, KS-19, KS-24).

        * text mode: every edited message is deleted, whoever's, so the thread shows only what the bot judged: a
          clue edited into the card's word would defeat the judge (KS-13, KS-15; the clue log in the bot's turn
          message keeps the clue as judged), and an earlier message edited into a hint would prompt the Dreamer
          during the recap (KS-24);
        * voice mode, where the bot neither runs nor checks clues (KS-17): only what the rules delete there, as for
          a new message: the Dreamer's edit during the night (their messages are guesses, never shown, KS-19) and
          anyone else's during the recap (KS-24);
        * the day: edits are left alone.
        """
        view = table.view(state, None)
        text = view["clue_mode"] == "text"
        if view["phase"] in ("night", "last_guess"):
            return text or author == view["dreamer"]
        if view["phase"] == "recap":
            return text or author != view["dreamer"]
        return False

    def typed_notice(self, table: Table, options: dict[str, Any]) -> str | None:
        """What may be typed in the thread, and what is deleted, in the game's clue mode (KS-14, KS-17, KS-19, KS-24),
        edits included."""
        language = str(options.get("language") or next(o.default for o in table.engine.options if o.name == "language"))
        # KS-14: the pass word the judge accepts is the element language's, whatever language the bot speaks
        return table.t("ks.typed.notice", mode="voice" if options.get("clue_mode") == "voice" else "text", pass_word=PASS_WORDS.get(language, PASS_WORDS["en"]))

