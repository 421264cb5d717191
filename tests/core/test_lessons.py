"""Every lesson of every game plays through the rules (``core.lessons``): each step's position
loads, its moves are legal and right, its mistakes are refused naming their rule, and every
rule id it names is a rule of ``docs/rules/<game>.md``; a lesson file at fault is refused with
its file and field named; lessons are found through the game's registration."""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from pathlib import Path

import pytest

from fourfeathers.core.lessons import (
    LessonError,
    LessonRun,
    check_lesson,
    lesson_modes,
    lessons_of,
    load_lesson,
    parse_lesson,
)
from fourfeathers.core.registry import game_spec, list_games

ROOT = Path(__file__).resolve().parents[2]
RULE_ITEM = re.compile(r"^- \*\*([A-Z]{2}-Q?\d+)\*\*", re.MULTILINE)

LESSONS = [
    (spec.id, mode)
    for spec in list_games()
    if spec.package.startswith("fourfeathers.games.")
    for mode in lesson_modes(spec)
]


def doc_rule_ids(game: str) -> set[str]:
    return set(RULE_ITEM.findall((ROOT / "docs" / "rules" / f"{game}.md").read_text()))


def test_every_game_of_the_package_has_a_lesson():
    games = {spec.id for spec in list_games() if spec.package.startswith("fourfeathers.games.")}
    assert {game for game, _ in LESSONS} == games


@pytest.mark.parametrize(("game", "mode"), LESSONS, ids=[f"{g}-{m}" for g, m in LESSONS])
def test_every_lesson_plays_through_the_rules(game: str, mode: str):
    lesson = load_lesson(game_spec(game), mode)
    assert check_lesson(lesson) == []
    assert 8 <= len(lesson.steps) <= 15, "a lesson has 8-15 steps"
    ids = doc_rule_ids(game)
    for i, step in enumerate(lesson.steps):
        assert set(step.rules) <= ids, f"steps[{i}] names a rule not in docs/rules/{game}.md"
        assert all(m.rule in ids for m in step.mistakes)
    assert sum(len(step.mistakes) for step in lesson.steps) >= 1, "a lesson shows a refusal"


@pytest.mark.parametrize(("game", "mode"), LESSONS, ids=[f"{g}-{m}" for g, m in LESSONS])
def test_a_wrong_move_changes_nothing_and_says_why(game: str, mode: str):
    """Each step: a refused mistake names its rule, a legal move that is not asked for gets the
    step's hint, and neither moves the lesson on or changes the position."""
    run = LessonRun(load_lesson(game_spec(game), mode))
    while not run.done:
        step, before, index = run.step, run.position.to_dict(), run.index
        for mistake in step.mistakes:
            verdict = run.check(mistake.move)
            assert (verdict.kind, verdict.rule) == ("refused", mistake.rule)
            assert verdict.message and not verdict.right
        wanted = {str(run.parse(m)) for m in step.moves}
        other = [a for a in run.legal_actions() if str(a) not in wanted]
        if other:
            verdict = run.check(other[0])
            assert (verdict.kind, verdict.message) == ("other", step.hint)
        assert run.check("no such move at all").kind == "unknown"
        assert (run.index, run.position.to_dict()) == (index, before)
        assert run.check(step.moves[0]).right


def test_the_featherlight_lesson_ends_with_the_rulebooks_83_points():
    """FL-36: the rulebook's example hand 3, 6, 8, 15, 65 against the nest 4, 28, 31, 43, 60,
    68 scores 83, and the lesson's last step gets there."""
    run = LessonRun(load_lesson(game_spec("featherlight"), "multiplayer"))
    while not run.done:
        verdict = run.check(run.step.moves[0])
    assert "83 points" in verdict.message
    assert run.position.is_terminal() and run.position.scores()[0] == 83
    assert sorted(run.position.to_dict()["hands"][0]) == [3, 6, 8, 15, 65]


def test_a_refusal_gives_the_rules_words_and_rule_id():
    """FL-27: after taking a lone card the card laid must fill the gap."""
    run = LessonRun(load_lesson(game_spec("featherlight"), "multiplayer"))
    while "put 28 on 2" not in run.step.moves:
        run.check(run.step.moves[0])
    verdict = run.check("put 28 on 1")
    assert verdict.kind == "refused" and verdict.rule == "FL-27"
    assert "gap" in verdict.message
    assert run.check("put 28 on 2").right


def test_view_is_json_ready_for_a_page():
    run = LessonRun(load_lesson(game_spec("featherlight"), "multiplayer"))
    view = json.loads(json.dumps(run.view()))
    assert (view["step"], view["steps"], view["done"], view["seat"]) == (0, 8, False, 0)
    assert view["rules"] == ["FL-14", "FL-20", "FL-21"]
    assert {"text": "draw 1", "fields": view["actions"][0]["fields"]} == view["actions"][0]
    assert view["observation"] == run.position.observation(0)
    while not run.done:
        run.check(run.step.moves[0])
    assert run.view()["done"] is True and run.view()["finish"]


MISSING = "FL-" + "999"  # no such rule

GOOD = {
    "format": 1,
    "title": "T",
    "summary": "S",
    "config": {"players": 2},
    "steps": [
        {
            "title": "t",
            "state": None,
            "look": "",
            "ask": "a",
            "moves": ["draw 1"],
            "explain": "e",
            "hint": "h",
            "rules": ["FL-20"],
        }
    ],
}


def good() -> dict:
    data = json.loads(json.dumps(GOOD))
    data["steps"][0]["state"] = load_lesson(game_spec("featherlight"), "multiplayer").steps[0].state
    return data


def bad(path: str, value: object) -> dict:
    data = good()
    *keys, last = path.split(".")
    target = data
    for key in keys:
        target = target[int(key)] if key.isdigit() else target[key]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", 2, "x.json: format: must be 1, got 2"),
        ("colour", 1, "x.json: colour: no such field"),
        ("steps", [], "x.json: steps: must be a list of at least one step"),
        ("steps.0.moves", [], "x.json: steps[0].moves: must name at least one"),
        ("steps.0.moves", "draw 1", "x.json: steps[0].moves: must be a list of texts"),
        ("steps.0.rules", [MISSING], f"x.json: steps[0].rules[0]: '{MISSING}' is not a rule of"),
        ("steps.0.state", KeyError, "x.json: steps[0].state: the first step must give a position"),
        ("steps.0.ask", "", "x.json: steps[0].ask: must be a text, not empty"),
        ("steps.0.mistakes", [{"move": "x"}], "x.json: steps[0].mistakes[0]: must be an object"),
        ("seat", -1, "x.json: seat: must be a seat number from 0"),
    ],
)
def test_a_lesson_at_fault_is_refused_naming_the_file_and_field(path, value, message):
    with pytest.raises(LessonError) as caught:
        parse_lesson(bad(path, value), "featherlight", "x", "x.json")
    assert str(caught.value).startswith(message)


def test_a_position_or_move_that_does_not_fit_the_rules_is_named():
    data = bad("steps.0.state.hands", [[1, 2, 3], [4, 5, 6, 7, 8]])
    with pytest.raises(LessonError, match=r"^x.json: steps\[0\].state: featherlight state: "):
        LessonRun(parse_lesson(data, "featherlight", "x", "x.json"))
    data = bad("steps.0.moves", ["take 9"])
    problems = check_lesson(parse_lesson(data, "featherlight", "x", "x.json"))
    assert problems and problems[0].startswith("x.json: steps[0].moves[0]: 'take 9' is refused: ")
    data = bad("steps.0.mistakes", [{"move": "draw 2", "rule": "FL-20"}])
    (problem,) = check_lesson(parse_lesson(data, "featherlight", "x", "x.json"))
    assert problem == (
        "x.json: steps[0].mistakes[0]: 'draw 2' gives other [], not a refusal naming FL-20"
    )


def test_an_unknown_mode_lists_the_games_lessons():
    with pytest.raises(LessonError, match="Featherlight has no lesson 'duo'; its lessons: "):
        load_lesson(game_spec("featherlight"), "duo")


def test_a_new_game_adds_lessons_in_its_own_folder(tmp_path, monkeypatch):
    """The player names no game: a package with a ``lessons/`` folder is all a game needs."""
    package = tmp_path / "more_lessons"
    (package / "lessons").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "rules.md").write_text(
        (ROOT / "docs" / "rules" / "featherlight.md").read_text(encoding="utf-8")
    )
    (package / "lessons" / "first.json").write_text(json.dumps(good()))
    monkeypatch.syspath_prepend(str(tmp_path))
    spec = dataclasses.replace(game_spec("featherlight"), package="more_lessons")
    try:
        assert lesson_modes(spec) == ["first"]
        (lesson,) = lessons_of(spec)
        assert lesson.source == "featherlight lesson lessons/first.json"
        assert check_lesson(lesson) == []
    finally:
        sys.modules.pop("more_lessons", None)
