"""Featherlight heuristic: the value of each hand against the nest as it stands.

A seat holding six cards (mid-turn) is valued by its best five: the card it will put into the
nest is the one whose loss costs least (where it lands is ignored). The value is the seat's
score lead over the best other seat; at the end, the final score lead.

With 2-4 players two terms make the leader end the game (issue 16: without them 6-11% of
two-player games between agents ran to the turn cap of ruling FL-R10, because nobody drew the
last cards of a pile while ahead, FL-31, FL-34, FL-35):

- a game that is over, or ends with the put now due (a draw pile is empty, FL-31/FL-32, or the
  turn cap is reached), counts as if every card of the pile were gone and adds ``END_BONUS``
  for a sole win (subtracts both for a loss; a shared win adds its share, minus the rest):
  ending while ahead is worth more than any lead short of ``END_BONUS`` points;
- otherwise the leader gains ``PACE`` points per card missing from the smaller draw pile and the
  trailer loses them (the leader hurries the end, the trailer delays it).

The greedy agent's repetition rule (``agents.heuristic.repetition_for``): ``position_key`` and
``REPEAT_PENALTY``. The two terms left two-player cycles (2% of greedy's self-play games):
each seat trails at the start of its turn and takes the lead with a swap the other undoes at
once; a seat that values a return to a nest it already decided at ``REPEAT_PENALTY`` lower
draws or swaps elsewhere instead, and the piles run out.

Solo play (Flying solo!) has no opponent and ends by the wind (FL-111): its value is the score.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from ...core.search import ReviewThresholds, SearchProfile
from .content import NEST_STACKS, NUM_CARDS
from .rules import HAND_SIZE, PUT, REMOVED
from .scoring import COUNTS_AT, Scorer, best_hands, hand_counts, nest_counts

if TYPE_CHECKING:
    from .state import FeatherlightState

HAND_AT, BOTH_AT = COUNTS_AT["hand"], COUNTS_AT["both"]

END_BONUS = 50.0
"""Points added for winning (subtracted for losing) a game that is over or ends this turn."""

PACE = 2.0
"""Points per card gone from the smaller draw pile, for the leader (against the trailer)."""


SEARCH_PRIOR_DEPTH = 1
"""ISMCTS values a new node's actions with this heuristic at once when it is at most this many
decisions below the root (``agents.heuristic.search_setting``): the searching seat's own turn, a
choice of 8 then a put of up to 36, where a put node that first expanded random puts averaged
them into its choice's value. Deeper nodes (the opponents' turns and later) keep the default
``prior_after`` of 4 visits: widened at once on the priors of the one determinization that
reached them, they let one take soak up nine tenths of a 3,000-iteration search, a different
take for each seed (issue 16, docs/agents.md, "Featherlight's search locked in")."""

SEARCH_RELATIVE = True
"""ISMCTS values a leaf by each seat's gain over the root of the same determinization: the
opponent's hidden hand moves the lead by some 15 points either way, the actions of one
decision differ by 2-3 points in the median (docs/agents.md, "Featherlight's search")."""

SEARCH_PRIOR = 20.0
"""Virtual visits of the heuristic prior per child (``agents.heuristic.search_setting``): with
the default 2, ``hard``'s 3,000 iterations gained 1.4 points [-5.9, +8.7] over ``medium``'s 300
in the solo game; with 20 the heuristic's order keeps its weight against ten times the visits
and ``hard`` gains 7.6 [+0.6, +14.6], and still beats ``medium`` with 2-4 players
(docs/agents.md, "hard's prior"). ``medium`` keeps 2 (``agents.ALIASES``)."""


REPEAT_PENALTY = 100.0
"""Points a position the greedy seat has already decided in is valued below a new one: more
than the swing of a swap (40-60 points) plus the pace terms a cycle's swap gains over a draw."""


def position_key(state: FeatherlightState, player: int) -> Hashable:
    """What ``player`` sees of ``state`` for repetitions: every nest stack, bottom to top (ruling
    FL-R09), and the size of its own hand (5, or 6 mid-turn), a tuple.

    The nest holds six cards plus one per card drawn so far (a swap moves a card out and one
    in), so a nest seen before means nobody drew since and the swaps went round: the seats are
    in a cycle even when the cards in the hands differ (issue 16: four cards going round two
    hands and two stacks). The piles are left out (they only shrink), and so are others'
    drawn cards (hidden).
    """
    nest = state.nest
    return tuple(map(tuple, nest)), len(state.hands[player])


def hand_value(state: FeatherlightState, player: int) -> int:
    """Points of ``player``'s hand now; with six cards, of the best five of them (FL-36..FL-41)."""
    return _hand_values(state, [state.hands[player]])[0]


def _hand_values(state: FeatherlightState, hands: list[list[int]]) -> list[int]:
    """``hand_value`` of each of ``hands`` (seats' hands of ``state``), the nest counted once
    (the fast path: ``Rule.scorer``)."""
    game = state.game
    scorers, colour_of = game.cards.scorers, game.cards.colour
    nest, tallest = nest_counts(colour_of, state.nest)
    values = []
    for hand in hands:
        counts = hand_counts(colour_of, hand, nest)
        if len(hand) > HAND_SIZE:
            taken = state.taken
            values.append(_best_five(scorers, colour_of, hand, counts, tallest, taken))
            continue
        total = 0
        for card in hand:
            total += scorers[card](counts, tallest)
        values.append(total)
    return values


def _best_five(
    scorers: Sequence[Scorer],
    colour_of: Sequence[int],
    hand: list[int],
    counts: list[int],
    tallest: int,
    taken: int,
) -> int:
    """The points of the best five of the six cards ``hand`` (``counts`` holds all six): each
    card but ``taken`` (FL-26) is taken off the counts in turn and put back."""
    best = None
    for out in hand:
        if out == taken:
            continue
        colour = colour_of[out]
        counts[HAND_AT + colour] -= 1
        counts[BOTH_AT + colour] -= 1
        total = 0
        for card in hand:
            if card != out:
                total += scorers[card](counts, tallest)
        counts[HAND_AT + colour] += 1
        counts[BOTH_AT + colour] += 1
        if best is None or total > best:
            best = total
    assert best is not None
    return best


def pile_size(players: int) -> int:
    """Cards in each draw pile at the start of a game of 2-4 ``players`` (FL-08..FL-11)."""
    return (NUM_CARDS - REMOVED[players] - HAND_SIZE * players - NEST_STACKS) // 2


def ends_now(state: FeatherlightState) -> bool:
    """True if the game is over or ends once the current put is made: a draw pile is empty
    (FL-31, FL-32) or this is the last turn before the cap (ruling FL-R10)."""
    if state.is_terminal():
        return True
    if state.phase != PUT:
        return False
    cap = state.game.max_turns
    last_turn = bool(cap) and state.turn + 1 >= cap
    piles = state.piles
    return not piles[0] or not piles[1] or last_turn


def evaluate(state: FeatherlightState, player: int) -> float:
    """Value of ``state`` for ``player`` in Featherlight's points: the score lead, plus
    (``END_BONUS`` + ``PACE`` x a whole pile) x the outcome of an ending game (+1 sole win,
    share minus the rest for a shared one, -1 loss), or else ``PACE`` x the cards gone from the
    smaller pile x the sign of the lead; the score alone in solo."""
    return _leads(state, _hand_values(state, state.hands))[player]


def evaluate_all(state: FeatherlightState) -> list[float]:
    """``evaluate(state, p)`` for every seat ``p``, a list in seat order, with each hand valued
    once (ISMCTS values every seat of a leaf: ``agents.heuristic.values_for``)."""
    return _leads(state, _hand_values(state, state.hands))


def _leads(state: FeatherlightState, values: list[int]) -> list[float]:
    """``evaluate`` of every seat, seat order, from every seat's hand value (``values``)."""
    if len(values) == 1:
        return [float(values[0])]
    ordered = sorted(values)
    best, second = ordered[-1], ordered[-2]
    leads = [float(v - (second if v == best else best)) for v in values]
    if ends_now(state):
        if state.is_terminal():  # hands of five: the values are the scores (FL-44..FL-46)
            game = state.game
            colour_of, unique = game.cards.colour, game.tiebreak_unique_cards
            winners = best_hands(values, state.hands, colour_of, unique)
        else:
            winners = [p for p, v in enumerate(values) if v == best]
        stake = END_BONUS + PACE * pile_size(len(values))
        win = stake * (2.0 * (1.0 / len(winners)) - 1.0)
        return [lead + (win if p in winners else -stake) for p, lead in enumerate(leads)]
    piles = state.piles
    pace = PACE * (pile_size(len(values)) - min(len(piles[0]), len(piles[1])))
    return [lead + pace if lead > 0 else lead - pace if lead < 0 else lead for lead in leads]


REVIEW_SOLO = ReviewThresholds(3.0, 6.0, 12.0)
"""The marks of a review of the solo game (``feathers review``, ``agents.review``): the
expected final score the decision lost against the search's best move, inaccuracy, mistake and
blunder from these on; a greedy solo game scores 13 to 83 points (seeds 1-3), so 3 points is a
small slip and 12 a game's shape changed. With 2+ players a review uses the common win-chance
thresholds (``core.search.REVIEW_WIN_CHANCE``)."""


PROFILE = SearchProfile(
    evaluate=evaluate,
    evaluate_all=evaluate_all,
    prior=SEARCH_PRIOR,
    prior_depth=SEARCH_PRIOR_DEPTH,
    relative=SEARCH_RELATIVE,
    position_key=position_key,
    repeat_penalty=REPEAT_PENALTY,
    review_solo=REVIEW_SOLO,
)
"""What Featherlight tells its computer players (``core.search.SearchProfile``; the
registration's ``heuristic``)."""
