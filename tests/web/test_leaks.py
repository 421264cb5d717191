"""Hidden information, tested like an attacker would: complete games of every game with every
seat and a spectator connected, every byte each connection receives recorded and checked.

How a test can know what a recipient may not know, for any game: ``determinize(p, rng)``
resamples exactly what seat ``p`` cannot know (the conformance suite checks this). So:

- Twin states: for every message a recipient got, the same message built by the gate
  (``views``) from a determinization of the table's state for that recipient must be the same
  bytes. If a message held a hidden card, a pile's order or another hand, its twin would show
  the resampled one instead. A spectator's messages must survive every seat's determinization.
- Twin moves: for every event, each move ``a'`` from a determinization of the state before it
  that leaves the recipient's observation as the real move did is one the recipient cannot tell
  from the real one: its event must be the same bytes. This catches words that name a drawn
  card, or an action's text form sent to a seat that did not see it (Isle of Feathers' ``pass
  17`` names the card passed face down).
- Replays: a ``frame`` (the table as it was after an earlier event) asked for while the game
  runs must be what the connection was sent live at that event (the summary's ``updated``
  aside, which is the table's now): a seat stepping back sees no more than it saw. The record
  file is refused before the end, its refusal holding nothing; after the end both show all.
- Bytes: no message before the end holds the seed, a ``seed`` or ``actions`` field, or the
  order of a hidden pile (any place whose cards differ between determinizations) as a whole
  list: a run inside a longer list is no proof (Fancy Feathers' memory aid lists every card a
  seat was seen to collect, in order; after a face-down loss the pile is that list less one).

The mutation tests inject each kind of leak into the gate and show that the check finds it.
"""

from __future__ import annotations

import copy
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from web_helpers import Browser, claim_all, create, hub_of, server

from fourfeathers.agents.hints import hint as hint_choices
from fourfeathers.agents.hints import hint_seed
from fourfeathers.core import derive_seed, list_games
from fourfeathers.core.records import GameRecord
from fourfeathers.web import hub as hub_module
from fourfeathers.web import replay, views
from fourfeathers.web.review import Reviews
from fourfeathers.web.tables import LogRow, Table

pytestmark = pytest.mark.slow  # out of the fast run: python -m pytest -m 'not slow and not browser'

FRAME_EVERY = 3
"""Every this many events each connection asks for the frame of an earlier event."""

TWIN_MOVES = 10
"""Moves tried from each determinization before an event (all of them when fewer)."""

PLAYERS = (1, 2, 3, 4, 6)
"""Player counts played where the game allows them."""

CASES = [
    pytest.param(spec.id, n, id=f"{spec.id}-{n}")
    for spec in list_games()
    for n in spec.players
    if n in PLAYERS
]


@dataclass
class Audit:
    """What the leak check found: one line per leak."""

    leaks: list[str] = field(default_factory=list)
    checked: int = 0

    def expect(self, got: str, twin: str, what: str) -> None:
        self.checked += 1
        if got != twin:
            self.leaks.append(f"{what}: {_first_difference(got, twin)}")


def _first_difference(a: str, b: str) -> str:
    i = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"...{a[max(0, i - 60) : i + 40]!r} != ...{b[max(0, i - 60) : i + 40]!r}"


def twin_seats(table: Table, recipient: views.Recipient) -> list[int]:
    """Whose determinizations a recipient's messages must survive."""
    return sorted(recipient) or list(range(table.game.num_players))


def twin(table: Table, state: Any) -> Table:
    """The table with another state (everything else, history included, the same)."""
    other = copy.copy(table)
    other.play = copy.copy(table.play)
    other.play.state = state
    return other


def settle(client, table: Table) -> None:
    """Wait until the command the table's lock is held for is done (with the forced decisions
    it led to)."""

    async def wait() -> None:
        async with table.lock:
            pass

    client.portal.call(wait)


def as_of(table: Table, k: int, text: str) -> Table:
    """The table as it was when it sent ``text``, the message of its event ``k``: rebuilt from
    its first ``k`` events, with the time that message gave."""
    past = Table(
        table.id,
        table.game,
        table.seed,
        list(table.kinds),
        table.tokens,
        table.invites,
        open=table.open,
        engine=table.engine,
        created=table.created,
        mode=table.mode,
        deadline_hours=table.deadline_hours,
    )
    past.replay(table.log[:k])
    past.updated = past.turn_started = json.loads(text)["state"]["updated"]
    return past


def check_state(audit: Audit, table: Table, recipient, text: str, build, rng, what: str) -> None:
    """``text`` must equal ``build(twin table)`` for determinizations of the table's state."""
    for p in twin_seats(table, recipient):
        sample = table.state.determinize(p, random.Random(rng.random()))
        audit.expect(text, views.encode(build(twin(table, sample))), f"{what} (twin of seat {p})")


def check_move(
    audit: Audit, table: Table, before: Any, row: LogRow, recipient, text: str, rng
) -> None:
    """The event ``text`` must equal the event of every move the recipient cannot tell apart
    (for the mover: the same choice in a state it cannot tell apart; Familiar Feat's piles can
    end the same after two choices, yet the mover saw which it made)."""
    game = table.game
    for p in twin_seats(table, recipient):
        seen_after = table.state.observation(p)
        other = before.determinize(p, random.Random(rng.random()))
        moves = other.legal_actions()
        if p == row.seat:  # the mover knows its own choice: only chance may differ
            moves = [m for m in moves if str(m) == row.action]
        if len(moves) > TWIN_MOVES:
            moves = rng.sample(moves, TWIN_MOVES)
        for move in moves:
            after = other.clone()
            after.apply_action(move)
            if after.observation(p) != seen_after:
                continue  # the recipient would see the difference
            alias = LogRow(
                row.n, row.kind, row.seat, str(move), views.move_words(game, other, move, after)
            )
            built = views.event(twin(table, after), alias, recipient)
            audit.expect(text, views.encode(built), f"event {row.n} as move {move} (seat {p})")


def _in_a_sorted_order(cards: list) -> bool:
    """Whether a pile's true order is one a view may print for its contents anyway (sorted by
    text, or by number): then finding it in a message proves nothing."""
    orders = [sorted(cards, key=str)]
    if all(isinstance(c, int) for c in cards):
        orders.append(sorted(cards))
    return cards in orders


def hidden_orders(table: Table, recipient, rng) -> list[str]:
    """The compact JSON of each place of 5+ cards (not in a sorted order) whose content a
    recipient cannot know (it differs between two determinizations)."""
    seat = twin_seats(table, recipient)[0]
    samples = [
        table.state.determinize(seat, random.Random(rng.random())).component_locations()
        for _ in range(2)
    ]
    fragments = []
    for place, cards in table.state.component_locations().items():
        cards = list(cards)
        hidden = any(list(s.get(place, [])) != cards for s in samples)
        if hidden and len(cards) >= 5 and not _in_a_sorted_order(cards):
            fragments.append(json.dumps(cards, separators=(",", ":"))[1:-1])
    return fragments


def check_bytes(audit: Audit, seed: int, orders: list[str], text: str, what: str) -> None:
    for word, found in (
        ("the seed", str(seed) in text),
        ("a seed field", '"seed"' in text),
        ("the record's actions", '"actions"' in text),
        (
            "a hidden pile's order",
            any(re.search(rf"(?<![\d,]){re.escape(o)}(?![\d,])", text) for o in orders),
        ),
    ):
        audit.checked += 1
        if found:
            audit.leaks.append(f"{what} holds {word}")


def check_raw(audit: Audit, table: Table, browsers: list, recipients: list, orders: dict) -> None:
    """The bytes checks of every message each browser received since the last check, against
    the places hidden from its recipient when the messages were sent."""
    for b, r in zip(browsers, recipients, strict=True):
        for text in b.raw:
            check_bytes(audit, table.seed, orders[r], text, f"a message to {sorted(r)}")
        b.raw.clear()


def _then(message: dict) -> str:
    """A frame's or event's state and entry as compared: without the summary's ``updated`` and
    ``deadline`` (a frame gives the table's now)."""
    state = {k: v for k, v in message["state"].items() if k not in ("updated", "deadline")}
    return json.dumps({"entry": message.get("entry"), "state": state}, sort_keys=True)


def check_frames(audit: Audit, client, table: Table, browsers, recipients, seen, rng) -> None:
    """Each connection asks for the frame of a random event so far; while the game runs it
    must be what that recipient was sent live then (``seen[r][k]``); the record file and a
    review of any seat (``web/review.py``: its figures would tell the hidden cards) must be
    refused."""
    for b, r in zip(browsers, recipients, strict=True):
        k = rng.randint(0, table.n)
        b.send({"type": "frame", "id": "audit", "n": k})
        got = b.next("frame", "error")
        if got["type"] != "frame":
            audit.leaks.append(f"frame {k} for {sorted(r)} refused: {got}")
            continue
        audit.expect(_then(got), _then(seen[r][k]), f"frame {k} for {sorted(r)}")
    for b, r in zip(browsers, recipients, strict=True):
        seat = rng.randrange(table.game.num_players)
        b.send({"type": "review", "id": "audit-review", "seat": seat})
        got = b.next("review_progress", "review", "error")
        audit.checked += 1
        if got["type"] != "error" or got["code"] != "not_over":
            audit.leaks.append(f"a review of seat {seat} was given to {sorted(r)}: {got['type']}")
        check_bytes(audit, table.seed, [], b.raw[-1], "a review's refusal")
    answer = client.get(f"/api/tables/{table.id}/record.json")
    audit.checked += 1
    if answer.status_code != 409:
        audit.leaks.append(f"the record file was given before the end ({answer.status_code})")
    check_bytes(audit, table.seed, [], answer.text, "the record file's refusal")


def play_audited(
    client,
    game_id: str,
    players: int,
    rng: random.Random,
    limit: int | None = None,
    distance: bool = False,
) -> Audit:
    """Play a game (or its first ``limit`` moves) with all seats and a spectator connected;
    check every message each connection receives. ``distance``: a turn-based table with a
    deadline, seat 1 on a second device too (a device link), and at one point the host hands
    the seat to move to the computer and back (two public ``seat`` events)."""
    audit = Audit()
    body = {"mode": "turn-based", "deadline_hours": 24} if distance else {}
    created = create(client, game_id, ["human"] * players, **body)
    tokens = claim_all(client, created)
    hub = hub_of(client)
    table: Table = hub.get(created["table"])
    recipients = [frozenset({s}) for s in range(players)] + [views.SPECTATOR]
    browsers = [Browser(client, table.id, tokens[s]) for s in range(players)]
    browsers.append(Browser(client, table.id))
    seen: dict[views.Recipient, dict[int, dict]] = {r: {} for r in recipients}
    hand_at = rng.randrange(2, 10) if distance else -1
    if distance:  # seat 1's second device: it must get exactly what seat 1 may know
        base = f"/api/tables/{table.id}/devices"
        code = client.post(f"{base}/link", json={"token": tokens[0]}).json()["code"]
        tokens[players + 1] = client.post(f"{base}/join", json={"code": code}).json()["token"]
        recipients.append(frozenset({0}))
        browsers.append(Browser(client, table.id, tokens[players + 1]))
    for b, r in zip(browsers, recipients, strict=True):
        check_state(audit, table, r, b.raw[-1], lambda t, r=r: views.sync(t, r, 0), rng, "sync")
        seen[r][0] = {"entry": None, "state": b.first["state"]}
    reconnect_at = rng.randrange(3, 12)
    hint_spec, playouts = hub.settings.hint_agent, hub.settings.hint_playouts
    while not table.over and (limit is None or table.n < limit):
        seat = table.state.current_player
        mover = browsers[seat]
        orders = {r: hidden_orders(table, r, rng) for r in recipients}
        if rng.random() < 0.05:  # a hint: searched from the seat's own view only
            hint = mover.command("hint", seat=seat)
            text = mover.raw[-1]
            seed = hint_seed(table.seed, len(table.record.actions))

            def build_hint(t: Table, seat: int = seat, seed: int = seed, id: Any = hint["id"]):
                choices = hint_choices(t.state, seat, hint_spec, seed, playouts)
                return views.hint(t, id, seat, choices)

            check_state(audit, table, frozenset({seat}), text, build_hint, rng, "hint")
        if rng.random() < 0.05:  # an illegal command: the refusal must leak nothing either
            mover.command("move", action="put 999 on 99")
        check_raw(audit, table, browsers, recipients, orders)
        before = table.state.clone()
        checked = table.n
        if checked >= hand_at >= 0:  # the host hands the seat to move away and back
            hand_at = -1
            for kind in ("medium", "human"):
                body = {"host": created["host"], "seat": seat, "kind": kind}
                answer = client.post(f"/api/tables/{table.id}/hand", json=body)
                assert answer.status_code == 200, answer.text
                settle(client, table)
            mover = browsers[table.state.current_player]  # the computer may have decided
            for b in browsers:
                b.until(table.n)
        reply = mover.move(rng.choice(mover.legal))
        assert reply["type"] == "accepted", reply
        settle(client, table)  # the forced decisions the server made after it
        for k in range(checked + 1, table.n + 1):
            row = table.log[k - 1]
            for b in browsers:
                b.until(k)
            past = table if k == table.n else as_of(table, k, browsers[-1].events[k])
            for b, r in zip(browsers, recipients, strict=True):
                text = b.events[k]
                build = lambda t, r=r, row=row: views.event(t, row, r)  # noqa: E731
                check_state(audit, past, r, text, build, rng, f"event {row.n}")
                if row.kind != "seat":  # a hand-over is public: its twins are itself
                    check_move(audit, past, before, row, r, text, rng)
                seen[r][k] = json.loads(text)
            before = past.state.clone()
        if table.n // FRAME_EVERY > checked // FRAME_EVERY and not table.over:
            check_frames(audit, client, table, browsers, recipients, seen, rng)
        if checked < reconnect_at <= table.n:  # a browser comes back and catches up
            k = rng.randrange(len(browsers))
            browsers[k].close()
            since = max(0, table.n - 3)
            browsers[k] = Browser(client, table.id, tokens.get(k), last=since)
            r = recipients[k]
            check_state(
                audit,
                table,
                r,
                browsers[k].raw[-1],
                lambda t, r=r, since=since: views.sync(t, r, since),
                rng,
                "reconnect sync",
            )
        if not table.over:  # what the move revealed (a pile laid face up) is no secret now
            check_raw(
                audit,
                table,
                browsers,
                recipients,
                {r: hidden_orders(table, r, rng) for r in recipients},
            )
    if table.over:  # now every frame shows every seat, to anybody, and the record is given
        for b in browsers:
            b.send({"type": "frame", "n": rng.randint(0, table.n)})
            assert b.next("frame")["seen"] == list(range(players))
        assert client.get(f"/api/tables/{table.id}/record.json").status_code == 200
    for b in browsers:
        b.close()
    return audit


@pytest.mark.parametrize("game_id,players", CASES)
def test_no_connection_receives_what_it_may_not_know(
    db, monkeypatch, game_id: str, players: int
) -> None:
    # The deal is fixed per case, so a failure can be replayed (the server would pick a new one).
    monkeypatch.setattr(hub_module, "random_seed", lambda: derive_seed("leaks", game_id, players))
    rng = random.Random(f"{game_id}{players}")
    with server(db) as client:
        audit = play_audited(client, game_id, players, rng)
        assert hub_of(client).tables and all(t.over for t in hub_of(client).tables.values())
    assert audit.checked > 100
    assert audit.leaks == []


# Mutations: each injects one kind of leak into the gate; the audit must find it.


def leaky_view(monkeypatch, extra) -> None:
    honest = views.table_view

    def leaky(table: Table, recipient: views.Recipient) -> dict:
        view = honest(table, recipient)
        view["extra"] = extra(table, recipient)
        return view

    monkeypatch.setattr(views, "table_view", leaky)


def audit_with(db, game_id: str, players: int, limit: int) -> Audit:
    with server(db) as client:
        return play_audited(client, game_id, players, random.Random(1), limit)


def test_mutation_an_opponents_hand_in_a_view(db, monkeypatch) -> None:
    def other_hand(table: Table, recipient) -> Any:
        other = (min(recipient, default=0) + 1) % table.game.num_players
        return table.state.observation(other)

    leaky_view(monkeypatch, other_hand)
    leaks = audit_with(db, "featherlight", 2, 12).leaks
    assert any("twin of seat" in leak for leak in leaks)


def test_mutation_the_pile_order(db, monkeypatch) -> None:
    def places(table: Table, recipient) -> Any:
        return {k: list(v) for k, v in table.state.component_locations().items()}

    leaky_view(monkeypatch, places)
    leaks = audit_with(db, "featherlight", 2, 12).leaks
    assert any("twin of seat" in leak for leak in leaks)
    assert any("hidden pile's order" in leak for leak in leaks)


def test_mutation_the_seed(db, monkeypatch) -> None:
    leaky_view(monkeypatch, lambda table, recipient: table.seed)
    leaks = audit_with(db, "featherlight", 2, 12).leaks
    assert any("holds the seed" in leak for leak in leaks)


def test_mutation_a_hidden_actions_text_sent_to_another_seat(db, monkeypatch) -> None:
    honest = views.entry

    def leaky(row: LogRow, recipient) -> dict:
        item = honest(row, recipient)
        if row.kind == "move":
            item["action"] = row.action
        return item

    monkeypatch.setattr(views, "entry", leaky)
    leaks = audit_with(db, "isle-of-feathers", 3, 40).leaks
    assert any("as move pass" in leak for leak in leaks), leaks[:3]


def test_mutation_a_frame_showing_every_seat_while_the_game_runs(db, monkeypatch) -> None:
    """A replay that showed every hand before the end (the view it gives after the end)."""
    monkeypatch.setattr(
        views, "frame_recipient", lambda table, r: frozenset(range(table.game.num_players))
    )
    leaks = audit_with(db, "featherlight", 2, 12).leaks
    assert any(leak.startswith("frame ") for leak in leaks), leaks[:3]


def test_mutation_a_frame_of_the_table_now(db, monkeypatch) -> None:
    """A replay that drew the table as it is now, not as it was (later cards, later hands)."""
    monkeypatch.setattr(replay, "table_at", lambda table, n: table)
    leaks = audit_with(db, "featherlight", 2, 12).leaks
    assert any(leak.startswith("frame ") for leak in leaks), leaks[:3]


def test_mutation_the_record_file_before_the_end(db, monkeypatch) -> None:
    """A record file given while the game runs (it holds the seed: every hidden card)."""

    def leaky(table: Table) -> str:
        record = table.record
        return GameRecord(record.game, record.config, record.seed, record.actions).to_json()

    monkeypatch.setattr(views, "record_file", leaky)
    leaks = audit_with(db, "featherlight", 2, 12).leaks
    assert any("record file was given before the end" in leak for leak in leaks), leaks[:3]
    assert any("holds the seed" in leak for leak in leaks), leaks[:3]


def test_mutation_a_review_before_the_end(db, monkeypatch) -> None:
    """A review made while the game runs (searches over every seat's decisions so far)."""
    monkeypatch.setattr(Reviews, "check", lambda self, table, seat: None)
    leaks = audit_with(db, "featherlight", 2, 12).leaks
    assert any(leak.startswith("a review of seat") for leak in leaks), leaks[:3]


def test_the_honest_gate_passes_the_same_audits(db) -> None:
    """The mutation tests' games, without a mutation, find nothing."""
    assert audit_with(db, "featherlight", 2, 12).leaks == []
    assert audit_with(db, "isle-of-feathers", 3, 40).leaks == []


def test_mutation_derived_data_from_outside_the_observation(db, monkeypatch) -> None:
    """A web part's ``derive`` that reads more than the observation it is given (here the true
    state, through a back door) is found like any other leak."""
    from fourfeathers.core.registry import game_spec

    web = game_spec("featherlight").part("web")
    honest_derive, honest_shared = web.derive, views.shared_view
    peek: dict[str, Any] = {}

    def shared(table: Table) -> dict:
        peek["state"] = table.state
        return honest_shared(table)

    def derive(game, observation, seat) -> dict:
        return {**honest_derive(game, observation, seat), "hands": peek["state"].hands}

    monkeypatch.setattr(views, "shared_view", shared)
    monkeypatch.setattr(web, "derive", derive)
    leaks = audit_with(db, "featherlight", 2, 12).leaks
    assert any("twin of seat" in leak for leak in leaks)


def audit_one_hint(db, game_id: str, players: int) -> Audit:
    """Ask one hint at the start of a game and check it against a twin table's hint."""
    audit = Audit()
    with server(db) as client:
        created = create(client, game_id, ["human"] * players)
        tokens = claim_all(client, created)
        hub = hub_of(client)
        table: Table = hub.get(created["table"])
        seat = table.state.current_player
        mover = Browser(client, table.id, tokens[seat])
        answer = mover.command("hint", seat=seat)
        assert answer["type"] == "hint", answer
        seed = hint_seed(table.seed, len(table.record.actions))
        spec, playouts = hub.settings.hint_agent, hub.settings.hint_playouts

        def build(t: Table) -> dict:
            return views.hint(
                t, answer["id"], seat, hint_choices(t.state, seat, spec, seed, playouts)
            )

        check_state(audit, table, frozenset({seat}), mover.raw[-1], build, random.Random(1), "hint")
    return audit


@pytest.mark.parametrize("game_id,players", [("featherlight", 2), ("familiar-feat", 1)])
def test_mutation_a_hint_searched_from_the_true_state(
    db, monkeypatch, game_id: str, players: int
) -> None:
    """A hint whose search (and solo playouts) sample the true state instead of the seat's
    view is found; the honest hint at the same position passes."""
    from fourfeathers.agents import SeatView
    from fourfeathers.agents import hints as hints_module

    # No time cap on the solo playouts: on a busy machine the twin would play fewer of them
    # and differ without any leak (as in test_same_hint).
    monkeypatch.setattr(hints_module, "ESTIMATE_SECONDS", 3600.0)
    # One fixed deal: on some deals the peeking search happens to give the honest hint's
    # choices and figures, and the server would pick a new deal each run.
    monkeypatch.setattr(hub_module, "random_seed", lambda: derive_seed("hint", game_id, players))
    assert audit_one_hint(db, game_id, players).leaks == []

    class Peeking(SeatView):
        def __init__(self, state: Any, player: int, **kwargs: Any) -> None:
            super().__init__(state, player, **kwargs)
            self.true = state.clone()

        def determinize(self, rng: random.Random) -> Any:
            return self.true.clone()

    monkeypatch.setattr(hints_module, "SeatView", Peeking)
    leaks = audit_one_hint(db, game_id, players).leaks
    assert any(leak.startswith("hint (twin of seat") for leak in leaks), leaks


# Play at a distance (issue 39): devices, the host, handed seats and "My tables".


@pytest.mark.parametrize(("game_id", "players"), [("featherlight", 2), ("fancy-feathers", 3)])
def test_a_second_device_and_handed_seats_leak_nothing(
    db, monkeypatch, game_id: str, players: int
) -> None:
    monkeypatch.setattr(hub_module, "random_seed", lambda: derive_seed("far", game_id, players))
    with server(db) as client:
        audit = play_audited(client, game_id, players, random.Random(game_id), distance=True)
        table = next(iter(hub_of(client).tables.values()))
        assert [row.kind for row in table.log].count("seat") == 2
    assert audit.checked > 100
    assert audit.leaks == []


def refused(response, status: int, code: str, field: str) -> None:
    """A refusal with its status, its code and a message that names the field first."""
    assert response.status_code == status, response.text
    assert response.json()["error"] == code, response.text
    assert response.json()["message"].startswith(f"{field}:"), response.text


def test_device_links_host_actions_and_my_tables_refuse_what_they_must(client, monkeypatch):
    made = create(client, "featherlight", ["human", "human"])
    other = create(client, "featherlight", ["human", "human"])
    tokens, others = claim_all(client, made), claim_all(client, other)
    tid = made["table"]
    url = f"/api/tables/{tid}"
    guess = "g" * 43
    # Device links: a guessed, another table's, a used or an expired code is refused.
    refused(client.post(f"{url}/devices/join", json={"code": guess}), 403, "bad_link", "code")
    foreign = client.post(f"/api/tables/{other['table']}/devices/link", json={"token": others[0]})
    refused(
        client.post(f"{url}/devices/join", json={"code": foreign.json()["code"]}),
        403,
        "bad_link",
        "code",
    )
    code = client.post(f"{url}/devices/link", json={"token": tokens[0]}).json()["code"]
    phone = client.post(f"{url}/devices/join", json={"code": code}).json()["token"]
    refused(client.post(f"{url}/devices/join", json={"code": code}), 410, "link_used", "code")
    monkeypatch.setattr(hub_module, "LINK_SECONDS", 0.0)
    late = client.post(f"{url}/devices/link", json={"token": tokens[0]}).json()["code"]
    refused(client.post(f"{url}/devices/join", json={"code": late}), 410, "link_expired", "code")
    # Without a seat here, nothing about devices: another table's token, a guess.
    for token in (others[0], guess):
        for path in ("devices", "devices/link"):
            refused(client.post(f"{url}/{path}", json={"token": token}), 403, "bad_token", "token")
        body = {"token": token, "device": 1}
        refused(client.post(f"{url}/devices/signout", json=body), 403, "bad_token", "token")
    # A signed-out device is refused at once, everywhere.
    client.post(f"{url}/devices/signout", json={"token": tokens[0], "device": 2})
    for path, body in [
        ("devices", {"token": phone}),
        ("devices/link", {"token": phone}),
        ("devices/signout", {"token": phone, "device": 1}),
        ("claim", {"seat": 0, "token": phone}),
        ("hand", {"token": phone, "seat": 0, "kind": "easy"}),
    ]:
        refused(client.post(f"{url}/{path}", json=body), 403, "signed_out", "token")
    # Host actions: a non-host, a seat token, another table's host token are refused.
    for host in (guess, tokens[0], tokens[1], other["host"]):
        body = {"host": host, "seat": 1}
        refused(client.post(f"{url}/reissue", json=body), 403, "not_host", "host")
        body = {"host": host, "seat": 1, "kind": "hard"}
        refused(client.post(f"{url}/hand", json=body), 403, "not_host", "host")
    # Another seat's player may not hand a seat over at a live table (no deadline).
    body = {"token": tokens[0], "seat": 1, "kind": "hard"}
    refused(client.post(f"{url}/hand", json=body), 409, "not_overdue", "seat")
    assert hub_of(client).get(tid).kinds == ["human", "human"]
    assert hub_of(client).get(tid).n == 0  # nothing refused changed the table
    # What is sent holds no token, no hash and no host.
    table = hub_of(client).get(tid)
    secrets = {*tokens.values(), phone, made["host"], table.host or "x" * 64}
    secrets |= {d.token for d in table.devices}
    answers = [
        client.get(url).text,
        client.get("/api/tables").text,
        client.post(f"{url}/devices", json={"token": tokens[0]}).text,
        client.post("/api/my-tables", json={"tables": [{"table": tid, "token": tokens[0]}]}).text,
    ]
    for text in answers:
        for secret in secrets - {tokens[0]}:
            assert secret not in text
    assert tokens[0] not in answers[2] and tokens[0] not in answers[3]


def test_my_tables_answers_only_for_the_tokens_given(client) -> None:
    a = create(client, "featherlight", ["human", "human"])
    b = create(client, "featherlight", ["human", "human"])
    ta, tb = claim_all(client, a), claim_all(client, b)
    ask = lambda pairs: client.post(  # noqa: E731
        "/api/my-tables", json={"tables": [{"table": t, "token": k} for t, k in pairs]}
    )
    assert [t["table"] for t in ask([(a["table"], ta[0])]).json()["tables"]] == [a["table"]]
    # a's token brings nothing of b, b's ids bring nothing without b's token
    assert ask([(b["table"], ta[0]), (b["table"], ta[1]), (b["table"], "x" * 43)]).json() == {
        "tables": []
    }
    assert ask([]).json() == {"tables": []}
    listed = ask([(b["table"], tb[1])]).json()["tables"]
    assert [t["you"] for t in listed] == [[1]]
    bad = client.post("/api/my-tables", json={"tables": [{"table": a["table"]}]})
    assert bad.status_code == 422 and "tables.0.token" in bad.json()["message"]
    many = [{"table": a["table"], "token": ta[0]}] * 101
    response = client.post("/api/my-tables", json={"tables": many})
    assert response.status_code == 422 and response.json()["message"].startswith("tables")
