"""States to search from, shared by the search tests: reached by random playouts from fixed
seeds, so every run (and both builds) searches the same positions."""

from __future__ import annotations

import random

from fourfeathers import make


def positions(game_id: str, config: dict, count: int, longest: int = 40) -> list:
    """``count`` states with three or more legal actions: deal ``i`` (seeds 0, 1, ...) played
    for 5 to ``longest - 1`` random actions (one ``random.Random(0)`` for all), skipping the
    deals that end or leave two actions or fewer."""
    rng = random.Random(0)
    game = make(game_id, **config)
    found = []
    seed = 0
    while len(found) < count:
        state = game.new_initial_state(seed)
        seed += 1
        for _ in range(rng.randrange(5, longest)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal() and len(state.legal_actions()) > 2:
            found.append(state)
    return found
