"""The shipped card data (all reconstructed, ruling FA-R01) and content validation."""

from __future__ import annotations

import pickle
from collections import Counter
from pathlib import Path

import pytest

from content_bounds import unbounded_numbers
from fourfeathers import ContentError, make
from fourfeathers.games.familiar_feat.content import (
    ABILITIES,
    CONDITIONS,
    DEFAULT_CONTENT,
    EFFECTS,
    EVENT_KINDS,
    EVENTS,
    ICONS,
    INF,
    K_CASTLE,
    K_CHARACTER,
    K_CREATURE,
    K_EVENT,
    K_EXHAUSTED,
    K_GOLEM,
    K_MONSTER,
    MONSTERS,
    STAR,
    load_cards,
    monster_choices,
)

CARDS = load_cards()


def test_110_cards_of_each_kind():
    """FA-01."""
    kinds = Counter(CARDS.kind[1:])
    assert kinds == {
        K_CREATURE: 54,
        K_MONSTER: 21,
        K_GOLEM: 4,
        K_EXHAUSTED: 1,
        K_EVENT: 21,
        K_CHARACTER: 8,
        K_CASTLE: 1,
    }


def test_every_card_is_reconstructed():
    assert {c.data["source"] for c in CARDS.cards[1:]} == {"reconstructed"}


def test_creature_cards_have_both_ends():
    """FA-02: every Creature/Familiar card has a Tier 0-IV and a Strength (its Creature end), a
    Cuddle value (its Familiar end), and maybe a recruit effect and a Cuddle ability."""
    for n in range(1, 55):
        assert CARDS.kind[n] == K_CREATURE
        assert 0 <= CARDS.tier[n] <= 4
        assert 1 <= CARDS.strength[n] <= 99, n  # finite: only Golems and Monsters are not
        assert CARDS.cuddle[n] >= 0
        assert all(0 <= kind < len(EFFECTS) and n_ >= 1 for kind, n_ in CARDS.effect[n])
        assert 0 <= CARDS.ability[n] < len(ABILITIES)
    assert any(CARDS.effect[n] for n in range(1, 55))
    assert any(not CARDS.effect[n] for n in range(1, 55))
    assert any(CARDS.ability[n] for n in range(1, 55))


def test_tiers_and_tier_one_size():
    """FA-26: Tier I holds 10-14 cards so the first Event can show on day 3 at the earliest."""
    tiers = Counter(CARDS.tier[n] for n in range(1, 55))
    assert tiers == {0: 8, 1: 12, 2: 12, 3: 12, 4: 10}


def test_level_one_set_three_starred_monsters_and_three_identical_lightning_events():
    """FA-05, FA-31: the star set; the three Level 1 Events are one lightning Event thrice."""
    star = ICONS.index("star")
    assert [n for n in MONSTERS if CARDS.icon[n] == star] == [55, 56, 57]
    events = [n for n in EVENTS if CARDS.icon[n] == star]
    assert len(events) == 3
    assert len({(CARDS.name[e], CARDS.event_kind[e], CARDS.event_n[e]) for e in events}) == 1
    assert all(CARDS.timing[e] == 0 for e in events)


def test_named_cards_of_the_rulebook_are_present():
    """The Events and Monsters the rulebook names; the Giant's two Strength-22 heads are for
    Levels 7 and 8 only (FA-10, FA-76); TMNT's condition (FA-75)."""
    names = set(CARDS.name)
    for name in (
        "Flexibility",
        "Catch Your Breath",
        "Closing Ranks",
        "Space Requirement",
        "Insecurity",
        "Giving Up",
        "TMNT",
    ):
        assert name in names
    giant = [n for n in MONSTERS if CARDS.pair[n]]
    assert len(giant) == 2 and all(CARDS.strength[n] == 22 for n in giant)
    assert all(CARDS.levels[n] == (7, 8) for n in giant)
    assert CARDS.condition[64] == (CONDITIONS.index("increasing"), 4)


def test_every_effect_ability_and_kind_is_used():
    used_effects = {k for n in range(1, 76) for k, _ in CARDS.effect[n]}
    assert used_effects == set(range(len(EFFECTS)))
    assert set(CARDS.ability[1:55]) == set(range(len(ABILITIES)))
    assert {CARDS.event_kind[n] for n in EVENTS} == set(range(len(EVENT_KINDS)))
    assert {CARDS.condition[n][0] for n in MONSTERS if CARDS.condition[n]} == set(
        range(len(CONDITIONS))
    )
    assert any(CARDS.strength[n] == INF and CARDS.leaves_after[n] for n in MONSTERS)
    assert any(CARDS.strength[n] == STAR for n in MONSTERS)


def test_abilities_only_on_higher_tiers():
    """FA-58: only some higher-tier Familiars have Cuddle abilities."""
    assert all(CARDS.ability[n] == 0 for n in range(1, 55) if CARDS.tier[n] <= 1)


def test_characters_levels_and_banners():
    """FA-06, FA-07: one Character per level 1-8, each banner with three icons that the
    Monsters and Events can fill; Level 1's are the three stars (FA-05)."""
    for level in range(1, 9):
        banner = CARDS.banner[CARDS.character(level)]
        assert len(banner) == 3
        assert monster_choices(CARDS, level)
    assert CARDS.banner[CARDS.character(1)] == (0, 0, 0)


def write(tmp_path: Path, old: str, new: str) -> str:
    text = DEFAULT_CONTENT.read_text()
    assert old in text
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, new, 1))
    return str(path)


@pytest.mark.parametrize(
    "old,new,message",
    [
        ('name = "Sprout Mouse"\ntier = "0"', 'name = "Sprout Mouse"\ntier = "V"', "'tier'"),
        ("number = 1\n", "number = 2\n", "appears twice"),
        ('source = "reconstructed"', 'source = "guessed"', "'source'"),
        ('ability = "double"', 'ability = "triple"', "'ability'"),
        ('{ kind = "exhaust", n = 1 }', '{ kind = "explode", n = 1 }', "'kind'"),
        ('name = "Stone Golem"\nstrength = "infinite"', 'name = "G"\nstrength = 5', "Golem"),
        ('kind = "increasing", count = 4', 'kind = "increasing"', "'count'"),
        ('banner = ["star", "star", "star"]', 'banner = ["star"]', "'banner'"),
        (  # FA-68: a Monster is driven away, never exhausted (a revive would hand it out)
            'effect = [{ kind = "flee", n = 2 }]',
            'effect = [{ kind = "flee", n = 2 }, { kind = "exhaust_this" }]',
            "'exhaust_this' is for Creatures",
        ),
    ],
)
def test_content_errors_name_the_file_card_and_field(tmp_path, old, new, message):
    path = write(tmp_path, old, new)
    with pytest.raises(ContentError, match=message) as err:
        load_cards(path)
    assert "cards.toml" in str(err.value)


def test_tier_one_size_is_checked(tmp_path):
    text = DEFAULT_CONTENT.read_text()
    for name in ("Hopping Finch", "Burrow Vole"):
        text = text.replace(f'name = "{name}"\ntier = "I"', f'name = "{name}"\ntier = "II"')
    path = tmp_path / "ten.toml"
    path.write_text(text)
    load_cards(str(path))  # 10 still fits
    text = text.replace('name = "Creek Newt"\ntier = "I"', 'name = "Creek Newt"\ntier = "II"')
    path.write_text(text)
    with pytest.raises(ContentError, match="Tier I"):
        load_cards(str(path))


def test_content_option_and_digest(tmp_path):
    path = write(tmp_path, 'name = "Sprout Mouse"', 'name = "Tiny Mouse"')
    game = make("familiar-feat", content=path)
    assert game.cards.name[1] == "Tiny Mouse" and game.config["content_digest"]
    with pytest.raises(Exception, match="content_digest"):
        make("familiar-feat", content=path, content_digest="0" * 64)
    with pytest.raises(ContentError, match="cannot read"):
        make("familiar-feat", content=str(tmp_path / "missing.toml"))


def test_every_number_of_the_content_file_is_bounded():
    problems, fields = unbounded_numbers(load_cards, DEFAULT_CONTENT)
    assert fields >= 15
    assert problems == []


def test_the_card_tables_pickle_and_answer_as_the_content_says():
    """``CardSet`` (compiled: a native class, issue 36) pickles by its fields, and its look-ups
    give the Characters (FA-06) and the tiers (FA-26) the content's number ranges give."""
    from fourfeathers.games.familiar_feat.cardset import FIELDS
    from fourfeathers.games.familiar_feat.content import CHARACTERS, CREATURES

    copy = pickle.loads(pickle.dumps(CARDS))
    assert copy is not CARDS
    for name in FIELDS:
        assert getattr(copy, name) == getattr(CARDS, name), name
    assert copy.cuddle[1] == CARDS.cuddle[1] and copy.name[110] == CARDS.name[110]
    assert [CARDS.character(level) for level in range(1, 9)] == list(CHARACTERS)
    for level in range(1, 9):
        assert CARDS.level[CARDS.character(level)] == level
    with pytest.raises(ValueError, match="level 9"):
        CARDS.character(9)
    tiers = [CARDS.by_tier(t) for t in range(5)]
    assert sorted(n for tier in tiers for n in tier) == list(CREATURES)
    assert all(CARDS.tier[n] == t for t in range(5) for n in tiers[t])
    assert CARDS.usable(55, CARDS.icon[55], 8) == (not CARDS.levels[55] or 8 in CARDS.levels[55])
    game = make("familiar-feat", level=5)
    state = game.new_initial_state(3)
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.cards.digest == CARDS.digest
    assert again.legal_actions() == state.legal_actions()
