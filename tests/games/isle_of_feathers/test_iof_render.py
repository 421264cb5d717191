"""The terminal map of the island: no symbol means two things, every symbol is in the legend,
and a hex with many birds names every owner."""

from __future__ import annotations

import re
from collections import Counter

from iof_helpers import position
from rich.console import Console

from fourfeathers import make
from fourfeathers.games.isle_of_feathers import render

# Every kind of space, with birds of all four seats (seat 3 is green, on Grass too).
ISLAND = ["0,0:1V", "1,0:2", "2,0:3", "0,1:4", "1,1:5", "-1,1:1", "3,0:2"]
BIRDS = {"1,0": [2], "2,0": [0, 1, 3], "3,0": [0, 0, 1, 2, 3]}


def text_of(renderable) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def map_rows(state) -> list[str]:
    """The rows of hexes of the map (every other line holds coordinates)."""
    return text_of(render.island_picture(state)).splitlines()[0::2]


def test_no_symbol_of_the_legend_means_two_things():
    symbols = [symbol for symbol, _ in render.LEGEND]
    meanings = [meaning for _, meaning in render.LEGEND]
    assert len(set(symbols)) == len(symbols) and len(set(meanings)) == len(meanings)
    letters = Counter(c for symbol in symbols for c in symbol if c.isalpha())
    assert letters == Counter(set(letters)), f"a letter in two symbols: {letters}"
    assert "G" in symbols and "3" not in symbols  # a green bird is 3, not G


def test_every_symbol_of_the_map_is_in_the_legend():
    state = position(4, island=ISLAND, birds=BIRDS)
    rows = [re.sub(r"\+\d+", "+", row) for row in map_rows(state)]  # +N: N birds
    drawn = {c for row in rows for c in row if not c.isspace()}
    explained = set("".join(s for s, _ in render.LEGEND)) | {"2", "3"}  # 1-4 spelled out
    assert drawn <= explained, drawn - explained
    assert {"S", "G", "C", "D", render.HIGHER, render.VEG, "~", "+"} <= drawn
    screen = text_of(render.render_state(make("isle-of-feathers", players=4), state, 0))
    for symbol, meaning in render.LEGEND:
        assert f"{symbol} {meaning}" in screen


def test_birds_are_their_seat_numbers_and_a_crowded_hex_names_every_owner():
    state = position(4, island=ISLAND, birds=BIRDS)
    rows = "\n".join(map_rows(state))
    assert "G 3" in rows  # Grass at 1,0 with seat 3's (green) bird
    assert "C 124" in rows  # Cliff at 2,0 with birds of seats 1, 2 and 4
    assert "G +5" in rows  # Grass at 3,0 with five birds
    screen = text_of(render.render_state(make("isle-of-feathers", players=4), state, 0))
    owners = "Birds on 3,0: Seat 1 (red) x2, Seat 2 (blue), Seat 3 (green), Seat 4 (yellow)"
    assert owners in screen
