"""Featherlight in the browser (``GameSpec.web``): ``view.js`` draws the table and
``view.css`` styles it; this module gives the lobby the variants, and the page the cards'
catalogue and what it derives from one observation.

Everything ``derive`` returns comes from the observation it is given (the hand, the whole nest
stacks, the public hand cards), so a seat learns nothing it does not already know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from ..game import VARIANTS, FeatherlightGame
from ..scoring import COLOURS, Flat, Rule, Table, explain_hand

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
                "text": rule.text(),
            }
            for n, rule in enumerate(game.rules[1:], 1)
            if rule is not None
        },
        "colours": list(COLOURS),
        "solo": game.solo,
        "max_turns": game.max_turns,
    }


def sheet(
    game: FeatherlightGame, hand: list[int], nest: list[list[int]], items: bool = True
) -> dict[str, Any]:
    """A hand's points against the nest: ``{"total", "lines": [{"card", "item", "points",
    "why"}]}`` (FL-36; ``item`` is ``"23 (red)"``, left out when ``items`` is False)."""
    lines = []
    for x in explain_hand(game.rules, game.cards.colour, hand, nest):
        line: dict[str, Any] = {"card": x.card, "points": x.points, "why": x.reason}
        if items:
            line["item"] = f"{x.card} ({x.colour})"
        lines.append(line)
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
        out["hand"] = sheet(game, hand, nest, items=False)
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
    """``derive``'s ``puts``. Only the exposed colours and the tallest height count (FL-37,
    ruling FL-R06), so stacks alike in both give the same total: each is counted once; and
    cards that look at the hand alone score the same wherever the card goes."""
    taken, source = observation["taken"], observation["taken_from"]
    gap = source >= 0 and not nest[source]
    # Only index 0 (no card has that number) holds None.
    rules, colour = cast("Sequence[Rule]", game.rules), game.cards.colour
    tops = [colour[s[-1]] if s else -1 for s in nest]
    heights = [len(s) for s in nest]
    tallest = max(heights)
    hand_only = {c: _hand_only(rules[c]) for c in hand}
    puts: dict[str, list[int | None]] = {}
    for card in hand:
        if card == taken:  # FL-26
            continue
        rest = [c for c in hand if c != card]
        table = Table([colour[c] for c in rest], [t for t in tops if t >= 0], tallest)
        hand_counts, nest_counts = table.counts["hand"], table.counts["nest"]
        fixed = sum(rules[c].points(table, colour[c]) for c in rest if hand_only[c])
        moving = [(rules[c].points, colour[c]) for c in rest if not hand_only[c]]
        seen: dict[tuple[int, int], int] = {}
        row: list[int | None] = []
        for s in range(len(nest)):
            if s != source if gap else game.no_put_back and taken and s == source:
                row.append(None)  # FL-27, ruling FL-R11
                continue
            key = (tops[s], max(tallest, heights[s] + 1))
            if key not in seen:
                after = nest_counts[:]
                if tops[s] >= 0:
                    after[tops[s]] -= 1
                after[colour[card]] += 1
                table.counts["nest"] = after
                table.counts["both"] = [a + b for a, b in zip(hand_counts, after, strict=True)]
                table.tallest = key[1]
                seen[key] = fixed + sum(points(table, c) for points, c in moving)
            row.append(seen[key])
        puts[str(card)] = row
    return puts


def _hand_only(rule: Rule) -> bool:
    """True for a scoring rule that looks at the hand alone (its points do not depend on the
    nest): a flat score, or a scope of ``hand``."""
    return isinstance(rule, Flat) or getattr(rule, "scope", None) == "hand"
