"""What a unit token can do, and what happens when it does (MH-22 .. MH-42).

:class:`Plays` answers two questions for one board and rule set:

* :meth:`Plays.options` — every legal play of one token in a player's hand, as ``(kind, args)`` pairs (the engine
  turns them into actions); a unit token with nothing to do may only be forfeited (MH-29);
* :meth:`Plays.resolve` — carry one such play out on a state, appending its events.

Plays by kind and their ``args`` (hexes are ``"q,r"`` ids, see :mod:`engines.midnight_hunt.hexgrid`):

============  ==============================  =====================================================
kind          args                            rule
============  ==============================  =====================================================
``deploy``    ``unit``, ``hex``               MH-23, MH-4
``bolster``   ``unit``                        MH-24
``move``      ``unit``, ``to``                MH-25
``attack``    ``unit``, ``target``            MH-26, MH-37 .. MH-41
``control``   ``unit``                        MH-27, MH-10
``tactic``    ``unit``, ``target`` / ``to``   MH-28, MH-31 .. MH-35 (Charge has both)
``forfeit``   ``unit``                        MH-29
============  ==============================  =====================================================
"""

from __future__ import annotations

from typing import Any

from engines.core import Event
from engines.midnight_hunt.rules import Board, Ruleset, UnitType
from engines.midnight_hunt.state import MidnightHuntState, UnitOnBoard

Play = tuple[str, dict[str, str]]

#: MH-30: plays whose token joins the stack on the board; every other play sends it to the discard.
INTO_STACK = ("deploy", "bolster")
#: MH-37: tactics that attack from range (no counter-strike, the shooter never moves).
RANGED_TACTICS = ("shot", "aimed_shot")


class Plays:
    """Legal unit plays and their resolution on one board (``board``) under one rule set (``rules``)."""

    def __init__(self, rules: Ruleset, board: Board) -> None:
        self.rules = rules
        self.board = board
        self.grid = board.grid
        self.location_at = board.location_at
        self.locations = {loc.id: loc for loc in board.locations}

    # -- lookups -------------------------------------------------------------------------------------------

    def unit_type(self, unit: str) -> UnitType:
        return self.rules.units[unit]

    def name(self, state: MidnightHuntState, player: str, unit: str) -> str:
        """The variant name id of ``unit`` for ``player``'s faction (MH-1: Crossbowman / Night Shooter)."""
        return self.rules.units[unit].variants[state.seats[player].faction].name

    @staticmethod
    def position(state: MidnightHuntState, player: str, unit: str) -> str | None:
        """The hex of ``player``'s unit of type ``unit``, or ``None`` when it is off the board (MH-23: at most one)."""
        for hex_, here in state.board.items():
            if here.owner == player and here.unit == unit:
                return hex_
        return None

    def _is_target(self, state: MidnightHuntState, side: str, hex_: str) -> bool:
        """An attackable enemy unit stands on ``hex_`` (MH-26, MH-40: never a Knight at stack 1)."""
        here = state.board.get(hex_)
        if here is None or state.seats[here.owner].side == side:
            return False
        return not (here.stack == 1 and self.rules.units[here.unit].untouchable_at_1)

    def controls(self, state: MidnightHuntState, side: str) -> list[str]:
        return [loc for loc, owner in state.control.items() if owner == side]

    # -- legal plays ---------------------------------------------------------------------------------------

    def options(self, state: MidnightHuntState, player: str, unit: str) -> list[Play]:
        """MH-22: exactly the legal plays of one unit token of type ``unit`` in ``player``'s hand."""
        at = self.position(state, player, unit)
        if at is None:
            plays: list[Play] = [("deploy", {"unit": unit, "hex": h}) for h in self._deploy_hexes(state, player, unit)]
        else:
            plays = self._on_board(state, player, unit, at)
        return plays or [("forfeit", {"unit": unit})]  # MH-29

    def _deploy_hexes(self, state: MidnightHuntState, player: str, unit: str) -> list[str]:
        """MH-23: empty locations of the player's side; MH-4: ``deploy_adjacent`` adds empty hexes next to one of
        them or next to one of the owner's units."""
        side = state.seats[player].side
        bases = [self.locations[loc].hex for loc in self.controls(state, side)]
        hexes = [h for h in bases if h not in state.board]
        if self.rules.units[unit].deploy_adjacent:
            anchors = bases + [h for h, u in state.board.items() if u.owner == player]
            for anchor in anchors:
                hexes += [n for n in self.grid.neighbours[anchor] if n not in state.board and n not in hexes]
        return sorted(hexes, key=self.grid.hexes.index)

    def _on_board(self, state: MidnightHuntState, player: str, unit: str, at: str) -> list[Play]:
        utype = self.rules.units[unit]
        side = state.seats[player].side
        here = state.board[at]
        empty_around = [n for n in self.grid.neighbours[at] if n not in state.board]
        plays: list[Play] = [("bolster", {"unit": unit})]  # MH-24
        plays += [("move", {"unit": unit, "to": n}) for n in empty_around]  # MH-25
        rule = utype.variants[state.seats[player].faction].attack
        if rule is not None and here.stack >= rule.min_stack:  # MH-26
            plays += [
                ("attack", {"unit": unit, "target": n}) for n in self.grid.neighbours[at] if self._is_target(state, side, n)
            ]
        loc = self.location_at.get(at)
        if loc is not None and state.control[loc.id] != side and self._may_capture(utype, loc.id):  # MH-27
            plays.append(("control", {"unit": unit}))
        if utype.tactic is not None:  # MH-28
            plays += [("tactic", {"unit": unit, **args}) for args in self._tactic_targets(state, side, at, utype.tactic)]
        return plays

    def _may_capture(self, utype: UnitType, location: str) -> bool:
        """MH-10: in 2v2 only a ``captures_necropolis`` unit captures the Necropolis."""
        if self.locations[location].is_necropolis and self.board.necropolis_restricted:
            return utype.captures_necropolis
        return True

    def _tactic_targets(self, state: MidnightHuntState, side: str, at: str, tactic: str) -> list[dict[str, str]]:
        board, grid = state.board, self.grid
        if tactic == "shot":  # MH-31: distance exactly 2, line of sight irrelevant
            return [{"target": h} for h in grid.ring2[at] if self._is_target(state, side, h)]
        if tactic == "aimed_shot":  # MH-32: straight line, distance 1, or 2 over an empty hex
            found = []
            for ray in grid.rays[at]:
                if self._is_target(state, side, ray[0]):
                    found.append({"target": ray[0]})
                elif len(ray) > 1 and ray[0] not in board and self._is_target(state, side, ray[1]):
                    found.append({"target": ray[1]})
            return found
        if tactic == "piercing_strike":  # MH-33: straight line, distance 2 or 3, every hex between empty
            found = []
            for ray in grid.rays[at]:
                for k in (2, 3):
                    if len(ray) >= k and all(h not in board for h in ray[: k - 1]):
                        if self._is_target(state, side, ray[k - 1]):
                            found.append({"target": ray[k - 1]})
            return found
        if tactic == "charge":  # MH-34: move to an adjacent empty hex, then a melee attack from there
            found = []
            for step in grid.neighbours[at]:
                if step in board:
                    continue
                found += [{"to": step, "target": t} for t in grid.neighbours[step] if self._is_target(state, side, t)]
            return found
        if tactic == "dash":  # MH-35: an empty hex at distance 2 through an empty hex next to both
            ends = []
            for middle in grid.neighbours[at]:
                if middle in board:
                    continue
                for end in grid.neighbours[middle]:
                    if end not in board and end not in ends and grid.distance(at, end) == 2:
                        ends.append(end)
            return [{"to": end} for end in sorted(ends, key=grid.hexes.index)]
        raise AssertionError(f"unknown tactic {tactic}")

    # -- resolution ----------------------------------------------------------------------------------------

    def resolve(self, state: MidnightHuntState, player: str, kind: str, args: dict[str, Any], events: list[Event]) -> None:
        """Carry out one legal play of a unit token already taken out of ``player``'s hand (MH-30 for the token)."""
        me = state.seats[player]
        unit = args["unit"]
        said = {"player": player, "unit": unit, "name": self.name(state, player, unit)}
        if kind not in INTO_STACK:  # MH-30: manoeuvres go to the owner's discard, face up
            me.discard[unit] = me.discard.get(unit, 0) + 1
        at = self.position(state, player, unit)
        if kind == "deploy":  # MH-23
            state.board[args["hex"]] = UnitOnBoard(player, unit, 1)
            events.append(Event("mh.deployed", {**said, "hex": args["hex"]}))
        elif kind == "bolster":  # MH-24
            assert at is not None
            state.board[at].stack += 1
            events.append(Event("mh.bolstered", {**said, "hex": at, "stack": state.board[at].stack}))
        elif kind == "move":  # MH-25
            assert at is not None
            self._move(state, at, args["to"], said, "move", events)
        elif kind == "attack":  # MH-26
            assert at is not None
            self._strike(state, at, args["target"], said, "attack", events, melee=True)
            fee = self.rules.units[unit].variants[me.faction].attack
            if fee is not None and fee.fee:
                self._pay_fee(state, player, unit, fee.fee, said, events)
        elif kind == "control":  # MH-27
            assert at is not None
            loc = self.location_at[at]
            before = state.control[loc.id]
            state.control[loc.id] = me.side
            count = len(self.controls(state, me.side))
            events.append(Event("mh.controlled", {**said, "location": loc.id, "previous": before or "neutral", "count": count}))
        elif kind == "tactic":  # MH-28
            assert at is not None
            self._tactic(state, at, self.rules.units[unit].tactic or "", args, said, events)
        elif kind == "forfeit":  # MH-29
            events.append(Event("mh.forfeited", said))
        else:
            raise AssertionError(kind)

    def _tactic(self, state: MidnightHuntState, at: str, tactic: str, args: dict[str, Any], said: dict, events: list[Event]) -> None:
        if tactic in RANGED_TACTICS:  # MH-31, MH-32: ranged, the shooter stays
            self._strike(state, at, args["target"], said, tactic, events, melee=False)
        elif tactic == "piercing_strike":  # MH-33: melee, then close in on the last hex between
            target = args["target"]
            ray = next(ray for ray in self.grid.rays[at] if target in ray)
            self._strike(state, at, target, said, tactic, events, melee=True)
            if at in state.board:  # the counter-strike may have destroyed the Uhlan
                self._move(state, at, ray[ray.index(target) - 1], said, tactic, events)
        elif tactic == "charge":  # MH-34: move, then melee from the new hex
            self._move(state, at, args["to"], said, tactic, events)
            self._strike(state, args["to"], args["target"], said, tactic, events, melee=True)
        elif tactic == "dash":  # MH-35
            self._move(state, at, args["to"], said, tactic, events)

    @staticmethod
    def _move(state: MidnightHuntState, frm: str, to: str, said: dict, how: str, events: list[Event]) -> None:
        state.board[to] = state.board.pop(frm)
        events.append(Event("mh.moved", {**said, "from": frm, "to": to, "how": how}))

    def _strike(
        self, state: MidnightHuntState, at: str, target: str, said: dict, how: str, events: list[Event], *, melee: bool
    ) -> None:
        """MH-37 .. MH-39, MH-42: one token off the target (dead for ever); a melee hit on a counter-striking unit
        takes one off the attacker at the same moment. Destroyed stacks leave the board (MH-38)."""
        attacker, victim = state.board[at], state.board[target]
        counter = melee and self.rules.units[victim.unit].counter_strike
        hit = [(target, victim)] + ([(at, attacker)] if counter else [])
        for _, u in hit:
            u.stack -= 1
            dead = state.seats[u.owner].dead
            dead[u.unit] = dead.get(u.unit, 0) + 1
        events.append(
            Event(
                "mh.attacked",
                {
                    **said,
                    "how": how,
                    "hex": at,
                    "target": target,
                    "victim": victim.owner,
                    "victim_unit": victim.unit,
                    "victim_name": self.name(state, victim.owner, victim.unit),
                    "left": victim.stack,
                    "counter": counter,
                    "stack": attacker.stack,
                },
            )
        )
        for hex_, u in hit:
            if u.stack == 0:
                del state.board[hex_]
                events.append(
                    Event("mh.destroyed", {"player": u.owner, "unit": u.unit, "name": self.name(state, u.owner, u.unit), "hex": hex_})
                )

    def _pay_fee(self, state: MidnightHuntState, player: str, unit: str, fee: int, said: dict, events: list[Event]) -> None:
        """MH-41 / MH-42: after the normal attack and its consequences, ``fee`` tokens from the stack to the discard
        (not to death), even if that removes the unit; nothing when the stack is already gone."""
        at = self.position(state, player, unit)
        if at is None:
            return
        here = state.board[at]
        paid = min(fee, here.stack)
        here.stack -= paid
        me = state.seats[player]
        me.discard[unit] = me.discard.get(unit, 0) + paid
        events.append(Event("mh.fee", {**said, "hex": at, "paid": paid, "stack": here.stack}))
        if here.stack == 0:
            del state.board[at]
            events.append(Event("mh.destroyed", {**said, "hex": at}))
