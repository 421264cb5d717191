"""The rules at the table: the ``rules [words]`` answer at a prompt of ``feathers play`` and
``feathers learn``, showing the game's rules (``core.rulebook``) in short plain sections."""

from __future__ import annotations

from rich.text import Text

from ..core.registry import game_spec
from ..core.rulebook import Rule, Rulebook, rulebook
from .common import console, say


def is_rules_command(answer: str) -> bool:
    """True if ``answer`` (as typed) asks for the rules: ``rules`` alone or ``rules WORDS``."""
    word = answer.strip().lower()
    return word == "rules" or word.startswith("rules ")


def show_rules(game_id: str, answer: str) -> None:
    """Answer ``rules [words]`` (``answer`` as typed) for the game ``game_id``: the numbered
    sections for ``rules`` alone, else what ``Rulebook.find`` gives for the words. A game that
    ships no rules says so; nothing raises for any words."""
    words = answer.strip()[len("rules") :].strip()
    book = rulebook(game_spec(game_id))
    if book is None:
        say("This game ships no rules to read here.", "yellow")
        return
    heading, found = book.find(words)
    if not words:
        print_sections(book)
        return
    if not found:
        say(f"{heading}. Type 'rules' for the sections.", "yellow")
        return
    console.print(Text(heading, style="bold"))
    for rule in found:
        print_rule(rule)


def print_sections(book: Rulebook) -> None:
    """The numbered section titles with their first and last rule ids, and how to read more."""
    console.print(Text(book.title or "The rules", style="bold"))
    for number, section in enumerate(book.sections, start=1):
        ids = f"  {section.rules[0].id}..{section.rules[-1].id}" if section.rules else ""
        line = Text(f"{number:>3}. ", style="bold cyan")
        line.append(section.title)
        line.append(ids, style="dim")
        console.print(line)
    say("Type rules N for a section, rules WORD to search, or a rule id.", "dim")


def print_rule(rule: Rule) -> None:
    """One rule: its id in bold, then its text."""
    line = Text(f"{rule.id} ", style="bold cyan")
    line.append(rule.text)
    console.print(line)
