"""Featherlight's rules: setup, the two actions of a turn, solo wind, the end and the winner (the
action objects and their text form are in ``actions``).

Rule ids (``FL-nn``) refer to ``docs/rules/featherlight.md``; rulings
(``FL-Rnn``) to ``docs/rulings/featherlight.md``.

A turn is two decisions (the second depends on what the first revealed, FL-14):

1. choose: ``draw 1`` / ``draw 2`` (action A, FL-20) or ``take S`` (action B: the top card of
   nest stack S, FL-25);
2. put: ``put C on S``: hand card C onto nest stack S (FL-22, FL-26..FL-28).

In solo the wind then blows (FL-106..FL-110). The game ends after the turn in which a draw pile
ran out (FL-31, FL-32), in solo also when the wind stack is empty (FL-111), and at the turn cap
of ruling FL-R10. Stacks are numbered 1-6 in text and 0-5 inside.

Functions here take a ``FeatherlightState`` and touch its plain lists directly: they are the
hot path of every playout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.errors import IllegalActionError
from ...core.game import TERMINAL, Action
from ...core.rng import make_rng
from ...core.shuffle import shuffle
from .actions import CHOICES, PUTS, Draw, Put, Take
from .content import NEST_STACKS, NUM_CARDS
from .scoring import COLOURS

if TYPE_CHECKING:
    from .game import FeatherlightGame
    from .state import FeatherlightState

HAND_SIZE = 5
REMOVED = {2: 8, 3: 7, 4: 4}  # FL-08
SOLO_REMOVED_PER_COLOUR = 2  # FL-102
WIND_STACK = 21  # FL-104

CHOOSE, PUT = 0, 1  # the two decisions of a turn


def _not_an_action(action: object) -> IllegalActionError:
    return IllegalActionError(
        f"{action!r} is not a Featherlight action object (turn text into one with parse_action)"
    )


def _not_now(action: object) -> IllegalActionError:
    """The refusal of an action that is not the turn's next step (FL-14)."""
    kind = type(action)
    if kind is Put:
        return IllegalActionError(
            f"{action}: first draw a card or take one from the nest, then put", "FL-14"
        )
    if kind is Draw or kind is Take:
        return IllegalActionError(
            f"{action}: this turn's action has begun; now put a hand card into the nest", "FL-14"
        )
    return _not_an_action(action)


def deal(game: FeatherlightGame, seed: Any) -> dict[str, Any]:
    """Shuffle and deal a new game (FL-07..FL-12; solo FL-102..FL-105).

    Returns the fields of a ``FeatherlightState``. Lists hold card numbers; the top of a pile or
    stack is its last element.

    Raises ``ValueError`` (``make_rng``) unless ``seed`` is an int in ``[0, 2**63)``; ``seed``
    is ``Any`` so that the compiled build (setup.py) leaves that check to ``make_rng`` rather than
    refusing a str with a bare ``TypeError`` or taking a bool for an int.
    """
    rng = make_rng(seed)
    n = game.num_players
    if n == 1:
        # Each colour's cards ascending (``CardSet.by_colour``, in one pass over the cards).
        colour_of = game.cards.colour
        of_colour: list[list[int]] = [[] for _ in COLOURS]
        for card in range(1, NUM_CARDS + 1):
            of_colour[colour_of[card]].append(card)
        box: list[int] = []
        deck: list[int] = []
        for pile in of_colour:
            shuffle(rng, pile)  # rng.shuffle(pile), the same order (core/shuffle.py)
            box += pile[:SOLO_REMOVED_PER_COLOUR]
            deck += pile[SOLO_REMOVED_PER_COLOUR:]
        shuffle(rng, deck)
        wind, deck = deck[:WIND_STACK], deck[WIND_STACK:]
    else:
        deck = list(range(1, NUM_CARDS + 1))
        shuffle(rng, deck)
        removed = REMOVED[n]
        box, deck, wind = deck[:removed], deck[removed:], []
    hands = [deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(n)]
    deck = deck[n * HAND_SIZE :]
    nest = [[c] for c in deck[:NEST_STACKS]]
    deck = deck[NEST_STACKS:]
    half = len(deck) // 2  # two equal piles (FL-11; solo FL-105)
    starter = game.starting_player
    if starter is None:
        starter = rng.randrange(n)
    return {
        "hands": hands,
        "nest": nest,
        "piles": [deck[:half], deck[half:]],
        "box": box,
        "wind": wind,
        "known": [[] for _ in range(n)],
        "player": starter,
        "phase": CHOOSE,
        "taken": 0,
        "taken_from": -1,
        "turn": 0,
        "starter": starter,
    }


def check_state(state: FeatherlightState) -> str | None:
    """What makes ``state`` a position no game can reach, or None if it is sound.

    Checks that every card lies in exactly one place (FL-01), the seat and phase, the hand
    sizes (FL-16), the nest (FL-17, FL-27), that public hand cards are in that hand once (the
    card of a Swap among them, FL-25), that the game goes on exactly while both draw piles (solo:
    and the wind stack) hold cards and the turn cap is not reached (FL-31, FL-32, FL-111,
    ruling FL-R10), and in solo the box's two cards of each colour (FL-102). A position may
    hold fewer cards in play than a deal (tests build small ones: the rest lies in the box).
    """
    n = state.game.num_players
    cards = [c for group in (*state.hands, *state.nest, *state.piles) for c in group]
    cards += state.box + state.wind
    if sorted(cards) != list(range(1, NUM_CARDS + 1)):
        return "every card 1-70 must lie in exactly one place"
    if state.wind and not state.game.solo:  # FL-104
        return "only a solo game has a wind stack"
    if not (state.player == TERMINAL or 0 <= state.player < n) or not 0 <= state.starter < n:
        return f"player and starter must be seats 0-{n - 1} (or {TERMINAL} when over)"
    if state.phase not in (CHOOSE, PUT) or (state.player == TERMINAL and state.phase == PUT):
        return "phase must be 0 (choose) or 1 (put), and 0 once the game is over"
    for p, hand in enumerate(state.hands):
        size = HAND_SIZE + (p == state.player and state.phase == PUT)
        if len(hand) != size:
            return f"hand {p} must hold {size} cards"
        if any(c not in hand for c in state.known[p]):
            return f"known {p} lists a card that is not in hand {p}"
    taken, source = state.taken, state.taken_from
    if (taken != 0) != (source != -1) or (taken and state.phase != PUT):
        return "taken and taken_from are set together, during the put of a Swap"
    if taken and (taken not in state.hands[state.player] or not 0 <= source < NEST_STACKS):
        return "the taken card must be in the current hand and taken_from a stack 0-5"
    empty = [s for s, stack in enumerate(state.nest) if not stack]
    if empty and empty != [source]:
        return "a nest stack may be empty only as the gap of this turn's Swap"
    for p, known in enumerate(state.known):
        if len(set(known)) != len(known):
            return f"known {p} lists a card twice"
    if taken and taken not in state.known[state.player]:
        return "the taken card was taken face up: it must be in known of the current seat"
    return _check_progress(state) or _check_box(state)


def _check_box(state: FeatherlightState) -> str | None:
    """Solo: the box holds two cards of each colour (FL-102), as every seat knows (a
    determinization keeps them so)."""
    game = state.game
    if game.solo:
        colour_of = game.cards.colour
        for colour, name in enumerate(COLOURS):
            if sum(colour_of[c] == colour for c in state.box) != SOLO_REMOVED_PER_COLOUR:
                return f"the box must hold {SOLO_REMOVED_PER_COLOUR} {name} cards (FL-102)"
    return None


def _check_progress(state: FeatherlightState) -> str | None:
    """The game goes on exactly until a draw pile is empty (FL-31, FL-32), in solo the wind
    stack (FL-111), or the turn cap of ruling FL-R10."""
    game = state.game
    piles, wind, turn = state.piles, state.wind, state.turn
    if turn < 0:
        return "turn must be >= 0"
    cap = game.max_turns
    if cap and turn > cap:  # before the checks below, whose messages would not name the turn
        return f"turn must be at most the turn cap {cap} (ruling FL-R10)"
    if cap and turn == cap and state.player != TERMINAL:
        return f"turn must be below the turn cap {cap} while the game goes on (ruling FL-R10)"
    over = bool(not piles[0] or not piles[1] or (game.solo and not wind) or (cap and turn >= cap))
    if state.player == TERMINAL:
        if not over:
            return "a game over must have an empty draw pile, wind stack or reached the turn cap"
    elif state.phase == CHOOSE and over:
        return "the game ended with the turn in which a draw pile (solo: the wind) ran out"
    elif state.phase == PUT and (
        (game.solo and not wind)
        or (not piles[0] and not piles[1])
        or (state.taken and not (piles[0] and piles[1]))
    ):
        return "only this turn's draw may have emptied a draw pile"
    return None


def legal_actions(state: FeatherlightState) -> list[Action]:
    """The current player's legal actions, in a stable order (empty when the game is over)."""
    if state.phase == CHOOSE:
        return list(CHOICES) if state.player != TERMINAL else []
    hand = state.hands[state.player]
    taken = state.taken
    if not taken:  # after a draw: any hand card on any stack (FL-22, FL-23)
        actions: list[Action] = []
        for c in hand:
            actions += PUTS[c]
        return actions
    stack = state.taken_from
    if not state.nest[stack]:  # a gap: it must be filled, not with the taken card (FL-26, FL-27)
        return [PUTS[c][stack] for c in hand if c != taken]
    if state.game.no_put_back:  # variant of ruling FL-R11
        return [a for c in hand if c != taken for a in PUTS[c] if a.stack != stack]
    actions = []  # FL-28
    for c in hand:
        if c != taken:
            actions += PUTS[c]
    return actions


def apply_action(state: FeatherlightState, action: object) -> None:
    """Apply ``action`` for the current player; raises ``IllegalActionError`` naming the rule.

    Every check happens before anything changes, so a refused action leaves the state as it was.
    """
    p = state.player
    if p == TERMINAL:
        raise IllegalActionError(f"{action}: the game is over", "FL-32")
    if state.phase == CHOOSE:
        if type(action) is Draw:
            pile = action.pile
            if pile != 0 and pile != 1 or not state.piles[pile]:
                raise IllegalActionError(f"{action}: there is no such pile to draw from", "FL-20")
            state.hands[p].append(state.piles[pile].pop())
        elif type(action) is Take:
            stack = action.stack
            if not 0 <= stack < NEST_STACKS:
                raise IllegalActionError(f"{action}: the nest has stacks 1 to 6", "FL-25")
            card = state.nest[stack].pop()
            state.hands[p].append(card)
            state.known[p].append(card)
            state.taken = card
            state.taken_from = stack
        else:
            raise _not_now(action)
        state.phase = PUT
        return
    if type(action) is not Put:
        raise _not_now(action)
    card = action.card
    stack = action.stack
    hand = state.hands[p]
    if not 0 <= stack < NEST_STACKS:
        raise IllegalActionError(f"{action}: the nest has stacks 1 to 6", "FL-22")
    if card not in hand:
        raise IllegalActionError(f"{action}: card {card} is not in your hand", "FL-22")
    taken = state.taken
    if taken:
        if card == taken:
            raise IllegalActionError(
                f"{action}: you may not put back the card you just took", "FL-26"
            )
        source = state.taken_from
        if not state.nest[source]:
            if stack != source:
                raise IllegalActionError(
                    f"{action}: stack {source + 1} is empty; the card must fill that gap", "FL-27"
                )
        elif stack == source and state.game.no_put_back:
            raise IllegalActionError(
                f"{action}: the no-put-back variant forbids the stack you took from", "FL-R11"
            )
        state.taken = 0
        state.taken_from = -1
    hand.remove(card)
    known = state.known[p]
    if card in known:
        known.remove(card)
    state.nest[stack].append(card)
    state.phase = CHOOSE
    state.turn += 1
    game = state.game
    if game.solo and wind_blows(state):
        blow_wind(state)
    piles = state.piles
    if (
        not piles[0]
        or not piles[1]
        or (game.solo and not state.wind)
        or (game.max_turns and state.turn >= game.max_turns)
    ):
        state.player = TERMINAL  # FL-31, FL-32, FL-111, FL-R10
    else:
        state.player = (p + 1) % len(state.hands)  # seat order (FL-13); a hand per seat


def wind_blows(state: FeatherlightState) -> bool:
    """Solo: whether the wind blows at the end of this turn (FL-106; ruling FL-R12)."""
    piles = state.piles
    return bool(state.wind) and (bool(piles[0] and piles[1]) or state.game.wind_on_last_turn)


def end_reason(state: FeatherlightState) -> str:
    """Why a finished game ended, in words (FL-31, FL-111, ruling FL-R10)."""
    for i, pile in enumerate(state.piles):
        if not pile:
            return f"draw pile {i + 1} is empty"
    if state.game.solo and not state.wind:
        return "the wind stack is empty"
    return f"the turn limit of {state.game.max_turns} turns is reached (ruling FL-R10)"


def capped(state: FeatherlightState) -> bool:
    """True if the turn cap of ruling FL-R10, not the rules (FL-31, FL-111), ended the game."""
    return all(state.piles) and not (state.game.solo and not state.wind)


def blow_wind(state: FeatherlightState) -> None:
    """Solo: the top wind card covers the highest (up) or lowest (down) exposed card (FL-108)."""
    card = state.wind.pop()
    nest = state.nest
    tops = [s[-1] for s in nest]  # only exposed cards (FL-109)
    target = max(tops) if state.game.cards.wind_up[card] else min(tops)
    nest[tops.index(target)].append(card)


def next_starting_player(previous: FeatherlightState) -> int:
    """Pauly's tournament: the lowest scorer of the game before starts; on a tie for lowest the
    starting player stays (FL-118, FL-119, ruling FL-R13)."""
    scores = previous.scores()
    low = min(scores)
    lowest = [p for p, s in enumerate(scores) if s == low]
    return lowest[0] if len(lowest) == 1 else previous.starter
