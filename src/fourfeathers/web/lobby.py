"""What the lobby shows of each game: its summary, its options as form fields, its view.

Everything comes from the registration (``GameSpec``): the factory's keyword options and
defaults, the game's ``GameOption`` declarations (``core/options.py``, the ones the command line
makes its flags of: label, values, bounds and choices, e.g. ``Level``, ``1-8``), and the ``web``
part (``VARIANTS``, ``FIELDS``, ``view.js``). Nothing here names a game.

A field is a JSON object::

    {"name": "level", "label": "Level", "help": "1-8", "type": "int", "default": 1,
     "min": 1, "max": 8}

``type`` is ``int``, ``str``, ``seat`` (a seat number or null: drawn at random) or ``list`` (of
``choices``, e.g. the variants); ``choices`` is a list of ``{"value", "label"}``; ``free`` (with
``choices``) lets a text field take other values too; ``when`` (``{"players": [1]}``) shows a
field only for those values of other fields.
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

from ..core.options import game_options
from ..core.registry import GameSpec
from ..core.rulebook import plain_words

HIDDEN = ("content", "content_digest")
"""Options a browser never sets: they name files on the server."""

COMMON = {
    "players": ("Players", "How many seats the table has."),
    "starting_player": ("First player", "The seat that moves first (empty: drawn at random)."),
    "max_turns": ("Turn limit", "The game stops after this many turns."),
    "variants": ("Variants", "Alternatives to the project's rulings of unclear rules."),
}
"""Label and help of the options every game may share (``core.config.common_options``)."""

MAX_OPTION = 10_000
"""The bounds of a whole-number option whose game declares none (``max_turns``) are 1 to this:
the server refuses more (``Hub``), and 0 ("no turn limit": computer players could play for
ever)."""

VIEW_FILES = ("view.js", "view.css")


def web_part(spec: GameSpec) -> Any:
    """The game's ``web`` part (a module), or None."""
    return spec.part("web")


def web_folder(spec: GameSpec) -> Path | None:
    """The folder of the game's ``web`` part (its ``view.js`` and other files), or None."""
    part = web_part(spec)
    file = getattr(part, "__file__", None)
    return Path(file).parent if file else None


def view_urls(spec: GameSpec) -> dict[str, str | None]:
    """Where the page loads the game's view from: ``{"script": url, "style": url}`` (None for
    a file the game does not have; without a script the page draws a plain view)."""
    folder = web_folder(spec)
    urls: dict[str, str | None] = {}
    for key, name in zip(("script", "style"), VIEW_FILES, strict=True):
        exists = folder is not None and (folder / name).is_file()
        urls[key] = f"/games/{spec.id}/{name}" if exists else None
    return urls


def _json_default(value: Any) -> Any:
    if value is inspect.Parameter.empty:
        return None
    try:
        json.dumps(value)
    except TypeError:
        return None
    return list(value) if isinstance(value, tuple) else value


def form(spec: GameSpec) -> list[dict[str, Any]]:
    """The new-table form of ``spec``'s game: one field per keyword option of its factory (but
    ``content``), in the factory's order (see the module docstring)."""
    flags = {option.key: option for option in game_options(spec)}
    web = web_part(spec)
    variants: dict[str, str] = dict(getattr(web, "VARIANTS", {}))
    overrides: dict[str, dict[str, Any]] = dict(getattr(web, "FIELDS", {}))
    fields = []
    for name, param in inspect.signature(spec.factory).parameters.items():
        if name in HIDDEN:
            continue
        default = _json_default(param.default)
        label, help = COMMON.get(name, (name.replace("_", " ").capitalize(), ""))
        field: dict[str, Any] = {"name": name, "label": label, "help": help, "default": default}
        if name == "players":
            field["type"] = "int"
            field["choices"] = [{"value": n, "label": str(n)} for n in spec.players]
            if default not in spec.players:
                field["default"] = spec.players[0]
        elif name == "starting_player":
            field["type"] = "seat"
        elif name == "variants":
            field["type"] = "list"
            field["choices"] = [_variant(k, v) for k, v in variants.items()]
        elif name in flags:
            option = flags[name]
            field.update(label=option.help, help=option.values, type=option.type.__name__)
            if option.bounds is not None:
                field.update(min=option.bounds[0], max=option.bounds[1])
            if option.choices:
                field["choices"] = [{"value": v, "label": v} for v in option.choices]
                if option.free:
                    field["free"] = True
        else:
            field["type"] = "int" if isinstance(default, int) else "str"
        if field["type"] == "int" and "choices" not in field:
            field.setdefault("min", 1)
            field.setdefault("max", MAX_OPTION)
        field.update(overrides.get(name, {}))
        fields.append(field)
    return fields


def _variant(name: str, description: str) -> dict[str, Any]:
    """A variant as a choice: its words for players (``label``), its ruling id (``rule``)."""
    words, rules = plain_words(description)
    return {"value": name, "label": words, "rule": ", ".join(rules)}


def game_entry(spec: GameSpec) -> dict[str, Any]:
    """One game as ``GET /api/games`` lists it."""
    return {
        "id": spec.id,
        "title": spec.title,
        "summary": spec.summary,
        "players": list(spec.players),
        "options": form(spec),
        "view": view_urls(spec),
        "score_unit": spec.score_unit,
    }
