"""Structured actions (docs/protocol.md, "Actions"): each legal action the server offers comes
with ``fields``, a JSON form that names it (no two legal actions share one) and that the pages
read instead of the text; no page parses action text (issue 33)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from fourfeathers.core import list_games, make
from fourfeathers.web import views
from fourfeathers.web.tables import HUMAN, Table

GAMES = Path(__file__).resolve().parents[2] / "src" / "fourfeathers" / "games"
PARSING = re.compile(r"\.exec\(|\.test\(|\.match\(|new RegExp|startsWith\(\"[a-z]")


def configurations() -> list[tuple[str, dict]]:
    return [(s.id, dict(c)) for s in list_games() for c in s.configurations]


@pytest.mark.parametrize(("game_id", "config"), configurations(), ids=str)
def test_every_legal_action_has_its_own_json_form(game_id: str, config: dict) -> None:
    game = make(game_id, **config)
    seats = game.num_players
    table = Table("abcdefgh", game, 11, [HUMAN] * seats, [None] * seats, [None] * seats)
    rng = random.Random(5)
    kinds: set[str] = set()
    for _ in range(60):
        if table.over:
            break
        mover = table.state.current_player
        legal = views.table_view(table, frozenset({mover}))["legal"]
        forms = [json.dumps(entry["fields"], sort_keys=True) for entry in legal]
        assert len(set(forms)) == len(legal), f"two legal actions share a form: {forms}"
        for entry in legal:
            fields = entry["fields"]
            assert json.loads(json.dumps(fields)) == fields
            assert isinstance(fields["kind"], str) and fields["kind"] != "action"
            kinds.add(fields["kind"])
        forced = table.prepare_forced()  # a seat with one legal action is offered none
        step = forced or table.prepare_move(mover, rng.choice(legal)["action"])
        table.commit(step)
    assert kinds


def test_the_forms_name_what_the_text_names() -> None:
    game = make("featherlight", players=2)
    state = game.new_initial_state(3)
    assert game.action_fields(state, game.parse_action("draw 2")) == {"kind": "draw", "pile": 1}
    assert game.action_fields(state, game.parse_action("put 15 on 3")) == {
        "kind": "put",
        "card": 15,
        "stack": 2,
    }
    isle = make("isle-of-feathers", players=2)
    shoo = isle.parse_action("shoo red 1,-1 to 2,-1")
    assert isle.action_fields(isle.new_initial_state(3), shoo) == {
        "kind": "shoo",
        "colour": "red",
        "source": "1,-1",
        "target": "2,-1",
    }
    fancy = make("fancy-feathers", players=2)
    lose = fancy.parse_action("lose peacock:3")
    assert fancy.action_fields(fancy.new_initial_state(3), lose) == {
        "kind": "lose",
        "type": "peacock",
        "value": 3,
    }


def test_an_attach_says_what_it_makes_of_the_column() -> None:
    """Familiar Feat: the Cuddle total the column would have and whether it reaches the
    Strength, the numbers of the attach's words (FA-33, FA-40)."""
    game = make("familiar-feat", level=1)
    state = game.new_initial_state(4)
    rng = random.Random(1)
    seen = 0
    while not state.is_terminal() and seen < 20:
        for action in state.legal_actions():
            fields = game.action_fields(state, action)
            if fields["kind"] != "attach":
                continue
            seen += 1
            words = game.describe_action(state, action)
            assert words.endswith(f"Cuddle {fields['cuddle']} / {fields['strength']}")
            if fields["strength"].isdigit():
                assert fields["reaches"] == (fields["cuddle"] >= int(fields["strength"]))
            else:
                assert fields["reaches"] is False
        state.apply_action(rng.choice(state.legal_actions()))
    assert seen >= 5


def test_no_page_parses_action_text() -> None:
    views_js = sorted(GAMES.glob("*/web/view.js"))
    assert len(views_js) == 4
    found = {
        str(path.relative_to(GAMES)): [
            line.strip()
            for line in path.read_text(encoding="utf-8").splitlines()
            if PARSING.search(line)
        ]
        for path in views_js
    }
    assert {k: v for k, v in found.items() if v} == {}
    # the check can fail: the Isle's old parse of a legal action
    old = "const spot = /^(tile|veg) (-?\\d+,-?\\d+)$/.exec(action);"
    assert PARSING.search(old) and PARSING.search('action.startsWith("flock")')
