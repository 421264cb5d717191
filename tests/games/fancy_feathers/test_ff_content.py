"""The content file: the shipped one is complete and a broken one is reported precisely."""

from __future__ import annotations

from pathlib import Path

import pytest

from content_bounds import unbounded_numbers
from fourfeathers import ConfigError, ContentError, make
from fourfeathers.games.fancy_feathers.content import DEFAULT_CONTENT, PROVENANCE, load_content
from fourfeathers.games.fancy_feathers.scoring import TYPES

SHIPPED = DEFAULT_CONTENT.read_text()


def test_shipped_content_has_the_12_types_in_sets_of_3():
    """FF-01 (12 types, sets of 3), FF-02 (printed values: Golden Pheasant and Pheasant Fart 1,
    2, 3; Monal 3, 5, 7; none on the others), FF-05 (Nest, Trap and the rest are types too)."""
    content = load_content()
    assert [t.name for t in content.types] == list(TYPES)
    for kind in content.types:
        assert kind.set_size == 3, kind.name  # FF-01
        assert kind.source in PROVENANCE
        assert all(c.source in PROVENANCE for c in kind.cards)
    assert content.by_name("golden-pheasant").values == (1, 2, 3)
    assert content.by_name("pheasant-fart").values == (1, 2, 3)
    assert content.by_name("monal").values == (3, 5, 7)
    assert content.by_name("nest").values == (0,)


def test_card_table_per_player_count():
    game = make("fancy-feathers", players=3)
    assert len(game.components()) == 108
    assert len(game.type_cards[TYPES.index("nest")]) == 9
    golden = game.type_cards[TYPES.index("golden-pheasant")]
    assert sorted(game.cvalue[c] for c in golden) == [1, 1, 1, 2, 2, 2, 3, 3, 3]


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "types.toml"
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ('name = "fox"', 'name = "owl"', "'owl' is not one of"),
        ('name = "fox"', 'name = "nest"', "nest appears twice"),
        ('kind = "pairs"', 'kind = "triples"', "scoring.kind 'triples' is unknown"),
        ("pair = 5, ", "", "needs scoring.pair"),
        ("pair = 5", "pair = 5, bonus = 1", "scoring.bonus is not a parameter"),
        ("sign = -1", "sign = 2", "must be 1 or -1"),
        ("cap = 5", "cap = 0", "scoring.cap must be an integer from 1 to 100"),
        ("table = [0, 3, 6]", 'table = "3"', "non-empty list of integers"),
        (
            '{ value = 3, per_set = 1, source = "rulebook" },\n  { value = 5',
            '{ per_set = 1, source = "rulebook" },\n  { value = 5',
            "'value' must be an integer",
        ),
        (
            'card = [{ per_set = 3, source = "inferred" }]\n\n[[type]]\nname = "mirror"',
            'card = [{ value = 2, per_set = 3, source = "inferred" }]\n\n[[type]]\nname = "mirror"',
            "'value' is only for types",
        ),
        (
            '{ per_set = 3, source = "inferred" }]\n\n[[type]]\nname = "peacock"',
            '{ per_set = 0, source = "inferred" }]\n\n[[type]]\nname = "peacock"',
            "'per_set' must be an integer from 1 to 20",
        ),
        (
            '{ per_set = 3, source = "inferred" }]\n\n[[type]]\nname = "peacock"',
            '{ per_set = 100000000, source = "inferred" }]\n\n[[type]]\nname = "peacock"',
            "'per_set' must be an integer from 1 to 20, got 100000000",
        ),
        ('source = "rulebook"\nnote = "+2', 'source = "guessed"\nnote = "+2', "'source' must be"),
        ('short = "Fox"', 'short = "Fox"\ncolour = "red"', "unknown field(s) colour"),
        ("{ value = 2, per_set = 1", "{ value = 1, per_set = 1", "same value"),
    ],
)
def test_broken_content_names_the_type_and_field(tmp_path, old, new, words):
    assert old in SHIPPED, old
    path = write(tmp_path, SHIPPED.replace(old, new, 1))
    with pytest.raises(ContentError) as info:
        load_content(path)
    assert words in str(info.value)
    assert "types.toml" in str(info.value)


def test_missing_type_and_bad_files(tmp_path):
    cut = SHIPPED[: SHIPPED.index('[[type]]\nname = "fox"')]
    with pytest.raises(ContentError, match="missing: fox"):
        load_content(write(tmp_path, cut))
    with pytest.raises(ContentError, match="not valid TOML"):
        load_content(write(tmp_path, "[[type]\n"))
    with pytest.raises(ContentError, match="cannot read"):
        load_content(str(tmp_path / "nope.toml"))
    with pytest.raises(ContentError, match="expected 12"):
        load_content(write(tmp_path, "version = 1\n"))
    bad = tmp_path / "bin.toml"
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(ContentError, match="UTF-8"):
        load_content(str(bad))


def test_a_content_override_is_played_and_pinned(tmp_path):
    """A user's file changes the scoring; records keep its digest."""
    path = write(tmp_path, SHIPPED.replace("pair = 5, single = -2", "pair = 6, single = -1"))
    game = make("fancy-feathers", content=path)
    assert game.score_table([[("green-pheasant", 0)] * 3, []]).players[0].total == 5
    again = make("fancy-feathers", **game.config)
    assert again.config == game.config and game.config["content_digest"]
    Path(path).write_text(SHIPPED)
    with pytest.raises(ConfigError, match="content_digest"):
        make("fancy-feathers", **game.config)


def test_every_number_of_the_content_file_is_bounded():
    problems, fields = unbounded_numbers(load_content, DEFAULT_CONTENT)
    assert fields >= 10
    assert problems == []
