"""Fancy Feathers' rules: setup, whose turn it is, collecting, the Fox, the Trap, moving,
refilling the Path, leaving it, the end and the winner (the action objects and their text form
are in ``actions``).

Rule ids (``FF-nn``) refer to ``docs/rules/fancy-feathers.md``; rulings
(``FF-Rnn``) to ``docs/rulings/fancy-feathers.md``.

Positions. Every card laid on the Path gets the next label 1, 2, 3... (``cN`` in docs/rules);
labels never change, and the Path always holds a run of consecutive labels ``rear .. front``
because collecting takes the rear of the Path (FF-20, FF-26). A disc is at label 0 (the start
space, FF-12), on a card label, or has left (``LEFT``). ``order`` lists the discs still on the
Path from the one furthest behind to the one furthest ahead; within a stack the top disc comes
first, as it counts as behind the discs under it (FF-15..FF-17). The player to move is always
``order[0]`` (FF-16, FF-71).

A turn, as decisions:

1. Step 1 is automatic when a turn begins: a disc alone on a card collects from the rear of the
   Path up to its own card (FF-20..FF-24). Each Trap is set aside (FF-34). Each Fox stops the
   collection for a decision, ``lose TYPE[:VALUE]`` or ``lose set-aside trap`` (FF-37, FF-38,
   rulings FF-R04..FF-R06).
2. Step 2: ``move N`` (N cards forward, FF-27..FF-29, ruling FF-R10) or, once the draw stack is
   empty, ``leave`` (FF-42). A disc foremost after its move refills the Path (FF-30, FF-31).
3. If Traps were set aside: ``pass traps`` gives them to whoever takes the next turn (FF-35,
   rulings FF-R07, FF-R19).

The game ends when every disc has left (FF-49). Functions here take a ``FancyFeathersState`` and
touch its plain lists directly: they are the hot path of every playout.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from ...core.config import is_int
from ...core.errors import IllegalActionError
from ...core.game import TERMINAL, Action
from ...core.rng import make_rng
from ...core.shuffle import shuffle
from .actions import (
    LEAVE,
    LOSE_ASIDE,
    MOVES,
    PASS_TRAPS,
    Leave,
    Lose,
    LoseAside,
    Move,
    PassTraps,
    lose,
)
from .scoring import FOX, NUM_TYPES, TRAP, TYPES

if TYPE_CHECKING:
    from .game import FancyFeathersGame
    from .state import FancyFeathersState

TYPES_IN_PLAY = 6  # FF-06
FIRST_GAME = (
    "golden-pheasant",
    "pheasant-fart",
    "lady-amherst-pheasant",
    "blood-pheasant",
    "reeves-pheasant",
    "green-pheasant",
)
"""The rulebook's six types for a first game (FF-07)."""

REMOVED_PER_PLAYER = 3  # FF-10, FF-69: 6 with 2 players, 3 per player with more
PATH_AHEAD = 5  # FF-13, FF-30: cards in front of the foremost disc
START = 0  # the start space in front of the Path (label 0)
LEFT = -1  # the position of a disc that has left the Path (FF-42)

MOVE, FOX_CHOICE, PASS, OVER = 0, 1, 2, 3
"""Phases: Step 2 (move or leave), a Fox's loss during Step 1, passing set-aside Traps, over."""
PHASE_NAMES = ("move", "fox", "pass", "over")

HIDDEN_LOSS = -1
"""A ``log`` entry: the player lost one of their collected cards to a Fox; others do not know
which (FF-40). Entries >= 0 are cards the player was seen to collect or receive; an entry
``-2 - card`` is a set-aside Trap lost to a Fox, which everyone saw (ruling FF-R05)."""


_MOVE_LIST: list[Action] = list(MOVES)
"""``MOVES`` as a list, whose slice is the new list ``legal_actions`` returns (never changed)."""


def _whole(value: object) -> bool:
    """An int and not a bool (``type() is int`` first: the interned actions pass at once)."""
    return type(value) is int or is_int(value)


def _not_an_action(action: object) -> IllegalActionError:
    return IllegalActionError(
        f"{action!r} is not a Fancy Feathers action object (turn text into one with parse_action)"
    )


def choose_types(game: FancyFeathersGame, rng: random.Random) -> list[int]:
    """The six type indices in play, ascending (FF-06..FF-08, ruling FF-R02)."""
    if game.types == "random":
        return sorted(rng.sample(range(NUM_TYPES), TYPES_IN_PLAY))
    names = FIRST_GAME if game.types == "first-game" else game.types
    return sorted(TYPES.index(n) for n in names)


def deal(game: FancyFeathersGame, seed: Any) -> dict[str, Any]:
    """Set up a new game (FF-06..FF-13, FF-68..FF-70).

    Chooses the types (from the seed when random), shuffles one set per player of each, puts 3
    cards per player unseen into the box, stacks the discs in random order on the start space
    and lays 5 cards as the Path. Returns the fields of a ``FancyFeathersState``.

    Raises ``ValueError`` (``make_rng``) unless ``seed`` is an int in ``[0, 2**63)``; ``seed``
    is ``Any`` so that the compiled build (setup.py) leaves that check to ``make_rng`` rather than
    refusing a str with a bare ``TypeError`` or taking a bool for an int.
    """
    rng = make_rng(seed)
    n = game.num_players
    types = choose_types(game, rng)
    deck = [c for t in types for c in game.type_cards[t]]
    shuffle(rng, deck)  # rng.shuffle(deck), the same order (core/shuffle.py)
    removed = REMOVED_PER_PLAYER * n
    box = sorted(deck[-removed:])  # the top of the stack is its last element
    stack = deck[:-removed]
    path = [stack.pop() for _ in range(PATH_AHEAD)]
    order = list(range(n))
    shuffle(rng, order)  # order[0] is the top disc of the start stack (FF-12)
    return {
        "types": types,
        "order": order,
        "pos": [START] * n,
        "left": [],
        "path": path,
        "rear": 1,
        "stack": stack,
        "box": box,
        "held": [[] for _ in range(n)],
        "foxed": [[] for _ in range(n)],
        "log": [[] for _ in range(n)],
        "aside": [],
        "phase": MOVE,
        "mover": order[0],
        "upto": 0,
        "fox": -1,
        "turn": 0,
    }


# --- whose turn, collecting (Step 1) ---------------------------------------------------------


def begin_turn(state: FancyFeathersState) -> None:
    """Start the turn of the disc furthest behind; do its Step 1 (FF-16..FF-24, FF-49).

    Ends the game when every disc has left. A disc alone on a card collects from the rear of the
    Path up to its card; on top of another disc (or on the start space) it collects nothing.
    """
    order = state.order
    if not order:
        state.mover = TERMINAL
        state.phase = OVER
        return
    p = order[0]
    state.mover = p
    here = state.pos[p]
    if here != START and (len(order) == 1 or state.pos[order[1]] != here):
        state.upto = here
        collect(state)
    else:
        state.phase = MOVE


def collect(state: FancyFeathersState) -> None:
    """Take Path cards from the rear up to label ``state.upto``, one at a time (FF-20, FF-21).

    A Trap is set aside (FF-34). A Fox stops the collection for the mover's choice of a card to
    lose (phase ``FOX_CHOICE``, FF-37) when there is an eligible card (ruling FF-R04); the rest is
    collected after that choice. When all is taken the phase is ``MOVE``.
    """
    p = state.mover
    game = state.game
    ctype = game.ctype
    path = state.path
    held = state.held[p]
    log = state.log[p]
    aside = state.aside
    upto = state.upto
    while state.rear <= upto:
        card = path.pop(0)
        state.rear += 1
        t = ctype[card]
        if t == TRAP:
            aside.append(card)
        elif t == FOX:
            if game.fox_self:  # variant fox-may-remove-itself: the Fox is collected first
                held.append(card)
                log.append(card)
            elif not held and not (aside and game.fox_takes_aside):
                held.append(card)  # nothing else to lose: nothing is lost (ruling FF-R04)
                log.append(card)
                continue
            state.fox = card
            state.phase = FOX_CHOICE
            return
        else:
            held.append(card)
            log.append(card)
    state.upto = 0
    state.phase = MOVE


def fox_choices(state: FancyFeathersState) -> list[Action]:
    """The cards the mover may lose to the pending Fox, one action per kind of card (FF-38)."""
    return fox_answers(state.game, state.held[state.mover], state.aside)


def fox_answers(game: FancyFeathersGame, held: list[int], aside: list[int]) -> list[Action]:
    """``fox_choices`` for a player holding ``held`` with the Traps ``aside`` set aside."""
    ctype, cvalue = game.ctype, game.cvalue
    kinds = sorted({(ctype[c], cvalue[c]) for c in held})
    actions: list[Action] = [lose(t, v) for t, v in kinds]
    if aside and game.fox_takes_aside:
        actions.append(LOSE_ASIDE)
    return actions


def after_fox(game: FancyFeathersGame, held: list[int], fox: int, action: Action) -> list[int]:
    """The collection ``held`` once a Fox (card ``fox``, -1 for none) is answered with
    ``action`` (a ``Lose``: the last card of that kind leaves; ``LoseAside``: nothing of the
    collection leaves) and the Fox has joined it (ruling FF-R04; with variant
    ``fox-may-remove-itself`` it is in ``held`` already). Raises ``ValueError`` when ``held``
    has no card of the kind a ``Lose`` names."""
    after = list(held)
    if type(action) is Lose:
        ctype, cvalue = game.ctype, game.cvalue
        kind = (action.type, action.value)
        index = next(
            (
                i
                for i in range(len(after) - 1, -1, -1)
                if (ctype[after[i]], cvalue[after[i]]) == kind
            ),
            None,
        )
        if index is None:
            raise ValueError(f"{action}: no such card in the collection")
        del after[index]
    if fox >= 0 and not game.fox_self:
        after.append(fox)
    return after


def _finish_fox(state: FancyFeathersState) -> None:
    """After the Fox's loss: the Fox joins the collection (ruling FF-R04) and collecting goes on."""
    p = state.mover
    if not state.game.fox_self:
        state.held[p].append(state.fox)
        state.log[p].append(state.fox)
    state.fox = -1
    collect(state)


# --- legal actions and applying them ---------------------------------------------------------


def ahead(state: FancyFeathersState) -> int:
    """How many Path cards lie in front of the mover's disc (the farthest legal ``move``)."""
    return state.rear + len(state.path) - 1 - state.pos[state.mover]


def legal_actions(state: FancyFeathersState) -> list[Action]:
    """The current player's legal actions, in a stable order (empty when the game is over).

    Step 2: ``move 1`` .. ``move N`` to each card ahead (FF-27, FF-28), then ``leave`` once the
    stack is empty (FF-42). Fox: one ``lose`` per kind of eligible card in type order, then
    ``lose set-aside trap``. After the move: ``pass traps``.
    """
    phase = state.phase
    if phase == MOVE:
        actions: list[Action] = _MOVE_LIST[1 : ahead(state) + 1]  # one new list
        if not state.stack:
            actions.append(LEAVE)
        return actions
    if phase == FOX_CHOICE:
        return fox_choices(state)
    if phase == PASS:
        return [PASS_TRAPS]
    return []


def apply_action(state: FancyFeathersState, action: object) -> None:
    """Apply ``action`` for the current player; raises ``IllegalActionError`` naming the rule.

    Every check happens before anything changes, so a refused action leaves the state as it was.
    """
    phase = state.phase
    kind = type(action)
    if phase == MOVE:
        if type(action) is Move:
            # Read as ``Any`` until checked: compiled (setup.py), reading the declared ``int``
            # would refuse a malformed action's str or float with a bare TypeError instead of
            # the rule, and take a bool for an int.
            given: Any = cast(Any, action).distance
            if not _whole(given) or given < 1:
                raise IllegalActionError(
                    f"{action}: a disc moves at least one card forward", "FF-R10"
                )
            distance: int = given
            if distance > ahead(state):
                raise IllegalActionError(
                    f"{action}: only {ahead(state)} card(s) lie ahead of your disc", "FF-27"
                )
            _move(state, distance)
        elif kind is Leave:
            if state.stack:
                raise IllegalActionError(
                    f"{action}: you may leave the Path only once the draw stack is empty "
                    f"({len(state.stack)} card(s) left)",
                    "FF-43",
                )
            _leave(state)
        else:
            raise _refusal(action, phase)
        state.turn += 1
        if state.aside:
            state.phase = PASS
        else:
            begin_turn(state)
        return
    if phase == FOX_CHOICE:
        if type(action) is Lose:
            kind_of: Any = cast(Any, action).type  # ``Any`` until checked, as a distance
            value: Any = cast(Any, action).value
            if not (_whole(kind_of) and _whole(value)) or not 0 <= kind_of < NUM_TYPES or value < 0:
                raise IllegalActionError(
                    f"{action!r}: type must be an animal type index 0-{NUM_TYPES - 1} and "
                    "value a printed value >= 0",
                    "FF-38",
                )
            t: int = kind_of
            index = _find(state, t, value)
            if index < 0:
                raise _not_held(state, action, t)
            p = state.mover
            card = state.held[p].pop(index)
            state.foxed[p].append(card)
            state.log[p].append(HIDDEN_LOSS)
        elif kind is LoseAside:
            if not state.aside:
                raise IllegalActionError(f"{action}: no Trap is set aside", "FF-R05")
            if not state.game.fox_takes_aside:
                raise IllegalActionError(
                    f"{action}: variant fox-spares-set-aside-trap: set-aside Traps are not "
                    "eligible",
                    "FF-R05",
                )
            p = state.mover
            card = state.aside.pop()
            state.foxed[p].append(card)
            state.log[p].append(-2 - card)
        else:
            raise _refusal(action, phase)
        _finish_fox(state)
        return
    if phase != PASS or kind is not PassTraps:
        raise _refusal(action, phase)
    _pass_traps(state)
    begin_turn(state)


def _refusal(action: object, phase: int) -> IllegalActionError:
    """Why ``action`` is refused in ``phase``: no action object at all, the game is over
    (FF-49), or not a step of this phase (``_not_now``). Looked for only once the action is
    refused: the accepted ones never pay for these checks."""
    if type(action) not in (Move, Leave, Lose, LoseAside, PassTraps):
        return _not_an_action(action)
    if phase == OVER:
        return IllegalActionError(f"{action}: the game is over, every disc has left", "FF-49")
    return _not_now(action, phase)


def _not_now(action: object, phase: int) -> IllegalActionError:
    """The refusal of an action that is not a step of ``phase`` (FF-35, FF-37)."""
    if phase == MOVE:
        if type(action) is PassTraps:
            return IllegalActionError(f"{action}: Traps are passed after the move", "FF-35")
        return IllegalActionError(f"{action}: there is no Fox to feed now", "FF-37")
    if phase == FOX_CHOICE:
        return IllegalActionError(f"{action}: first choose the card you lose to the Fox", "FF-37")
    return IllegalActionError(
        f"{action}: first pass the set-aside Trap(s) to the next player", "FF-35"
    )


def _not_held(state: FancyFeathersState, action: object, t: int) -> IllegalActionError:
    """The refusal of ``action``, a Fox's loss of a card of type ``t`` the mover does not hold
    (FF-38, ruling FF-R04)."""
    itself = t == FOX and not state.game.fox_self
    return IllegalActionError(
        f"{action}: you hold no such card to lose"
        + (" (the Fox cannot remove itself)" if itself else ""),
        "FF-R04" if t == FOX else "FF-38",
    )


def _find(state: FancyFeathersState, type_: int, value: int) -> int:
    """Index in the mover's collection of the last card of that kind, or -1."""
    ctype, cvalue = state.game.ctype, state.game.cvalue
    held = state.held[state.mover]
    for i in range(len(held) - 1, -1, -1):
        c = held[i]
        if ctype[c] == type_ and cvalue[c] == value:
            return i
    return -1


def _move(state: FancyFeathersState, distance: int) -> None:
    """Step 2: move forward, onto an empty card or on top of a stack; refill if foremost."""
    order, pos = state.order, state.pos
    p = order.pop(0)
    target = pos[p] + distance
    i = 0
    while i < len(order) and pos[order[i]] < target:
        i += 1
    order.insert(i, p)  # on top of any discs already there: behind them (FF-15, FF-17)
    pos[p] = target
    if pos[order[-1]] <= target:  # foremost: no disc strictly ahead (FF-30, ruling FF-R13)
        path, stack = state.path, state.stack
        front = state.rear + len(path) - 1
        while stack and front - target < PATH_AHEAD:  # FF-31: as many as the stack still has
            path.append(stack.pop())  # each new card beyond the last (ruling FF-R16)
            front += 1


def _leave(state: FancyFeathersState) -> None:
    """Step 2: the disc leaves the Path; its owner takes no more turns (FF-42, FF-45)."""
    p = state.order.pop(0)
    state.pos[p] = LEFT
    state.left.append(p)


def trap_recipient(state: FancyFeathersState) -> int:
    """Who receives the set-aside Traps: the player of the next turn, the mover included
    (FF-35, ruling FF-R19); if nobody takes another turn, the mover keeps them, or with variant
    ``unpassed-trap-to-box`` -1 (the box) (ruling FF-R07)."""
    if state.order:
        return state.order[0]
    return -1 if state.game.trap_to_box else state.mover


def _pass_traps(state: FancyFeathersState) -> None:
    to = trap_recipient(state)
    if to < 0:
        state.box.extend(state.aside)
        state.box.sort()
    else:
        state.held[to].extend(state.aside)
        state.log[to].extend(state.aside)
    state.aside.clear()


# --- validation of a state read from data -----------------------------------------------------


def check_state(state: FancyFeathersState) -> str | None:
    """What makes ``state`` a position no game can reach, or None if it is sound.

    Checks the types, that every card lies in exactly one place, the discs (order, positions,
    who left), the phase and its fields, that the mover alone on a card has collected up to it
    before it moves (Step 1 is compulsory, FF-20, FF-21), the counts (labels, turns), and that
    each player's public log replays to their collection and Fox losses.
    """
    game = state.game
    n = game.num_players
    types = state.types
    if (
        sorted(set(types)) != types
        or len(types) != TYPES_IN_PLAY
        or not all(0 <= t < NUM_TYPES for t in types)
    ):
        return f"types must be {TYPES_IN_PLAY} distinct type indices 0-{NUM_TYPES - 1}, ascending"
    cards = [*state.path, *state.stack, *state.box, *state.aside]
    for group in (*state.held, *state.foxed):
        cards += group
    if state.fox >= 0 and not game.fox_self:
        cards.append(state.fox)  # a Fox waiting for its loss is in nobody's collection yet
    expected = sorted(c for t in types for c in game.type_cards[t])
    if sorted(cards) != expected:
        return "every card of the chosen types must lie in exactly one place"
    if state.box != sorted(state.box):
        return "box must be sorted (its order is hidden)"
    order, pos, left = state.order, state.pos, state.left
    if sorted(order + left) != list(range(n)):
        return f"order and left must hold each seat 0-{n - 1} exactly once"
    front = state.rear + len(state.path) - 1
    if state.rear < 1:
        return "rear must be a card label >= 1"
    for p in range(n):
        if (p in left) != (pos[p] == LEFT) or pos[p] > front or pos[p] < LEFT:
            return f"pos {p} must be -1 after leaving, else 0 (start) or a label up to {front}"
    if any(pos[a] > pos[b] for a, b in zip(order, order[1:], strict=False)):
        return "order must run from the disc furthest behind to the one furthest ahead"
    phase = state.phase
    if phase not in (MOVE, FOX_CHOICE, PASS, OVER):
        return "phase must be 0 (move), 1 (fox), 2 (pass) or 3 (over)"
    if (phase == OVER) != (state.mover == TERMINAL) or (phase == OVER and order):
        return "the game is over (mover -1, phase 3) once every disc has left"
    if phase in (MOVE, FOX_CHOICE) and (not order or state.mover != order[0]):
        return "the mover must be the disc furthest behind"
    if phase == PASS and not 0 <= state.mover < n:
        return "the mover must be a seat"
    for q in order:
        lifted = q == state.mover and state.phase in (MOVE, FOX_CHOICE)  # collected its own card
        if pos[q] != START and pos[q] < state.rear - lifted:
            return f"pos {q} is a card that was already collected"
        if pos[q] == START and state.rear != 1:
            return "a disc on the start space moves before any card is collected (FF-12, FF-16)"
    cards_of_types = len(expected)
    if front > cards_of_types:
        return f"rear and path must label at most the {cards_of_types} cards in play (FF-13)"
    if state.stack and (not order or pos[order[0]] >= front):
        return (
            "while the stack holds cards a Path card lies ahead of the disc furthest behind: "
            "the foremost disc's move refills the Path (FF-27, FF-30, FF-31)"
        )
    if phase in (MOVE, FOX_CHOICE):
        here = pos[state.mover]
        alone = here != START and (len(order) == 1 or pos[order[1]] != here)
        if phase == FOX_CHOICE and not (alone and state.upto == here):
            return "a Fox's choice comes while the mover collects up to its own card (FF-20, FF-37)"
        if phase == MOVE and alone and state.rear != here + 1:
            return (
                f"seat {state.mover}'s disc is alone on its card: it must have collected up to "
                "it before moving (FF-20, FF-21)"
            )
    if state.turn > n * (cards_of_types + 1):
        most = n * (cards_of_types + 1)
        return f"turn must be at most {most}: every move goes a card forward (FF-27, FF-42)"
    fox_choice = phase == FOX_CHOICE
    if fox_choice != (state.fox != -1) or fox_choice != (state.upto != 0) or state.upto < 0:
        return "fox and upto are set exactly during a Fox's choice (else -1 and 0)"
    if fox_choice and not (0 <= state.fox < len(game.ctype) and game.ctype[state.fox] == FOX):
        return "fox must be a Fox card"
    if phase == FOX_CHOICE and (state.upto < state.rear - 1 or state.upto > front):
        return "upto must be the label the collection runs to"
    if state.aside and phase == OVER:
        return "Traps are set aside only during a turn"
    if any(game.ctype[c] != TRAP for c in state.aside):
        return "only Traps are set aside"
    if state.turn < 0:
        return "turn must be >= 0"
    for p in range(n):
        problem = _check_log(state, p)
        if problem:
            return problem
    return None


def _check_log(state: FancyFeathersState, p: int) -> str | None:
    held: list[int] = []
    foxed = iter(state.foxed[p])
    for entry in state.log[p]:
        if entry >= 0:
            held.append(entry)
        elif entry == HIDDEN_LOSS:
            card = next(foxed, None)
            if card not in held:
                return f"log {p}: a Fox loss names a card the player did not hold"
            held.remove(card)
        else:
            if next(foxed, None) != -2 - entry:
                return f"log {p}: a set-aside Trap loss does not match foxed {p}"
    if next(foxed, None) is not None:
        return f"foxed {p} holds more cards than the log's Fox losses"
    if held != state.held[p]:
        return f"log {p} does not replay to held {p}"
    return None
