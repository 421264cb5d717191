"""Errors shared by every game.

All of them are ``ValueError`` subclasses so that callers who only care that input was bad can
catch one type, while the message always names the rule, field or option at fault.
"""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that the rules forbid in the current state.

    Raised by ``State.apply_action`` and by text parsing; the state is left exactly as it was.

    Attributes:
        reason: what is wrong, without the rule id.
        rule: the id of the rule that forbids the action, e.g. ``"FL-26"`` (a rule of the game
            in ``docs/rules/<game>.md``) or a ruling id such as ``"FL-R11"``; empty when the
            action is merely malformed.
    """

    def __init__(self, reason: str, rule: str = "") -> None:
        super().__init__(f"{reason} [{rule}]" if rule else reason)
        self.reason = reason
        self.rule = rule


class ContentError(ValueError):
    """A malformed content file (card data). The message names the file, the entry and the field."""


class ConfigError(ValueError):
    """A game configuration that the rules do not allow (e.g. 5 players in a 1-4 player game)."""
