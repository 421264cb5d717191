"""Isle of Feathers position heuristic for the greedy agent.

``evaluate(state, player)`` = the player's points (printed points of placed birds)
+ 0.4 x points of each hand bird that can be placed now
+ 0.2 x points of each hand bird that can be placed after one more tile
+ 0.3 per Ability token held (and per Flit in the solo Stamina pool)
+ 0.35 per action left, while it is the player's turn and it has a Bird token left (so a Flit
  is worth spending; once its birds are all down an action buys it nothing, and a Flit then
  only went round: discard, draw, discard, up to the turn's 20 actions)
+ (solo with one colour's ten Bird tokens, variant solo-one-colour) 2.5 per Bird token not yet
  placed, for at most as many tokens as Sand tiles are left in the supply, and none once the
  Migration pile is empty.

"After one more tile": some orientation matches the island except on exactly one cell, which
is one level too low with the right Vegetation and where a tile may legally go now. Placing a
bird always gains 0.6 x its points, so a greedy player places what it can, draws the birds that
fit, passes the ones that do not and builds toward the birds it holds.

The solo player places every colour's Bird tokens (ruling IS-R33), more than the box's land
tiles, so no token term applies. With one colour's ten (variant solo-one-colour) the tokens,
not the season, cap the score: without the token term every level from greedy up housed
whichever ten birds fitted first, 2.2 points a bird where the deck averages 2.8, and scored 23
points at every stamina level. A token held is worth
``BIRD_TOKEN`` points, so a bird worth less is placed only when nothing better is in reach, and
the token's worth runs out with the season: it counts for at most one token per Sand tile left
in the supply (the last Sand ends the season, IS-76), and for none once the Migration pile is
empty (the next turn without a placement ends it, IS-71), so a season's last turns place what
fits. Over 300 seasons per level greedy then scores 30.7, 30.8, 30.5 and 30.1 points at
stamina 1-4 (22.9, 22.9, 23.1, 22.9 without the term) and spends the Stamina pool (docs/agents.md,
"The Isle's solo: a Bird token's worth"). The birds worth one point are then all but never
housed in solo (docs/calibration/isle-of-feathers.md, issue 17), which ruling IS-R33 ended.

With 2-4 players a decided game is valued by how near its end is, so that its winner ends it
(issue 16: without this, a quarter of the two-player games between search agents ran to the
turn limit of ruling IS-R27 once every Bird token was down, the leader discarding instead of
placing the last Sand, IS-64). A game is decided when one seat leads and no other can reach its
points with the Bird tokens it has left, each bird worth at most the deck's highest points, and
when it is over. Then the leader gains ``PACE`` per Sand tile gone from the supply, and once the
end is certain (the endgame has begun, IS-65, or the game is over) ``END_BONUS`` plus ``PACE``
per Sand tile in the box. In a ``settled`` game (every Bird token down) that ends in a tie, the
seats tied at the top gain the term. An undecided game has no such term, so the play that
decides a game is unchanged. ISMCTS plays greedy's move in a settled game
(``agents.heuristic.settled_for``): no decision can change its result, and a tie gives the
search nothing to prefer. It does the same for a seat out of reach (``out_of_reach``: no win or
share of one is left to it, whatever anyone does): its search would only weigh which of the
others it hinders, at a second a decision. The seats below the top get no term: a game's end
is nothing to a seat that cannot win it. With the term's negative they had held decided games
up, and with four players they could: the leader placed two Sand tiles a turn, and the seats
out of reach sent them back to the ocean with Burrow (two of 80 four-player games between
`hard` and `medium` ran to the turn limit, 199 turns, where the games take 25; docs/agents.md,
"Seats out of reach").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.game import TERMINAL
from ...core.search import ReviewThresholds, SearchProfile
from . import rules_land, rules_place
from .hexgrid import NEIGHBOUR_OFFSETS
from .island import island
from .scoring import scores

if TYPE_CHECKING:
    from .habitats import Shape
    from .hexgrid import Image
    from .island import Island
    from .state import IsleState

NOW, SOON, TOKEN, ACTION = 0.4, 0.2, 0.3, 0.35

BIRD_TOKEN = 2.5
"""Solo with one colour's tokens (``Options.scarce_tokens``, variant solo-one-colour): points per
Bird token not yet placed, for at most one token per Sand tile left in the supply and none once
the Migration pile is empty (module docstring). Greedy's points over 200 seasons at stamina 1
and 4 (``benchmarks/calibrate_isle_of_feathers.py --configs solo1,solo4
--games 200``, the term edited), before the Migration pile bound: 2.0 gave 28.2 and 28.2, 2.5
30.1 and 29.1, 2.75 30.9 and 28.9, 3.0 30.9 and 27.2 (it kept tokens it could no longer use at
stamina 4). Counting every token left instead, 1.0 gave 25.7 and 25.2, 2.0 27.7 and 27.3, 2.5
26.5 and 22.3: without the bound a token keeps its worth to the end and the player houses fewer
birds. The Migration pile bound added 0.6-0.8 points at every level over 300 seasons (none
once one card is left instead: 0.5-0.6)."""

PACE, END_BONUS = 0.5, 10.0
"""A decided game's term (module docstring): points per Sand tile gone from the supply, and
the bonus once the end is certain, for the leader (the other seats lose them)."""

ACTIONS_INTERNED = True
"""Every action the rules hand out is the one object of its value (``actions``: made once in
a table and handed out again), so ISMCTS keys its children by ``id`` instead of hashing them
(``agents.heuristic.actions_interned``; ``test_actions_interned`` checks it)."""

SEARCH_SCALE = 20.0
"""Points per unit of ISMCTS's reward logit (``agents.heuristic.search_scale``): a lead of 20
points is a two-player win chance of 73%, a solo gain of 20 points a normalised score of 0.73
(measured at this scale: docs/agents.md)."""

SEARCH_PRIOR = 20.0
"""Virtual visits of the heuristic prior per child (``agents.heuristic.search_setting``): with
2, ``hard``'s 3,000 iterations spread evenly over an Isle turn's many flat choices and played
no better than ``medium``'s 300; with 20 the heuristic's order keeps its weight against ten
times the visits and ``hard`` beats ``medium``, 58.75% [51.8, 65.3] of 200 two-player games
(docs/agents.md, "hard's prior"). ``medium`` keeps 2 (``agents.ALIASES``), the prior its rows
were measured with."""

SEARCH_HORIZON = 3
"""From three players the search's tree ends with the seat's own turn
(``agents.heuristic.search_setting``): with three opponents' turns of 4-8 decisions each before
the seat decides again, the tree through them bought ``hard`` nothing (42.5% [32.3, 53.4] of 80
four-player games against ``medium``); ending it with the turn spends the budget on the seat's own
decisions and takes a third of the time (docs/agents.md, "hard's horizon"). With two players
the tree goes on through the opponent's turn, as the two-player rows measured it. ``medium``
states no horizon (``agents.ALIASES``)."""

SEARCH_TURN_C = 0.05
"""The exploration constant of the tree the horizon ends with the seat's own turn
(``agents.heuristic.search_setting``; the turn tree's leaves are relative): the end-of-turn
values of an Isle turn's choices lie a fraction of a point apart, hundredths of a reward, and
with ``c`` 0.7 the visits spread evenly over 20-40 actions, every action valued by the average
of random ways to finish the turn, and ``hard`` was level with ``medium`` with four players
(50.5% [42.3, 58.6] of 140 games). With 0.05 the search settles on the best ways and ``hard``
wins 75.5% [69.1, 80.9] of 200 (docs/agents.md, "The turn tree's exploration"). Without the
horizon (two players, solo, ``medium``) ``c`` stays 0.7: a smaller one lost with two players."""


SOLO_LEVELS = {
    "medium": "ismcts:iterations=300:prior=20:c=0.05",
    "hard": "ismcts:seconds=1.0:iterations=3000:c=0.05",
}
"""``medium`` and ``hard`` in the solo game (``agents.heuristic.solo_levels_for``): the
exploration constant 0.05 (for the reason of ``SEARCH_TURN_C``: a solo leaf is the logistic of
the season's gain over the root, and the choices' gains lie a point or two apart) and, for
``medium``, the prior of 20 virtual visits that ``hard`` uses everywhere. With one colour's
tokens (variant solo-one-colour) the common ``medium`` was no better than ``easy`` (-0.34
[-1.07, +0.39] points at stamina 1, +0.14 [-0.59, +0.87] at stamina 4, 100 seasons) and this
one scores +1.43 [+0.74, +2.12] and +1.93 [+1.24, +2.62] above it. With every colour's
(ruling IS-R33), ``strength.py solo`` on 160 seeds: ``medium`` - ``easy`` +2.72 [+1.42, +4.02]
and +4.16 [+2.69, +5.63] points; on 80: ``hard`` - ``medium`` +2.73 [+1.22, +4.23] and +4.21
[+2.43, +6.00] (docs/agents.md, "The Isle's solo levels")."""


LEVELS: dict[int, dict[str, str]] = {}
"""The difficulty names the Isle plays with another spec by player count
(``agents.heuristic.levels_for``): none. Measured for the two-player ``hard`` and not adopted
(issue 36; docs/agents.md, "Issue 36: the search"): ``ismcts:seconds=1.0:iterations=6000:
prior_after=16``, which widens a node from its 17th visit instead of its 5th and so runs 2.5x
the iterations per CPU second, won 52.5% [37.5, 67.1] of 40 games against ``medium`` where the
common ``hard`` won 55.0% [39.8, 69.3] of the same games: not shown better, so the common
``hard`` stays. A node widened later expands random actions
for 16 visits instead of 4, the trap Featherlight's search fell into ("Featherlight's search:
every node widened"); the budget the cheaper iterations buy did not show through it."""


def fit_level_of(state: IsleState, card: int) -> int:
    """2 if bird ``card`` can be placed now, 1 if after one more tile (module docstring), else
    0. Kept per island version (``island``), so every seat and every clone asks only once, and
    a search that reaches the same version again finds it known."""
    facts = island(state)
    levels = facts.levels
    if levels is None:
        levels = facts.levels = {}
    level = levels.get(card)
    if level is None:
        level = levels[card] = _fit_level(state, facts, card)
    return level


def _fit_level(state: IsleState, facts: Island, card: int) -> int:
    """``fit_level_of`` computed: a placement now (``rules_place.fits``), else a search for an
    orientation that misses one cell, one level too low on a tile spot.

    Only a cell whose code is two more than some tile spot's can be the miss (never one with
    Vegetation: spots have none); every other cell must match exactly. An island short of more
    than one of the habitat's cells cannot hold it after one tile; one short of exactly one
    cell of some code has its miss on a cell of that code. The search of each orientation
    anchors on its rarest cell that must match exactly, else on one of its two rarest cells
    (one of any two matches). Its token cell holds no bird.

    A version derived from one where the bird had level 0 (``Island.prior``, one version back)
    looks only at the orientations covering a cell that changed since (``_near_fit``): the same
    level, from a few cells instead of the whole island (issue 36).
    """
    if rules_place.fits(state, card):
        return 2
    index = rules_place.index_of(state)  # derives the grid, counts and shapes with it
    shapes = facts.shapes
    assert shapes is not None
    hab = shapes.of[card]
    assert hab is not None  # every bird has one
    c: int  # typed locals: compiled, native integers
    exact: tuple[tuple[int, int], ...]
    anchor_off: int
    t: int
    spot_at, spot_codes = _spot_codes(state, facts)
    coded = len(spot_codes) - 1  # its last byte: the supplies (``_spot_codes``)
    counts = facts.counts
    short = 0
    short_code = -1
    for c, n in hab.needs:
        have = counts[c]
        if have < n:
            short += n - have
            if short > 1 or not (0 <= c - 2 < coded and spot_codes[c - 2]):
                return 0
            short_code = c
    prior = facts.prior  # set with the fits (rules_land.derive)
    if prior is not None:
        known = prior.levels
        if known is not None and known.get(card) == 0:
            near = _changed_cells(facts, prior)
            if near is not None:
                return _near_fit(state, facts, _by_code(hab, coded), spot_at, near)
    grid = facts.grid
    base = facts.base
    birds = state.birds
    for image in hab.full_images:
        for cell in image:
            c = cell[1]
            if (short and c != short_code) or not (0 <= c - 2 < coded and spot_codes[c - 2]):
                exact = (cell,)
                break
        else:
            exact = image[:2]
        for anchor_off, anchor_code in exact:
            for group in (index[anchor_code * 2], index[anchor_code * 2 + 1]):
                x: int
                for x in group:
                    t = x - anchor_off
                    if _one_short(grid, spot_at, t - base, image) and t not in birds:
                        return 1
    return 0


def _one_short(grid: bytes, spot_at: bytes, i: int, image: Image) -> bool:
    """Whether ``image`` placed at grid index ``i`` matches the island except on at most one
    cell, which is one level too low on a tile spot (``_fit_level``)."""
    size = len(grid)
    missed = False
    off: int
    c: int
    j: int
    for off, c in image:
        j = i + off
        # the grid holds every row with land or a tile spot: off it, ocean
        if 0 <= j < size:
            have = grid[j]
            if have == c:
                continue
            if not missed and have == c - 2 and spot_at[j]:
                missed = True
                continue
        elif c == 0:  # off the grid: ocean, and no tile spot
            continue
        return False
    return True


def _changed_cells(facts: Island, prior: Island) -> list[int] | None:
    """The cells where whether an orientation counts for ``_fit_level`` may differ between
    ``prior`` and ``facts``, the version derived from it: the cells changed since
    (``Island.moved``: their codes and birds) and their neighbours whose tile spot came or went
    (a height changes its neighbours' support, and nothing else changes a tile spot,
    ``rules_land.derive``, while no tile supply ran out or came back). None if one did, or if
    ``prior``'s spots are not known: then every spot of that tile may have changed."""
    before = prior.codes
    now = facts.codes
    if before is None or now is None:
        return None
    old_at, old_kinds = before
    spot_at, kinds = now
    if old_kinds[len(old_kinds) - 1] != kinds[len(kinds) - 1]:  # the supplies' flags
        return None
    base = facts.base
    old_base = prior.base
    size = len(spot_at)
    old_size = len(old_at)
    moved = facts.moved
    near: list[int] = list(moved)
    m: int
    d: int
    for m in moved:
        for d in NEIGHBOUR_OFFSETS:
            n = m + d
            i = n - base
            was = n - old_base
            spot = spot_at[i] if 0 <= i < size else 0
            if spot != (old_at[was] if 0 <= was < old_size else 0):
                near.append(n)
    return near


def _near_fit(
    state: IsleState,
    facts: Island,
    by_code: list[list[tuple[int, Image]]],
    spot_at: bytes,
    near: list[int],
) -> int:
    """``_fit_level``'s search for a bird that fits nowhere now and had level 0 in the version
    this one was derived from: only the orientations that cover a cell of ``near``
    (``_changed_cells``) with one of their cells that may lie there (its code, or a code two
    more on a tile spot: ``by_code``, ``_by_code``). Each counts now only if it covers a
    changed cell, since it did not count then. 1 if one counts, else 0."""
    grid = facts.grid
    base = facts.base
    size = len(grid)
    birds = state.birds
    off: int
    m: int
    j: int
    t: int
    for m in near:
        j = m - base
        if not 0 <= j < size:
            continue
        have = grid[j]
        for off, image in by_code[have]:
            t = m - off
            if _one_short(grid, spot_at, t - base, image) and t not in birds:
                return 1
        if spot_at[j]:  # the cell an image misses, one level too low
            for off, image in by_code[have + 2]:
                t = m - off
                if _one_short(grid, spot_at, t - base, image) and t not in birds:
                    return 1
    return 0


_BY_CODE: dict[Shape, list[list[tuple[int, Image]]]] = {}
"""A habitat's ``(offset, image)`` pairs by the code of the image's cell at that offset
(``_by_code``), one table per habitat."""


def _by_code(hab: Shape, codes: int) -> list[list[tuple[int, Image]]]:
    """``table[c]``: the ``(offset, image)`` of every cell of every image of ``hab``
    (``Shape.full_images``) whose code is ``c``, for every code below ``codes + 2`` (a grid's
    codes are below ``codes``, and a tile spot's cell can be missed by a code two more)."""
    table = _BY_CODE.get(hab)
    if table is None:
        table = [[] for _ in range(codes + 2)]
        for image in hab.full_images:
            for off, c in image:
                table[c].append((off, image))
        _BY_CODE[hab] = table
    return table


def _spot_codes(state: IsleState, facts: Island) -> tuple[bytes, bytes]:
    """``(spot_at, spot_codes)``, kept per island version: ``spot_at[k - base]`` is 1 where the
    key ``k`` is a tile spot, on the version's grid (``island.Island.grid``: every spot lies
    in it), and ``spot_codes[c]`` 1 for the codes ``c`` the tile spots have; its last byte
    (after every code's) has bit ``j`` set while the supply of tile ``j`` (Sand, Grass, Cliff)
    is not empty: which spots the supplies leave (``rules_land.tile_spots``).

    ``spot_at`` is the one of the version this one was derived from (``Island.prior``) with
    the changed cells and their neighbours looked at again (``_changed_cells`` says why only
    they can differ) when its grid has the same rows and the same supplies are empty."""
    codes = facts.codes
    if codes is None:
        spots = rules_land.tile_spots(state)  # derives the grid
        shapes = facts.shapes
        assert shapes is not None
        grid = facts.grid
        base = facts.base
        kinds = [0] * (shapes.codes + 1)  # a list: compiled, its items are set natively
        k: int
        for k in spots:
            kinds[grid[k - base]] = 1
        supply = state.supply
        flags = (supply[0] > 0) + 2 * (supply[1] > 0) + 4 * (supply[2] > 0)
        kinds[shapes.codes] = flags
        prior = facts.prior
        before = None
        if prior is not None and prior.base == base:
            before = prior.codes
        if before is not None and len(before[0]) == len(grid) and before[1][-1] == flags:
            spot_at = _patched(before[0], facts.moved, spots, base)
        else:
            spot_at = bytearray(len(grid))
            for k in spots:
                spot_at[k - base] = 1
        codes = facts.codes = (bytes(spot_at), bytes(kinds))
    return codes


def _patched(old: bytes, moved: tuple[int, ...], spots: list[int], base: int) -> bytearray:
    """``old``, the tile spots' table of the version before, with the cells of ``moved`` and
    their neighbours set from ``spots`` (sorted; ``_spot_codes``)."""
    spot_at = bytearray(old)
    size = len(old)
    count = len(spots)
    m: int
    d: int
    k: int
    for m in moved:
        for d in _SELF_AND_NEIGHBOURS:
            k = m + d
            i = k - base
            if not 0 <= i < size:
                continue
            lo = 0
            hi = count
            while lo < hi:  # a binary search in ``spots``: compiled, on native integers
                mid = (lo + hi) >> 1
                if spots[mid] < k:
                    lo = mid + 1
                else:
                    hi = mid
            now = 1 if lo < count and spots[lo] == k else 0
            if now != old[i]:
                spot_at[i] = now
    return spot_at


_SELF_AND_NEIGHBOURS: Final = (0, *NEIGHBOUR_OFFSETS)


def hand_potential(state: IsleState, player: int) -> float:
    """The fit bonus of ``player``'s hand (module docstring)."""
    hand = state.hands[player]
    if not hand or not rules_place.has_bird_token(state, player):
        return 0.0
    points = state.game.content.points
    total = 0.0
    for card in hand:
        level = fit_level_of(state, card)
        if level == 2:
            total += NOW * points[card]
        elif level == 1:
            total += SOON * points[card]
    return total


def evaluate(state: IsleState, player: int) -> float:
    """Points, plus the hand's fit bonus, the tokens held, (solo) the Bird tokens' worth and
    (2-4 players) the pace term (module docstring)."""
    totals = scores(state)
    return _value(state, player, totals, _term(state, totals))


def evaluate_all(state: IsleState) -> list[float]:
    """``evaluate(state, p)`` for every seat ``p``, in seat order (``agents.heuristic.values_for``):
    the same values, the points and the pace term found once, from one compiled loop (setup.py)
    rather than one call from Python per seat."""
    totals = scores(state)
    term = _term(state, totals)
    return [_value(state, p, totals, term) for p in range(len(totals))]


def _value(state: IsleState, player: int, totals: list[int], term: float) -> float:
    """``evaluate`` given every seat's points (``totals``, seat order) and the pace term of
    the seats at the top (``_term``)."""
    score = float(totals[player])
    if term and totals[player] == max(totals):
        score += term
    if state.player == TERMINAL:
        return score
    options = state.options
    if options.solo:
        if state.migration and options.scarce_tokens:
            left = options.bird_tokens - len(state.placed[player])
            score += BIRD_TOKEN * min(left, state.supply[0])
        tokens = sum(state.tokens[player]) + state.stamina
    else:
        tokens = sum(state.tokens[player])
    # summed in this order, an undecided game's values are the very floats they were before
    # the pace term (ties between actions break the same way)
    value = score + hand_potential(state, player) + TOKEN * tokens
    if state.player == player and rules_place.has_bird_token(state, player):
        value += ACTION * state.actions_left
    return value


def settled(state: IsleState) -> bool:
    """True in a game of 2-4 players that is over or in which every seat has placed all its
    Bird tokens (ruling IS-R18): no decision can change a seat's points or the winners any
    more, only when the game ends (IS-64..IS-66). Reads only what every seat sees."""
    if state.options.solo:
        return False
    if state.player == TERMINAL:
        return True
    return not any(rules_place.has_bird_token(state, p) for p in range(len(state.placed)))


def out_of_reach(state: IsleState, player: int) -> bool:
    """True if ``player`` can no longer win or share a win of a game of 2-4 players: its points
    with every Bird token it has left placed as a bird of the deck's highest points stay below
    another seat's points (placed birds keep their points, IS-66, so those never fall). Reads
    only what every seat sees."""
    if state.options.solo:
        return False
    totals = scores(state)
    options = state.options
    left = options.bird_tokens - len(state.placed[player])
    return totals[player] + options.top_points * left < max(totals)


def result_settled(state: IsleState, player: int) -> bool:
    """True once no decision can change ``player``'s result (``agents.heuristic.settled_for``):
    the game is ``settled``, or ``player`` is ``out_of_reach`` of a win. ISMCTS then plays
    greedy's move for the seat (module docstring)."""
    return settled(state) or out_of_reach(state, player)


def decided_leader(state: IsleState, totals: list[int]) -> int:
    """The seat that has won a game of 2-4 players whatever happens (module docstring), given
    every seat's points ``totals``: the sole leader of a game that is over, or one that no other
    seat can reach with its Bird tokens left at the deck's highest points each; -1 if none."""
    if len(totals) < 2:
        return -1
    best = max(totals)
    if totals.count(best) > 1:
        return -1
    leader = totals.index(best)
    if state.player == TERMINAL:
        return leader
    options = state.options
    top = options.top_points
    tokens = options.bird_tokens
    placed = state.placed
    for q in range(len(totals)):
        if q != leader and totals[q] + top * (tokens - len(placed[q])) >= best:
            return -1
    return leader


def pace(state: IsleState, player: int, totals: list[int]) -> float:
    """A decided game's term for ``player`` in points (module docstring), given every seat's
    points ``totals``: for the leader ``PACE`` x the Sand tiles gone from the supply, or once
    the end is certain ``END_BONUS + PACE`` x the Sand tiles in the box; the same for the seats
    tied at the top of a settled game; 0.0 for every other seat, in a game not decided, and in
    solo."""
    return _term(state, totals) if totals[player] == max(totals) else 0.0


def _term(state: IsleState, totals: list[int]) -> float:
    """``pace`` of the seats at the top (the others have none); 0.0 if none."""
    tied_and_settled = totals.count(max(totals)) > 1 and settled(state)
    if not tied_and_settled and decided_leader(state, totals) < 0:
        return 0.0
    sand = state.game.content.tiles[0]
    if state.player == TERMINAL or state.end_turn >= 0:
        return END_BONUS + PACE * sand
    return PACE * (sand - state.supply[0])


REVIEW_SOLO = ReviewThresholds(2.0, 4.0, 8.0)
"""The marks of a review of the solo game (``feathers review``, ``agents.review``): the
expected final score the decision lost against the search's best move, inaccuracy, mistake and
blunder from these on; a greedy solo season scores 35 to 55 points (stamina 1, seeds 1-3), so
2 points is a small slip and 8 a season's shape changed. With 2+ players a review uses the
common win-chance thresholds (``core.search.REVIEW_WIN_CHANCE``)."""


PROFILE = SearchProfile(
    evaluate=evaluate,
    evaluate_all=evaluate_all,
    scale=SEARCH_SCALE,
    prior=SEARCH_PRIOR,
    horizon=SEARCH_HORIZON,
    turn_c=SEARCH_TURN_C,
    solo_levels=SOLO_LEVELS,
    levels=LEVELS,
    actions_interned=ACTIONS_INTERNED,
    result_settled=result_settled,
    review_solo=REVIEW_SOLO,
)
"""What the Isle tells its computer players (``core.search.SearchProfile``; the registration's
``heuristic``). ``solo_levels`` and ``levels`` are ``SOLO_LEVELS`` and ``LEVELS`` themselves,
not copies."""
