"""Fancy Feathers heuristic for the greedy agent: projected score lead.

Each player's collection is projected one turn ahead: the cards they hold, plus the cards their
disc is sure to collect at the start of its next turn (a disc alone, or at the bottom of a stack,
on a card collects from just past the nearest disc behind it up to its own card), plus any
set-aside Traps about to be passed to them. Traps in a future collection are left out (they are
passed on), a Fox counts as itself. The value is the player's projected points minus the best
projected points among the others; once the game is over, the final score lead plus a bonus for
the win.
"""

from __future__ import annotations

from typing import cast

from ...core.game import State
from ...core.search import SearchProfile
from . import rules
from .scoring import NUM_TYPES, TRAP, collection_points
from .state import FancyFeathersState

WIN_BONUS = 1000.0


def _projected(state: FancyFeathersState) -> list[list[int]]:
    """Per player the cards held plus the cards of their next sure collection."""
    held = [h[:] for h in state.held]
    ctype = state.game.ctype
    order, pos = state.order, state.pos
    path, rear = state.path, state.rear
    last_behind = rear - 1  # the label up to which the discs behind have claimed the Path
    i = 0
    while i < len(order):
        label = pos[order[i]]
        j = i
        while j + 1 < len(order) and pos[order[j + 1]] == label:
            j += 1
        bottom = order[j]  # only the bottom disc of a stack collects later
        if label >= rear:
            for x in range(max(last_behind, rear - 1) + 1, label + 1):
                card = path[x - rear]
                if ctype[card] != TRAP:
                    held[bottom].append(card)
            last_behind = label
        i = j + 1
    if state.aside and state.phase == rules.PASS:
        to = rules.trap_recipient(state)
        if to >= 0:
            held[to] += state.aside
    return held


def evaluate(state: State, player: int) -> float:
    """Projected points of ``player`` minus the best projected points of another player."""
    if state.is_terminal():
        return _final(state, state.scores(), state.winners(), player)
    return _lead(_points(cast(FancyFeathersState, state)), player)


def evaluate_all(state: State) -> list[float]:
    """``evaluate(state, p)`` for every seat ``p``, a list in seat order, with each collection
    projected and scored once (ISMCTS values every seat of a leaf:
    ``agents.heuristic.values_for``)."""
    seats = range(state.game.num_players)
    if state.is_terminal():
        scores, winners = state.scores(), state.winners()
        return [_final(state, scores, winners, p) for p in seats]
    points = _points(cast(FancyFeathersState, state))
    return [_lead(points, p) for p in seats]


def _final(state: State, scores: list[int], winners: list[int], player: int) -> float:
    lead = scores[player] - max(s for p, s in enumerate(scores) if p != player)
    return lead + (WIN_BONUS if player in winners else 0.0)


def _lead(points: list[int], player: int) -> float:
    mine = points[player]
    return float(mine - max(s for p, s in enumerate(points) if p != player))


def _points(ff: FancyFeathersState) -> list[int]:
    """Every seat's projected points (``_projected``), seat order."""
    game = ff.game
    collections = _projected(ff)
    totals = [len(c) for c in collections]
    low = min(totals)
    ctype, cvalue = game.ctype, game.cvalue
    scorings = game.scorings
    points = []
    for cards, total in zip(collections, totals, strict=True):
        groups: list[list[int]] = [[] for _ in range(NUM_TYPES)]
        for c in cards:
            groups[ctype[c]].append(cvalue[c])
        points.append(collection_points(scorings, groups, total == low))
    return points


PROFILE = SearchProfile(evaluate=evaluate, evaluate_all=evaluate_all)
"""What Fancy Feathers tells its computer players (``core.search.SearchProfile``; the
registration's ``heuristic``): its values, every search setting at its default."""
