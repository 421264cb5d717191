"""The shipped content (52 reconstructed birds, the components) and content validation."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from content_bounds import unbounded_numbers
from fourfeathers import ContentError, make
from fourfeathers.games.isle_of_feathers.content import (
    ABILITIES,
    DEFAULT_CONTENT,
    KINDS,
    load_content,
)

CONTENT = load_content()
TEXT = DEFAULT_CONTENT.read_text()


def test_fifty_two_unique_birds_with_real_names():
    """IS-02: every card is a different species."""
    names = [CONTENT.bird(n).name for n in range(1, 53)]
    assert len(set(names)) == 52
    assert "American Timberdoodle" in names and "Diabolical Nightjar" in names


def test_every_field_has_provenance_and_habitats_are_reconstructed():
    for n in range(1, 53):
        source = CONTENT.bird(n).source
        assert source["habitat"] == source["ability"] == source["points"] == "reconstructed"
        expected = (
            "inferred"
            if CONTENT.bird(n).name in ("American Timberdoodle", "Diabolical Nightjar")
            else "reconstructed"
        )
        assert source["name"] == expected


def test_components_match_the_box():
    """IS-01: 30 tiles (our split 16/8/6, IS-R02), 18 Vegetation, 54 tokens, 40 Bird tokens.
    IS-03: the tiles are Sand, Grass and Cliff, heights 1, 2 and 3 (a double cliff is two
    Cliffs, 4)."""
    assert KINDS == {"sand": 1, "grass": 2, "cliff": 3, "double-cliff": 4}
    assert CONTENT.tiles == (16, 8, 6)
    assert CONTENT.vegetation == 18
    assert CONTENT.ability_tokens == (9,) * 6
    assert CONTENT.bird_tokens * 4 == 40
    assert CONTENT.flight_path == 4
    assert len(CONTENT.starting_island) == 6


def test_abilities_nine_or_eight_each():
    """IS-04: six kinds of Ability token (ruling IS-R03 names them), each on some birds."""
    counts = Counter(ABILITIES[CONTENT.ability[n]] for n in range(1, 53))
    assert counts == {"mound": 9, "burrow": 9, "replant": 9, "shoo": 9, "flit": 8, "flock": 8}


def test_points_follow_the_documented_formula():
    """IS-R31: points = 1 + levels above Sand + trees, the actions a bird costs (a tile per
    level, a Vegetation action per tree, the placement); 1 to 4 points in the deck."""
    for n in range(1, 53):
        cells = CONTENT.habitat[n].cells
        expected = 1 + sum(h - 1 for _, _, h, _ in cells) + sum(v for *_, v in cells)
        assert CONTENT.points[n] == expected, n
    assert Counter(CONTENT.points[1:]) == {1: 7, 2: 13, 3: 16, 4: 16}


def test_no_habitat_is_out_of_reach():
    """IS-R31: the limits that keep every bird live (docs/calibration/isle-of-feathers.md):
    2 to 4 cells, at most one Cliff and no double cliff, at most two trees, no tree on a Cliff.
    The rulebook's two birds are among the harder ones."""
    for n in range(1, 53):
        cells = CONTENT.habitat[n].cells
        assert 2 <= len(cells) <= 4, n
        assert sum(h == 3 for _, _, h, _ in cells) <= 1 and max(h for _, _, h, _ in cells) <= 3
        assert sum(v for *_, v in cells) <= 2, n
        assert not any(h == 3 and v for _, _, h, v in cells), n
    assert CONTENT.points[51] == 3 and CONTENT.points[52] == 4


def test_habitats_are_distinct_connected_land_that_the_box_can_build():
    """IS-02: each card shows a habitat diagram with one cell marked for the Bird token, an
    ability and its points."""
    canon = {CONTENT.habitat[n].canonical() for n in range(1, 53)}
    assert len(canon) == 52
    for n in range(1, 53):
        cells = CONTENT.habitat[n].cells
        dq, dr, height, veg = cells[0]  # the token cell comes first
        assert (dq, dr) == (0, 0) and CONTENT.habitat[n].token_code == 2 * height + veg
        assert 0 <= CONTENT.ability[n] < len(ABILITIES) and CONTENT.points[n] >= 1
        assert 2 <= len(cells) <= 5
        assert all(1 <= h <= 4 for _, _, h, _ in cells)
        assert sum(h - 2 for _, _, h, _ in cells if h > 2) <= 6
    sand_only = [
        n for n in range(1, 53) if all(h == 1 and not v for *_, h, v in CONTENT.habitat[n].cells)
    ]
    assert len(sand_only) >= 5  # something fits the bare starting island's kind of ground


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "birds.toml"
    path.write_text(text)
    return str(path)


def test_the_shipped_file_loads_through_the_content_option(tmp_path):
    game = make("isle-of-feathers", players=2, content=write(tmp_path, TEXT))
    assert game.config["content_digest"] == game.content.digest
    assert game.content.name[1] == CONTENT.name[1]


@pytest.mark.parametrize(
    "old,new,message",
    [
        ('ability = "mound"', 'ability = "dig"', "'ability' 'dig' is not one of"),
        ("points = 1\n", "points = -1\n", "'points' must be an integer from 0 to 100"),
        ("0,0 sand *", "0,0 sand", "no token cell"),
        ("0,0 sand *", "0,0 water *", "kind 'water'"),
        ("0,0 sand *", "0,0 sand * veg veg", "flags"),
        ("0,0 sand *", "9,9 sand *", "connected"),
        ("sand = 16", "sand = 17", "must total 30"),
        ("vegetation = 18", "vegetation = 20", "vegetation must be 18"),
        ("mound = 9,", "mound = 10,", "must total 54"),
        ('"0,0", "1,0"', '"0,0", "5,5"', "distinct and connected"),
        ("bird_tokens_per_colour = 10", "bird_tokens_per_colour = 9", "must be 40"),
        ('habitat = "reconstructed"', 'habitat = "printed"', "source.habitat must be one of"),
    ],
)
def test_invalid_content_names_the_problem(tmp_path, old, new, message):
    assert old in TEXT
    with pytest.raises(ContentError, match=message):
        load_content(write(tmp_path, TEXT.replace(old, new, 1)))


def test_duplicate_and_missing_birds(tmp_path):
    text = TEXT.replace("number = 2\n", "number = 1\n", 1)
    with pytest.raises(ContentError, match="number 1 appears twice"):
        load_content(write(tmp_path, text))
    first = TEXT.index("[[bird]]")
    second = TEXT.index("[[bird]]", first + 1)
    with pytest.raises(ContentError, match="birds missing: 1"):
        load_content(write(tmp_path, TEXT[:first] + TEXT[second:]))


def test_a_file_of_printed_cards_may_go_beyond_our_design_limits(tmp_path):
    """IS-R31's limits (2-4 cells, one Cliff, points = cost) are our deck's design, not the
    format's: a user's file with a five-cell double-cliff habitat and its own points loads."""
    big = '"0,0 cliff *", "1,0 grass", "1,1 double-cliff", "2,0 cliff", "3,-1 grass veg"'
    start = TEXT.index("habitat = [")
    end = TEXT.index("]", start)
    text = TEXT[:start] + f"habitat = [{big}" + TEXT[end:]
    text = text.replace("\npoints = ", "\npoints = 1", 1)  # the first bird: one digit more
    content = load_content(write(tmp_path, text))
    assert len(content.habitat[1].cells) == 5 and content.points[1] == 10 + CONTENT.points[1]


def test_a_habitat_the_box_cannot_build_is_refused(tmp_path):
    heavy = '"0,0 double-cliff *", "1,0 double-cliff", "2,0 double-cliff", "3,0 double-cliff"'
    start = TEXT.index("habitat = [")
    end = TEXT.index("]", start)
    text = TEXT[:start] + f"habitat = [{heavy}" + TEXT[end:]
    with pytest.raises(ContentError, match="needs 8 Cliff tiles but the box has 6"):
        load_content(write(tmp_path, text))


def test_unreadable_and_malformed_files(tmp_path):
    with pytest.raises(ContentError, match="cannot read"):
        load_content(str(tmp_path / "missing.toml"))
    with pytest.raises(ContentError, match="not valid TOML"):
        load_content(write(tmp_path, "[[bird]\n"))
    with pytest.raises(ContentError, match=r"\[components\]"):
        load_content(write(tmp_path, "version = 1\n"))


def test_every_number_of_the_content_file_is_bounded():
    problems, fields = unbounded_numbers(load_content, DEFAULT_CONTENT)
    assert fields >= 12
    assert problems == []


def test_a_one_cell_habitat_is_refused_naming_the_bird(tmp_path):
    """A one-cell habitat crashed Habitat.build with an IndexError; a habitat has 2 cells or
    more (ruling IS-R01)."""
    start = TEXT.index("habitat = [")
    end = TEXT.index("]", start)
    text = TEXT[:start] + 'habitat = ["0,0 sand *"' + TEXT[end:]
    name = CONTENT.bird(1).name
    with pytest.raises(ContentError) as error:
        load_content(write(tmp_path, text))
    assert str(error.value).endswith(
        f"bird #1 (number 1) {name!r}: habitat: a habitat has at least 2 cells "
        "(ruling IS-R01), this one has 1"
    )
