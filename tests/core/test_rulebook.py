"""The rules the installed package carries (``games/<game>/rules.md``) are what ``docs/rules``
shows (each ``docs/rules/<game>.md`` is a link to its game's file: one text, two ways in), and
``core.rulebook`` reads them into sections and rules for the ``rules`` command."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from fourfeathers.core.registry import game_spec, list_games
from fourfeathers.core.rulebook import Rulebook, plain, rulebook, rulebook_text

ROOT = Path(__file__).resolve().parents[2]
GAMES = [spec.id for spec in list_games() if spec.package.startswith("fourfeathers.games.")]


@pytest.mark.parametrize("game", GAMES)
def test_the_packaged_rules_are_the_documents(game: str):
    """``docs/rules/<game>.md`` links to the game's own ``rules.md`` (edit that file)."""
    document = ROOT / "docs" / "rules" / f"{game}.md"
    assert document.is_symlink()
    assert document.resolve() == (game_spec(game).folder() / "rules.md").resolve()
    assert rulebook_text(game_spec(game)) == document.read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_of_the_document_is_read(game: str):
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    book = rulebook(game_spec(game))
    assert book is not None and book.sections
    assert set(book.rules) == {
        line[4:].split("**")[0] for line in text.splitlines() if line.startswith("- **")
    }
    assert all(rule.text and "**" not in rule.text for rule in book.rules.values())


def test_find_a_rule_a_section_or_words():
    """FL-27 (the gap after a Swap) found by id, by its section and by its words."""
    book = rulebook(game_spec("featherlight"))
    assert book is not None
    heading, (rule,) = book.find("fl-27")
    assert heading == "Action B: Swap" and rule.id == "FL-27"
    assert rule.text.startswith("If the taken card was alone in its stack, that stack is now a gap")
    number = [s.title for s in book.sections].index("Action B: Swap") + 1
    heading, rules = book.find(str(number))
    assert heading == "Action B: Swap" and [r.id for r in rules][:3] == ["FL-25", "FL-26", "FL-27"]
    heading, rules = book.find("GAP stack")
    assert "FL-27" in [r.id for r in rules] and heading == "Rules with 'GAP stack'"
    missing = "FL-" + "999"  # no such rule
    assert book.find(missing) == (f"No rule {missing} in these rules", [])
    assert book.find("999") == ("No section 999: the sections are 1-" + str(len(book.sections)), [])
    assert book.find("9" * 5000)[1] == []
    assert book.find("zebra") == ("No rule holds 'zebra'", [])
    assert book.find("card", limit=3)[0].startswith("Rules with 'card' (the first 3 of ")


def test_plain_words_and_a_broken_file():
    assert plain("see ruling [FL-R11](../rulings/x.md) and **bold** `code` [FL-R16]") == (
        "see ruling FL-R11 and bold code FL-R16"
    )
    rid = "AB" + "-1"  # a made-up id
    book = Rulebook.parse(f"no heading\n## Only\n- **{rid}** one\n  more\nstray\n- not a rule\n")
    assert [(r.id, r.text) for r in book.rules.values()] == [(rid, "one more")]


def test_a_game_without_rules_or_lessons_has_none():
    """A game package without ``rules.md`` or ``lessons/`` (here the stdlib's json package
    stands in for one) has no rulebook and no lessons, and nothing raises."""
    from fourfeathers.core.lessons import lesson_modes, lessons_of

    spec = dataclasses.replace(game_spec("featherlight"), package="json")
    assert rulebook(spec) is None and rulebook_text(spec) is None
    assert lesson_modes(spec) == [] and lessons_of(spec) == []
