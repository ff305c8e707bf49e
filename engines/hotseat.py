"""Hotseat: one terminal passed round the table. Each player whose input is open is asked in turn, the screen
handed over before their private view (hidden, cleared, the next player named), and their menu read as numbers,
words for leaving or surrendering (confirmed), "not now" or a time-out (:func:`ask`)."""

from __future__ import annotations

from typing import TextIO

from engines.core import CLOCK, Action, Engine, Prompt
from engines.table import Table

#: Actions any seated player may take whatever is asked (leave the game, surrender): they never make a player's
#: input "open", are typed as words rather than numbers, and ask for a confirmation.
ANYTIME_KINDS: tuple[str, ...] = ("leave", "surrender")

#: What clears the terminal (and its scroll-back) before the screen is handed to the next player.
CLEAR = "\x1b[H\x1b[2J\x1b[3J"


def ask(engine: Engine, table: Table, out: TextIO, inp: TextIO) -> Action | None:
    """Hotseat: the next action, asking the next player whose input is open; ``None`` when the input ends.

    A player's input is open on a prompt that lists them when they have an action other than leaving or
    surrendering. On a turn prompt they are asked for as long as it stays open; on a simultaneous or reaction
    prompt once (answering it, or saying "not now"). When nobody is left to ask, the first prompt with a time
    limit times out. Before a player's private view is shown the screen is handed over (:func:`_hand_over`).
    """
    while True:
        turn = _next_to_ask(engine, table)
        if turn is None:
            timed = next((p for p in engine.prompts(table.state) if p.timeout is not None), None)
            if timed is None:
                out.write(table.word("table.stuck") + "\n")
                return None
            out.write(table.word("table.time_runs_out") + "\n")
            return Action.timeout(timed.id)
        prompt, player, actions = turn
        if not _hand_over(engine, table, player, out, inp):
            return None
        action = _ask_player(engine, table, prompt, player, actions, out, inp)
        if action is None or action is not _NOT_NOW:
            table.asked = (prompt.id, player)
            return action
        table.answered.add((prompt.id, player))


def _read(out: TextIO, inp: TextIO, text: str = "> ") -> str | None:
    out.write(text)
    out.flush()
    line = inp.readline()
    return None if not line else line.strip()


def _hand_over(engine: Engine, table: Table, player: str, out: TextIO, inp: TextIO) -> bool:
    """Give the screen to ``player``: whoever holds it hides it (Enter), the screen is cleared, the public board
    shown, and ``player`` takes it (Enter). Nothing when it is theirs already; ``False`` when the input ends."""
    if table.at_screen == player:
        return True
    if table.at_screen is not None and _read(out, inp, table.word("table.hide", player=table.name(table.at_screen)) + " ") is None:
        return False
    table.at_screen = None
    out.write(CLEAR)
    board = table.board(None)
    if board:
        out.write(board + "\n")
    if _read(out, inp, "\n" + table.word("table.pass_to", player=table.name(player)) + " ") is None:
        return False
    table.at_screen = player
    return True


def _next_to_ask(engine: Engine, table: Table) -> tuple[Prompt, str, list[Action]] | None:
    for prompt in engine.prompts(table.state):
        for player in prompt.players:
            if prompt.kind != "turn" and (prompt.id, player) in table.answered:
                continue
            actions = engine.legal_actions(table.state, player)
            if any(a.kind not in ANYTIME_KINDS for a in actions):
                return prompt, player, actions
    return None


#: What :func:`_ask_player` returns for "not now".
_NOT_NOW = Action(CLOCK, "", "not now")


def _ask_player(
    engine: Engine, table: Table, prompt: Prompt, player: str, actions: list[Action], out: TextIO, inp: TextIO
) -> Action | None:
    """``player``'s private view and menu (the screen is theirs): what came for them, what they hold, the prompt
    as the bot words it and one numbered line per action, named as the bot's buttons name them."""
    choices = [a for a in actions if a.kind not in ANYTIME_KINDS]
    anytime = {a.kind: a for a in actions if a.kind in ANYTIME_KINDS}
    out.write("\n" + table.private_view(player))
    out.write(table.prompt_text(prompt) + "\n")
    out.writelines(f"  {i}. {table.action_text(action)}\n" for i, action in enumerate(choices, start=1))
    if prompt.kind != "turn":
        out.write(f"  n. {table.word('table.not_now')}\n")
    if prompt.timeout is not None:
        out.write(f"  t. {table.word('table.timeout')}\n")
    words = {kind: table.kind_label(kind) for kind in anytime}
    # the word to type is the table's language's ("выйти"); the action's id ("leave") is taken too
    typed = {kind: table.word(f"table.typed.{kind}") for kind in anytime}
    out.writelines(f"  {table.word('table.anytime', word=typed[kind], label=label)}\n" for kind, label in words.items())
    while True:
        line = _read(out, inp)
        if line is None:
            return None
        answer = line.lower()
        if answer == "t" and prompt.timeout is not None:
            return Action.timeout(prompt.id)
        if answer == "n" and prompt.kind != "turn":
            return _NOT_NOW
        kind = next((k for k, label in words.items() if answer in (k, typed[k].lower(), label.lower())), None)
        if kind is not None:
            confirm = _read(out, inp, table.word("table.confirm", player=table.name(player), label=words[kind]))
            if confirm is None:
                return None
            if confirm.lower() in ("y", "yes", table.word("table.yes").lower()):
                return anytime[kind]
            out.write(table.word("table.stays", player=table.name(player)) + "\n")
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            chosen = choices[int(answer) - 1]
            missing = [k for k, v in chosen.args.items() if v is None]
            if missing:  # free text (a clue, a guess): ask for it
                text = _read(out, inp, table.word("table.type_text"))
                if text is None:
                    return None
                chosen = Action(chosen.player, chosen.prompt, chosen.kind, {**chosen.args, **dict.fromkeys(missing, text)})
            return chosen
        out.write(table.word("table.pick") + "\n")

