"""Build Fancy Feathers positions from card names, for tests.

Cards are written as the score command's tokens: ``"nest"``, ``"golden-pheasant:3"``. Labels are
those of docs/rules/fancy-feathers.md (``c1``, ``c2``...): the Path's rear card has label
``rear`` (1 by default).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from fourfeathers.games.fancy_feathers import rules
from fourfeathers.games.fancy_feathers.scoring import NUM_TYPES, TYPES
from fourfeathers.games.fancy_feathers.state import FancyFeathersState


def kind(token: str) -> tuple[int, int]:
    """``"golden-pheasant:3"`` -> ``(0, 3)``; ``"nest"`` -> ``(6, 0)``."""
    name, _, value = token.partition(":")
    return TYPES.index(name), int(value or 0)


def names(game, cards: Iterable[int]) -> list[str]:
    """Card ids -> tokens (``"nest"``, ``"golden-pheasant:3"``)."""
    out = []
    for c in cards:
        name = TYPES[game.ctype[c]]
        value = game.cvalue[c]
        out.append(f"{name}:{value}" if value else name)
    return out


def position(
    game,
    *,
    path: Sequence[str],
    discs: Sequence[tuple[int, int]],
    stack: Sequence[str] = (),
    held: Mapping[int, Sequence[str]] | None = None,
    left: Sequence[int] = (),
    types: Sequence[str] | None = None,
    rear: int = 1,
    begin: bool = True,
):
    """A position at the start of the turn of the disc furthest behind.

    ``discs``: ``(seat, label)`` from the disc furthest behind forward, top disc first within a
    stack (label 0 = start). ``stack``: the draw stack, top card first. ``held``: collections.
    ``left``: seats that have left, in order. Every other card of the chosen types goes to the
    box. With ``begin`` the turn begins (Step 1 is done), as after the previous player's move.
    """
    held = held or {}
    tokens = list(path) + list(stack) + [t for cards in held.values() for t in cards]
    used = sorted({kind(t)[0] for t in tokens} | {TYPES.index(t) for t in types or ()})
    for t in range(NUM_TYPES):
        if len(used) >= rules.TYPES_IN_PLAY:
            break
        if t not in used:
            used.append(t)
    used.sort()
    assert len(used) == rules.TYPES_IN_PLAY, f"more than six types: {used}"
    free = {t: list(game.type_cards[t]) for t in used}

    def take(token: str) -> int:
        t, v = kind(token)
        for c in free[t]:
            if game.cvalue[c] == v:
                free[t].remove(c)
                return c
        raise AssertionError(f"no {token} card left")

    n = game.num_players
    path_cards = [take(t) for t in path]
    stack_cards = [take(t) for t in stack][::-1]  # the top is the last element
    collections = [[take(t) for t in held.get(p, ())] for p in range(n)]
    pos = [rules.LEFT] * n
    for seat, label in discs:
        pos[seat] = label
    order = [seat for seat, _ in discs]
    data = {
        "types": used,
        "order": order,
        "pos": pos,
        "left": list(left),
        "path": path_cards,
        "rear": rear,
        "stack": stack_cards,
        "box": sorted(c for t in used for c in free[t]),
        "held": collections,
        "foxed": [[] for _ in range(n)],
        "log": [list(h) for h in collections],
        "aside": [],
        "phase": rules.MOVE,
        "mover": order[0],
        "upto": 0,
        "fox": -1,
        "turn": 0,
    }
    if not begin:
        return game.state_from_dict(data)
    # Before Step 1 a disc alone on a card has not collected yet: no position of a game (the
    # previous move's begin_turn collects at once), so the data is checked once it has.
    state = FancyFeathersState(game, data)
    rules.begin_turn(state)
    return game.state_from_dict(state.to_dict())


def fox_choice(game):
    """Seat 0 holds two Peacocks and a Nest and collects a Fox from c1: it must choose the card
    it loses (FF-37); seat 1's disc is on c3."""
    state = position(
        game,
        path=["fox", "blood-pheasant", "green-pheasant", "nest", "nest"],
        discs=[(0, 1), (1, 3)],
        held={0: ["peacock", "peacock", "nest"]},
        stack=["trap", "fox", "green-pheasant", "blood-pheasant"],
    )
    assert state.phase == rules.FOX_CHOICE and state.mover == 0
    return state
