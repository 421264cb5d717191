"""A game's rules in short plain sections, to read at the table and to name in lessons.

The rules of a game are written in ``docs/rules/<game>.md``; the installed package carries a
copy of that file as ``rules.md`` in the game's folder (``GameSpec.folder()``), kept equal to
the document by a test. The file's form (``tests/test_rule_ids.py``): a line ``Rule id prefix:
AB`` near the top, ``## `` headings for the sections, and one list item per rule that starts
with its bold id, ``- **<prefix>-27** If ...``, continued on indented lines.

``Rulebook.parse(text)`` reads such a file; ``find(words)`` answers the ``rules`` command at the
terminal's prompt: a rule id gives that rule, a section number gives that section, other words
give the rules that hold them all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .registry import GameSpec

RULES_FILE = "rules.md"
"""The name of the rules' copy in a game's folder."""

_RULE_ITEM = re.compile(r"^- \*\*([A-Z]{2}-Q?\d+)\*\*\s*(.*)$")
_RULE_ID = re.compile(r"^[A-Z]{2}-Q?\d+$")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_BRACKETED_ID = re.compile(r"\[([A-Z]{2}-[RQ]?\d+)\]")


def plain(text: str) -> str:
    """``text`` with the Markdown marks of a rules file taken out: bold, code, links
    (``[FL-R11](...)`` and ``[FL-R11]`` become ``FL-R11``)."""
    text = _LINK.sub(r"\1", text)
    text = _BRACKETED_ID.sub(r"\1", text)
    return text.replace("**", "").replace("`", "")


@dataclass(frozen=True)
class Rule:
    """One rule: its id (the prefix, a dash and a number; an open question has ``Q`` before
    its number), its text in plain words, and the title of the section it belongs to."""

    id: str
    text: str
    section: str

    def __str__(self) -> str:
        return f"{self.id} {self.text}"


@dataclass(frozen=True)
class Section:
    """One ``## `` section of the rules: its title, its introduction (plain text before its
    first rule, possibly empty) and its rules in order."""

    title: str
    intro: str
    rules: tuple[Rule, ...]


@dataclass(frozen=True)
class Rulebook:
    """A game's rules, parsed: the sections in order and every rule by id."""

    title: str
    sections: tuple[Section, ...]

    @classmethod
    def parse(cls, text: str) -> Rulebook:
        """Read a rules file (the form in the module docstring). Never raises: lines that are
        neither a heading nor a rule are the text of the section or rule they follow."""
        title = ""
        sections: list[Section] = []
        current: str | None = None
        intro: list[str] = []
        rules: list[tuple[str, list[str]]] = []

        def close() -> None:
            if current is not None:
                made = tuple(Rule(i, plain(" ".join(lines)), current) for i, lines in rules)
                sections.append(Section(current, plain(" ".join(intro)).strip(), made))

        for raw in text.splitlines():
            line = raw.strip()
            if raw.startswith("# ") and not title:
                title = plain(raw[2:].strip())
            elif raw.startswith("## "):
                close()
                current, intro, rules = plain(raw[3:].strip()), [], []
            elif current is None:
                continue
            elif match := _RULE_ITEM.match(raw):
                rules.append((match.group(1), [match.group(2)]))
            elif line and rules and raw.startswith(" "):
                rules[-1][1].append(line)
            elif line and not rules:
                intro.append(line)
        close()
        return cls(title, tuple(sections))

    @property
    def rules(self) -> dict[str, Rule]:
        """Every rule (and open question) by id, in the file's order."""
        return {rule.id: rule for section in self.sections for rule in section.rules}

    def rule(self, rule_id: str) -> Rule | None:
        """The rule ``rule_id`` (any case), or None if the rules have no such id."""
        return self.rules.get(rule_id.strip().upper())

    def find(self, words: str, limit: int = 12) -> tuple[str, list[Rule]]:
        """What the ``rules`` command shows for ``words``: a heading and the rules.

        - a rule id (the prefix, a dash and a number): that rule (an unknown id: no rules,
          and a heading saying so);
        - a section number (``"3"``, counted from 1 as ``sections`` are listed): its rules;
        - other words: the rules whose text or section title holds every word, any case, at
          most ``limit`` of them (the heading says how many there are).
        Empty ``words`` give no rules and the heading "Sections"; list ``sections`` then.
        """
        words = words.strip()
        if not words:
            return "Sections", []
        if _RULE_ID.match(words.upper()):
            rule = self.rule(words)
            if rule is None:
                return f"No rule {words.upper()} in these rules", []
            return rule.section, [rule]
        if words.isdecimal():
            number = int(words) if len(words) <= 3 else 0
            if not 1 <= number <= len(self.sections):
                return f"No section {words}: the sections are 1-{len(self.sections)}", []
            section = self.sections[number - 1]
            return section.title, list(section.rules)
        wanted = words.lower().split()
        found = [
            rule
            for rule in self.rules.values()
            if all(w in f"{rule.id} {rule.text} {rule.section}".lower() for w in wanted)
        ]
        if not found:
            return f"No rule holds {words!r}", []
        more = f" (the first {limit} of {len(found)})" if len(found) > limit else ""
        return f"Rules with {words!r}{more}", found[:limit]


def rulebook_text(spec: GameSpec) -> str | None:
    """The text of the rules' copy in ``spec``'s folder (``RULES_FILE``), or None for a game
    that ships none."""
    path = spec.folder() / RULES_FILE
    if not path.is_file():
        return None
    return path.read_text(encoding="utf-8")


def rulebook(spec: GameSpec) -> Rulebook | None:
    """``spec``'s rules, parsed (``Rulebook.parse``), or None for a game that ships none."""
    text = rulebook_text(spec)
    return None if text is None else Rulebook.parse(text)


RULE_ID = re.compile(r"\b[A-Z]{2}-R?\d+[a-z]?\b")
"""A rule id (``FL-22``, ``IS-R07``: docs/rules/<game>.md, docs/rulings/<game>.md)."""

_LEADING_ID = re.compile(r"^\s*[A-Z]{2}-R?\d+[a-z]?\s*:\s*")
_ID_PARENTHESIS = re.compile(r"\s*\((?=[^()]*\b[A-Z]{2}-R?\d+)[^()]*\)")
_FILE_NAME = re.compile(
    r"\s*\([^()]*\b[\w/]+\.(?:py|md|toml|js)\b[^()]*\)|\s*\b[\w/]+\.(?:py|md|toml|js)\b"
)


def plain_words(text: str) -> tuple[str, list[str]]:
    """``text`` for players, and the rule ids it named, in order: a leading ``"FL-R11: "``,
    any parenthesis that names a rule (``"(FF-34..FF-36, rules.py)"``) and any file name go;
    the ids stay available (the pages show them as a small "rule" with a title).

    ``plain_words("-1 each (FF-34..FF-36, rules.py)") == ("-1 each", ["FF-34", "FF-36"])``
    """
    rules = RULE_ID.findall(text)
    words = _LEADING_ID.sub("", text)
    words = _ID_PARENTHESIS.sub("", words)
    words = _FILE_NAME.sub("", words).strip()
    if words and words[0].islower() and _LEADING_ID.match(text):
        words = words[0].upper() + words[1:]
    return words, rules
