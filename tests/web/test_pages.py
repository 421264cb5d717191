"""The pages and their files, the lobby's form from the registrations, the catalogue and the
derived data a seat receives, and a solo hint's expected score (FastAPI's test client)."""

from __future__ import annotations

import pytest
from web_helpers import Browser, claim_all, create

from fourfeathers.core import list_games, make
from fourfeathers.core.rulebook import RULE_ID, plain_words
from fourfeathers.web.pages import POLICY


@pytest.mark.parametrize("path", ["/", "/t/abcdefgh/seat/1"])
def test_pages_and_their_files_come_from_the_server_only(client, path: str) -> None:
    page = client.get(path)
    assert page.status_code == (200 if path == "/" else 404)  # no such table: the page says so
    assert 'src="/static/app.js"' in page.text and "http" not in page.text.replace("http-equiv", "")
    assert page.headers["content-security-policy"] == POLICY
    assert "connect-src 'self'" in POLICY and "script-src 'self'" in POLICY
    for name in ("app.js", "table.js", "lobby.js", "style.css", "feather.svg"):
        found = client.get(f"/static/{name}")
        assert found.status_code == 200 and found.headers["cache-control"] == "no-cache"
    assert client.get("/static/app.js").headers["content-type"].startswith("text/javascript")


@pytest.mark.parametrize(
    "path",
    ["/static/..%2Fapp.py", "/static/page.py", "/static/.hidden.js", "/games/nope/view.js"],
)
def test_only_page_files_are_served(client, path: str) -> None:
    assert client.get(path).status_code == 404


def test_a_games_view_is_served_from_its_folder(client) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    view = games["featherlight"]["view"]
    assert view == {
        "script": "/games/featherlight/view.js",
        "style": "/games/featherlight/view.css",
    }
    assert "export default" in client.get(view["script"]).text
    assert client.get("/games/featherlight/__init__.py").status_code == 404
    assert games["familiar-feat"]["score_unit"] == "Monsters"


def test_the_form_has_every_option_of_every_game(client) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    for spec in list_games():
        fields = {f["name"]: f for f in games[spec.id]["options"]}
        game = make(spec.id)
        hidden = {"content", "content_digest"}
        assert set(fields) == set(game.config) - hidden | ({"types"} & set(fields))
        assert all(
            f["label"] and f["type"] in ("int", "str", "seat", "list") for f in fields.values()
        )
        assert [c["value"] for c in fields["players"]["choices"]] == list(spec.players)
        variants = [c["value"] for c in fields["variants"]["choices"]]
        assert variants and all(c["label"] for c in fields["variants"]["choices"])
        for choice in fields["variants"]["choices"]:  # players read words; the id stays apart
            assert not RULE_ID.search(choice["label"]) and RULE_ID.fullmatch(choice["rule"])
    level = next(f for f in games["familiar-feat"]["options"] if f["name"] == "level")
    assert (level["label"], level["min"], level["max"], level["default"]) == ("Level", 1, 8, 1)
    stamina = next(f for f in games["isle-of-feathers"]["options"] if f["name"] == "stamina")
    assert stamina["when"] == {"players": [1]}
    variants = next(f for f in games["featherlight"]["options"] if f["name"] == "variants")
    assert {
        "value": "no-put-back",
        "label": "A Swap may not put a card back on the stack it took from",
        "rule": "FL-R11",
    } in variants["choices"]


@pytest.mark.parametrize(
    "text,words,rules",
    [
        (
            "-1 each; a collected Trap is passed on after the move (FF-34..FF-36, rules.py)",
            "-1 each; a collected Trap is passed on after the move",
            ["FF-34", "FF-36"],
        ),
        ("FL-R11: a Swap may not put a card back", "A Swap may not put a card back", ["FL-R11"]),
        ("5 each, ties included (FF-55, FF-R09)", "5 each, ties included", ["FF-55", "FF-R09"]),
        ("5 points (see scoring.py)", "5 points", []),
        ("1 = -5, 2 = -4 (of 3)", "1 = -5, 2 = -4 (of 3)", []),
    ],
)
def test_plain_words_keep_the_words_and_set_the_rule_ids_apart(
    text: str, words: str, rules: list[str]
) -> None:
    assert plain_words(text) == (words, rules)


def test_fancy_feathers_types_say_their_scoring_without_rule_ids_or_files() -> None:
    from fourfeathers.games.fancy_feathers.web import catalogue

    types = catalogue(make("fancy-feathers", players=3))["types"]
    trap = next(t for t in types.values() if t["short"] == "Trap")
    assert trap["text"] == "-1 each; a collected Trap is passed on after the move"
    assert trap["rules"] == ["FF-34", "FF-36"]
    for t in types.values():
        assert not RULE_ID.search(t["text"]) and ".py" not in t["text"], t


def test_the_catalogue_and_the_derived_points(client) -> None:
    table = create(client, "featherlight", ["human", "human"], options={"starting_player": 0})
    cards = client.get(f"/api/tables/{table['table']}/catalogue").json()["catalogue"]["cards"]
    assert len(cards) == 70 and cards["10"]["colour"] == "white"
    assert cards["10"]["text"] == "10 points" and cards["10"]["wind"] in ("up", "down")
    assert cards["1"]["text"] == "4 + 2 per other purple in hand and nest"
    assert client.get("/api/tables/abcdefgh/catalogue").status_code == 404
    tokens = claim_all(client, table)
    one = Browser(client, table["table"], tokens[0])
    mine = one.state["private"][0]
    sheet = mine["derived"]["hand"]
    assert [line["card"] for line in sheet["lines"]] == mine["observation"]["hand"]
    obs = mine["observation"]
    engine = make("featherlight").score_table(obs["hand"], obs["nest"])
    assert [(x.points, x.reason) for x in engine] == [
        (x["points"], x["why"]) for x in sheet["lines"]
    ]
    assert sheet["total"] == sum(x.points for x in engine)
    assert "derived" not in one.state or "hand" not in one.state["derived"]  # public: no hand
    one.move("take 1")
    puts = one.state["private"][0]["derived"]["puts"]
    taken = one.state["private"][0]["observation"]["taken"]
    assert str(taken) not in puts and len(puts) == 5
    assert all(row[0] is not None and all(v is None for v in row[1:]) for row in puts.values())


def test_a_solo_hint_gives_the_expected_score(client) -> None:
    table = create(client, "featherlight", ["human"], options={"players": 1, "max_turns": 4})
    token = claim_all(client, table)[0]
    browser = Browser(client, table["table"], token)
    hint = browser.command("hint", id=1)
    assert (hint["value"], hint["estimate"]) == ("score_share", "score")
    estimates = [c["estimate"] for c in hint["choices"]]
    assert len(estimates) == 3 and all(0 < e < 200 for e in estimates)
    assert [c["text"] for c in hint["choices"]] == [f"expected {e:.0f} points" for e in estimates]
    again = browser.command("hint", id=2)
    assert [c["estimate"] for c in again["choices"]] == estimates  # seeded: the same figures


def test_fancy_feathers_derived_collections_unseen_cards_and_fox_answers() -> None:
    import random

    from fourfeathers.core.registry import game_spec
    from fourfeathers.games.fancy_feathers.rules import after_fox
    from fourfeathers.games.fancy_feathers.scoring import TYPES

    web = game_spec("fancy-feathers").part("web")
    game = make("fancy-feathers", players=3)
    foxes = 0
    for seed in range(12):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player
            mine = web.derive(game, state.observation(seat), seat)
            public = web.derive(game, state.public_observation(), None)
            assert mine["own"]["total"] == state.scores()[seat]
            hidden = state.stack + state.box
            for name, left in public["unseen"].items():
                cards = [c for c in hidden if TYPES[game.ctype[c]] == name]
                assert sum(left.values()) == len(cards)
            if state.phase == 1:  # a Fox: the points each answer leaves
                foxes += 1
                legal = state.legal_actions()
                assert set(mine["fox"]) == {str(a) for a in legal}
                for action in legal:
                    after = after_fox(game, state.held[seat], state.fox, action)
                    assert len(after) == len(state.held[seat]) + (str(action).startswith("lose s"))
            state.apply_action(rng.choice(state.legal_actions()))
        final = web.derive(game, state.public_observation(), None)
        assert [s["total"] for s in final["sheets"]] == state.scores()
    assert foxes > 5


@pytest.mark.parametrize("variants", [[], ["no-put-back"]])
def test_featherlight_points_after_each_put_are_the_engines(variants: list[str]) -> None:
    import random

    from fourfeathers.core.registry import game_spec
    from fourfeathers.games.featherlight.scoring import hand_points

    web = game_spec("featherlight").part("web")
    game = make("featherlight", players=2, variants=variants)
    checked = 0
    for seed in range(15):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player
            observation = state.observation(seat)
            if observation["phase"] == "put":
                legal = {str(a) for a in state.legal_actions()}
                for card, row in web.derive(game, observation, seat)["puts"].items():
                    for stack, points in enumerate(row):
                        action = f"put {card} on {stack + 1}"
                        assert (points is not None) == (action in legal), action
                        if points is not None:
                            after = state.clone()
                            after.apply_action(game.parse_action(action))
                            rules, colour = game.rules, game.cards.colour
                            assert points == hand_points(
                                rules, colour, after.hands[seat], after.nest
                            )
                            checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 1000
