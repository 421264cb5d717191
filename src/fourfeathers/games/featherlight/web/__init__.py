"""Featherlight in the browser (``GameSpec.web``): ``view.js`` draws the table and
``view.css`` styles it; this module gives the lobby the variants, and the page the cards'
catalogue and what it derives from one observation.

Everything ``derive`` returns comes from the observation it is given (the hand, the whole nest
stacks, the public hand cards), so a seat learns nothing it does not already know.
"""

from __future__ import annotations

from typing import Any

from ..game import VARIANTS, FeatherlightGame
from ..scoring import COLOURS, explain_hand, hand_points

__all__ = ["VARIANTS", "catalogue", "derive"]


def catalogue(game: FeatherlightGame) -> dict[str, Any]:
    """The 70 cards: ``{"cards": {"1": {"colour", "wind", "text"}...}, "colours", "solo",
    "max_turns"}``; ``text`` is the card's scoring condition in our words (``Rule.text``) and
    ``wind`` its solo symbol (``up``: the wind card covers the highest exposed number, FL-108)."""
    cards = game.cards
    return {
        "cards": {
            str(n): {
                "colour": COLOURS[cards.colour[n]],
                "wind": "up" if cards.wind_up[n] else "down",
                "text": game.rules[n].text(),
            }
            for n in range(1, len(game.rules))
            if game.rules[n] is not None
        },
        "colours": list(COLOURS),
        "solo": game.solo,
        "max_turns": game.max_turns,
    }


def sheet(game: FeatherlightGame, hand: list[int], nest: list[list[int]]) -> dict[str, Any]:
    """A hand's points against the nest: ``{"total", "lines": [{"card", "item", "points",
    "why"}]}`` (FL-36; ``item`` is ``"23 (red)"``)."""
    lines = [
        {"card": x.card, "item": f"{x.card} ({x.colour})", "points": x.points, "why": x.reason}
        for x in explain_hand(game.rules, game.cards.colour, hand, nest)
    ]
    return {"total": sum(line["points"] for line in lines), "lines": lines}


def derive(game: FeatherlightGame, observation: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """From one observation (of ``seat``, or the public one when None):

    - ``hand``: the seat's hand scored now (``sheet``), card by card;
    - ``puts`` (the seat putting a card now): ``{card: [the hand's total after putting it on
      stack 1..6, or null where it may not go]}``, before any solo wind;
    - ``wind`` (solo): the stacks the next wind card would cover now: ``{"up": i, "down": j}``,
      the highest and the lowest exposed number (FL-108);
    - ``sheets`` (the game over): every seat's final hand scored.
    """
    nest = observation["nest"]
    out: dict[str, Any] = {}
    if seat is not None:
        hand = observation["hand"]
        out["hand"] = sheet(game, hand, nest)
        if observation["phase"] == "put" and observation["current_player"] == seat:
            out["puts"] = _puts(game, observation, hand, nest)
    tops = [s[-1] for s in nest if s]
    if game.solo and tops and observation["phase"] != "over":
        exposed = [s[-1] if s else None for s in nest]
        out["wind"] = {"up": exposed.index(max(tops)), "down": exposed.index(min(tops))}
    if observation["phase"] == "over":
        hands = [h["known"] for h in observation["hands"]]
        out["sheets"] = [{"seat": q, **sheet(game, h, nest)} for q, h in enumerate(hands)]
    return out


def _puts(
    game: FeatherlightGame, observation: dict[str, Any], hand: list[int], nest: list[list[int]]
) -> dict[str, list[int | None]]:
    taken, source = observation["taken"], observation["taken_from"]
    gap = source >= 0 and not nest[source]
    puts: dict[str, list[int | None]] = {}
    for card in hand:
        if card == taken:  # FL-26
            continue
        rest = [c for c in hand if c != card]
        row: list[int | None] = []
        for s in range(len(nest)):
            if (gap and s != source) or (game.no_put_back and taken and s == source):
                row.append(None)  # FL-27, ruling FL-R11
                continue
            after = [stack + [card] if i == s else stack for i, stack in enumerate(nest)]
            row.append(hand_points(game.rules, game.cards.colour, rest, after))
        puts[str(card)] = row
    return puts
