"""The protocol of ``feathers serve`` through FastAPI's test client: HTTP, the WebSocket of a
table, undo, hints, rematch, restarts, and every kind of bad input (each gets a clear error
and changes nothing)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect
from web_helpers import Browser, claim_all, create, hub_of, server

from fourfeathers.core import GameRecord
from fourfeathers.web import hub as hub_module
from fourfeathers.web.store import moves


def play_out(browser: Browser, rng: random.Random, limit: int = 2000) -> None:
    """Play random legal moves for every seat ``browser`` holds until the game is over."""
    for _ in range(limit):
        if browser.state["status"] == "finished":
            return
        if browser.state["legal"]:
            seat = browser.state["to_move"]
            reply = browser.move(rng.choice(browser.legal), seat=seat)
            assert reply["type"] == "accepted", reply
        else:
            browser.receive()
    raise AssertionError("the game did not end")


def hot_seat(client, game: str = "featherlight", players: int = 2, **body) -> tuple[dict, Browser]:
    """A table whose human seats are all held by one browser (one token: ``browser.token``)."""
    table = create(client, game, ["human"] * players, **body)
    token = None
    for invite in table["invites"]:
        response = client.post(
            f"/api/tables/{table['table']}/claim",
            json={"seat": invite["seat"], "invite": invite["invite"], "token": token},
        )
        assert response.status_code == 200, response.text
        token = response.json()["token"]
    browser = Browser(client, table["table"], token)
    browser.token = token  # type: ignore[attr-defined]
    return table, browser


# HTTP


def test_games_lists_every_game_with_its_options(client) -> None:
    data = client.get("/api/games").json()
    ids = [g["id"] for g in data["games"]]
    assert ids == sorted(ids) and len(ids) == 4
    for game in data["games"]:
        names = [o["name"] for o in game["options"]]
        assert "content" not in names and game["players"]
    assert {"random", "easy", "medium", "hard"} <= set(data["agents"])


def test_create_claim_and_list(client) -> None:
    table = create(client, "featherlight", ["human", "hard"], listed=True)
    assert [i["seat"] for i in table["invites"]] == [0]
    assert table["invites"][0]["url"].endswith(
        f"/t/{table['table']}/seat/1?invite={table['invites'][0]['invite']}"
    )
    assert table["watch"].endswith(f"/t/{table['table']}")
    assert table["config"]["players"] == 2
    listed = client.get("/api/tables").json()["tables"]
    assert [t["table"] for t in listed] == [table["table"]]
    assert "invites" not in listed[0] and "seed" not in json.dumps(listed)
    assert listed[0]["seats"] == [
        {"seat": 0, "kind": "human", "claimed": False},
        {"seat": 1, "kind": "hard", "claimed": True},
    ]
    token = claim_all(client, table)[0]
    assert len(token) >= 40
    one = client.get(f"/api/tables/{table['table']}").json()
    assert one["seats"][0]["claimed"] is True


def test_the_list_holds_open_tables_with_a_free_seat_and_listed_ones_a_page_at_a_time(
    client,
) -> None:
    private = create(client, "featherlight", ["human", "hard"])
    opened = create(client, "featherlight", ["human", "human"], open=True)
    listed = [create(client, "featherlight", ["human", "human"], listed=True) for _ in range(3)]

    def ids(query: str = "") -> list[str]:
        return [t["table"] for t in client.get(f"/api/tables{query}").json()["tables"]]

    everyone = ids()
    assert private["table"] not in everyone  # reached only through its links
    assert set(everyone) == {opened["table"], *(t["table"] for t in listed)}
    assert client.get(f"/api/tables/{private['table']}").json()["listed"] is False
    page = client.get("/api/tables?limit=2").json()
    assert len(page["tables"]) == 2 and page["total"] == 4 and page["next"] == 2
    rest = client.get("/api/tables?limit=2&offset=2").json()
    assert rest["next"] is None
    assert [t["table"] for t in page["tables"] + rest["tables"]] == everyone
    for bad in ("limit=51", "limit=0", "offset=-1", "limit=many"):
        response = client.get(f"/api/tables?{bad}")
        assert response.status_code == 422, bad
        assert response.json()["message"].startswith("query." + bad.split("=")[0]), bad
    claim_all(client, opened)  # no free seat left: an open table leaves the list
    assert opened["table"] not in ids()


def test_server_keeps_only_token_hashes(client, db: Path) -> None:
    table = create(client, "featherlight", ["human", "human"])
    tokens = claim_all(client, table)
    blob = db.read_bytes() + (db.with_name(db.name + "-wal").read_bytes())
    for token in tokens.values():
        assert token.encode() not in blob
    for invite in table["invites"]:
        assert invite["invite"].encode() not in blob


def test_a_seat_is_claimed_once_and_the_same_browser_comes_back(client) -> None:
    table = create(client, "featherlight", ["human", "human"])
    invite = table["invites"][0]["invite"]
    url = f"/api/tables/{table['table']}/claim"
    token = client.post(url, json={"seat": 0, "invite": invite}).json()["token"]
    again = client.post(url, json={"seat": 0, "invite": invite})
    assert again.status_code == 409 and "already taken" in again.json()["message"]
    back = client.post(url, json={"seat": 0, "invite": invite, "token": token})
    assert back.status_code == 200 and back.json()["token"] == token


def test_wrong_invite_and_computer_seat_are_refused(client) -> None:
    table = create(client, "featherlight", ["human", "random"])
    url = f"/api/tables/{table['table']}/claim"
    wrong = client.post(url, json={"seat": 0, "invite": "x" * 43})
    assert wrong.status_code == 403 and "invite" in wrong.json()["message"]
    missing = client.post(url, json={"seat": 0})
    assert missing.status_code == 403
    computer = client.post(url, json={"seat": 1, "invite": "x"})
    assert computer.status_code == 409 and "computer" in computer.json()["message"]
    far = client.post(url, json={"seat": 5, "invite": "x"})
    assert far.status_code == 400 and "seats 1-2" in far.json()["message"]
    assert hub_of(client).get(table["table"]).tokens == [None, None]


def test_open_tables_need_no_invite(client) -> None:
    table = create(client, "featherlight", ["human", "human"], open=True)
    response = client.post(f"/api/tables/{table['table']}/claim", json={"seat": 1})
    assert response.status_code == 200


def test_unknown_table_is_404_never_a_new_table(client) -> None:
    for path in ("/api/tables/nosuchtable", "/api/tables/nosuchtable/record", "/api/tables/../x"):
        response = client.get(path)
        assert response.status_code == 404, path
    response = client.post("/api/tables/nosuchtable/claim", json={"seat": 0, "invite": "x"})
    assert response.status_code == 404 and "no table" in response.json()["message"]
    with client.websocket_connect("/ws/tables/nosuchtable") as ws:
        assert ws.receive_json()["code"] == "unknown_table"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404
    assert client.get("/api/tables").json()["tables"] == []


@pytest.mark.parametrize(
    "body,words",
    [
        ({"game": "chess", "seats": ["human"]}, "unknown game 'chess'"),
        ({"game": "featherlight", "seats": ["human", "wizard"]}, "seat 2: unknown agent"),
        ({"game": "featherlight", "seats": ["human"] * 5}, "options:"),
        ({"game": "featherlight", "seats": ["human"], "options": {"players": 3}}, "seats: 1"),
        ({"game": "featherlight", "seats": ["human"], "options": {"colour": 3}}, "no option"),
        (
            {"game": "featherlight", "seats": ["human"], "options": {"content": "/etc/passwd"}},
            "content",
        ),
        ({"game": "featherlight", "seats": ["human", "ismcts:seconds=600"]}, "at most 10"),
        (
            {"game": "featherlight", "seats": ["human", "ismcts:iterations=10**9"]},
            "iterations must be an integer",
        ),
        (
            {"game": "featherlight", "seats": ["human", "ismcts:iterations=200000"]},
            "at most 100000 iterations",
        ),
        ({"game": "featherlight", "seats": []}, "seats"),
        ({"game": "featherlight"}, "seats: Field required"),
        ({"game": "featherlight", "seats": ["human"], "colour": 1}, "colour"),
        ({"game": "featherlight", "seats": ["human", "human"], "open": "yes"}, "open:"),
    ],
)
def test_bad_tables_are_refused_with_the_field(client, body: dict, words: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code in (400, 422), response.text
    assert words in response.json()["message"]
    assert client.get("/api/tables").json()["tables"] == []


def test_malformed_http_body(client) -> None:
    response = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 422 and response.json()["error"] == "bad_request"
    assert response.json()["message"].startswith("body: not valid JSON (")
    deep = b"[" * 5000 + b"]" * 5000  # more than the JSON decoder can nest
    response = client.post(
        "/api/tables", content=deep, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400 and response.json() == {
        "error": "bad_request",
        "message": "the body could not be read as JSON (malformed, or nested too deeply)",
    }
    assert client.get("/api/tables").json()["tables"] == []


def test_other_http_refusals_have_the_same_shape(client) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404
    assert response.json() == {"error": "not_found", "message": "nothing at /api/nothing"}
    response = client.delete("/api/tables")
    assert response.status_code == 405 and response.json()["error"] == "method_not_allowed"


def test_an_invite_page_for_a_seat_the_table_lacks_is_404(client) -> None:
    table = create(client, "featherlight", ["human", "human"])["table"]
    pages = {n: client.get(f"/t/{table}/seat/{n}").status_code for n in ("0", "1", "2", "3", "x")}
    assert pages == {"0": 404, "1": 200, "2": 200, "3": 404, "x": 404}


# The WebSocket of a table


def test_a_game_against_the_computer_to_the_end_and_its_record(client) -> None:
    table = create(client, "featherlight", ["human", "random"])
    token = claim_all(client, table)[0]
    assert client.get(f"/api/tables/{table['table']}/record").status_code == 409
    browser = Browser(client, table["table"], token)
    assert browser.state["you"] == [0]
    assert [p["seat"] for p in browser.state["private"]] == [0]
    play_out(browser, random.Random(3))
    result = browser.state["result"]
    record = client.get(f"/api/tables/{table['table']}/record").json()
    assert record == result["record"]
    replayed = GameRecord(record["game"], record["config"], record["seed"], record["actions"])
    assert replayed.replay().scores() == result["scores"]
    assert [e["n"] for e in browser.log] == list(range(1, browser.n + 1))
    mine = [e for e in browser.log if e["seat"] == 0]
    theirs = [e for e in browser.log if e["seat"] == 1]
    assert all("action" in e for e in mine) and not any("action" in e for e in theirs)
    assert all(e["words"] for e in browser.log)
    browser.close()


def test_spectator_sees_no_hand_and_cannot_act(client) -> None:
    table, player = hot_seat(client)
    watcher = Browser(client, table["table"])
    assert watcher.state["you"] == [] and watcher.state["private"] == []
    assert watcher.state["legal"] == [] and "hand" not in watcher.state["public"]
    reply = watcher.command("move", action=player.legal[0])
    assert reply["code"] == "not_your_seat" and "watching" in reply["reason"]
    assert hub_of(client).get(table["table"]).n == 0


def test_hot_seat_one_browser_holds_every_seat(client) -> None:
    table, browser = hot_seat(client, players=3)
    assert browser.state["you"] == [0, 1, 2]
    assert len(browser.state["private"]) == 3
    first = browser.state["to_move"]
    reply = browser.command("move", action=browser.legal[0])
    assert reply["code"] == "not_your_seat" and "several seats" in reply["reason"]
    assert browser.move(browser.legal[0], seat=first)["type"] == "accepted"


def test_claiming_another_seat_reaches_the_open_connection(client) -> None:
    table = create(client, "featherlight", ["human", "human"])
    url = f"/api/tables/{table['table']}/claim"
    seat0, seat1 = table["invites"]
    token = client.post(url, json={"seat": 0, "invite": seat0["invite"]}).json()["token"]
    browser = Browser(client, table["table"], token)
    watcher = Browser(client, table["table"])
    assert browser.state["you"] == [0]
    answer = client.post(url, json={"seat": 1, "invite": seat1["invite"], "token": token})
    assert answer.json()["seats"] == [0, 1]
    assert browser.next("sync")["since"] == 0 and browser.state["you"] == [0, 1]
    claimed = watcher.next("seats")["seats"]
    assert [s["claimed"] for s in claimed] == [True, True]


def test_bad_token_is_refused(client) -> None:
    table = create(client, "featherlight", ["human", "human"])
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        ws.send_json({"type": "hello", "token": "y" * 43})
        assert ws.receive_json()["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401


def test_first_message_must_be_hello(client) -> None:
    table = create(client, "featherlight", ["human", "human"])
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        ws.send_json({"type": "move", "action": "draw 1", "expect": 0})
        assert ws.receive_json()["code"] == "no_hello"
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:  # and a malformed one
        ws.send_json({"type": "move", "action": "draw 1"})
        assert ws.receive_json()["code"] == "no_hello"


def test_commands_for_another_seat_out_of_turn_and_illegal(client) -> None:
    table = create(client, "featherlight", ["human", "human"])
    tokens = claim_all(client, table)
    seats = [Browser(client, table["table"], tokens[s]) for s in (0, 1)]
    mover = seats[0].state["to_move"]
    me, other = seats[mover], seats[1 - mover]
    assert other.command("move", action="draw 1", seat=mover)["code"] == "not_your_seat"
    out = other.command("move", action="draw 1")
    assert out["code"] == "not_your_turn" and f"seat {mover + 1}'s turn" in out["reason"]
    illegal = me.command("move", action="put 3 on 1")
    assert illegal["type"] == "rejected" and illegal["code"] == "illegal"
    assert illegal["rule"].startswith("FL-") and illegal["reason"]
    nonsense = me.command("move", action="fly away")
    assert nonsense["code"] == "not_understood"
    assert hub_of(client).get(table["table"]).n == 0
    assert me.move(me.legal[0])["type"] == "accepted"


def test_stale_and_repeated_commands_are_never_applied_twice(client) -> None:
    table, browser = hot_seat(client)
    seat = browser.state["to_move"]
    command = {"type": "move", "action": "draw 1", "expect": 0, "seat": seat, "id": "a"}
    browser.send(command)
    assert browser.next("accepted", "rejected") == {"type": "accepted", "id": "a", "n": 1}
    browser.send(command)  # the same command again (a retry)
    stale = browser.next("accepted", "rejected")
    assert stale["code"] == "stale" and stale["id"] == "a" and stale["n"] == 1
    assert hub_of(client).get(table["table"]).record.actions == ["draw 1"]


@pytest.mark.parametrize(
    "frame,code",
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('{"type": "move", "x": ' + "[" * 4000 + "]" * 4000 + "}", "bad_json"),
        ('{"type": "dance"}', "unknown_type"),
        ('{"type": "move", "expect": 0}', "bad_field"),
        ('{"type": "move", "action": "draw 1"}', "bad_field"),
        ('{"type": "move", "action": "draw 1", "expect": -1}', "bad_field"),
        ('{"type": "move", "action": "draw 1", "expect": 0, "colour": 1}', "bad_field"),
        ('{"type": "undo", "expect": true}', "bad_field"),
        ('{"type": "move", "action": "draw 1", "expect": 0, "id": {}}', "bad_field"),
        ('{"type": "hello"}', "bad_field"),
        (json.dumps({"type": "move", "action": "x" * 9000, "expect": 0}), "too_large"),
    ],
)
def test_bad_messages_get_an_error_and_change_nothing(client, frame: str, code: str) -> None:
    table, browser = hot_seat(client)
    browser.send(frame)
    error = browser.next("error")
    assert error["code"] == code and error["message"]
    assert hub_of(client).get(table["table"]).n == 0
    browser.send({"type": "ping"})
    assert browser.next("pong", "error")["type"] == "pong"  # the connection still works


def test_binary_frames_are_refused(client) -> None:
    table, browser = hot_seat(client)
    browser.ws.send_bytes(b'{"type": "ping"}')
    assert browser.next("error")["code"] == "binary"


def test_a_flood_is_rate_limited_then_closed(db: Path) -> None:
    with server(db, rate=5.0, burst=5) as client:
        table, browser = hot_seat(client)
        for _ in range(30):
            browser.send({"type": "ping"})
        codes = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                codes.append(browser.receive().get("code"))
        assert closed.value.code == 4429
        assert "rate_limited" in codes and codes[-1] == "flood"
        assert hub_of(client).get(table["table"]).n == 0


def test_a_silent_connection_is_closed_and_pings_are_sent(db: Path) -> None:
    with server(db, heartbeat=0.2) as client:
        table, browser = hot_seat(client)
        assert browser.next("ping", timeout=5)["type"] == "ping"
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                browser.receive(timeout=5)
        assert closed.value.code == 4408
        assert hub_of(client).get(table["table"]).connections == set()


def test_reconnect_gets_what_was_missed(client) -> None:
    table = create(client, "featherlight", ["human", "human"])
    tokens = claim_all(client, table)
    first = Browser(client, table["table"], tokens[0])
    second = Browser(client, table["table"], tokens[1])
    seen = second.n
    second.close()
    rng = random.Random(5)
    for _ in range(6):
        seat = first.state["to_move"]
        mover = first if seat == 0 else Browser(client, table["table"], tokens[1])
        mover.move(rng.choice(mover.legal))
        first.until(mover.n)
        if mover is not first:
            mover.close()
    back = Browser(client, table["table"], tokens[1], last=seen)
    assert back.first["since"] == seen
    assert [e["n"] for e in back.first["log"]] == list(range(seen + 1, first.n + 1))
    assert back.state == {
        **first.state,
        "you": [1],
        "private": back.state["private"],
        "legal": back.state["legal"],
        "undo": back.state["undo"],
    }

    def public(entries: list[dict]) -> list[dict]:
        return [{k: v for k, v in e.items() if k != "action"} for e in entries]

    assert public(back.first["log"]) == public(first.log[seen:])
    assert all(("action" in e) == (e["seat"] == 1) for e in back.first["log"])
    future = Browser(client, table["table"], tokens[1], last=first.n + 50)
    assert future.first["since"] == 0 and len(future.first["log"]) == first.n
    future.send({"type": "sync", "last": first.n - 1})
    again = future.next("sync")
    assert [e["n"] for e in again["log"]] == [first.n]


# Undo


def turn_seat(browser: Browser) -> int:
    return browser.state["to_move"]


def test_undo_takes_back_your_own_decision_that_showed_nothing(client) -> None:
    table, browser = hot_seat(client)
    seat = turn_seat(browser)
    browser.move("take 1", seat=seat)
    assert browser.state["undo"] == seat
    before = hub_of(client).get(table["table"]).record.actions[:]
    reply = browser.command("undo", seat=seat)
    assert reply["type"] == "accepted"
    browser.until(reply["n"])
    assert browser.log[-1] == {
        "n": 2,
        "kind": "undo",
        "seat": seat,
        "words": "took back a decision",
        "undone": [1],
    }
    assert before == ["take 1"] and hub_of(client).get(table["table"]).record.actions == []
    assert browser.state["moves"] == 0 and browser.state["undo"] is None
    assert browser.command("undo", seat=seat)["code"] == "no_undo"


def test_undo_refused_after_a_draw_or_when_someone_decided_since(client) -> None:
    table, browser = hot_seat(client)
    seat = turn_seat(browser)
    browser.move("draw 1", seat=seat)
    refused = browser.command("undo", seat=seat)
    assert refused["code"] == "no_undo" and "showed something hidden" in refused["reason"]
    browser.move(browser.legal[0], seat=seat)
    other = turn_seat(browser)
    browser.move("take 1", seat=other)
    mine = browser.command("undo", seat=seat)
    assert mine["code"] == "no_undo" and f"seat {other + 1} has decided since" in mine["reason"]
    assert hub_of(client).get(table["table"]).n == 3


def test_undo_takes_back_the_computer_decisions_after_yours(client) -> None:
    table = create(client, "featherlight", ["human", "random"], options={"starting_player": 0})
    browser = Browser(client, table["table"], claim_all(client, table)[0])
    browser.move("take 1")
    browser.move(browser.legal[0])  # the put; then the computer's turn (two decisions)
    while browser.state["to_move"] != 0:
        browser.receive()
    actions = hub_of(client).get(table["table"]).record.actions
    computer_drew = actions[2].startswith("draw")
    reply = browser.command("undo")
    if computer_drew:
        assert reply["code"] == "no_undo"
    else:
        assert reply["type"] == "accepted"
        browser.until(reply["n"])
        assert browser.log[-1]["words"] == "took back a decision and 2 computer decisions"
        assert browser.log[-1]["undone"] == [2, 3, 4]
        assert hub_of(client).get(table["table"]).record.actions == ["take 1"]


# Forced decisions


def first_until_forced(browser: Browser, limit: int = 200) -> dict:
    """Play every seat's first legal action until the server makes a forced decision; returns
    its log entry."""
    for _ in range(limit):
        if browser.log and browser.log[-1]["kind"] == "forced":
            return browser.log[-1]
        if browser.state["legal"]:
            reply = browser.move(browser.legal[0], seat=browser.state["to_move"])
            assert reply["type"] == "accepted", reply
        else:
            browser.receive()
    raise AssertionError("no forced decision")


def test_the_server_plays_a_forced_decision_stores_it_and_undo_skips_it(db: Path, monkeypatch):
    # Fancy Feathers, seed 3, first actions: seat 2's 8th decision is its only legal action.
    monkeypatch.setattr(hub_module, "random_seed", lambda: 3)
    with server(db) as client:
        table, browser = hot_seat(client, "fancy-feathers")
        forced = first_until_forced(browser)
        assert forced == {
            "n": 15,
            "kind": "forced",
            "seat": 1,
            "words": "keep the 1 set-aside Trap: Seat 2 takes the next turn again",
            "action": "pass traps",
        }
        live = hub_of(client).get(table["table"])
        assert live.play.decisions[-1].forced and live.record.actions[-1] == "pass traps"
        assert [r.kind for r in hub_of(client).store.events(table["table"])][-2:] == [
            "move",
            "forced",
        ]
        assert browser.state["undo"] == 1 and browser.state["to_move"] == 1
        reply = browser.command("undo", seat=1)  # back to seat 2's own choice, event 14
        assert reply["type"] == "accepted"
        browser.until(reply["n"])
        assert browser.log[-1]["undone"] == [14, 15]
        assert browser.log[-1]["words"] == "took back a decision and 1 later decision"
        assert len(live.record.actions) == 13 and browser.state["legal"]
        again = first_until_forced(browser)  # the same choice: the same forced decision
        assert again["n"] == 18 and again["action"] == "pass traps"
        state, actions, log = live.state.to_dict(), live.record.actions[:], browser.log[:]
    with server(db) as client:
        after = hub_of(client).get(table["table"])
        assert after.state.to_dict() == state and after.record.actions == actions
        assert [d.forced for d in after.play.decisions].count(True) == 1
        assert Browser(client, table["table"], browser.token, last=0).log == log


def test_a_table_stopped_before_its_forced_decision_makes_it_at_start(db: Path, monkeypatch):
    monkeypatch.setattr(hub_module, "random_seed", lambda: 3)
    with server(db) as client:
        table, browser = hot_seat(client, "fancy-feathers")
        forced = first_until_forced(browser)
        store = hub_of(client).store
    # The server stopped between the event before it and the forced decision.
    with store.engine.begin() as connection:
        connection.execute(
            moves.delete().where(moves.c.table_id == table["table"], moves.c.n == forced["n"])
        )
    with server(db) as client:
        back = Browser(client, table["table"], browser.token, last=0)
        back.until(forced["n"])
        assert back.log[-1] == forced
        assert [r.kind for r in hub_of(client).store.events(table["table"])][-1] == "forced"


# Hints, rematch, restart, cleanup


def test_hint_lists_the_best_actions_of_the_seat_to_move(client) -> None:
    table, browser = hot_seat(client)
    seat = turn_seat(browser)
    hint = browser.command("hint", seat=seat, id=7)
    assert hint["type"] == "hint" and hint["id"] == 7 and hint["value"] == "win_chance"
    assert hint["choices"] and {c["action"] for c in hint["choices"]} <= set(browser.legal)
    assert all(c["words"] and 0 <= c["value"] <= 1 for c in hint["choices"])
    percents = [100 * c["estimate"] for c in hint["choices"]]
    shown = [">99" if p >= 99.5 else "<1" if p < 0.5 else f"{round(p)}" for p in percents]
    assert [c["text"] for c in hint["choices"]] == [f"win chance {x}%" for x in shown]
    assert browser.command("hint", seat=1 - seat)["code"] == "not_your_turn"


def test_rematch_seats_the_same_browsers_at_a_new_table(client) -> None:
    table, browser = hot_seat(client)
    url = f"/api/tables/{table['table']}/rematch"
    assert client.post(url, json={"token": "z" * 43}).status_code == 403
    early = client.post(url, json={"token": browser.token})
    assert early.status_code == 409 and "still being played" in early.json()["message"]
    play_out(browser, random.Random(2))
    response = client.post(url, json={"token": browser.token})
    assert response.status_code == 200, response.text
    new = response.json()
    assert new["table"] != table["table"] and new["invites"] == []
    assert [s["claimed"] for s in new["seats"]] == [True, True]
    assert new["config"] == table["config"]
    assert browser.next("rematch")["table"] == new["table"]
    assert client.post(url, json={"token": browser.token}).json()["table"] == new["table"]
    again = Browser(client, new["table"], browser.token)
    assert again.state["you"] == [0, 1] and again.state["n"] == 0
    hub = hub_of(client)
    assert hub.get(new["table"]).seed != hub.get(table["table"]).seed


def test_restart_rebuilds_every_table_from_the_database(db: Path) -> None:
    rng = random.Random(9)
    with server(db) as client:
        table = create(client, "featherlight", ["human", "human"])
        tokens = claim_all(client, table)
        browser = Browser(client, table["table"], tokens[0])
        other = Browser(client, table["table"], tokens[1])
        for _ in range(9):
            mover = browser if browser.state["to_move"] == 0 else other
            mover.move(rng.choice(mover.legal))
            browser.until(mover.n)
            other.until(mover.n)
        reply = mover.command("undo")
        if reply["type"] == "accepted":
            browser.until(reply["n"])
        before = hub_of(client).get(table["table"])
        state, actions, n = before.state.to_dict(), before.record.actions[:], before.n
        log = browser.log[:]
    with server(db) as client:
        after = hub_of(client).get(table["table"])
        assert after.state.to_dict() == state and after.record.actions == actions
        assert after.n == n and after.engine
        back = Browser(client, table["table"], tokens[0], last=0)
        assert back.log == log
        play_out_two(client, table["table"], tokens, rng)


def play_out_two(client, table_id: str, tokens: dict[int, str], rng: random.Random) -> None:
    browsers = {s: Browser(client, table_id, t) for s, t in tokens.items()}
    while browsers[0].state["status"] != "finished":
        seat = browsers[0].state["to_move"]
        reply = browsers[seat].move(rng.choice(browsers[seat].legal))
        assert reply["type"] == "accepted"
        for browser in browsers.values():
            browser.until(reply["n"])


def test_idle_finished_tables_are_cleaned_up_running_ones_never(client) -> None:
    hub = hub_of(client)
    running = create(client, "featherlight", ["human", "human"])
    done = create(client, "featherlight", ["random", "random"])
    finished = hub.get(done["table"])
    for _ in range(500):
        if finished.over:
            break
        time.sleep(0.01)  # the computers play
    assert finished.over
    later = finished.updated + hub.settings.keep_finished + 1
    assert client.portal.call(hub.cleanup, finished.updated + 1) == []
    old_running = hub.get(running["table"])
    old_running.updated = finished.updated  # as idle as the finished one: kept
    assert client.portal.call(hub.cleanup, later) == [done["table"]]
    assert client.get(f"/api/tables/{done['table']}").status_code == 404
    assert client.get(f"/api/tables/{running['table']}").status_code == 200
    assert client.portal.call(hub.store.events, done["table"]) == []


def test_a_thinking_computer_never_blocks_other_tables(db: Path) -> None:
    with server(db, ai_processes=True, ai_workers=1) as client:
        hub = hub_of(client)
        slow = create(
            client, "featherlight", ["ismcts:seconds=2", "human"], options={"starting_player": 0}
        )
        while not hub.get(slow["table"]).thinking:
            time.sleep(0.01)
        table, browser = hot_seat(client)
        started = time.monotonic()
        for _ in range(10):
            assert browser.move(browser.legal[0], seat=browser.state["to_move"])["n"]
        assert time.monotonic() - started < 1.5
        assert hub.get(slow["table"]).n == 0, "the other table played while it thought"
        while hub.get(slow["table"]).n == 0:
            time.sleep(0.05)
        assert hub.get(slow["table"]).log[0].seat == 0


def test_a_move_the_database_cannot_store_changes_nothing(client, monkeypatch) -> None:
    table, browser = hot_seat(client)
    hub = hub_of(client)

    def broken(events: list) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(hub.store, "append", broken)
    seat = browser.state["to_move"]
    reply = browser.command("move", action=browser.legal[0], seat=seat)
    assert reply["code"] == "not_stored" and "disk full" in reply["reason"]
    assert hub.get(table["table"]).n == 0 and hub.get(table["table"]).record.actions == []
    monkeypatch.undo()
    assert browser.move(browser.legal[0], seat=seat)["n"] == 1


def test_a_database_made_before_listing_gets_the_column_and_its_tables_stay_unlisted(
    tmp_path: Path,
) -> None:
    import sqlalchemy as sa

    from fourfeathers.web.store import Store

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = sa.create_engine(url)
    with engine.begin() as db:
        db.execute(
            sa.text(
                "CREATE TABLE game_tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL, "
                "config JSON NOT NULL, seed BIGINT NOT NULL, kinds JSON NOT NULL, "
                "open BOOLEAN NOT NULL, engine VARCHAR(32) NOT NULL, created FLOAT NOT NULL, "
                "updated FLOAT NOT NULL, finished FLOAT, rematch VARCHAR(32))"
            )
        )
        db.execute(
            sa.text(
                "INSERT INTO game_tables VALUES ('old1', 'featherlight', '{}', 1, "
                "'[\"human\"]', 0, '0.1.0', 1.0, 1.0, NULL, NULL)"
            )
        )
    engine.dispose()
    store = Store(url)
    try:
        assert [(t.row["id"], t.row["listed"]) for t in store.load()] == [("old1", False)]
    finally:
        store.close()
