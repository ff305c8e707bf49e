"""How the players of each game act when the real bot is driven end to end: one policy per game, as a mixin for
:class:`tests.e2e.harness.GameTable` (and so for :class:`tests.reliability.play.ChaosTable`).

A policy reads only what its player was shown (the controls of their own messages and the public thread) and
decides from that alone, so two runs with the same seed make the same choices whatever happens to the bot in
between. The generic :class:`GameTable` policy (the first control of the first open message) plays every game;
the ones here play *short* games, so the chaos and secret suites can afford one of each game in every run:

* :class:`GhostRacers` (Ghost at Home): race for the roof (the most rooms at once, otherwise discard what is not a
  room and draw again), never stop an escape; the first player sends one ghost at the first chance, so a cat window
  opens mid-turn.
* :class:`Dreamers` (Když sním): text-mode clue givers who give a clue when named (now and then pass), a Dreamer who
  guesses after two clues on a card (right every other time) and, after ``dream_steps`` clues and guesses, leaves
  the table: with four players that ends the game after the day (KS-32, KS-33), a whole game in seconds instead of
  a night of ``round_seconds``.
"""

from __future__ import annotations

import re
from typing import Any

from bot import controls as ctl
from engines.kdyz_snim.auto import CLUE_POOL
from tests.e2e.harness import NAVIGATION, GameTable, game_controls


def control_kind(control: dict[str, Any]) -> str | None:
    """The kind of action a control is for, read from its ``custom_id`` (``None``: a hashed or unknown one)."""
    try:
        cid = ctl.ControlId.parse(control["custom_id"])
    except ctl.CodecError:
        return None
    if cid.tag == "ns":
        kinds = {option_kind(o) for o in control.get("options", [])}
        return kinds.pop() if len(kinds) == 1 else None
    try:
        return ctl.decode(cid.code).kind if cid.code and not cid.code.startswith(("@", "+")) else None
    except ctl.CodecError:
        return None


def option_kind(option: dict[str, Any]) -> str | None:
    try:
        return ctl.decode(option["value"].lstrip("+")).kind
    except ctl.CodecError:
        return None


def room_count(code: str) -> int:
    """How many rooms a ``rooms`` action code plays (0: not one, or hashed)."""
    try:
        partial = ctl.decode(code.lstrip("+"))
    except ctl.CodecError:
        return 0
    return len(partial.args.get("cards") or []) if partial.kind == "rooms" else 0


class GhostRacers(GameTable):
    """Ghost at Home players who race for the roof (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.haunter = self.players[0]
        self.haunted = False  # the haunter's one ghost is on its way
        self.done: set[tuple[int, int]] = set()  # (player, message) where the player made their one choice

    def usable(self, player: int, message: dict[str, Any]) -> list[dict[str, Any]]:
        fresh = [c for c in game_controls(message) if (player, c["custom_id"]) not in self.answered]
        return [c for c in fresh if not str(c.get("label", "")).startswith(NAVIGATION)]

    def choose(self, player: int, message: dict[str, Any]) -> dict[str, Any] | None:
        if (player, int(message["id"])) in self.done:
            return None  # one choice per prompt message, declining included (a picker step is a new message)
        control = self._choice(player, message)
        if control is not None:
            self.done.add((player, int(message["id"])))
        return control

    def _choice(self, player: int, message: dict[str, Any]) -> dict[str, Any] | None:
        usable = self.usable(player, message)
        by_kind: dict[str | None, list[dict[str, Any]]] = {}
        for control in usable:
            by_kind.setdefault(control_kind(control), []).append(control)
        if "no_ghost" in by_kind:  # an escape window: let them go (the first escape ends the game)
            return by_kind["no_ghost"][0]
        if "no_cat" in by_kind:  # a cat window: answer with a cat when there is one
            return (by_kind.get("answer_cat") or by_kind["no_cat"])[0]
        if player == self.haunter and not self.haunted and by_kind.get("ghost"):
            self.haunted = True
            return by_kind["ghost"][0]
        if by_kind.get("rooms"):
            return max(by_kind["rooms"], key=self._rooms_in)
        if by_kind.get("discard"):
            return by_kind["discard"][0]
        doing = [c for c in usable if c["type"] != 2 or c.get("style") != 2]
        return (doing or usable or [None])[0]

    def _rooms_in(self, control: dict[str, Any]) -> int:
        if control["type"] == 3:
            return max((room_count(o["value"]) for o in control.get("options", [])), default=0)
        return room_count(control["custom_id"].split(":", 3)[3])

    def values_for(self, player: int, control: dict[str, Any]) -> list[str] | None:
        if control["type"] != 3:
            return None
        options = control["options"]
        if control_kind(control) == "rooms":
            return [max(options, key=lambda o: room_count(o["value"]))["value"]]
        if control_kind(control) == "discard":  # keep the rooms, draw again for the rest (all, if all are rooms)
            low, high = int(control.get("min_values", 1)), int(control.get("max_values", 1))
            chosen = [o["value"] for o in options if "room" not in o["label"].lower()] or [o["value"] for o in options]
            if len(chosen) < low:
                chosen += [o["value"] for o in options if o["value"] not in chosen][: low - len(chosen)]
            return chosen[:high]
        return super().values_for(player, control)


MENTION = re.compile(r"<@(\d+)>")
CARD = re.compile(r"🎴 Dream card (\d+): \*\*([^*]+)\*\*")
DREAMER_BUTTON = re.compile(r":(?:dream|last_guess)#\d+:(?:guess|pass)")


class Dreamers(GameTable):
    """Když sním players in text mode (see the module docstring). English cards, so clues and guesses are the
    judge's English words."""

    #: Clue turns and guesses after which the first Dreamer leaves (KS-32); 0: never.
    dream_steps = 12

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.clues_on_card = 0
        self.turns = 0
        self.guesses: list[str] = []
        self.dreamed = 0  # clue turns and guesses so far
        self.left = False
        self.done: set[tuple[int, int, int]] = set()  # (player, message, edit): one choice per version of a message

    def dreamer(self) -> int | None:
        night = next((m for m in reversed(self.public()) if "is dreaming" in (m.get("content") or "")), None)
        found = MENTION.search(night["content"]) if night else None
        return int(found.group(1)) if found else None

    def card_of(self, player: int) -> tuple[int, str] | None:
        for message in reversed(self.server.dm_messages(player)):
            found = CARD.search(message.get("content") or "")
            if found:
                return int(found.group(1)), found.group(2)
        return None

    def wants_to_leave(self) -> int | None:
        """The Dreamer, once the night has seen ``dream_steps`` clue turns and guesses (then ``None`` again)."""
        if self.left or not self.dream_steps or self.dreamed < self.dream_steps:
            return None
        return self.dreamer()

    async def step(self) -> bool:
        leaver = self.wants_to_leave()
        if leaver is not None and not self.game_over():
            self.left = True
            await self.interact(self.server.slash(leaver, self.thread, "game", [{"type": 1, "name": "leave", "options": []}]))
            return True
        return await super().step()

    def choose(self, player: int, message: dict[str, Any]) -> dict[str, Any] | None:
        version = (player, int(message["id"]), int(message.get("edits", 0)))
        if version in self.done:
            return None  # one choice per message until it changes (a new card, a new turn)
        control = self._choice(player, message)
        if control is not None:
            self.done.add(version)
        return control

    def _choice(self, player: int, message: dict[str, Any]) -> dict[str, Any] | None:
        content = message.get("content") or ""
        mentioned = {int(m) for m in MENTION.findall(content)}
        public = message.get("channel_id") is not None and int(message["channel_id"]) == self.thread
        usable = []
        for control in game_controls(message):
            cid = control["custom_id"]
            if (player, cid) in self.answered:
                continue
            if DREAMER_BUTTON.search(cid):  # the Dreamer's Guess / Pass (also on every clue turn)
                if player != self.dreamer() or (":dream#" in cid and self.clues_on_card < 2):
                    continue
            elif cid.startswith("np:") and cid.endswith(":report"):
                continue  # no foul reports: the clues here are fair
            elif public and player not in mentioned:
                continue  # a public prompt is for the player it names
            usable.append(control)
        if not usable:
            return None
        choice = next((c for c in usable if c.get("style") != 2), usable[0])
        if ":clue#" in choice["custom_id"]:
            self.turns += 1
            self.dreamed += 1
            if self.turns % 5 == 0:  # now and then a giver passes (KS-14)
                return next((c for c in usable if c["custom_id"].endswith(":pass")), choice)
        return choice

    def text_for(self, player: int, modal: dict[str, Any]) -> dict[str, str]:
        prompt = modal["custom_id"].split(":")[2]
        if prompt.startswith("clue#"):
            self.clues_on_card += 1
            return {"text": CLUE_POOL["en"][self.turns % len(CLUE_POOL["en"])]}
        if prompt.startswith(("dream#", "last_guess#")):
            self.clues_on_card = 0
            self.dreamed += 1
            dreamer = self.dreamer()
            seen = next((c for p in self.players if p != dreamer and (c := self.card_of(p))), None)
            guess = seen[1] if seen and len(self.guesses) % 2 == 0 else "umbrella"
            self.guesses.append(guess)
            return {"text": guess}
        if prompt.startswith("recap#"):
            recap, self.guesses = ", ".join(self.guesses) or "nothing", []
            return {"text": recap}
        return super().text_for(player, modal)


#: Each game's policy for short games (the generic GameTable policy for the others).
def _midnighters() -> type[GameTable]:
    """The Midnighters e2e's players (they read only what each is shown; a short Bridge win on its seed)."""
    from tests.e2e.test_midnighters_e2e import MidnightTable

    return MidnightTable


def _midnight_hunt() -> type[GameTable]:
    """The Midnight Hunt e2e's players racing for locations; after the draft and a few plays the second player
    surrenders (MH-54), so a short game ends."""
    from tests.e2e.test_midnight_hunt_e2e import HuntTable

    class HuntThenSurrender(HuntTable):
        def choose(self, player: int, message: dict[str, Any]) -> dict[str, Any] | None:
            if self.surrender_by is None and self.clicks >= 24:
                self.surrender_by = self.players[-1]
            return super().choose(player, message)

    return HuntThenSurrender


POLICIES: dict[str, type[GameTable]] = {
    "ghost_at_home": GhostRacers,
    "kdyz_snim": Dreamers,
    "midnighters": _midnighters(),
    "midnight_hunt": _midnight_hunt(),
}
#: Lobby options for those short games, set through the lobby's settings panel (KS-5: English cards, timers long
#: enough that no clue turn runs out while the bot restarts).
LOBBY_OPTIONS: dict[str, dict[str, str]] = {
    "kdyz_snim": {"language": "en", "clue_seconds": "30", "round_seconds": "300"},
    "midnighters": {"layout": "classic", "reaction_seconds": "30"},
}
