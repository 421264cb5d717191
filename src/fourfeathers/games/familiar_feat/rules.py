"""Familiar Feat's rules, the entry point: setup (``deal``), ``legal_actions`` and
``apply_action``. The rules' parts live beside it: ``rules_phases`` (the phases of the day, the
result, the pending frames and their prompts), ``rules_totals`` (totals, Strength and the card
limit), ``rules_cards`` (exhausting, fleeing, reviving, entering play), ``rules_events``
(Events), ``rules_resolve`` (reaching Strength and resolving a Creature), ``rules_deck`` (the
Creature and Team decks), ``rules_choices`` (the choices of each pending frame), ``rules_day``
(the day and night flow, ``advance``) and ``rules_check`` (sound positions); the action objects
and their text form are in ``actions``.

Rule ids (``FA-nn``) refer to ``docs/rules/familiar-feat.md``; rulings
(``FA-Rnn``) to ``docs/rulings/familiar-feat.md``. Cards are numbers (see ``content.py``); their
values, effects and abilities are data read from the game's ``CardSet``.

Decisions (actions), all of them player choices the rules give (FA-33, FA-46, FA-47, ...):

- ``attach C to S``: attach hand card C beneath the Creature in row slot S (1-5, slot 1 is the
  one nearest the Creature deck) (FA-33..FA-38);
- ``choose C``: pick card C when a pending effect asks for a card: which Familiar to exhaust,
  flee, move or play, which Creature resolves next, which Monster or Event to use...;
- ``slot S``: pick the Creature in row slot S as the destination of a Move or of a revived
  Familiar that is played.

Everything else runs by itself between decisions (``advance``): drawing, checking Strength,
resolving effect steps, the end of the day, fleeing when only one card can flee, the night, the
next morning's refill and Events. A choice with a single option is taken automatically
(ruling FA-R05). Pending effects are explicit state: ``state.pending`` is a stack of frames
(tuples of ints, top = last), ``state.reached`` the queue of Creatures whose Strength was reached
(FA-66), ``state.limbo`` the revived cards of "revive 2, then play 1" awaiting the choice.
"""

from __future__ import annotations

from _random import Random as BareRandom
from typing import TYPE_CHECKING, Any

from ...core.config import is_int
from ...core.errors import IllegalActionError
from ...core.rng import check_seed, derive_seed
from ...core.shuffle import choice
from .actions import Attach, Choose, Place
from .content import NUM_CARDS, ROW
from .rules_cards import _name, enter_play
from .rules_choices import frame_apply, frame_options
from .rules_day import advance, attach_options
from .rules_deck import _lay_out
from .rules_phases import (
    F_BREATH,
    F_DISCARD,
    F_EXHAUST,
    F_FLEE,
    F_GIVEUP,
    F_HIGHEST,
    F_PICK,
    ONGOING,
    PH_ATTACH,
    PH_SETUP,
    WON,
    _frame_rule,
    pending_prompt,
)
from .rules_totals import can_attach

if TYPE_CHECKING:
    from .game import FamiliarFeatGame
    from .state import FamiliarFeatState


# ``seed: object``, checked here: compiled (setup.py), an int parameter would refuse a str
# with a TypeError and turn True into 1 before ``check_seed`` could refuse them.
def deal(game: FamiliarFeatGame, seed: object) -> dict[str, Any]:
    """Set up a new adventure at ``game.level`` (FA-05..FA-25, FA-07 at random).

    Returns the fields of a ``FamiliarFeatState``. With variant ``choose-cards`` the Monsters
    and Events are picked by the player first (phase ``setup``, ruling FA-R03). Raises
    ``ValueError`` unless ``seed`` is an int in ``[0, 2**63)`` (``core.rng.check_seed``).
    """
    start = check_seed(seed)
    character = game.character
    fields: dict[str, Any] = {
        "deck": [],
        "row": [0] * ROW,
        "cols": [[] for _ in range(ROW)],
        "since": [0] * ROW,
        "hand": [],
        "team": [],
        "discard": [],
        "fd": [],
        "fu": [],
        "fled": [],
        "driven": [],
        "box": [],
        "character": character,
        "chosen": [],
        "events_pending": [],
        "active": [],
        "limbo": [],
        "pending": [],
        "reached": [],
        "groups": [],
        "latched": [],
        "stamp": 0,
        "phase": PH_SETUP,
        "day": 1,
        "seed": derive_seed(start, "play"),
        "shuffles": 0,
        "result": ONGOING,
    }
    if game.choose_cards and game.level > 1:  # every card waits in the box for the picks
        fields["box"] = [n for n in range(1, NUM_CARDS + 1) if n not in (character, 80)]
        fields["pending"] = [(F_PICK,)]
        return fields  # no generator: the deck is shuffled after the picks (_finish_picks)
    rng = BareRandom(start)  # make_rng(start)'s numbers (core/shuffle.py)
    monsters = sorted(choice(rng, game.monster_sets))
    events = sorted(choice(rng, game.event_sets))
    _lay_out(game, fields, monsters, events, rng)
    return fields


def legal_actions(state: FamiliarFeatState) -> list[Any]:
    """The player's legal actions in a stable order (empty once the adventure is over)."""
    legal = state.legal
    if legal is not None:  # found by advance when it stopped at this decision
        return list(legal)
    if state.result != ONGOING:
        return []
    if state.pending:
        return frame_options(state, state.pending[-1])
    if state.phase == PH_ATTACH:
        return list(attach_options(state)[0])
    return []  # pragma: no cover - advance always stops at a decision


def apply_action(state: FamiliarFeatState, action: Any) -> None:
    """Apply ``action``; raises ``IllegalActionError`` naming the rule, leaving the state as it
    was (every check happens before anything changes)."""
    legal = state.legal
    if legal is None or not _prebuilt(action, legal):
        _check_action(state, action)
    if state.pending:
        frame = state.pending[-1]
        log = state.log
        if log is None:
            frame_apply(state, frame, action)
        else:
            mark = len(log)
            frame_apply(state, frame, action)
            told = frame[0] in _TOLD_BY_ACTION and len(log) > mark
            if told and log[mark].startswith(_name(state, action.card)):
                del log[mark]  # describe_action already says it
    else:
        card = action.card
        state.hand.remove(card)
        enter_play(state, action.slot, card)
    advance(state)


def _prebuilt(action: Any, legal: tuple[Any, ...]) -> bool:
    """Whether ``action`` is one of the prebuilt legal actions ``legal`` itself (``state.legal``
    is set only while the adventure goes on, and its actions have int fields): the fast path of
    ``apply_action``, which then needs no other check."""
    for a in legal:  # noqa: SIM110 - a loop, not ``any`` over a generator: a hot path
        if a is action:
            return True
    return False


def _check_action(state: FamiliarFeatState, action: Any) -> None:
    """Raise ``IllegalActionError`` naming the rule unless ``action`` may be applied now: the
    adventure goes on (FA-89, FA-90), ``action`` is an action object with int fields, and it
    is legal."""
    if state.result != ONGOING:
        rule = "FA-89" if state.result == WON else "FA-90"
        raise IllegalActionError(f"{action}: the adventure is over", rule)
    kind = type(action)  # exact ints first
    if kind is Attach:
        card, slot = action.card, action.slot
        if not ((type(card) is int and type(slot) is int) or (is_int(card) and is_int(slot))):
            raise IllegalActionError(f"{action!r}: card and slot must be integers", "FA-33")
    elif kind is Choose:
        if not (type(action.card) is int or is_int(action.card)):
            raise IllegalActionError(f"{action!r}: card must be an integer", "FA-41")
    elif kind is Place:
        if not (type(action.slot) is int or is_int(action.slot)):
            raise IllegalActionError(f"{action!r}: slot must be an integer", "FA-21")
    else:
        raise IllegalActionError(
            f"{action!r} is not a Familiar Feat action object (turn text into one with "
            "parse_action)"
        )
    legal = state.legal
    if legal is None or not _listed(action, legal):
        _check_legal(state, kind, action)


def _listed(action: Any, legal: tuple[Any, ...]) -> bool:
    """Whether ``action`` is one of ``legal``: the prebuilt object itself (no ``__eq__`` call),
    or an equal one built anew (its fields are ints, so equal means the same action)."""
    for a in legal:
        if a is action:
            return True
    return action in legal


def _check_legal(state: FamiliarFeatState, kind: type, action: Any) -> None:
    """Raise ``IllegalActionError`` naming the rule unless ``action`` is legal now."""
    if state.pending:
        frame = state.pending[-1]
        if kind is Attach:
            raise IllegalActionError(
                f"{action}: first finish the pending choice ({pending_prompt(state)})", "FA-41"
            )
        if action not in frame_options(state, frame):
            raise IllegalActionError(
                f"{action}: not a choice here; {pending_prompt(state)}", _frame_rule(frame[0])
            )
        return
    if kind is not Attach:
        raise IllegalActionError(
            f"{action}: nothing to choose now; attach the card in hand", "FA-33"
        )
    card, slot = action.card, action.slot
    if card not in state.hand:
        raise IllegalActionError(f"{action}: card {card} is not in your hand", "FA-34")
    if not 0 <= slot < ROW or not state.row[slot]:
        raise IllegalActionError(f"{action}: there is no Creature in slot {slot + 1}", "FA-38")
    if not can_attach(state, slot, card):
        raise IllegalActionError(
            f"{action}: the Creature in slot {slot + 1} holds its limit of attached cards",
            "FA-37",
        )


_TOLD_BY_ACTION = frozenset({F_EXHAUST, F_FLEE, F_HIGHEST, F_DISCARD, F_GIVEUP, F_BREATH, F_PICK})
"""Frames whose chosen card's fate is the action's own description (not repeated as outcome)."""
