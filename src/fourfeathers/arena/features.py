"""What each seat ended a game with, as labels, for "impact on winning" statistics.

``seat_features(game, record)`` reads a result record's ``final`` observations (see
``arena/results.py``) and returns, per seat, the set of labels that seat ended with (the cards
in a Featherlight hand, the animal types a Fancy Feathers player collected, the birds an Isle of
Feathers player placed), plus the labels that could have occurred in that game. A game without
an extractor here simply has no such section in reports; a game whose terminal observation lacks
the fields an extractor needs is skipped the same way (``None``).

Familiar Feat's level is a configuration option: reports compare it across configurations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.game import Game


@dataclass(frozen=True)
class SeatFeatures:
    """Labels per seat of one game.

    Attributes:
        kind: what the labels are, for titles (``"card in the final hand"``).
        seats: the labels each seat ended with.
        eligible: labels that could have occurred in this game (None: every label seen in any
            game of the group); a seat without an eligible label counts as "without" it.
        sort_key: orders labels in tables (e.g. card numbers numerically).
    """

    kind: str
    seats: list[frozenset[str]]
    eligible: frozenset[str] | None = None


Extractor = Callable[[Game, dict[str, Any]], SeatFeatures | None]

_EXTRACTORS: dict[str, Extractor] = {}


def extractor(game_id: str) -> Callable[[Extractor], Extractor]:
    """Register the feature extractor of ``game_id`` (a decorator)."""

    def register(fn: Extractor) -> Extractor:
        _EXTRACTORS[game_id] = fn
        return fn

    return register


def seat_observation(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """Seat ``seat``'s terminal observation from a record's ``final`` (empty if absent)."""
    final = record.get("final") or {}
    common = final.get("common") or {}
    seats = final.get("seats") or []
    mine = seats[seat] if seat < len(seats) else {}
    return {**common, **mine}


def seat_features(game: Game, record: dict[str, Any]) -> SeatFeatures | None:
    """The labels each seat of ``record`` ended with, or None if the game has no extractor or
    the record lacks what it needs."""
    fn = _EXTRACTORS.get(record["game"])
    if fn is None or not record.get("final"):
        return None
    try:
        return fn(game, record)
    except (KeyError, IndexError, TypeError, AttributeError, ValueError):
        return None


def card_label(number: int) -> str:
    """``7`` -> ``"card 07"`` (zero-padded so labels sort by number)."""
    return f"card {number:02d}"


@extractor("featherlight")
def _featherlight(game: Game, record: dict[str, Any]) -> SeatFeatures:
    """Featherlight: the five cards of each seat's final hand (``hand`` of its observation)."""
    seats = []
    for p in range(len(record["seats"])):
        hand = seat_observation(record, p)["hand"]
        seats.append(frozenset(card_label(int(c)) for c in hand))
    cards = game.components()
    return SeatFeatures(
        "card in the final hand",
        seats,
        frozenset(card_label(int(c)) for c in cards),  # type: ignore[call-overload]
    )


@extractor("fancy-feathers")
def _fancy_feathers(game: Game, record: dict[str, Any]) -> SeatFeatures:
    """Fancy Feathers: the animal types among each player's collected cards (``players[p].held``
    of the terminal observation; types named with ``game.type_title``); eligible: the six types
    of this game (``types``)."""
    common = seat_observation(record, 0)
    ctype = game.ctype  # type: ignore[attr-defined]
    title = game.type_title  # type: ignore[attr-defined]
    names = {t.name: t.title for t in game.cards.types}  # type: ignore[attr-defined]
    seats = [
        frozenset(title(ctype[card]) for card in player["held"]) for player in common["players"]
    ]
    eligible = frozenset(names.get(name, name) for name in common["types"])
    return SeatFeatures("animal type collected", seats, eligible)


@extractor("isle-of-feathers")
def _isle_of_feathers(game: Game, record: dict[str, Any]) -> SeatFeatures:
    """Isle of Feathers: the birds each player placed (``placed[p]`` of the terminal
    observation), named ``"07 Crested Auklet"`` from the content file; eligible: every bird."""
    common = seat_observation(record, 0)
    names = game.content.name  # type: ignore[attr-defined]

    def label(number: int) -> str:
        return f"{number:02d} {names[number]}"

    seats = [frozenset(label(int(b)) for b in placed) for placed in common["placed"]]
    return SeatFeatures("bird placed", seats, frozenset(label(n) for n in range(1, len(names))))
