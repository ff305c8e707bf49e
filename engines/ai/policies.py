"""Per-game knowledge of the computer players: a heuristic score of each legal action (the "easy" player, and the
search's playout policy and move ordering) and an evaluation of a position in [0, 1] for a player (where a
searched playout stops).

Every function here reads a *sampled* state (:meth:`engines.core.Engine.sample_state`), never the real one, so
what it knows is what the seat knows.
"""

from __future__ import annotations

import heapq
import math
import random
import threading
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from engines.core import Action, Engine, State

# The games' modules are imported once, here, not inside the heuristics: those run hundreds of thousands of times
# a decision, and a function-local import costs every call (issue 31). No cycle: no game's engine imports
# engines.ai.
from engines.ghost_at_home.cards import CARDS, CAT, GHOST
from engines.ghost_at_home.house import slot_index
from engines.midnighters import board as mn_board
from engines.midnighters import rules as mn_rules
from engines.midnighters.data import NIGHTMARES
from engines.midnighters.plays import ROTATE
from engines.midnighters.rules import BRIDGE, TOWN_HALL, affected

Score = Callable[[Engine, Any, str, Action], float]
Evaluate = Callable[[Engine, Any, str], float]


def squash(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def outcome_value(state: State, player: str) -> float | None:
    """1 for a win, 0 for a loss, 0.5 for a draw; ``None`` while the game runs."""
    outcome = state.outcome
    if outcome is None:
        return None
    if outcome.draw:
        return 0.5
    return 1.0 if player in outcome.winners else 0.0


# -- Ghost at Home ---------------------------------------------------------------------------------------------

def _gh_rooms(house: Any, floor: int) -> int:
    return house.rooms_on(floor)


def gh_score(engine: Engine, state: Any, player: str, action: Action) -> float:
    kind, args = action.kind, action.args
    me = state.houses.get(player)
    if kind == "rooms":
        placed = len(args["cards"])
        done = sum(1 for r in me.rooms if r) + placed == 6
        return 10.0 * placed + (8.0 if done else 0.0) + 0.5 * sum(args["floors"])
    if kind == "ghost":
        target = state.houses[args["target"]]
        if state.phase == "escape_window":
            return 100.0
        floor = args["floor"]
        rooms = _gh_rooms(target, floor)
        ghosts = sum(target.occupants[i] == "ghost" for i in target.slots(floor))
        value = 3.0
        if not target.is_lit(floor) or ghosts:
            value = 6.0 + 5.0 * rooms + 1.5 * floor
        if target.occupants[slot_index(floor, args["side"])] == "cat":
            value = 2.0  # the cat eats it (GH-15), still a trade
        return value + 0.3 * sum(1 for r in target.rooms if r)
    if kind == "answer_cat":
        attack = state.attack
        house = state.houses[attack.defender]
        floor = attack.slot // 2 + 1
        ghosts = sum(house.occupants[i] == "ghost" for i in house.slots(floor))
        wipes = not house.is_lit(floor) or ghosts >= 1
        return 5.0 + 3.0 * _gh_rooms(house, floor) if wipes else -1.0
    if kind in ("no_cat", "no_ghost"):
        return 0.0
    if kind == "cat":
        return 4.0 + args["floor"]
    if kind == "light":
        floor = args["floor"]
        rooms = _gh_rooms(me, floor)
        spent = len(args["cards"])
        return 3.0 + 2.5 * rooms + floor - 2.5 * spent - 0.5 * sum(CARDS[c].kind == "room" for c in args["cards"])
    if kind == "light_bulb":
        return 6.0 + 2.0 * _gh_rooms(me, args["floor"])
    if kind == "space_hole":
        return 12.0
    if kind == "cat_food":
        return 5.0
    if kind == "elevator":
        return 1.0
    if kind == "lightning":
        target = state.houses[args["target"]]
        top = target.highest_explored() or 1
        return 5.0 + 3.0 * _gh_rooms(target, top)
    if kind == "discard":
        useless = 0
        for card in args["cards"]:
            info = CARDS[card]
            if info.kind == "room" and info.floor is not None and me.is_full(info.floor):
                useless += 1
        return -8.0 * len(args["cards"]) + 7.5 * useless
    if kind in ("leave",):
        return -1000.0
    return 0.0


#: What :func:`gh_features` measures of one seat's position, in order. "Top" is the highest explored floor, the only
#: one a ghost can strike (GH-12); "threat" is the most ghost cards one rival holds (in a search's sampled state).
GH_FEATURES: tuple[str, ...] = (
    "floor-1 rooms", "floor-2 rooms", "floor-3 rooms",
    "exposed rooms (top floor dark or with a ghost: one more ghost wipes it, GH-13)", "exposed rooms x threat",
    "top floor lit", "the floor being built lit", "lit floors below the top", "ghosts resting in the house",
    "cats on the top floor", "cats on lower floors", "cats in hand", "ghosts in hand",
    "rooms in hand for a floor not yet full", "rooms in hand for a full floor", "jokers in hand", "specials in hand",
    "cards in hand", "house complete (escaping)", "the seat's turn", "floor 3 lit above full floors",
    "threat a cat cannot answer",
)
#: The weights of :data:`GH_FEATURES`: a logistic regression of who won on the difference between two seats'
#: features, over every position of 20,000 games played by the search's playout policy (``python -m bench.ai_fit``
#: prints them; issue 31). A room laid weighs half a logit or more (more on higher floors); an exposed room costs 0.07
#: and 0.17 more for each ghost a rival holds; most cards held weigh below nothing (a card kept is a turn not spent
#: building), a joker or a room that still fits the most. Correlations, not causes: read them together.
GH_WEIGHTS: tuple[float, ...] = (
    0.488, 0.598, 0.832, -0.068, -0.172, 0.028, 0.067, 0.027, 0.030, 0.060, -0.002, -0.081, -0.199, 0.153, -0.284,
    0.375, -0.149, -0.184, -0.194, 0.132, 0.147, -0.265,
)


def gh_features(state: Any, player: str) -> list[float]:
    """:data:`GH_FEATURES` of ``player``'s position in a full (sampled) state."""
    house = state.houses[player]
    hand = state.hands.get(player, [])
    threat = max((state.hands.get(p, []).count(GHOST) for p in state.seats if p != player), default=0)
    rooms = [house.rooms_on(floor) for floor in (1, 2, 3)]
    top = next((floor for floor in (3, 2, 1) if rooms[floor - 1]), 0)
    building = next((floor for floor in (1, 2, 3) if rooms[floor - 1] < 2), 0)
    lit, occupants = house.lit, house.occupants
    exposed = cats_top = 0
    if top:
        left, right = house.slots(top)
        cats_top = (occupants[left] == CAT) + (occupants[right] == CAT)
        if not lit[top - 1] or GHOST in (occupants[left], occupants[right]):
            exposed = rooms[top - 1]
    cats_in_hand = hand.count(CAT)
    useful = useless = jokers = specials = 0
    for card in hand:
        info = CARDS[card]
        if info.kind == "room":
            if info.floor is None:  # the joker room fits any floor (GH-26)
                jokers += 1
            elif rooms[info.floor - 1] == 2:
                useless += 1
            else:
                useful += 1
        elif info.kind == "special":
            specials += 1
    return [
        rooms[0], rooms[1], rooms[2],
        exposed, exposed * threat,
        1.0 if top and lit[top - 1] else 0.0,
        1.0 if building and building != top and lit[building - 1] else 0.0,
        sum(1 for floor in (1, 2, 3) if floor < top and lit[floor - 1]),
        occupants.count(GHOST),
        cats_top, occupants.count(CAT) - cats_top, cats_in_hand, hand.count(GHOST),
        useful, useless, jokers, specials, len(hand),
        1.0 if house.is_complete() else 0.0,
        1.0 if state.phase == "turn" and state.current == player else 0.0,
        1.0 if lit[2] and rooms[0] == 2 and rooms[1] == 2 else 0.0,
        max(0, threat - cats_in_hand - cats_top),
    ]


def gh_margin(features: list[float], rival: list[float]) -> float:
    """The logit that the first of two seats wins, from their :func:`gh_features`."""
    return sum(w * (mine - theirs) for w, mine, theirs in zip(GH_WEIGHTS, features, rival))


def gh_evaluate(engine: Engine, state: Any, player: str) -> float:
    """The chance ``player`` wins from here, by the fitted :data:`GH_WEIGHTS`. They were fitted on two-player games;
    with more seats it is the chance against the strongest rival."""
    done = outcome_value(state, player)
    if done is not None:
        return done
    if player not in state.seats:
        return 0.0
    mine = gh_features(state, player)
    return squash(min((gh_margin(mine, gh_features(state, p)) for p in state.seats if p != player), default=0.0))


# -- Midnight Hunt ---------------------------------------------------------------------------------------------

#: Distances from a hex to the nearest location still to take, by grid, hex and those locations: a pure function of
#: the board, memoized (a playout asks for the same few thousand; bounded, cleared when full).
_MH_GAPS: dict[tuple, int] = {}


def _mh_gap(grid: Any, hex_: str, goals: tuple[str, ...]) -> int:
    key = (grid, hex_, goals)
    found = _MH_GAPS.get(key)
    if found is None:
        if len(_MH_GAPS) > 50000:
            _MH_GAPS.clear()
        found = _MH_GAPS[key] = min((grid.distance(hex_, g) for g in goals), default=0)
    return found


def mh_score(engine: Engine, state: Any, player: str, action: Action) -> float:
    kind, args = action.kind, action.args
    if kind in ("leave", "surrender"):
        return -1000.0
    if kind == "rejoin":
        return 1000.0
    rules = engine.rules
    me = state.seats[player]
    if kind == "pick":
        unit = rules.units[args["unit"]]
        return unit.tokens + 2.0 * (unit.tactic is not None) + 1.5 * unit.counter_strike + 1.0 * unit.deploy_adjacent
    board = engine.board(state)
    goals = tuple(loc.hex for loc in board.locations if state.control[loc.id] != me.side)

    def gap(hex_: str) -> int:
        return _mh_gap(board.grid, hex_, goals)

    plays = engine.plays(state)
    at = plays.position(state, player, args["unit"]) if "unit" in args and kind != "seal" else None
    if kind == "control":
        held = sum(1 for c in state.control.values() if c == me.side)
        return 1000.0 if held + 1 >= board.win_count else 60.0
    if "target" in args:
        victim = state.board[args["target"]]
        value = 30.0 + (15.0 if victim.stack == 1 else 0.0) + 2.0 * victim.stack
        if victim.unit and rules.units[victim.unit].counter_strike and (kind == "attack" or args.get("to") or "piercing" in str(rules.units[args["unit"]].tactic)):
            value -= 10.0
        if plays.location_at.get(args["target"]) is not None:
            value += 6.0
        return value
    if kind == "deploy":
        return 18.0 - 2.0 * gap(args["hex"])
    if kind in ("move", "tactic") and "to" in args and at is not None:
        value = 8.0 + 6.0 * (gap(at) - gap(args["to"]))
        loc = plays.location_at.get(args["to"])
        if loc is not None and state.control[loc.id] != me.side:
            value += 12.0
        here = plays.location_at.get(at)
        if here is not None and state.control[here.id] != me.side:
            value -= 20.0  # standing on a location to take: take it instead
        return value
    if kind == "bolster":
        here = state.board[at]
        return 6.0 + (4.0 if plays.location_at.get(at) is not None else 0.0) - here.stack
    if kind == "seal":
        return {"initiative": 5.0, "recruit": 7.0, "pass": 2.0}[args["choice"]]
    return 0.0


def mh_evaluate(engine: Engine, state: Any, player: str) -> float:
    done = outcome_value(state, player)
    if done is not None:
        return done
    side = state.seats[player].side
    held = {s: sum(1 for c in state.control.values() if c == s) for s in ("A", "B")}
    force = {"A": 0.0, "B": 0.0}
    for here in state.board.values():
        force[state.seats[here.owner].side] += here.stack
    for seat in state.seats.values():
        force[seat.side] += 0.35 * (len(seat.hand) + len(seat.bag)) + 0.1 * sum(seat.supply.values())
    foe = "B" if side == "A" else "A"
    win = engine.board(state).win_count
    x = 0.9 * (held[side] - held[foe]) + 0.25 * (force[side] - force[foe])
    x += 1.2 * (max(0, held[side] - win + 2) - max(0, held[foe] - win + 2))
    return squash(x / 2.0)


# -- Midnighters -----------------------------------------------------------------------------------------------

#: Distances already worked out, by board and target: a pure function of the board, so memoized (the search asks
#: for the same few boards thousands of times a decision). Bounded; cleared when full.
_DISTANCES: dict[tuple, dict] = {}


def _board_key(cells: Any, turns: Any) -> tuple:
    # The dicts' own order, unsorted (a key is made for every position a playout scores): the boards of a game all
    # list their locations in the order of its deal, as copies, dumps and the heuristics' own trial boards keep it;
    # a board listed in another order would only miss the memo, never find another board's distances.
    return tuple(cells.items()), tuple(turns.items())


def _remember(key: tuple, value: Any) -> Any:
    if len(_DISTANCES) > 20000:
        _DISTANCES.clear()
    _DISTANCES[key] = value
    return value


def _mn_distances(state: Any, target: str, cells: Any = None, turns: Any = None) -> dict[str, int]:
    """Fewest Sleepwalk steps from each location to ``target`` (absent: unreachable by walking), on the board as it
    is or as ``cells`` and ``turns`` would make it (:func:`engines.midnighters.board.sleepwalk_distances`, memoized)."""
    cells = state.cells if cells is None else cells
    turns = state.turns if turns is None else turns
    key = ("walk", target, *_board_key(cells, turns))
    found = _DISTANCES.get(key)
    if found is not None:
        return found
    return _remember(key, mn_board.sleepwalk_distances(cells, turns, target))


#: The distance counted for a location from which no Sleepwalk path leads to the goal (longer than any path).
UNREACHABLE = 8


#: The nightmare cards as a set: the heuristics ask whether a hand holds one for every seat of every position a
#: playout scores, and a set test costs less than a generator over the hand.
_NIGHTMARE_CARDS = frozenset(NIGHTMARES)


def _holds_nightmare(hand: list[str]) -> bool:
    return not _NIGHTMARE_CARDS.isdisjoint(hand)


def _mn_goal(state: Any, player: str) -> str:
    """Where ``player`` wants to activate: the Town Hall for the Horror (MN-47) and for a dreamer holding a nightmare
    (MN-40: rid of it there; MN-36: no waking with it), else the Bridge (MN-59)."""
    if player == state.horror or _holds_nightmare(state.hands[player]):
        return TOWN_HALL
    return BRIDGE


def _mn_standing(state: Any, player: str, cache: dict[str, dict[str, int]]) -> float:
    goal = _mn_goal(state, player)
    if goal not in cache:
        cache[goal] = _mn_distances(state, goal)
    hand = state.hands[player]
    # cards counted by list.count, not by generators over the hand: this runs for every seat of every position that
    # the rivals' playout moves score (the same whole numbers, so the same sums)
    value = -1.0 * cache[goal].get(state.avatars[player], UNREACHABLE)
    value -= 1.5 * sum(map(hand.count, NIGHTMARES)) if player != state.horror else 0.0
    value += 0.6 * ("star" in hand) + 0.1 * len(hand) + 0.2 * (hand.count("sleepwalk") + hand.count("vertigo"))
    value += 0.15 * (hand.count("dutch") + hand.count("catcher"))
    value += 0.3 * sum(1 for t in state.traps if t.owner == player)
    if goal == BRIDGE and state.avatars[player] == BRIDGE:
        value += 1.0
    return value


def mn_evaluate(engine: Engine, state: Any, player: str) -> float:
    done = outcome_value(state, player)
    if done is not None:
        return done
    if player not in state.active:
        return 0.0
    cache: dict[str, dict[str, int]] = {}
    mine = _mn_standing(state, player, cache)
    best = max((_mn_standing(state, p, cache) for p in state.active if p != player), default=-6.0)
    return squash(0.7 * (mine - best))


#: Per thread, while a playout runs (:func:`engines.ai.search.rollout`): what :func:`settle` found for each action
#: it scored, so the playout goes on from the chosen action's own apply instead of applying it again.
_PLAYOUT = threading.local()


def settled_paths() -> dict[tuple[int, int], list[Any]] | None:
    """The playout's record of settled actions (see :func:`settle`), or ``None`` outside a playout."""
    return getattr(_PLAYOUT, "paths", None)


def record_settled(paths: dict[tuple[int, int], list[Any]] | None) -> None:
    _PLAYOUT.paths = paths


def settle(
    engine: Engine, state: Any, player: str, action: Action, limit: int = 12, own_choices: int = 0, evaluate: Any = None
) -> Any:
    """``action`` applied, then the others answering as a quiet table would (windows passed, other choices made
    by their first option) until ``player`` decides again, another turn starts, or the game ends: where the one
    step's effect shows.

    In a playout it also records, under ``(id(state), id(action))``, the states after the action and after each
    following step that was forced (the one player prompted had one action, which a playout plays without asking
    its policy, :func:`engines.ai.search.playout_action`): the playout's own next states, whichever it chooses."""
    before = state
    state, _ = engine.apply(state, action)
    paths = settled_paths()
    path = [state] if paths is not None else None
    start_turn = getattr(state, "turn", None)
    for _ in range(limit):
        if state.outcome is not None or not state.prompts:
            break
        prompt = state.prompts[0]
        if player in prompt.players:
            if prompt.kind == "turn" or own_choices <= 0:
                break
            own_choices -= 1  # the choice the action led to (the Forest's destination, MN-31): its best outcome
            path = None
            options = [a for a in engine.legal_actions(state, player) if a.kind not in ("leave", "spring")]
            if not options:
                break
            outcomes = [engine.apply(state, option).state for option in options]
            state = max(outcomes, key=lambda after: evaluate(engine, after, player))
            continue
        if prompt.kind == "turn" and getattr(state, "turn", None) != start_turn:
            break
        actor = prompt.players[0]
        legal = engine.legal_actions(state, actor)
        if not legal:
            break
        passing = [a for a in legal if a.kind in ("pass", "done", "no_cat", "no_ghost")]
        if prompt.kind == "turn":
            ends = [a for a in legal if a.kind == "end"]
            if not ends:
                break
            choice = ends[0]
        else:
            choice = passing[0] if passing else legal[0]
        if path is not None:
            playable = [a for a in legal if a.kind not in ("leave", "surrender")]
            if len(playable) != 1 or playable[0] is not choice:
                path = None  # not forced: the playout asks its policy here, so the record stops
        state, _ = engine.apply(state, choice)
        if path is not None:
            path.append(state)
    if paths is not None:
        paths[(id(before), id(action))] = path or []
    return state


def mn_score(engine: Engine, state: Any, player: str, action: Action) -> float:
    """One step of lookahead: the position after the action settles, by :func:`mn_evaluate`, with a little nudge
    against spending cards for nothing."""
    if action.kind in ("leave",):
        return -1000.0
    try:
        after = settle(engine, state, player, action, own_choices=1, evaluate=mn_evaluate)
    except Exception:  # noqa: BLE001  (a sample's odd corner: never let a heuristic break a move)
        return -1.0
    value = mn_evaluate(engine, after, player) * 100.0
    if action.kind == "end":
        value -= 0.5
    return value


# The searching Midnighters player's own judgement (normal and hard; easy keeps mn_score above). It differs from
# mn_evaluate where the heuristic goes wrong: a goal cut off from Sleepwalk paths is a few steps away (a Vertigo
# turns a neighbour's arrow, the Forest's activation jumps, MN-21, MN-31), not a cliff that makes every move look
# alike; a pending "1 action less" (MN-16) costs, so Dutch Angle and Dream Catcher are not spent on a mere step and
# are worth more while the rival is one step from winning (MN-24 (a), MN-25 (a)); a Midnight Star in hand is worth
# most on the goal; the seat's own traps on the Bridge (a Midnight Star trap takes the rival's waking, MN-56 (a);
# a Sleepwalk trap sends them to a corridor, MN-54) count more than others.

#: A step between neighbouring locations that no arrow allows (a Vertigo first), and the Forest's jump (MN-31).
MN_SOFT_STEP, MN_FOREST_JUMP = 3.0, 2.0
#: A pending "1 action less" (MN-16): an action lost is about a step lost. Standing paralysed on the Horror's
#: location (MN-48): every turn skipped while the Horror stays.
MN_PENALTY, MN_PARALYSED = 1.0, 5.0
#: Each Suspense card in hand beyond the first (the risk of a clogged hand, see :func:`_mn_judged`).
MN_SPARE_SUSPENSE = 0.5
#: A full hand with no card the seat can play where it stands (see :func:`_mn_judged`): it never changes again
#: unless a rival changes the board or the hand, so it is close to a lost game (or a dream nobody wakes from).
MN_DEAD_HAND, MN_RIVAL_DEAD_HAND = 4.0, 1.0
#: The share of that dead hand counted for a full hand with one playable card left (see :func:`_mn_judged`).
MN_LAST_PLAYABLE = 0.5
#: A rival this near their goal (two steps: one turn's actions, MN-16) may play a winning Midnight Star before the
#: seat's next turn, so a full hand's last answer to it is kept (see :func:`_mn_judged`).
MN_ANSWER_NEEDED = 2.0
#: Each fragile card (Suspense, Midnight Star) beyond two in a hand with no always-playable card (see :func:`_mn_judged`).
MN_UNINSURED = 0.4
#: The share of :func:`mn_judge` that is the seat's own progress, whatever the rivals' (see there).
MN_OWN_SHARE = 0.2


def mn_soft_distances(state: Any, target: str, forest: bool = True) -> dict[str, float]:
    """Cost of reaching ``target`` from each location: 1 per Sleepwalk step, :data:`MN_SOFT_STEP` to a neighbour
    no arrow points at, :data:`MN_FOREST_JUMP` from the Forest unless ``forest`` is false (a seat under Blue cannot
    activate it, MN-42) (Dijkstra over the 12 cards, backwards)."""
    cells, turns = state.cells, state.turns
    key = ("soft", target, forest, *_board_key(cells, turns))
    found = _DISTANCES.get(key)
    if found is not None:
        return found
    occupied = {cell: loc for loc, cell in cells.items()}
    into: dict[str, list[tuple[str, float]]] = {}
    for loc, cell in cells.items():
        by_arrow = set()
        for direction in mn_board.arrows(loc, turns[loc]):
            to = occupied.get(mn_board.step(cell, direction))
            if to is not None:
                by_arrow.add(to)
                into.setdefault(to, []).append((loc, 1.0))
        for direction in mn_board.DIRECTIONS:
            nxt = mn_board.step(cell, direction)
            if nxt is not None and nxt in occupied and occupied[nxt] not in by_arrow:
                into.setdefault(occupied[nxt], []).append((loc, MN_SOFT_STEP))
    if forest and target != "forest":
        into.setdefault(target, []).append(("forest", MN_FOREST_JUMP))
    dist = {target: 0.0}
    heap = [(0.0, target)]
    while heap:
        here_cost, here = heapq.heappop(heap)
        if here_cost > dist.get(here, math.inf):
            continue
        for source, weight in into.get(here, ()):
            cost = here_cost + weight
            if cost < dist.get(source, math.inf):
                dist[source] = cost
                heapq.heappush(heap, (cost, source))
    return _remember(key, dist)


def _mn_soft(state: Any, goal: str, cache: dict[Any, dict[str, float]], forest: bool = True) -> dict[str, float]:
    key = goal if forest else (goal, "no forest")
    if key not in cache:
        cache[key] = mn_soft_distances(state, goal, forest)
    return cache[key]


def _mn_shortcuts(state: Any, player: str) -> tuple[tuple[str, ...], bool]:
    """``player``'s own prepared traps as shortcuts (see :func:`_mn_distance`): the locations their Sleepwalk traps
    can move them onto (MN-54; not under Red, MN-41), and whether they hold a Midnight Star trap in the Town Hall
    (MN-56 (b))."""
    if not state.traps:
        return (), False
    mine = [t for t in state.traps if t.owner == player]
    if not mine:
        return (), False
    red = affected(state, "red", player)
    hops = tuple(t.location for t in mine if t.card == "sleepwalk" and not red)
    return hops, any(t.card == "star" and t.location == TOWN_HALL for t in mine)


def _mn_distance(state: Any, player: str, cache: dict[str, dict[str, float]]) -> float:
    """How far ``player`` is from winning, in steps: to the Town Hall for the Horror (MN-47); for a Midnighter, to
    the Bridge, by way of the Town Hall while they hold a nightmare (MN-36, MN-35: its activation, counted as 1.5
    steps, rids them of it), so that getting rid of a nightmare is progress, not a change of goal.

    The seat's own prepared traps are shortcuts (springing costs no action, MN-17, MN-53; Red forbids it, MN-41): a
    Sleepwalk trap moves its owner onto its location from anywhere (MN-54), and a Midnight Star trap in the Town Hall
    activates it from anywhere (MN-56 (b), allowed under Red and Blue, MN-41, MN-42), so its owner's nightmares go
    without the detour (MN-35)."""
    here = state.avatars[player]
    far = float(UNREACHABLE)
    hops, remote_hall = _mn_shortcuts(state, player)
    blue = affected(state, "blue", player)

    def to(goal: str) -> float:
        # Under Blue the Forest cannot be activated (MN-42): no jump to the Town Hall from there (a seat that
        # counted one stood in the Forest for a hundred turns, two steps from the Town Hall by its own reckoning).
        dist = _mn_soft(state, goal, cache, forest=not blue or remote_hall)
        return min([dist.get(here, far), *(dist.get(loc, far) for loc in hops)])

    if player == state.horror:
        return 0.0 if remote_hall else to(TOWN_HALL)
    if (_holds_nightmare(state.hands[player]) or blue) and not remote_hall:
        return to(TOWN_HALL) + 1.5 + _mn_soft(state, BRIDGE, cache).get(TOWN_HALL, far)
    return to(BRIDGE)


def _mn_playable(state: Any, player: str) -> int:
    """How many cards of ``player``'s hand they could play on their turn where they stand (a rough test: the
    engine's own checks where one card is concerned, without whose turn it is or the actions left): Dutch Angle (c)
    and Dream Catcher (b) always (MN-24, MN-25), Vertigo always (their own card, MN-21), a Sleepwalk along an arrow
    that leads onto a card (MN-20), a Midnight Star where an activation is allowed (MN-22, MN-36, MN-42, MN-47), a
    Suspense with a partner card unless Red forbids traps (MN-41, MN-50). None: a dead hand."""
    hand = state.hands[player]
    here = state.avatars[player]
    count = hand.count("dutch") + hand.count("catcher") + hand.count("vertigo")
    walks = hand.count("sleepwalk")
    if walks and any(
        mn_board.sleepwalk_target(state.cells, state.turns, here, d) for d in mn_board.arrows(here, state.turns[here])
    ):
        count += walks
    stars = hand.count("star")
    if stars and mn_rules.activation_refusal(state, player, here) is None:
        count += stars
    suspense = sum(c.startswith("suspense-") for c in hand)
    if suspense and (walks or stars) and _mn_can_trap(state, player):
        count += suspense
    return count


def _mn_wakes_now(state: Any, player: str) -> bool:
    """Whether ``player`` stands on the Bridge on their own turn with an action left and a Midnight Star they may
    play there (MN-36): they wake before any sleep paralysis (MN-48 strikes at the start of a turn, MN-15)."""
    return (
        state.avatars[player] == BRIDGE and state.phase == "turn" and state.current == player
        and state.controller in (None, player) and mn_rules.actions_left(state) >= 1 and "star" in state.hands[player]
        and mn_rules.activation_refusal(state, player, BRIDGE) is None
    )


def _mn_can_trap(state: Any, player: str) -> bool:
    """Whether ``player`` could ever set a trap as things stand: Red forbids it (MN-41), and it takes 2 actions
    (MN-17, MN-50), more than a turn under Colourless has (MN-46, MN-16) without a Dutch Angle's extra (MN-24 (c))."""
    if mn_rules.affected(state, "red", player):
        return False
    return mn_rules.base_actions(state, player) >= 2 or "dutch" in state.hands[player]


def _mn_judged(
    state: Any, player: str, cache: dict[str, dict[str, float]], rival_distance: float, dead_hand: float = MN_DEAD_HAND,
    d: float | None = None,
) -> float:
    """``player``'s standing for :func:`mn_judge`; ``d`` is their :func:`_mn_distance` when already known."""
    hand = state.hands[player]
    if d is None:
        d = _mn_distance(state, player, cache)
    hops, remote_hall = _mn_shortcuts(state, player)
    goal = TOWN_HALL if affected(state, "blue", player) else _mn_goal(state, player)  # Blue: only the Town Hall
    if remote_hall and player != state.horror:
        goal = BRIDGE  # the trap neutralises Blue and discards the nightmares from anywhere (MN-56 (b), MN-35)
    at_goal = state.avatars[player] == goal or goal in hops  # a Sleepwalk trap there moves them on it (MN-54)
    value = -d
    if remote_hall and player == state.horror:
        value += 4.0  # the Horror can activate the Town Hall at any moment and win (MN-56 (b), MN-35, MN-59)
    walks, stars = hand.count("sleepwalk"), hand.count("star")
    arrow_path = goal == state.avatars[player] or int(d) == d  # no step without an arrow on the way (MN_SOFT_STEP)
    useful_walks = min(walks, int(d) + 1) if arrow_path else min(walks, 1)
    value += 0.25 * useful_walks
    if stars:
        # On the goal a Star is the win (the Bridge; the Town Hall for the Horror, MN-59); on the Town Hall as a
        # Midnighter's detour it is worth less than the activation it buys (the detour's 1.5 in _mn_distance), or
        # the seat would keep the Star on the Town Hall rather than shed its nightmares (MN-35).
        winning = goal == BRIDGE or player == state.horror
        value += 0.5 + ((1.5 if winning else 0.5) if at_goal else 0.0)
    elif at_goal:
        value -= 0.8
    vertigos = hand.count("vertigo")
    value += (0.2 if arrow_path else 0.8) * min(vertigos, 1)
    answers = hand.count("dutch") + hand.count("catcher")
    value += 0.35 * min(answers, 2) + (0.8 if answers and rival_distance <= 1 else 0.0)
    value -= MN_PENALTY * state.penalties.get(player, 0)
    for trap in state.traps:
        if trap.owner == player:
            on_bridge = trap.location == BRIDGE
            value += {"star": 0.8, "sleepwalk": 0.6, "dutch": 0.4}.get(trap.card, 0.2) if on_bridge else 0.2
    useful = useful_walks + min(stars, 2) + min(answers, 2) + min(vertigos, 1)
    value += 0.1 * useful - 0.1 * (len(hand) - useful)
    # A clogged hand: cards are drawn only up to 5 (MN-12) and never discarded at will (MN-13), so a full hand with
    # no card the seat can play where it stands never changes again (the dream nobody wakes from, MN-60). Suspense
    # cards leave a hand only as half of a trap (MN-23, MN-50): dead weight while no trap can be set (Red, MN-41;
    # one action a turn under Colourless, MN-46).
    suspense = sum(c.startswith("suspense-") for c in hand)
    if not _mn_can_trap(state, player):
        value -= 0.4 * suspense
    # Suspense cards pile up (18 in the deck, and a trap's setting draws 2, MN-51) and a nightmare can make them dead
    # at any draw (Red, Colourless): more than one in hand is a risk of the clogged hand below, so the judge prefers
    # to set them in traps while it can (the stalled games of the measured runs ended with 3-4 in hand).
    value -= MN_SPARE_SUSPENSE * max(0, suspense - 1)
    if len(hand) >= 5:
        playable = _mn_playable(state, player)
        if not playable:
            value -= dead_hand
        elif playable == 1:
            # One card left to play beside four dead ones: kept, the hand is as stuck as a dead one (nothing else
            # ever leaves it); played, the draw may bring another. Counted whole only when dead, the seat clung to its
            # last Sleepwalk for a hundred and seventy turns (Colourless, four Suspense: MN-46, MN-41), rather than
            # walk and draw. Not when that card is a Dutch Angle or a Dream Catcher while a rival is within a turn
            # of waking: it is the seat's last answer to their winning Midnight Star (MN-24 (a), MN-25 (a)).
            last_answer = answers and not vertigos and rival_distance <= MN_ANSWER_NEEDED
            if not last_answer:
                value -= MN_LAST_PLAYABLE * dead_hand
    # Insurance against that dead hand: a nightmare drawn at random can make Suspense and Midnight Stars unplayable
    # at once (Red, MN-41; Colourless sends the seat to a corridor with one action, MN-46, MN-22; Blue, MN-42), while
    # a Vertigo, a Dutch Angle or a Dream Catcher can always be played (MN-21, MN-24 (c), MN-25 (b)) and so keeps
    # the hand moving. A hand of three or more such fragile cards keeps one (the stalled games of the measured runs
    # held three or four Suspense and Stars and nothing else).
    fragile = suspense + stars
    if player != state.horror and fragile >= 3 and not (vertigos or answers):
        value -= MN_UNINSURED * (fragile - 2)
    # Sleep paralysis (MN-48): a Midnighter on the Horror's location skips every turn while both stay there, and
    # the Horror need never leave (it plays on; its Motel empties the sleeper's hand, MN-33): as good as lost.
    on_the_horror = state.horror and player != state.horror and state.avatars[player] == state.avatars.get(state.horror)
    if on_the_horror and not _mn_wakes_now(state, player):
        value -= MN_PARALYSED
    return value


def mn_judge(engine: Engine, state: Any, player: str) -> float:
    """The searching player's evaluation of a Midnighters position for ``player``, in [0, 1]."""
    done = outcome_value(state, player)
    if done is not None:
        return done
    if player not in state.active:
        return 0.0
    others = [p for p in state.active if p != player]
    if not others:
        return 0.5
    cache: dict[str, dict[str, float]] = {}
    distance = {p: _mn_distance(state, p, cache) for p in state.active}
    mine = _mn_judged(state, player, cache, min(distance[p] for p in others), d=distance[player])
    # A rival's dead hand counts for little: it wins this seat nothing unless the seat itself wakes (both stuck is
    # the dream nobody wakes from, MN-60), and counted whole it paid the seat to keep a rival frozen (never to
    # neutralise the nightmare that froze them, MN-35) rather than go and wake.
    best = max(_mn_judged(state, p, cache, distance[player], MN_RIVAL_DEAD_HAND, distance[p]) for p in others)
    # Mostly the race against the best rival, plus a share of the seat's own progress: with the race alone, a seat
    # far ahead of a stuck rival (a dead hand, MN-12, MN-13) judged every move ~1.0, so nothing it did told its
    # moves apart, and the dream could end with nobody awake (MN-60, half a game at best).
    return (1.0 - MN_OWN_SHARE) * squash(0.7 * (mine - best)) + MN_OWN_SHARE * squash(0.4 * (mine + 4.0))


def mn_order(engine: Engine, state: Any, player: str, action: Action) -> float:
    """The searching player's ordering of its candidates: :func:`mn_score`'s one step, judged by :func:`mn_judge`."""
    if action.kind in ("leave",):
        return -1000.0
    try:
        after = settle(engine, state, player, action, own_choices=1, evaluate=mn_judge)
    except Exception:  # noqa: BLE001  (a sample's odd corner: never let a heuristic break a move)
        return -1.0
    value = mn_judge(engine, after, player) * 100.0
    if action.kind == "end":
        value -= 0.5
    return value


def mn_quick(engine: Engine, state: Any, player: str, action: Action) -> float:
    """A cheap score for playouts: wake on the Bridge (or, for the Horror or with a nightmare in hand, activate the
    Town Hall), walk towards that goal, answer a winning card, rarely anything else."""
    kind, args = action.kind, action.args
    cur = state.current
    if kind == "star":
        here = state.avatars[cur]
        goal = _mn_goal(state, cur)
        if here == goal:
            return 100.0
        return 30.0 if here == "forest" else 4.0 if here in ("square", "motel") else 1.0
    if kind in ("pass", "cancel", "intercept"):
        top = state.stack[-1] if state.stack else None
        winning = top is not None and top.kind == "star" and state.avatars.get(top.player) in (BRIDGE, TOWN_HALL)
        if kind == "pass":
            return -5.0 if winning else 5.0
        return 10.0 if winning else 0.0
    if kind in ("sleepwalk", "vertigo_move", "vertigo_rotate"):
        here = state.avatars[cur]
        goal = _mn_goal(state, cur)
        before = _mn_distances(state, goal).get(here, UNREACHABLE)
        if kind == "sleepwalk":
            to = mn_board.sleepwalk_target(state.cells, state.turns, here, args["direction"])
            return 6.0 + 3.0 * (before - _mn_distances(state, goal).get(to, UNREACHABLE))
        moved = _mn_after_vertigo(state, action)
        if moved is None:
            return 0.0
        after = _mn_distances(state, goal, moved.cells, moved.turns).get(here, UNREACHABLE)
        return 3.0 + 3.0 * (before - after)
    if kind == "end":
        return 1.0
    if kind == "leave":
        return -1000.0
    return 2.0


#: In a playout, the Vertigo plays (MN-21) a seat weighs in full: up to a dozen and a half of them in a turn (its own
#: location and each neighbour, slid to each free cell or turned either way), a third of a search's one-step
#: lookaheads, while the best of them is almost always among the few that shorten the seat's way or lengthen its
#: rivals' (:func:`mn_prune`).
MN_VERTIGO_KEPT = 4
VERTIGO_PLAYS = ("vertigo_move", "vertigo_rotate")


def _mn_after_vertigo(state: Any, action: Action) -> Any:
    """The board (``cells`` and ``turns``) after a Vertigo play (MN-21), as the engine would leave it, or ``None``
    where its card cannot slide that way; nothing else of the state is changed or copied."""
    loc, direction = action.args["location"], action.args["direction"]
    cells, turns = dict(state.cells), dict(state.turns)
    if action.kind == "vertigo_move":
        cell = mn_board.step(cells[loc], direction)
        if cell is None:
            return None
        cells[loc] = cell
    else:
        turns[loc] = (turns[loc] + ROTATE[direction]) % 4
    return SimpleNamespace(cells=cells, turns=turns)


def _mn_vertigo_gain(state: Any, actor: str, action: Action) -> float:
    """What a Vertigo play does to the race, from the board alone (MN-21): the steps it saves ``actor`` on the way to
    their goal and costs the nearest rival, by Sleepwalk steps (as :func:`mn_evaluate` counts) and by
    :func:`mn_soft_distances` (as :func:`mn_judge` counts). Avatars move with their card, so their locations keep."""
    after = _mn_after_vertigo(state, action)
    if after is None:
        return -math.inf

    def far(board_state: Any, player: str) -> float:
        goal = _mn_goal(state, player)
        here = state.avatars[player]
        walk = _mn_distances(state, goal, board_state.cells, board_state.turns).get(here, UNREACHABLE)
        return walk + mn_soft_distances(board_state, goal).get(here, float(UNREACHABLE))

    rivals = [p for p in state.active if p != actor]
    gain = far(state, actor) - far(after, actor)
    if rivals:
        gain += min(far(after, p) for p in rivals) - min(far(state, p) for p in rivals)
    return gain


def mn_prune(engine: Engine, state: Any, actor: str, legal: list[Action]) -> list[Action]:
    """The actions a playout weighs for ``actor``: all but the Vertigo plays beyond the :data:`MN_VERTIGO_KEPT` best
    by :func:`_mn_vertigo_gain` (ties kept in the engine's order). The choice depends on the board, the avatars and
    the goals only, so it is memoized (a search meets the same few boards in most of its playouts)."""
    vertigo = [a for a in legal if a.kind in VERTIGO_PLAYS]
    if len(vertigo) <= MN_VERTIGO_KEPT:
        return legal
    plays = tuple((a.kind, a.args.get("location"), a.args.get("direction")) for a in vertigo)
    key = (
        "prune", actor, plays, *_board_key(state.cells, state.turns),
        tuple((p, state.avatars[p], _mn_goal(state, p)) for p in state.active),
    )
    kept = _DISTANCES.get(key)
    if kept is None:
        gains = [_mn_vertigo_gain(state, actor, a) for a in vertigo]
        order = sorted(range(len(vertigo)), key=lambda i: -gains[i])[:MN_VERTIGO_KEPT]
        kept = _remember(key, frozenset(plays[i] for i in order))
    return [
        a for a in legal
        if a.kind not in VERTIGO_PLAYS or (a.kind, a.args.get("location"), a.args.get("direction")) in kept
    ]


def _mn_vertigo_race(state: Any, actor: str, action: Action) -> float | None:
    """The race as :func:`mn_evaluate` counts it (``actor``'s standing less the best rival's, before squashing) after
    a Vertigo play (MN-21), from the board alone, or ``None`` where its card cannot slide that way. Avatars and traps
    move with their card (their locations keep), and every Vertigo play leaves the hand the same, so among one
    seat's Vertigo plays this orders them as :func:`mn_score` does (its one-step lookahead passes the window after)."""
    moved = _mn_after_vertigo(state, action)
    if moved is None:
        return None
    board_after = SimpleNamespace(
        cells=moved.cells, turns=moved.turns, hands=state.hands, horror=state.horror, avatars=state.avatars,
        traps=state.traps,
    )
    cache: dict[str, dict[str, int]] = {}
    mine = _mn_standing(board_after, actor, cache)
    return mine - max((_mn_standing(board_after, p, cache) for p in state.active if p != actor), default=-6.0)


#: A rival's Vertigo play this far (in :func:`_mn_vertigo_race`'s steps) behind its best one is not scored in a
#: playout (:func:`mn_rival_skip`): the race moves by whole steps, so a play behind by one or more scores lower by
#: more than the easy player's tie noise (:data:`TIE_NOISE`) unless the position is lost or won beyond doubt either way.
MN_RIVAL_VERTIGO_SLACK = 0.5


def mn_rival_skip(engine: Engine, state: Any, actor: str, legal: list[Action]) -> frozenset[int]:
    """The rival's Vertigo plays (MN-21) a playout need not score (by ``id``) to choose as the easy player does
    (:func:`mn_score`, :func:`engines.ai.search.playout_action`): those behind the best of them on the board alone
    (:func:`_mn_vertigo_race`). Up to eighteen Vertigo plays a turn, each a one-step lookahead: the largest share
    of what the rival model costs; the choice is the easy player's own but where scores are within its tie noise."""
    vertigo = [a for a in legal if a.kind in VERTIGO_PLAYS]
    if len(vertigo) < 2:
        return frozenset()
    race = [(_mn_vertigo_race(state, actor, a), a) for a in vertigo]
    known = [r for r, _ in race if r is not None]
    if not known:
        return frozenset()
    top = max(known)
    return frozenset(id(a) for r, a in race if r is not None and r < top - MN_RIVAL_VERTIGO_SLACK)


def mn_decisive(engine: Engine, state: Any, player: str, candidates: list[Action]) -> Action | None:
    """Moves the searching Midnighters player makes without searching.

    * A rival's winning Midnight Star is answered whenever the seat can (below).
    * A Midnighter holding a nightmare card on the Town Hall with a Midnight Star activates it (MN-22, MN-35: its
      nightmares are discarded and every active one but Black neutralised). It cannot wake while it holds one
      (MN-36), and this is its one sure way to shed them (the others, MN-40, are a Square, a Motel or a Restaurant
      elsewhere). The search would keep the Star when the nightmares in play freeze the rival: its ten-step
      playouts judge a frozen rival a won race, while the dream ends with nobody awake (MN-60) and this seat no
      nearer to waking (seen in stalled games: ninety turns on the Town Hall with the Star in hand).

    Reads only what the seat knows for certain, the same in every sampled state: its own hand, traps and place,
    and the public stack, avatars and Horror (MN-64)."""
    top = state.stack[-1] if state.phase == "window" and state.stack else None
    if top is not None and top.kind == "star" and top.player != player:
        there = state.avatars.get(top.player)
        if (there == BRIDGE and top.player != state.horror) or (there == TOWN_HALL and top.player == state.horror):
            # A rival's Midnight Star on their winning location (MN-36, MN-35, MN-59): answered whenever the seat can,
            # best by taking the activation over with a Midnight Star trap there (MN-56 (a)), then by springing a
            # Sleepwalk trap there to send the rival to a corridor (MN-54: the Star then fizzles, MN-18), then by
            # intercepting (the Star comes to the seat's hand, MN-25 (a)), then by cancelling (MN-24 (a)). Passing
            # loses at once unless the rival's activation is refused, which the seat cannot see (a nightmare in
            # their hand); the search chose to pass with a Dream Catcher in hand (seed 3203, both judged near a loss).
            mine = {t.id: t for t in state.traps if t.owner == player}

            def sends_away(a: Action) -> bool:
                trap = mine.get(a.args.get("trap"))
                return (
                    a.kind == "spring" and trap is not None and trap.location == there
                    and a.args.get("mode") == "corridor" and a.args.get("target") == top.player
                )

            for test in (
                lambda a: a.kind == "mark", sends_away, lambda a: a.kind == "intercept", lambda a: a.kind == "cancel",
            ):
                found = next((a for a in candidates if test(a)), None)
                if found is not None:
                    return found
            return None
    if player == state.horror or state.avatars.get(player) != TOWN_HALL:
        return None
    if not _holds_nightmare(state.hands[player]):
        return None
    return next((a for a in candidates if a.kind == "star"), None)


class GameAI:
    """A game's heuristics for the search: ``score`` orders the candidates, ``quick`` plays the playouts,
    ``evaluate`` scores where a playout of ``depth`` steps stops; ``order`` ranks the search's candidates (``score``
    unless given); ``diverse``: search the best action of each kind
    before a second of any kind (Ghost at Home's best few are otherwise all ways of placing the same rooms)."""

    def __init__(
        self, score: Score, evaluate: Evaluate, quick: Score, depth: int, diverse: bool = False, order: Score | None = None,
        own: Score | None = None, decisive: Callable[[Engine, Any, str, list[Action]], Action | None] | None = None,
        prune: Callable[[Engine, Any, str, list[Action]], list[Action]] | None = None, exact_rivals: bool = False,
        rival_skip: Callable[[Engine, Any, str, list[Action]], frozenset[int]] | None = None,
    ) -> None:
        self.score, self.evaluate, self.quick, self.depth, self.diverse = score, evaluate, quick, depth, diverse
        self.order = order or score  # the search's ranking of its candidates (the easy player's score unless given)
        self.own = own or quick  # the searching seat's own playout policy (``quick`` unless given)
        self.decisive = decisive  # a move made without searching when it returns one (see mn_decisive)
        self.prune = prune  # the actions a playout step weighs, of the legal ones (all unless given; see mn_prune)
        # In a playout the rivals play ``score`` over all their legal actions, as the easy player does (no random
        # moves, no pruning, ties broken as narrowly), instead of ``quick`` with random moves and wide tie noise.
        self.exact_rivals = exact_rivals
        # With ``exact_rivals``: the rival's legal actions (by ``id``) that the board alone ranks below the easy
        # player's choice, left unscored; the tie-breaking draws are the same as over all of them (mn_rival_skip says
        # where its choice could still differ: scores within the tie noise).
        self.rival_skip = rival_skip


GAME_AI: dict[str, GameAI] = {
    "ghost_at_home": GameAI(gh_score, gh_evaluate, gh_score, 8, diverse=True),
    "midnight_hunt": GameAI(mh_score, mh_evaluate, mh_score, 24),
    "midnighters": GameAI(
        mn_score, mn_judge, mn_score, 10, order=mn_order, own=mn_order, decisive=mn_decisive, prune=mn_prune,
        exact_rivals=True, rival_skip=mn_rival_skip,
    ),
}


#: How far apart two scores may be and still be a coin toss for :func:`best` (its noise, by default).
TIE_NOISE = 0.01


def best(actions: list[Action], score: Callable[[Action], float], chooser: random.Random, noise: float = TIE_NOISE) -> Action:
    """The highest-scoring action, ties (and near ties) broken at random."""
    return max(actions, key=lambda a: score(a) + noise * chooser.random())
