"""Isle of Feathers: the most decisions one game can take (``max_length``, OpenSpiel's
``max_game_length``), proved from the rules.

Every decision is one of the catalogue's actions (``encoding``). Count them by what makes them,
with ``n`` seats, ``B`` Bird tokens a seat (ruling IS-R18; every colour's in solo, ruling IS-R33)
and ``P = min(nB, 52)`` placements at most: a placement needs a Bird token and a card from hand
(IS-13, IS-36), and a placed bird stays placed.

Facts both counts use:

1. *Tokens.* Ability tokens start in the supply (IS-06) and a seat gets one only by placing a
   bird (IS-37, IS-48), at most one a placement; a spent token goes back to the supply (IS-50).
   So at most ``P`` tokens are ever spent, each one decision, two for Replant (the token names
   the Vegetation, ``plant`` its new tile, IS-53) and for Flock (the placement, then the card it
   owes, IS-55, ruling IS-R10). Flit tokens come only from placed Flit birds, each card placed at
   most once: at most ``Fb`` (the content's Flit birds) are spent.
2. *Per action* (IS-10, IS-11..IS-14): a tile, a Vegetation token, a placement with the card it
   owes (IS-38), a discard with its ability step (use or ``skip``, IS-46, ruling IS-R09), a Plant
   after Replant, a Flock placement's card, and its replacement (IS-47). A discarded Flit bird
   has no ability step: it gives its action back at once (IS-63). So a Flit discard makes at most
   2 decisions, any other action at most 4 (a Replant discard: discard, replant, plant, draw; a
   Flock discard: discard, flock, two draws).

**2-4 players** (``length_with_turns``). At most ``C = max_turns`` turns (ruling IS-R27), each
closed by one decision (a pass, or the end when there is nothing to pass or no pass in the last
turn, IS-10, ruling IS-R08), of at most ``M = 20`` actions (ruling IS-R27). A turn starts with 2
actions (IS-10) and gains one per Flit discard (IS-63) and per Flit token spent (IS-54), so with
``f`` Flit discards and ``o`` other actions in a turn that spends ``x`` Flit tokens,
``o <= 2 + x`` and ``f + o <= M``: at most ``2f + 4o + 1 <= 2M + 2o + 1 <= 2M + 5 + 2x``
decisions, besides its token spends. Summed, with fact 1:
``C (2M + 5) + 2 Fb + 2P`` (9,056 for 2 players: 200 turns of at most 45, 40 for the 20 tokens
and 16 for the extra actions of the 8 Flit birds' tokens).

No bound can come near the issue-37 target of 5 times the longest random or greedy game (about
110-155 decisions) while the cap is 200 turns: seats that end every turn at once play all 200
turns in about 1,315 decisions, and seats that chain Flit birds and tokens in 1,600-1,750
(``tests/rl/test_game_lengths.py``), so a true bound is at least 10 times the longest random or
greedy game; this one is 5.3-5.6 times the Flit chain. The per-turn term keeps ``M``: a Flit bird
discarded comes back in a reshuffle of the Discard pile (IS-45), so nothing in the box limits
the Flit discards of one turn below the cap.

**Solo** (``length_solo``). No card comes back: the Discard pile is never shuffled back (IS-77),
so a card enters the hand at most once (the deal, a draw from the Flight Path or the Draw pile,
or a Migration card, IS-68, IS-70) and leaves it at most once (placed, discarded, or released
for a Migration card, IS-70). With ``H`` the cards that can ever reach the hand (those not set
aside with the half deck, IS-69, ruling IS-R22: 40 at levels 1-2, 52 at 3-4), ``p`` placements,
``d`` discards and ``r <= 5`` releases (IS-68), ``p + d + r <= H``. Then:

- placements ``p`` and the cards they owe ``p``; discards ``d``, their ability steps ``d`` and
  the cards they owe ``d``;
- token spends at most ``p`` (fact 1), and Plants at most one per Replant, by discard or token;
- tiles at most the supply's ``T0`` at the start plus one per Burrow (a Burrow gives its tile
  back, IS-52, ruling IS-R11; nothing else does): Plants and Burrows together are at most
  ``d + p``, so tiles and Plants at most ``T0 + d + p``;
- Vegetation tokens at most the ``V`` of the box (none ever goes back to the supply, IS-31,
  IS-58);
- Stamina spends at most the starting pool ``S0`` plus what placements add: ``s`` each at most,
  the cap at the levels that fill the pool (3 at level 1, 1 at level 4), 1 at those that add one
  (levels 2 and 3; IS-72, IS-75);
- ``r`` ends followed by a release and the last end: ``2r + 1``.

That is at most ``p + (p + d) + 2d + p + (T0 + d + p) + V + S0 + s p + 2r + 1``
``= (4 + s) p + 4d + 2r + T0 + V + S0 + 1 <= 4H + s P + T0 + V + S0 + 1`` (``d <= H - p - r``),
with ``P = min(nB, H)``: 326 at level 1 and 246 at level 2 (``H = 40``), 293 at level 3 and
292 at level 4 (``H = 52``). It needs no turn cap, and is far below any count by turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import FLIT, NUM_BIRDS
from .rules import deal
from .rules_phases import MAX_TURN_ACTIONS
from .rules_solo import STAMINA_LEVELS

if TYPE_CHECKING:
    from .game import IsleGame


def _placements(game: IsleGame, cards: int = NUM_BIRDS) -> int:
    """The most birds one game places: the seats' Bird tokens (ruling IS-R18, IS-R33), at most
    the ``cards`` that can reach a hand."""
    return min(game.num_players * game.bird_tokens, cards)


def _flit_birds(game: IsleGame) -> int:
    """The content's bird cards whose ability is Flit."""
    return sum(1 for card in range(1, NUM_BIRDS + 1) if game.content.ability[card] == FLIT)


def length_with_turns(game: IsleGame) -> int | None:
    """The module docstring's count by turns: ``C (2M + 5) + 2 Fb + 2P`` for the turn cap ``C``
    (ruling IS-R27), ``M`` actions a turn, ``Fb`` Flit birds and ``P`` placements (IS-10,
    IS-37, IS-50, IS-54, IS-63); None without a cap."""
    if not game.max_turns:
        return None
    per_turn = 2 * MAX_TURN_ACTIONS + 5
    return game.max_turns * per_turn + 2 * _flit_birds(game) + 2 * _placements(game)


def length_solo(game: IsleGame) -> int:
    """The module docstring's solo count, which needs no turn cap: ``4H + sP + T0 + V + S0 + 1``
    for the ``H`` cards that can reach the hand, the Stamina a placement adds ``s``, ``P``
    placements, the supply's ``T0`` tiles at the start, ``V`` Vegetation tokens and the starting
    pool ``S0`` (IS-52, IS-68..IS-77; rulings IS-R11, IS-R22, IS-R33)."""
    start = deal(game, 0)  # the sizes of a deal do not depend on the seed
    cards = NUM_BIRDS - len(start["box"])
    assert game.stamina is not None  # every solo game has a level
    mode, cap = STAMINA_LEVELS[game.stamina]
    per_placement = cap if mode == "fill" else 1
    tiles: int = sum(start["supply"])
    pool: int = start["stamina"]
    return (
        4 * cards
        + per_placement * _placements(game, cards)
        + tiles
        + game.content.vegetation
        + pool
        + 1
    )


def max_length(game: IsleGame) -> int | None:
    """The most decisions of one game of ``game``'s configuration (proved in the module
    docstring): the solo count in solo, else the count by turns (None without a turn cap).
    ``GameSpec.max_length`` and ``max_game_length``."""
    return length_solo(game) if game.solo else length_with_turns(game)
