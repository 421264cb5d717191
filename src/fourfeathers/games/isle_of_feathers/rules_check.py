"""Isle of Feathers' sound positions: what makes a state read from data (``state_from_dict``)
one that no game can reach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import TERMINAL
from .actions import cell_text
from .content import ABILITIES, FLIT, FLOCK, MAX_FLIGHT_PATH, NUM_BIRDS
from .rules_phases import (
    ABILITY,
    ACTIONS_PER_TURN,
    DRAW,
    END_REASONS,
    MAIN,
    MAX_TURN_ACTIONS,
    PHASES,
    PLANT,
    PLAYING,
    RELEASE,
    is_last_turn,
)
from .rules_solo import stamina_cap

if TYPE_CHECKING:
    from .state import IsleState


def check_state(state: IsleState) -> str | None:
    """What makes ``state`` a position no game can reach, or None if it is sound.

    Checks that every bird card lies in exactly one place and every tile, Vegetation, Ability
    and Bird token is accounted for (IS-82), the seat, phase and pending fields, every count by
    what a rule can make of it (draws and blind draws owed, actions left and taken, the turn
    and the endgame's last turn: ``max_actions_left``, ``MAX_DRAWS_OWED``, ruling IS-R27), and
    that the knowledge fields are consistent with the hands and the Draw pile, no card twice.
    """
    for check in (_check_cards, _check_land, _check_tokens, _check_birds, _check_turn):
        problem = check(state)
        if problem:
            return problem
    return _check_knowledge(state)


def _check_cards(state: IsleState) -> str | None:
    """Every bird card in exactly one place; the solo-only piles (IS-82)."""
    game = state.game
    cards = [c for group in (*state.hands, *state.placed) for c in group]
    cards += [c for c in state.path if c] + state.draw + state.discard
    cards += state.migration + state.box
    if sorted(cards) != list(range(1, NUM_BIRDS + 1)):
        return f"every bird 1-{NUM_BIRDS} must lie in exactly one place"
    if len(state.path) != game.content.flight_path:
        return f"path must have {game.content.flight_path} slots"
    if not game.solo and (state.migration or state.box or state.stamina):
        return "only a solo game has a Migration pile, a box and a Stamina pool"
    return None


def _check_land(state: IsleState) -> str | None:
    """Tiles and Vegetation on the island and in the supply add up to the box's (IS-82)."""
    content = state.game.content
    used = [0, 0, 0]
    for k, c in state.cells.items():
        if c < 1:
            return f"cell {cell_text(k)} holds nothing and must be left out"
        h = c >> 1
        if h:
            used[0] += 1
            used[1] += h >= 2
            used[2] += max(0, h - 2)
    for kind, name in enumerate(("sand", "grass", "cliff")):
        if state.supply[kind] < 0 or state.supply[kind] + used[kind] != content.tiles[kind]:
            return f"{name} tiles on the island and in the supply must total {content.tiles[kind]}"
    vegs = sum(c & 1 for c in state.cells.values())
    if state.veg_supply < 0 or vegs + state.veg_supply != content.vegetation:
        return f"Vegetation on the island and in the supply must total {content.vegetation}"
    return None


def _check_tokens(state: IsleState) -> str | None:
    """Ability tokens held, in the Stamina pool and in the supply add up to the box's (IS-82)."""
    game = state.game
    content = game.content
    for kind in range(len(ABILITIES)):
        held = sum(t[kind] for t in state.tokens) + (state.stamina if kind == FLIT else 0)
        if min(t[kind] for t in state.tokens) < 0 or state.token_supply[kind] < 0:
            return "token counts must not be negative"
        if held + state.token_supply[kind] != content.ability_tokens[kind]:
            return f"{ABILITIES[kind]} tokens must total {content.ability_tokens[kind]}"
    if state.stamina < 0 or (
        game.stamina is not None and state.stamina > stamina_cap(game.stamina)
    ):
        return "stamina must be between 0 and the level's cap"
    return None


def _check_birds(state: IsleState) -> str | None:
    """Bird tokens on the island match each seat's placed birds (IS-82)."""
    n = state.game.num_players
    on_board = [0] * n
    for k, owners in state.birds.items():
        if not owners:
            return f"birds on {cell_text(k)} must list at least one seat"
        for o in owners:
            if not 0 <= o < n:
                return f"a bird on {cell_text(k)} belongs to no seat"
            on_board[o] += 1
    for p in range(n):
        if on_board[p] != len(state.placed[p]) or on_board[p] > state.options.bird_tokens:
            return f"seat {p}'s bird tokens on the island must match its placed birds"
    return None


def _check_turn(state: IsleState) -> str | None:
    """The seat, the phase and the pending fields of the step it is in."""
    game = state.game
    n = game.num_players
    if not (state.player == TERMINAL or 0 <= state.player < n) or not 0 <= state.starter < n:
        return f"player and starter must be seats 0-{n - 1} (or {TERMINAL} when over)"
    if state.phase not in range(len(PHASES)) or (state.player == TERMINAL and state.phase != MAIN):
        return "phase must be 0-4, and 0 once the game is over"
    if state.phase == ABILITY and state.pending not in range(len(ABILITIES)):
        return "pending must name an ability during the ability step"
    if state.phase != ABILITY and (state.pending != -1 or state.pending_card):
        return "pending and pending_card are set only during the ability step"
    if state.phase == ABILITY and (
        state.pending_card not in state.discard
        or game.content.ability[state.pending_card] != state.pending
    ):
        return "pending_card must be the discarded bird whose ability is pending"
    if (state.phase == PLANT) != (state.replant_from != -1):
        return "replant_from is set exactly during the plant step"
    if state.phase == PLANT and not state.cells.get(state.replant_from, 0) & 1:
        return "replant_from must hold Vegetation"
    if state.phase == RELEASE and not game.solo:
        return "only a solo game has a release step"
    if state.draws < 0 or state.blind_draws < 0 or (state.phase == DRAW and not state.draws):
        return "draws must be >= 0, and positive during the draw step"
    if state.phase in (MAIN, RELEASE) and (state.draws or state.blind_draws):
        return "draws are owed only during the draw, ability and plant steps"
    if state.draws > MAX_DRAWS_OWED:
        return f"draws owed must be at most {MAX_DRAWS_OWED} (a discard and a Flock, IS-38, IS-47)"
    blind_step = state.options.discard_draws_blind and state.phase in (ABILITY, PLANT)
    if state.blind_draws and not blind_step:
        return (
            "blind_draws is owed only with variant discard-draws-blind, while the discarded "
            "bird's ability is used (ability or plant step)"
        )
    if state.blind_draws > 1:
        return "blind_draws must be 0 or 1: one discard owes one blind draw (discard-draws-blind)"
    if min(state.turn, state.turn_actions, state.reshuffles, state.actions_left) < 0:
        return "turn, actions_left, turn_actions and reshuffles must be >= 0"
    if state.reshuffles and state.options.solo:
        return "reshuffles must be 0 in solo: the Discard pile is never shuffled back (IS-77)"
    most_reshuffles = (state.turn + 1) * MAX_RESHUFFLES_PER_TURN
    if state.reshuffles > most_reshuffles:
        return (
            f"reshuffles must be at most {most_reshuffles} in turn {state.turn}: the Draw pile is "
            f"reshuffled only when a card is drawn from it empty (IS-45), at most "
            f"{MAX_RESHUFFLES_PER_TURN} times a turn (ruling IS-R27)"
        )
    if state.turn_actions > MAX_TURN_ACTIONS:
        return f"turn_actions must be at most {MAX_TURN_ACTIONS}: a turn's most (ruling IS-R27)"
    most = max_actions_left(state)
    if state.actions_left > most:
        return f"actions_left must be at most {most}: what Flit can add to a turn (IS-10, IS-63)"
    cap = state.options.max_turns
    if cap and state.turn >= cap:
        return f"turn must be below the turn limit {cap} (ruling IS-R27)"
    if state.end_turn < -1 or (
        state.player != TERMINAL
        and state.end_turn >= 0
        and not state.turn <= state.end_turn <= state.turn + game.num_players - 1
    ):
        return (
            "end_turn must be -1, or while the game goes on a turn from this one to a round "
            "after it (IS-64, IS-65)"
        )
    if state.phase == RELEASE and (not state.hands[0] or is_last_turn(state)):
        return (
            "the release step follows a solo turn that is not the season's last, with a card "
            "in hand (IS-70, IS-76)"
        )
    if game.solo and state.player != TERMINAL and state.phase == MAIN and not state.hands[0]:
        return "a solo hand emptied in the main step ends the season: a perfect season (IS-79)"
    if state.options.end_on_empty_draw and state.player != TERMINAL and not state.draw:
        return "variant solo-end-on-empty-draw: the season ended when the Draw pile emptied"
    if state.end_reason not in range(len(END_REASONS)) or (
        (state.end_reason != PLAYING) != (state.player == TERMINAL)
    ):
        return "end_reason is set exactly when the game is over"
    return None


MAX_DRAWS_OWED = 2
"""The most Flight Path draws a position can owe: one for a discard (IS-47) and one for a bird
the discarded Flock bird's ability places (IS-38); any other draw is taken before the next
decision (``rules_turn._settle``)."""


MAX_RESHUFFLES_PER_TURN = MAX_TURN_ACTIONS * (MAX_DRAWS_OWED + 1) * (MAX_FLIGHT_PATH + 2)
"""More reshuffles (IS-45) than a turn can make, generously: a reshuffle happens only when a card
is drawn from an empty Draw pile and then puts a card in it, so a turn makes at most as many as
it draws cards. A turn has at most ``MAX_TURN_ACTIONS`` actions (ruling IS-R27), each owing at
most ``MAX_DRAWS_OWED`` Flight Path draws and one blind draw; a Flight Path draw draws at most
one card blind and refills at most every Flight Path space (``MAX_FLIGHT_PATH``)."""


def max_actions_left(state: IsleState) -> int:
    """The most actions a turn can have left (``actions_left``).

    A turn starts with two (IS-10); an action spends one, and only Flit gives one back: a Flit
    token (every one of the game's, IS-63) or a solo Stamina token (IS-73, the same tokens,
    ruling IS-R26). A token spent goes to the supply and comes back only with a placed bird
    (IS-37), which costs an action unless Flock places it, and Flock tokens come back the same
    way. In solo a placement also refills the Stamina pool, by at most the level's cap (IS-75),
    at most once per action of the turn (ruling IS-R27) or Flock token.
    """
    tokens = state.game.content.ability_tokens
    most = ACTIONS_PER_TURN + tokens[FLIT] + tokens[FLOCK]
    level = state.game.stamina
    if level is not None:
        most += stamina_cap(level) * (MAX_TURN_ACTIONS + tokens[FLOCK])
    return most


def _check_knowledge(state: IsleState) -> str | None:
    """The knowledge fields agree with the hands and the Draw pile (ruling IS-R29)."""
    n = state.game.num_players
    if len(state.known) != n or any(len(row) != n for row in state.known):
        return "known must be an n x n table of card lists"
    for p in range(n):
        if state.known[p][p]:
            return "known[p][p] must be empty"
        for q in range(n):
            if any(c not in state.hands[q] for c in state.known[p][q]):
                return f"known[{p}][{q}] lists a card that is not in hand {q}"
            if len(set(state.known[p][q])) != len(state.known[p][q]):
                return f"known[{p}][{q}] lists a card twice"
        if len(set(state.public_known[p])) != len(state.public_known[p]):
            return f"public_known[{p}] lists a card twice"
        if len(set(state.gone[p])) != len(state.gone[p]):
            return f"gone[{p}] lists a card twice"
        if any(c not in state.hands[p] for c in state.public_known[p]):
            return f"public_known[{p}] lists a card that is not in hand {p}"
        for q in range(n):
            if q != p and any(c not in state.known[q][p] for c in state.public_known[p]):
                return f"public_known[{p}] must be known to every other seat"
    pool = set(state.pool)
    if len(pool) != len(state.pool) or not set(state.draw) <= pool:
        return "pool must hold every Draw pile card once"
    if state.pool != sorted(pool):  # as every position of a game has it (rules_knowledge)
        return "pool must be sorted"
    for p in range(n):
        if not set(state.gone[p]) <= pool or set(state.gone[p]) & set(state.draw):
            return f"gone[{p}] must be pool cards that are not in the Draw pile"
    return None
