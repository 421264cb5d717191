"""Fancy Feathers in the browser (``GameSpec.web``): ``view.js`` draws the table and
``view.css`` styles it; this module gives the lobby the variants and the animal types, and the
page the cards' catalogue and what it derives from one observation.

Everything ``derive`` returns comes from the observation it is given: the Path, the discs,
the counts, what everyone saw each seat collect (ruling FF-R14) and the seat's own collection.
"""

from __future__ import annotations

from typing import Any

from ....core.rulebook import plain_words
from ..game import VARIANTS, FancyFeathersGame
from ..rules import after_fox, fox_answers
from ..scoring import TYPES, collection_points, explain_collection, fewest_flags, values_by_type

__all__ = ["FIELDS", "VARIANTS", "catalogue", "derive"]

FIELDS: dict[str, dict[str, Any]] = {
    "types": {"help": "first-game, random, or six of: " + ", ".join(TYPES)}
}
"""The lobby's types field names every type (its choices, the two keywords offered and six names
typed in allowed, are the ``--types`` option's: ``cli.OPTIONS``)."""


def catalogue(game: FancyFeathersGame) -> dict[str, Any]:
    """``{"types": {name: {"title", "short", "text", "rules", "values", "count"}}, "cards": {id:
    [type name, printed value]}, "in_play": null}``: every animal type with its scoring in words
    for players (``text``; the rule ids its note names in ``rules``), whether its cards print a
    value, and how many cards of it the game has (one set per player, FF-09); and every card's
    type and value."""
    counts = [len(cards) for cards in game.type_cards]
    return {
        "types": {
            t.name: {
                "title": t.title,
                "short": t.short,
                "text": plain_words(t.note)[0],
                "rules": plain_words(t.note)[1],
                "values": t.has_values,
                "count": counts[t.index],
            }
            for t in game.cards.types
        },
        "cards": {str(c): [TYPES[game.ctype[c]], game.cvalue[c]] for c in range(len(game.ctype))},
    }


def sheet(game: FancyFeathersGame, cards: list[int], fewest: bool) -> dict[str, Any]:
    """A collection's points: ``{"total", "lines": [{"type", "item", "points", "why"}]}``,
    one line per type held (FF-52..FF-65). The server asks this of every seat's collection
    after every event, and a collection seldom changes: answers are kept per game, cards and
    ``fewest`` (do not change the dictionary returned)."""
    key = (id(game), tuple(cards), fewest)
    kept = _SHEETS.get(key)
    if kept is not None and kept[0] is game:
        return kept[1]
    made = _sheet(game, cards, fewest)
    if len(_SHEETS) >= 4096:
        _SHEETS.clear()
    _SHEETS[key] = (game, made)
    return made


_SHEETS: dict[tuple[int, tuple[int, ...], bool], tuple[FancyFeathersGame, dict[str, Any]]] = {}


def _sheet(game: FancyFeathersGame, cards: list[int], fewest: bool) -> dict[str, Any]:
    groups = values_by_type(game.ctype, game.cvalue, cards)
    lines = []
    for line in explain_collection(game.scorings, groups, fewest):
        kind = game.cards.types[line.type]
        values = sorted(v for v in groups[line.type] if v)
        item = f"{line.count} {kind.title}" + (
            f" ({', '.join(map(str, values))})" if values else ""
        )
        lines.append({"type": kind.name, "item": item, "points": line.points, "why": line.reason})
    return {"total": sum(line["points"] for line in lines), "lines": lines}


def derive(
    game: FancyFeathersGame, observation: dict[str, Any], seat: int | None
) -> dict[str, Any]:
    """From one observation: the public one (``seat`` None) gives what every recipient shares,
    a seat's own gives only what is its own (the server computes each once per event):

    - public: ``seats``, per seat what everyone knows of its collection: ``seen`` (the cards
      everyone saw it collect or receive, less the set-aside Traps it was seen to lose),
      ``hidden_losses`` (cards lost to a Fox without saying which), ``known`` (nothing lost
      unseen, or the game is over) and ``points``, those of the cards seen; ``unseen``,
      per type in play its cards nobody has seen yet (in the stack or removed); once the game
      is over ``sheets``, every seat's final points type by type;
    - a seat's own: ``own``, the ``sheet`` of its whole collection now, and while it answers a
      Fox, ``fox``: the points each answer leaves, by action text.
    """
    players = observation["players"]
    totals = [p["count"] for p in players]
    fewest = fewest_flags(totals)
    if seat is not None:
        held = players[seat]["held"]
        out: dict[str, Any] = {"own": sheet(game, held, fewest[seat])}
        if observation["phase"] == "fox" and observation["current_player"] == seat:
            fox = observation["fox"] if observation["fox"] is not None else -1
            answers = {}
            for action in fox_answers(game, held, observation["aside"]):
                after = after_fox(game, held, fox, action)
                counts = totals[:seat] + [len(after)] + totals[seat + 1 :]
                answers[str(action)] = sheet(game, after, fewest_flags(counts)[seat])["total"]
            out["fox"] = answers
        return out
    seats: list[dict[str, Any]] = []
    seen_all: list[int] = [entry["card"] for entry in observation["path"]] + observation["aside"]
    if observation["fox"] is not None:
        seen_all.append(observation["fox"])  # the Fox being collected
    for q, p in enumerate(players):
        got = [card for what, card in p["history"] if what == "got"]
        lost = [card for what, card in p["history"] if what == "lost" and card is not None]
        hidden = sum(1 for what, card in p["history"] if what == "lost" and card is None)
        seen_all += got
        held = p.get("held")  # everyone's, once the game is over
        cards = held if held is not None else _without(got, lost)
        groups = values_by_type(game.ctype, game.cvalue, cards)
        seats.append(
            {
                "seen": cards,
                "hidden_losses": 0 if held is not None else hidden,
                "known": held is not None or hidden == 0,
                "points": collection_points(game.scorings, groups, fewest[q]),
            }
        )
    public: dict[str, Any] = {"seats": seats, "unseen": _unseen(game, observation, seen_all)}
    if observation["phase"] == "over":
        public["sheets"] = [
            {"seat": q, **sheet(game, seats[q]["seen"], fewest[q])} for q in range(len(players))
        ]
    return public


def _without(cards: list[int], gone: list[int]) -> list[int]:
    rest = list(cards)
    for card in gone:
        if card in rest:
            rest.remove(card)
    return rest


def _unseen(
    game: FancyFeathersGame, observation: dict[str, Any], seen: list[int]
) -> dict[str, dict[str, int]]:
    """Per type in play: ``{type name: {printed value: cards not seen yet}}`` (value 0 for
    types without one). A card is seen once it lay on the Path (it may be set aside or being
    collected now) or in a collection."""
    shown = set(seen)
    out: dict[str, dict[str, int]] = {}
    for name in observation["types"]:
        t = TYPES.index(name)
        left: dict[str, int] = {}
        for card in game.type_cards[t]:
            if card not in shown:
                key = str(game.cvalue[card])
                left[key] = left.get(key, 0) + 1
        out[name] = left
    return out
