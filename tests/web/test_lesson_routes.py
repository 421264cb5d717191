"""The lessons' and the rules' HTTP routes (web/lessons.py, docs/protocol.md "Lessons and
rules"): every lesson walked through the API as a page walks it, the verdicts in the game's
words, and bad inputs refused naming the field, with nothing kept between requests."""

from __future__ import annotations

import pytest

from fourfeathers.core.lessons import lesson_modes, load_lesson
from fourfeathers.core.registry import game_spec, list_games
from fourfeathers.core.rulebook import rulebook
from fourfeathers.web.lessons import MAX_BODY

LESSONS = [(spec.id, mode) for spec in list_games() for mode in lesson_modes(spec)]


def test_a_games_lessons_are_listed_in_order(client) -> None:
    found = client.get("/api/lessons/featherlight").json()
    assert found["game"] == "featherlight" and found["title"] == "Featherlight"
    assert [(item["mode"], item["steps"], item["config"]) for item in found["lessons"]] == [
        ("multiplayer", 8, {"players": 2}),
        ("solo", 8, {"players": 1}),
    ]
    for spec in list_games():
        listed = client.get(f"/api/lessons/{spec.id}").json()["lessons"]
        assert sorted(item["mode"] for item in listed) == lesson_modes(spec)


@pytest.mark.parametrize(("game", "mode"), LESSONS)
def test_every_lesson_is_walked_through_the_api(client, game: str, mode: str) -> None:
    lesson = load_lesson(game_spec(game), mode)
    first = client.get(f"/api/lessons/{game}/{mode}").json()
    assert (
        first["catalogue"] == client.get(f"/api/lessons/{game}/{mode}?step=0").json()["catalogue"]
    )
    at = first
    for k, step in enumerate(lesson.steps):
        assert (at["step"], at["steps"], at["done"]) == (k, len(lesson.steps), False)
        assert (at["step_title"], at["ask"], at["rules"]) == (
            step.title,
            step.ask,
            list(step.rules),
        )
        state = at["state"]
        assert state["to_move"] == lesson.seat and state["you"] == [lesson.seat]
        assert state["n"] == k and state["private"][0]["seat"] == lesson.seat
        legal = {item["action"] for item in state["legal"]}
        assert step.moves[0] in legal
        assert all(item["words"] and item["fields"]["kind"] for item in state["legal"])
        # The same step asked for by number gives the same position (nothing is kept).
        again = client.get(f"/api/lessons/{game}/{mode}?step={k}").json()
        assert again["state"] == state
        for mistake in step.mistakes:
            answer = client.post(
                f"/api/lessons/{game}/{mode}/check", json={"step": k, "action": mistake.move}
            ).json()
            assert answer["next"] is None
            assert (answer["verdict"]["kind"], answer["verdict"]["rule"]) == (
                "refused",
                mistake.rule,
            )
            book = rulebook(game_spec(game))
            assert book is not None
            rule = book.rule(mistake.rule)
            assert rule is not None and answer["verdict"]["rule_text"] == rule.text
        answer = client.post(
            f"/api/lessons/{game}/{mode}/check", json={"step": k, "action": step.moves[0]}
        ).json()
        verdict = answer["verdict"]
        assert (verdict["kind"], verdict["message"], verdict["rule"]) == ("right", step.explain, "")
        assert len(verdict["replies"]) == len(step.then)
        at = answer["next"]
        assert "catalogue" not in at
    assert at["done"] is True and at["step"] == len(lesson.steps)
    assert at["finish"] == lesson.finish
    players = len(first["state"]["seats"])
    assert at["play"] == {
        "game": game,
        "options": dict(lesson.config),
        "seats": ["human"] + ["easy"] * (players - 1),
    }


def test_a_legal_move_not_asked_for_gets_the_steps_hint(client) -> None:
    lesson = load_lesson(game_spec("featherlight"), "multiplayer")
    answer = client.post(
        "/api/lessons/featherlight/multiplayer/check", json={"step": 0, "action": "draw 2"}
    ).json()
    assert answer == {
        "verdict": {
            "kind": "other",
            "message": lesson.steps[0].hint,
            "rule": "",
            "rule_text": "",
            "replies": [],
        },
        "next": None,
    }
    unknown = client.post(
        "/api/lessons/featherlight/multiplayer/check", json={"step": 0, "action": "fly away"}
    ).json()["verdict"]
    assert unknown["kind"] in ("unknown", "refused") and unknown["message"]


def test_the_short_game_after_a_lesson_is_a_table_the_lobby_makes(client) -> None:
    for game, mode in LESSONS:
        steps = len(load_lesson(game_spec(game), mode).steps)
        play = client.get(f"/api/lessons/{game}/{mode}?step={steps}").json()["play"]
        made = client.post("/api/tables", json={**play, "open": False})
        assert made.status_code == 201, made.text
        assert [s["kind"] for s in made.json()["seats"]] == play["seats"]


def test_the_rules_come_in_numbered_sections(client) -> None:
    found = client.get("/api/rules/featherlight").json()
    book = rulebook(game_spec("featherlight"))
    assert book is not None
    assert found["title"] == book.title
    assert [s["title"] for s in found["sections"]] == [s.title for s in book.sections]
    assert [s["number"] for s in found["sections"]] == list(range(1, len(book.sections) + 1))
    rules = {r["id"]: r["text"] for s in found["sections"] for r in s["rules"]}
    assert rules == {rule_id: rule.text for rule_id, rule in book.rules.items()}
    assert rules["FL-27"].startswith(book.rules["FL-27"].text[:20])
    for spec in list_games():
        assert client.get(f"/api/rules/{spec.id}").json()["sections"]


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "words"),
    [
        ("get", "/api/lessons/nope", None, 404, "unknown game 'nope'"),
        ("get", "/api/lessons/nope/solo", None, 404, "unknown game 'nope'"),
        ("get", "/api/lessons/featherlight/duel", None, 404, "its lessons: multiplayer, solo"),
        ("get", "/api/rules/nope", None, 404, "unknown game 'nope'"),
        ("get", "/api/lessons/featherlight/solo?step=9", None, 422, "step: must be 0-8"),
        ("get", "/api/lessons/featherlight/solo?step=-1", None, 422, "step: must be a whole"),
        ("get", "/api/lessons/featherlight/solo?step=x", None, 422, "step: must be a whole"),
        ("get", "/api/lessons/featherlight/solo?step=99999", None, 422, "step: must be a whole"),
        ("post", "/api/lessons/nope/solo/check", {"step": 0, "action": "x"}, 404, "unknown game"),
        (
            "post",
            "/api/lessons/featherlight/duel/check",
            {"step": 0, "action": "x"},
            404,
            "no lesson",
        ),
        ("post", "/api/lessons/featherlight/solo/check", {"step": 9, "action": "x"}, 422, "step"),
        ("post", "/api/lessons/featherlight/solo/check", {"step": 8, "action": "x"}, 422, "end"),
        ("post", "/api/lessons/featherlight/solo/check", {"step": -1, "action": "x"}, 422, "step"),
        ("post", "/api/lessons/featherlight/solo/check", {"step": "0", "action": "x"}, 422, "step"),
        (
            "post",
            "/api/lessons/featherlight/solo/check",
            {"step": True, "action": "x"},
            422,
            "step",
        ),
        ("post", "/api/lessons/featherlight/solo/check", {"action": "draw 1"}, 422, "step: Field"),
        ("post", "/api/lessons/featherlight/solo/check", {"step": 0}, 422, "action: Field"),
        ("post", "/api/lessons/featherlight/solo/check", {"step": 0, "action": ""}, 422, "action"),
        ("post", "/api/lessons/featherlight/solo/check", {"step": 0, "action": 3}, 422, "action"),
        (
            "post",
            "/api/lessons/featherlight/solo/check",
            {"step": 0, "action": "x" * 201},
            422,
            "action",
        ),
        (
            "post",
            "/api/lessons/featherlight/solo/check",
            {"step": 0, "action": "x", "z": 1},
            422,
            "z:",
        ),
        ("post", "/api/lessons/featherlight/solo/check", [1, 2], 422, "body"),
        ("post", "/api/lessons/featherlight/solo/check", "[[[[", 422, "body: not a JSON object"),
    ],
)
def test_bad_requests_are_refused_naming_the_field(
    client, method: str, path: str, body: object, status: int, words: str
) -> None:
    if method == "get":
        answer = client.get(path)
    elif isinstance(body, str):
        answer = client.post(path, content=body.encode())
    else:
        answer = client.post(path, json=body)
    assert answer.status_code == status, answer.text
    data = answer.json()
    assert set(data) == {"error", "message"}
    assert data["error"] == ("not_found" if status == 404 else "bad_request")
    assert words in data["message"]


def test_a_huge_body_is_refused_before_it_is_read(client) -> None:
    big = b'{"step": 0, "action": "' + b"x" * (MAX_BODY * 2) + b'"}'
    answer = client.post("/api/lessons/featherlight/solo/check", content=big)
    assert answer.status_code == 413
    assert answer.json() == {"error": "too_large", "message": f"body: at most {MAX_BODY} bytes"}
    huge = b'{"step": 0, "action": "' + b"x" * (MAX_BODY * 100) + b'"}'
    answer = client.post("/api/lessons/featherlight/solo/check", content=huge)
    assert answer.status_code == 413  # the server's own limit (--max-body) comes first
    assert answer.json()["limit"] == "max-body"

    def chunks():  # no content-length: read in pieces, stopped past the limit
        for _ in range(100):
            yield b"x" * 1000

    streamed = client.post("/api/lessons/featherlight/solo/check", content=chunks())
    assert streamed.status_code == 413
    nested = b"[" * 4000  # within the limit, deeper than the decoder follows
    deep = client.post("/api/lessons/featherlight/solo/check", content=nested)
    assert deep.status_code == 422 and deep.json()["message"] == "body: not a JSON object"


def test_answers_of_every_shape_never_break_the_server(client) -> None:
    """Any short text is judged (refused, unknown or other) and the step stays where it was."""
    answers = [
        "",
        " ",
        "draw",
        "draw 0",
        "draw 99999999999999999999",
        "put on",
        "put x on y",
        "take -1",
        "take 1.5",
        "\u00e9\u00e9",
        "put 28 on 2 extra",
        "null",
        "💥",
        "\x00",
        "attach 1 to",
        "tile 0,0,0",
        "place 1 at a,b",
        "move -3",
        "lose",
        "pass",
    ]
    kinds = set()
    for game, mode in LESSONS:
        for text in answers:
            answer = client.post(
                f"/api/lessons/{game}/{mode}/check", json={"step": 0, "action": text or "?"}
            )
            assert answer.status_code == 200, (game, mode, text, answer.text)
            verdict = answer.json()["verdict"]
            assert verdict["kind"] != "right" and verdict["message"], (game, text)
            kinds.add(verdict["kind"])
    assert "refused" in kinds or "unknown" in kinds


def test_the_lesson_page_is_served_and_an_unknown_lesson_says_404(client) -> None:
    for path, status in [
        ("/learn/featherlight", 200),
        ("/learn/featherlight/solo", 200),
        ("/learn/nope", 404),
        ("/learn/featherlight/duel", 404),
    ]:
        page = client.get(path)
        assert page.status_code == status
        assert 'src="/static/app.js"' in page.text and "/static/learn.css" in page.text
    for name in ("learn.js", "rules.js", "learn.css"):
        assert client.get(f"/static/{name}").status_code == 200
