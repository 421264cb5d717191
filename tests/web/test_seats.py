"""Play at a distance (issue 39): a seat on several devices (one-time links, signing out), the
host (a seat's invite issued again, seats handed to the computer and back), turn-based tables
with a deadline, a browser's "My tables", and all of it kept across a restart and in a database
of the schema before (docs/protocol.md)."""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect
from web_helpers import Browser, claim_all, create, hub_of, server

from fourfeathers.web import hub as hub_module
from fourfeathers.web.store import SCHEMA_VERSION, Store


def api(client, table_id: str, path: str, **body):
    return client.post(f"/api/tables/{table_id}/{path}", json=body)


def two_humans(client, **body) -> tuple[dict, dict[int, str]]:
    table = create(client, "featherlight", ["human", "human"], **body)
    return table, claim_all(client, table)


def closed_with(browser: Browser) -> tuple[list[dict], int]:
    """The messages a connection gets until the server closes it, and the close code."""
    got = []
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            got.append(browser.receive(timeout=5))
    return got, closed.value.code


def hello_refused(client, table_id: str, token: str) -> tuple[dict, int]:
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        error = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    return error, closed.value.code


def play_turns(browsers: dict[int, Browser], count: int, rng: random.Random) -> None:
    for _ in range(count):
        seat = next(iter(browsers.values())).state["to_move"]
        if seat not in browsers:
            return
        mover = browsers[seat]
        reply = mover.move(rng.choice(mover.legal))
        assert reply["type"] == "accepted", reply
        for b in browsers.values():
            b.until(reply["n"])


def test_a_seat_continued_on_another_device_plays_there_too(client) -> None:
    table, tokens = two_humans(client)
    tid = table["table"]
    link = api(client, tid, "devices/link", token=tokens[0]).json()
    assert link["url"].endswith(f"/t/{tid}/continue#{link['code']}")
    assert client.get(f"/t/{tid}/continue").status_code == 200  # the page that takes it
    assert client.get("/t/nosuchtable/continue").status_code == 404
    assert link["qr"].startswith("data:image/svg+xml") and "svg" in link["qr"]
    joined = api(client, tid, "devices/join", code=link["code"])
    assert joined.status_code == 200, joined.text
    second = joined.json()
    assert second["seats"] == [0] and second["device"] == 2 and second["token"] != tokens[0]
    phone = Browser(client, tid, second["token"])
    desk = Browser(client, tid, tokens[0])
    assert phone.state["you"] == [0] and phone.state["private"][0]["seat"] == 0
    if phone.state["to_move"] == 0:
        reply = phone.move(phone.legal[0])
        assert reply["type"] == "accepted"
        desk.until(reply["n"])
    listed = api(client, tid, "devices", token=tokens[0]).json()["devices"]
    assert [(d["device"], d["seats"], d["you"], d["online"]) for d in listed] == [
        (1, [0], True, True),
        (2, [0], False, True),
    ]
    assert all(d["seen"] is not None for d in listed)
    other = api(client, tid, "devices", token=tokens[1]).json()["devices"]
    assert [d["device"] for d in other] == [1]  # seat 2's own device only


def test_a_used_expired_or_foreign_device_link_is_refused(client, monkeypatch) -> None:
    table, tokens = two_humans(client)
    tid = table["table"]
    code = api(client, tid, "devices/link", token=tokens[0]).json()["code"]
    assert api(client, tid, "devices/join", code=code).status_code == 200
    again = api(client, tid, "devices/join", code=code)
    assert again.status_code == 410 and again.json()["error"] == "link_used"
    assert again.json()["message"].startswith("code:")
    other, _ = two_humans(client)
    foreign = api(client, other["table"], "devices/join", code=code)
    assert foreign.status_code == 403 and foreign.json()["error"] == "bad_link"
    monkeypatch.setattr(hub_module, "LINK_SECONDS", -1.0)
    late = api(client, tid, "devices/link", token=tokens[0]).json()["code"]
    expired = api(client, tid, "devices/join", code=late)
    assert expired.status_code == 410 and expired.json()["error"] == "link_expired"
    assert len(hub_of(client).get(tid).seat_devices(0)) == 2  # only the first link's device
    spectator = api(client, tid, "devices/link", token="z" * 43)
    assert spectator.status_code == 403 and spectator.json()["error"] == "bad_token"


def test_a_signed_out_device_is_refused_at_once_and_its_connection_closed(client) -> None:
    table, tokens = two_humans(client)
    tid = table["table"]
    code = api(client, tid, "devices/link", token=tokens[0]).json()["code"]
    phone_token = api(client, tid, "devices/join", code=code).json()["token"]
    phone = Browser(client, tid, phone_token)
    same = api(client, tid, "devices/signout", token=tokens[0], device=1)
    assert same.status_code == 400 and same.json()["message"].startswith("device:")
    far = api(client, tid, "devices/signout", token=tokens[1], device=2)  # not seat 2's device
    assert far.status_code == 400 and far.json()["message"].startswith("device:")
    done = api(client, tid, "devices/signout", token=tokens[0], device=2)
    assert done.status_code == 200 and [d["device"] for d in done.json()["devices"]] == [1]
    got, code_closed = closed_with(phone)
    assert code_closed == 4403 and got[-1]["code"] == "signed_out"
    error, code_hello = hello_refused(client, tid, phone_token)
    assert (error["code"], code_hello) == ("signed_out", 4401)
    for path, body in [
        ("devices", {}),
        ("devices/link", {}),
        ("rematch", {}),
        ("claim", {"seat": 0}),
    ]:
        refused = api(client, tid, path, token=phone_token, **body)
        assert refused.status_code == 403, (path, refused.text)
        assert refused.json()["message"].startswith("token:"), path
    mine = client.post("/api/my-tables", json={"tables": [{"table": tid, "token": phone_token}]})
    assert mine.json() == {"tables": []}
    assert Browser(client, tid, tokens[0]).state["you"] == [0]  # the first device plays on


def test_the_host_issues_a_lost_seat_again(client) -> None:
    table, tokens = two_humans(client)
    tid, host = table["table"], table["host"]
    lost = Browser(client, tid, tokens[1])
    for wrong in ("h" * 43, tokens[0], tokens[1]):  # a seat token is no host token
        refused = api(client, tid, "reissue", host=wrong, seat=1)
        assert refused.status_code == 403 and refused.json()["error"] == "not_host"
        assert refused.json()["message"].startswith("host:")
    assert lost.state["you"] == [1]
    answer = api(client, tid, "reissue", host=host, seat=1)
    assert answer.status_code == 200, answer.text
    fresh = answer.json()
    assert fresh["seat"] == 1 and fresh["url"].endswith(f"/t/{tid}/seat/2?invite={fresh['invite']}")
    got, code = closed_with(lost)
    assert code == 4403 and got[-1]["code"] == "signed_out"
    assert hello_refused(client, tid, tokens[1])[0]["code"] == "signed_out"
    old = api(client, tid, "claim", seat=1, invite=table["invites"][1]["invite"])
    assert old.status_code == 403
    new = api(client, tid, "claim", seat=1, invite=fresh["invite"])
    assert new.status_code == 200 and new.json()["seats"] == [1]
    assert Browser(client, tid, new.json()["token"]).state["you"] == [1]
    assert Browser(client, tid, tokens[0]).state["you"] == [0]  # the other seat is untouched
    assert "host" not in client.get(f"/api/tables/{tid}").json()


def test_the_host_hands_a_seat_to_the_computer_and_back(client) -> None:
    table, tokens = two_humans(client)
    tid, host = table["table"], table["host"]
    rng = random.Random(5)
    me, away = Browser(client, tid, tokens[0]), Browser(client, tid, tokens[1])
    for _ in range(10):
        if me.state["to_move"] == 1:
            break
        play_turns({0: me, 1: away}, 1, rng)
    assert me.state["to_move"] == 1
    seat_holder = api(client, tid, "hand", token=tokens[0], seat=1, kind="hard")
    assert seat_holder.status_code == 409 and seat_holder.json()["error"] == "not_overdue"
    bad = api(client, tid, "hand", host=host, seat=1, kind="wizard")
    assert bad.status_code == 400 and bad.json()["message"].startswith("kind:")
    handed = api(client, tid, "hand", host=host, seat=1, kind="easy")
    assert handed.status_code == 200, handed.text
    assert handed.json()["seats"][1]["kind"] == "easy"
    me.next("event")
    entry = next(e for e in me.log if e["kind"] == "seat")
    assert entry == {
        "n": entry["n"],
        "kind": "seat",
        "seat": 1,
        "words": "handed to the computer (easy) by the host",
        "to": "easy",
    }
    while me.state["to_move"] != 0:  # the computer plays seat 2 now
        me.next("event")
    away.until(me.n)
    refused = away.command("undo", seat=1)
    assert refused["type"] == "rejected"
    assert away.state["legal"] == []
    back = api(client, tid, "hand", host=host, seat=1, kind="human")
    assert back.status_code == 200 and "invite" not in back.json()  # its device plays again
    me.next("event")
    assert me.log[-1]["words"] == "handed to a person by the host"
    again = api(client, tid, "hand", host=host, seat=1, kind="human")
    assert again.status_code == 409 and again.json()["error"] == "same_kind"
    play_turns({0: me, 1: away}, 4, rng)


def test_a_computer_seat_handed_to_a_person_gets_an_invite(client) -> None:
    table = create(client, "featherlight", ["human", "random"])
    tid = table["table"]
    answer = api(client, tid, "hand", host=table["host"], seat=1, kind="human").json()
    invite = answer["invite"]
    assert invite["seat"] == 1 and answer["seats"][1] == {
        "seat": 1,
        "kind": "human",
        "claimed": False,
    }
    claimed = api(client, tid, "claim", seat=1, invite=invite["invite"])
    assert claimed.status_code == 200


def test_undo_cannot_reach_back_past_a_seat_handed_over(client) -> None:
    table, tokens = two_humans(client)
    tid = table["table"]
    browsers = {0: Browser(client, tid, tokens[0]), 1: Browser(client, tid, tokens[1])}
    rng = random.Random(2)
    for _ in range(60):  # until a seat may take back its last decision
        if any(b.state["undo"] == s for s, b in browsers.items()):
            break
        play_turns(browsers, 1, rng)
    seat = next(s for s, b in browsers.items() if b.state["undo"] == s)
    mover = browsers[seat]
    handed = api(client, tid, "hand", host=table["host"], seat=1 - seat, kind="medium")
    assert handed.status_code == 200
    mover.next("event")
    assert mover.state["undo"] is None
    for _ in range(10):  # the computer may decide meanwhile: ask again at the latest event
        reply = mover.command("undo", seat=seat)
        if reply.get("code") != "stale":
            break
        mover.until(reply["n"])
    assert reply["type"] == "rejected" and reply["code"] == "no_undo", reply


def test_turn_based_tables_show_their_deadline_and_let_others_hand_an_overdue_seat(
    client,
) -> None:
    table, tokens = two_humans(client, mode="turn-based", deadline_hours=24)
    tid = table["table"]
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["mode"] == "turn-based" and summary["deadline_hours"] == 24
    live = hub_of(client).get(tid)
    assert summary["deadline"] == pytest.approx(live.turn_started + 24 * 3600)
    late = summary["to_move"]
    early = api(client, tid, "hand", token=tokens[1 - late], seat=late, kind="medium")
    assert early.status_code == 409 and early.json()["error"] == "not_overdue"
    live.turn_started -= 25 * 3600  # a day and an hour later
    not_to_person = api(client, tid, "hand", token=tokens[1 - late], seat=late, kind="human")
    assert not_to_person.status_code == 409
    handed = api(client, tid, "hand", token=tokens[1 - late], seat=late, kind="medium")
    assert handed.status_code == 200, handed.text
    assert (
        hub_of(client).get(tid).log[0].words
        == f"handed to the computer (medium) by Seat {2 - late}"
    )
    plain = create(client, "featherlight", ["human", "human"])
    assert client.get(f"/api/tables/{plain['table']}").json()["mode"] == "live"
    assert client.get(f"/api/tables/{plain['table']}").json()["deadline"] is None


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"mode": "live", "deadline_hours": 5}, 400, "deadline_hours: only a turn-based"),
        ({"mode": "turn-based", "deadline_hours": 0}, 422, "deadline_hours"),
        ({"mode": "turn-based", "deadline_hours": 721}, 422, "deadline_hours"),
        ({"mode": "by-post"}, 400, "mode:"),
    ],
)
def test_bad_modes_and_deadlines_are_refused_with_the_field(client, body, status, words) -> None:
    response = client.post("/api/tables", json={"game": "featherlight", "seats": ["human"], **body})
    assert response.status_code == status and words in response.json()["message"], response.text


def test_my_tables_answers_only_for_the_tokens_given_its_turn_first(client) -> None:
    a, tokens_a = two_humans(client)
    b, tokens_b = two_humans(client)
    c, tokens_c = two_humans(client)
    to_move = {t["table"]: t["to_move"] for t in (a, b, c)}
    given = [
        {"table": a["table"], "token": tokens_a[1 - to_move[a["table"]]]},  # waiting
        {"table": b["table"], "token": tokens_b[to_move[b["table"]]]},  # its turn
        {"table": c["table"], "token": tokens_a[0]},  # a token of another table: nothing
        {"table": "nosuchtable", "token": tokens_a[0]},
    ]
    answer = client.post("/api/my-tables", json={"tables": given})
    assert answer.status_code == 200, answer.text
    listed = answer.json()["tables"]
    assert [(t["table"], t["your_turn"]) for t in listed] == [
        (b["table"], True),
        (a["table"], False),
    ]
    assert listed[0]["you"] == [to_move[b["table"]]]
    assert "private" not in listed[0] and "public" not in listed[0]
    assert tokens_c  # claimed, never given
    too_many = [{"table": a["table"], "token": tokens_a[0]}] * 101
    refused = client.post("/api/my-tables", json={"tables": too_many})
    assert refused.status_code == 422 and "tables" in refused.json()["message"]


def test_devices_hosts_and_handed_seats_survive_a_restart(db: Path) -> None:
    with server(db) as client:
        table, tokens = two_humans(client, mode="turn-based", deadline_hours=3)
        tid, host = table["table"], table["host"]
        code = api(client, tid, "devices/link", token=tokens[0]).json()["code"]
        phone = api(client, tid, "devices/join", code=code).json()["token"]
        third = api(client, tid, "devices/link", token=phone).json()["code"]
        api(client, tid, "devices/join", code=third)
        api(client, tid, "devices/signout", token=phone, device=3)
        api(client, tid, "hand", host=host, seat=1, kind="easy")
        before = hub_of(client).get(tid)
        state, n, deadline = before.state.to_dict(), before.n, before.deadline()
        unused = api(client, tid, "devices/link", token=phone).json()["code"]
    with server(db) as client:
        after = hub_of(client).get(tid)
        assert after.kinds == ["human", "easy"] and after.mode == "turn-based"
        assert after.deadline_hours == 3
        if after.n == n:
            assert after.state.to_dict() == state and after.deadline() == pytest.approx(deadline)
        listed = api(client, tid, "devices", token=phone).json()["devices"]
        assert [d["device"] for d in listed] == [1, 2]
        assert api(client, tid, "devices/join", code=code).json()["error"] == "link_used"
        assert api(client, tid, "devices/join", code=unused).status_code == 200
        assert api(client, tid, "reissue", host=tokens[0], seat=0).status_code == 403
        assert api(client, tid, "hand", host=host, seat=1, kind="human").status_code == 200


OLD_SCHEMA = """
CREATE TABLE game_tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL,
  config JSON NOT NULL, seed BIGINT NOT NULL, kinds JSON NOT NULL, open BOOLEAN NOT NULL,
  engine VARCHAR(32) NOT NULL, created FLOAT NOT NULL, updated FLOAT NOT NULL, finished FLOAT,
  rematch VARCHAR(32));
CREATE TABLE seats (table_id VARCHAR(32) NOT NULL REFERENCES game_tables (id),
  seat INTEGER NOT NULL, invite VARCHAR(64), token VARCHAR(64), PRIMARY KEY (table_id, seat));
CREATE TABLE moves (table_id VARCHAR(32) NOT NULL REFERENCES game_tables (id),
  n INTEGER NOT NULL, kind VARCHAR(8) NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
  words TEXT NOT NULL, undone JSON NOT NULL, created FLOAT NOT NULL, PRIMARY KEY (table_id, n));
"""
"""The schema of the store before devices and hosts (version 1)."""


def test_a_database_of_the_schema_before_keeps_working(db: Path) -> None:
    with server(db) as client:  # a game as the old server would have stored it
        table, tokens = two_humans(client)
        tid = table["table"]
        browser = Browser(client, tid, tokens[0])
        n, state = browser.n, hub_of(client).get(tid).state.to_dict()
    old = db.with_name("old.db")
    with sqlite3.connect(db) as new, sqlite3.connect(old) as out:
        out.executescript(OLD_SCHEMA)
        for name, columns in [
            (
                "game_tables",
                "id, game, config, seed, kinds, open, engine, created, updated, finished, rematch",
            ),
            ("seats", "table_id, seat, invite, token"),
            ("moves", "table_id, n, kind, seat, action, words, undone, created"),
        ]:
            rows = new.execute(f"SELECT {columns} FROM {name}").fetchall()
            marks = ", ".join("?" * len(columns.split(",")))
            out.executemany(f"INSERT INTO {name} ({columns}) VALUES ({marks})", rows)
    store = Store(f"sqlite:///{old}")
    assert store.migrate() == SCHEMA_VERSION  # migrated once, when it opened
    store.close()
    with server(old) as client:
        after = hub_of(client).get(tid)
        assert after.n == n and after.state.to_dict() == state
        assert after.host is None and after.mode == "live"
        back = Browser(client, tid, tokens[0])
        assert back.state["you"] == [0]
        listed = api(client, tid, "devices", token=tokens[1]).json()["devices"]
        assert [(d["device"], d["seats"]) for d in listed] == [(1, [1])]
        refused = api(client, tid, "reissue", host=tokens[0], seat=1)
        assert refused.status_code == 403 and refused.json()["error"] == "not_host"


def test_expired_device_links_are_deleted_by_the_cleanup(client) -> None:
    table, tokens = two_humans(client)
    tid = table["table"]
    code = api(client, tid, "devices/link", token=tokens[0]).json()["code"]
    hub = hub_of(client)
    assert client.portal.call(hub.cleanup) == []
    assert hub.store.link(hub_module.token_hash(code)) is not None  # still in its 10 minutes
    later = time.time() + hub_module.LINK_SECONDS + hub_module.LINK_KEPT + 1
    client.portal.call(hub.cleanup, later)
    assert hub.store.link(hub_module.token_hash(code)) is None
    gone = api(client, tid, "devices/join", code=code)
    assert gone.status_code == 403 and gone.json()["error"] == "bad_link"
    assert tid in hub.tables  # a running table is kept


def test_behind_a_proxy_every_link_starts_with_the_public_url(tmp_path: Path) -> None:
    """``--public-url`` (``Settings.link_base``) starts invites, device links (and their QR
    codes) and re-issued invites; without it they start with the address asked."""
    public = "https://feathers.example.org/play"
    with server(tmp_path / "proxy.db", link_base=public) as client:
        table, tokens = two_humans(client)
        tid = table["table"]
        assert [i["url"].startswith(f"{public}/t/{tid}/seat/") for i in table["invites"]] == [
            True,
            True,
        ]
        link = api(client, tid, "devices/link", token=tokens[0]).json()
        assert link["url"].startswith(f"{public}/t/{tid}/continue#")
        again = api(client, tid, "reissue", host=table["host"], seat=1).json()
        assert again["url"].startswith(f"{public}/t/{tid}/seat/2?invite=")
    with server(tmp_path / "direct.db") as client:
        table, _ = two_humans(client)
        assert table["invites"][0]["url"].startswith("http://testserver/t/")


def test_devices_seen_are_stored_together_and_nobody_waits_for_it(client, monkeypatch) -> None:
    """A page's hello does not wait for its "last seen" write, and the writes of the devices
    seen meanwhile share one transaction (2,000 pages reconnecting after a restart used to wait
    in line for 2,000 writes, and the moves of the pages already there behind them)."""
    table, tokens = two_humans(client)
    hub = hub_of(client)
    at = hub.get(table["table"])
    stored: list[list[tuple[str, str, float]]] = []

    def slow_seen(*args) -> None:  # (rows) now; (table id, token, when) one at a time before
        time.sleep(0.3)
        stored.append(list(args[0]) if len(args) == 1 else [args])

    monkeypatch.setattr(hub.store, "seen", slow_seen)
    held = [hub_module.token_hash(token) for token in tokens.values()]
    started = time.monotonic()
    for _ in range(20):
        for token in held:
            client.portal.call(hub.touch, at, token)
    assert time.monotonic() - started < 0.3  # 40 touches, none waited for a 0.3 s write
    assert all(d.seen is not None for d in at.devices)  # known at once in memory
    deadline = time.monotonic() + 5
    while {k for rows in stored for (_, k, _) in rows} != set(held):
        assert time.monotonic() < deadline, stored
        time.sleep(0.05)
    assert len(stored) <= 2  # the first write, then everything seen while it ran
    assert all(t == at.id for rows in stored for (t, _, _) in rows)
