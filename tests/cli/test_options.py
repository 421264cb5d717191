"""The games' own command-line flags: shared between games, checked against the common ones."""

from __future__ import annotations

import dataclasses
import inspect
from types import SimpleNamespace
from typing import Annotated, Any

import pytest
import typer

from fourfeathers.cli import options
from fourfeathers.cli.options import GameOption, all_options, game_command
from fourfeathers.core import GameSpec, registry
from fourfeathers.core.registry import game_spec


def fake(game_id: str, title: str, *opts: GameOption, examples: Any = None) -> GameSpec:
    cli = SimpleNamespace(OPTIONS=opts, EXAMPLES=examples or {})
    return GameSpec(game_id, title, game_spec("featherlight").factory, (2,), "", cli=cli)


@pytest.fixture
def games(monkeypatch: pytest.MonkeyPatch):
    """Replace the registered games with fakes for one test."""

    def use(*specs: GameSpec) -> None:
        monkeypatch.setattr(registry, "_GAMES", {s.id: s for s in specs})
        all_options.cache_clear()

    yield use
    all_options.cache_clear()


LEVEL = GameOption("level", "--level", int, "N", "Level", "1-8")


def test_games_share_a_flag_and_its_help_names_each(games):
    fewer = dataclasses.replace(LEVEL, detail="1-3")
    games(fake("a-game", "A Game", LEVEL), fake("b-game", "B Game", fewer))
    (shared,) = all_options().values()
    assert shared.help == "Level (A Game: 1-8; B Game: 1-3)."
    assert options.config_flags()["level"] == "--level"


def test_a_flag_that_clashes_is_left_out_with_a_warning(games):
    players = GameOption("players", "--players", int, "N", "Seats")
    other = GameOption("level", "--level", str, "NAME", "Level")
    games(fake("a-game", "A Game", LEVEL, players), fake("b-game", "B Game", other))
    with pytest.warns(UserWarning) as caught:
        merged = all_options()
    assert list(merged) == ["level"] and merged["level"].titles == ("A Game",)
    assert [str(w.message) for w in caught] == [
        "a-game: option --players left out: it is a common option",
        "b-game: option --level left out: it differs from A Game's --level",
    ]


def test_game_command_adds_the_flags_and_examples_and_passes_what_was_given(games):
    seed = GameOption("seed", "--seed", int, "N", "Seed of something")
    games(fake("a-game", "A Game", LEVEL, seed, examples={"go": ("feathers go a-game",)}))
    seen: dict[str, Any] = {}

    def go(
        seed: Annotated[int, typer.Option("--seed")] = 0,
        game_options: dict[str, Any] | None = None,
    ) -> None:
        """Go somewhere."""
        seen.update(seed=seed, game_options=game_options)

    with pytest.warns(UserWarning, match="option --seed of A Game left out of go"):
        command = game_command("go")(go)
    assert list(inspect.signature(command).parameters) == ["seed", "game_level"]
    assert command.__doc__ == "Go somewhere.\n\nExamples:\n\n    feathers go a-game"
    command(seed=3, game_level=None)
    assert seen == {"seed": 3, "game_options": {}}
    command(seed=3, game_level=5)
    assert seen["game_options"] == {"level": 5}
