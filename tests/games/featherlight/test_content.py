"""The shipped card data: the facts the rulebook fixes, provenance, and content validation."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from content_bounds import unbounded_numbers
from fourfeathers import ContentError, make
from fourfeathers.games.featherlight.content import DEFAULT_CONTENT, load_cards
from fourfeathers.games.featherlight.scoring import COLOURS

CARDS = load_cards()


def colour(n: int) -> str:
    return COLOURS[CARDS.colour[n]]


def test_seventy_cards_ten_per_colour_five_up_five_down():
    """FL-01 (cards 1-70), FL-02 (one of seven colours each), FL-03 (a wind symbol each),
    FL-100 (ten per colour), ruling FL-R02 (five up and five down in each colour)."""
    assert Counter(colour(n) for n in range(1, 71)) == {c: 10 for c in COLOURS}
    for index in range(7):
        winds = Counter(CARDS.wind_up[n] for n in CARDS.by_colour(index))
        assert winds == {True: 5, False: 5}


@pytest.mark.parametrize(
    "numbers,name",
    [
        ((3, 19, 27, 39), "red"),
        ((9,), "yellow"),
        ((4, 6), "blue"),
        ((8, 43), "purple"),
        ((15,), "green"),
        ((31, 68), "white"),
        ((60, 65), "black"),
    ],
)
def test_rulebook_colours(numbers, name):
    """FL-96 (stated on the cards), FL-97 (needed by the scoring example)."""
    for n in numbers:
        assert colour(n) == name
        assert CARDS.card(n).source["colour"] == "rulebook"


def test_inferred_purple_and_black():
    """FL-98 (card 1 is purple), FL-100 (the card-1 effect is purple, the parity cards black)."""
    for n in (1, 16, 23, 30, 37, 50, 57, 63):
        assert colour(n) == "purple" and CARDS.card(n).source["colour"] == "inferred"
    for n in (46, 47, 53, 54, 59, 66, 69, 70):
        assert colour(n) == "black" and CARDS.card(n).source["colour"] == "inferred"


CARD_28_TOTALS = {
    "red": 83,
    "blue": 83,
    "green": 83,
    "yellow": 83,
    "purple": 85,  # card 8: 4 + 2 x 2 other purple
    "white": 103,  # card 6: three white in the nest, 5 + 20
    "black": 76,  # card 65: three black, odd, 0
}


@pytest.mark.parametrize("name,total", sorted(CARD_28_TOTALS.items()))
def test_card_28_fits_the_scoring_example(tmp_path, name, total):
    """FL-99: the scoring example totals 83 only if card 28 is red, blue, green or yellow; the
    shipped colour is one of these (ruling FL-R01)."""
    assert colour(28) in ("red", "blue", "green", "yellow")
    text = shipped().replace('number = 28\ncolour = "yellow"', f'number = 28\ncolour = "{name}"')
    game = make("featherlight", content=write(tmp_path, text))
    lines = game.score_table([3, 6, 8, 15, 65], [[4], [28], [31], [43], [60], [68]])
    assert sum(line.points for line in lines) == total


def test_ruling_names_the_colours_card_28_may_not_have():
    """Ruling FL-R01's text names exactly the colours of card 28 that break the scoring example
    (FL-99): white, purple and black; blue keeps 83 (it once said blue too)."""
    rulings = Path(__file__).parents[3] / "docs" / "rulings" / "featherlight.md"
    text = " ".join(rulings.read_text(encoding="utf-8").split())
    sentence = text.split("Card 28 must not be ", 1)[1].split(", or the", 1)[0]
    named = {word for word in COLOURS if word in sentence}
    assert named == {c for c, total in CARD_28_TOTALS.items() if total != 83}


def test_wind_symbols_change_only_solo_games(tmp_path):
    """FL-03: with every wind symbol flipped, a 3-player game plays out exactly as before; a
    solo game does not."""
    flipped = (
        shipped()
        .replace('wind = "up"', 'wind = "flip"')
        .replace('wind = "down"', 'wind = "up"')
        .replace('wind = "flip"', 'wind = "down"')
    )
    path = write(tmp_path, flipped)

    def playout(players: int, content: str | None) -> list[dict]:
        state = make("featherlight", players=players, content=content).new_initial_state(11)
        rng = random.Random(2)
        trail = []
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            trail.append(state.to_dict())
        return trail

    assert make("featherlight", content=path).cards.wind_up[1] != CARDS.wind_up[1]
    assert playout(3, None) == playout(3, path)
    assert playout(1, None) != playout(1, path)


def test_every_card_has_provenance_and_no_wind_is_claimed_printed():
    for n in range(1, 71):
        card = CARDS.card(n)
        assert card.source["rule"] == "rulebook"
        assert card.source["wind"] == "reconstructed"
        assert card.source["colour"] in ("rulebook", "inferred", "reconstructed")


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return str(path)


def shipped() -> str:
    return DEFAULT_CONTENT.read_text()


def test_user_content_overrides_colours(tmp_path):
    text = (
        shipped()
        .replace('number = 10\ncolour = "white"', 'number = 10\ncolour = "red"')
        .replace('number = 25\ncolour = "yellow"', 'number = 25\ncolour = "white"')
    )
    game = make("featherlight", content=write(tmp_path, text))
    assert COLOURS[game.cards.colour[10]] == "red"
    assert make("featherlight").cards.colour[10] == COLOURS.index("white")


@pytest.mark.parametrize(
    "old,new,message",
    [
        ('colour = "purple"', 'colour = "pink"', "'colour' 'pink' is not one of"),
        ('wind = "up"', 'wind = "sideways"', "'wind' must be 'up' or 'down'"),
        ('kind = "flat"', 'kind = "fancy"', "rule.kind 'fancy' is unknown"),
        ("points = 10", 'points = "ten"', "rule.points must be an integer"),
        ('scope = "nest"', 'scope = "table"', "rule.scope must be one of"),
        ("number = 2\n", "number = 1\n", "number 1 appears twice"),
        ('rule = "rulebook" }', 'rule = "printed" }', "source.rule must be one of"),
        ("per = 25", "pro = 25", "rule.pro is not a parameter of kind 'sets'"),
        ("per = 25", "per = 99999999999999999", "rule.per must be an integer from -1000 to 1000"),
    ],
)
def test_bad_content_names_the_field(tmp_path, old, new, message):
    text = shipped()
    assert old in text
    with pytest.raises(ContentError, match=message.replace("(", r"\(")):
        make("featherlight", content=write(tmp_path, text.replace(old, new, 1)))


def test_missing_file_and_bad_toml(tmp_path):
    with pytest.raises(ContentError, match="cannot read content file"):
        make("featherlight", content=str(tmp_path / "nope.toml"))
    with pytest.raises(ContentError, match="not valid TOML"):
        make("featherlight", content=write(tmp_path, "[[card]\n"))


def test_missing_card(tmp_path):
    text = shipped()
    start = text.index("[[card]]\nnumber = 70")
    with pytest.raises(ContentError, match="cards missing: 70"):
        make("featherlight", content=write(tmp_path, text[:start]))


def test_content_that_is_not_utf8(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_bytes(b"\xff\xfe[[card]]")
    with pytest.raises(ContentError, match="not a UTF-8 text file"):
        make("featherlight", content=str(path))


def test_records_pin_the_content_file(tmp_path):
    from fourfeathers import ConfigError

    path = write(tmp_path, shipped())
    game = make("featherlight", content=path)
    assert game.config["content"] == str(Path(path).resolve())
    assert game.config["content_digest"] == CARDS.digest
    assert make("featherlight", **game.config).config == game.config
    Path(path).write_text(
        shipped().replace('number = 10\ncolour = "white"', 'number = 10\ncolour = "red"')
    )
    with pytest.raises(ConfigError, match="not the one this game was played with"):
        make("featherlight", **game.config)
    assert make("featherlight").config["content_digest"] is None


def test_every_number_of_the_content_file_is_bounded():
    problems, fields = unbounded_numbers(load_cards, DEFAULT_CONTENT)
    assert fields >= 8
    assert problems == []
