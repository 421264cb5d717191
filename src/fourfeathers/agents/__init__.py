"""Computer players. Every agent plays every game through the same interface.

An agent decides for one seat from a ``SeatView``: the seat's observation, its legal actions and
``determinize(rng)`` (full states consistent with what the seat knows). It never sees the true
state, so no agent can cheat on hidden information.

>>> import fourfeathers
>>> from fourfeathers.agents import make_agent, view_for
>>> spec = fourfeathers.list_games()[0]
>>> state = fourfeathers.make(spec.id, **spec.configurations[0]).new_initial_state(seed=1)
>>> agent = make_agent("greedy", seed=1)
>>> agent.act(view_for(agent, state, state.current_player)) in state.legal_actions()
True
"""

from .base import (
    AGENTS,
    ALIASES,
    Agent,
    SeatView,
    make_agent,
    register_agent,
    reproducible,
    resolve_spec,
    view_for,
)
from .greedy import GreedyAgent
from .ismcts import IsmctsAgent
from .random_agent import RandomAgent

ALIASES.update(
    {
        "easy": "greedy",
        "medium": "ismcts:iterations=300:prior=2:horizon=0",
        "hard": "ismcts:seconds=1.0:iterations=3000",
    }
)
"""Difficulty levels for people (``--seats human,hard``). ``hard`` searches 3,000 iterations, or
for one second where the machine is slower (so not reproducible): the player the ladder measures
as ``ismcts:iterations=3000``, which more iterations did not make stronger everywhere
(docs/agents.md, "hard's horizon"); experiments use iteration budgets alone.
``medium`` states the search's defaults for the prior (2 virtual visits) and the horizon (none,
so no turn tree and no ``SEARCH_TURN_C`` either) so that a game whose ``SEARCH_PRIOR``,
``SEARCH_HORIZON`` or ``SEARCH_TURN_C`` suits a large budget (for ``hard``) keeps ``medium`` as
its ladder measured it (docs/agents.md, "hard's prior", "hard's horizon", "The turn tree's
exploration").
A game may play a level differently in its solo mode (``SOLO_LEVELS`` in its heuristic module,
``resolve_spec``; docs/agents.md, "The Isle's solo levels")."""

__all__ = [
    "AGENTS",
    "ALIASES",
    "Agent",
    "GreedyAgent",
    "IsmctsAgent",
    "RandomAgent",
    "SeatView",
    "make_agent",
    "register_agent",
    "reproducible",
    "resolve_spec",
    "view_for",
]
