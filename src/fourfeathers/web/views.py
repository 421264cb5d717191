"""The one gate: everything the server sends to a browser is built here, for one recipient.

A recipient is the set of seats a connection holds (several in hot seat; none for a spectator).
``table_view`` is the only function that reads a running game's state for a recipient: it
shows the public view (``State.public_observation``), the observation of each seat held
(``State.observation``), the legal actions of a held seat to move (unless the table plays its
only one: a forced decision), and the undo possibility.
The log is public words (``Game.describe_action`` / ``describe_outcome``); an action's text
form, which may name a hidden card (a card passed face down), goes only to the seat that took
it. A game whose ``web`` part has ``derive(game, observation, seat)`` gets, beside each
observation sent, what that function computes from that observation alone (e.g. a hand's
points now and why); its ``catalogue(game)`` (public data fixed by the configuration, e.g. the
cards' texts) is sent by ``catalogue``. While a game runs nothing here sends the seed, an RNG
state, a pile's order or the record; once it is over ``record`` gives all of it.

Replays (``frame``): the table as it was right after one of its events, rebuilt from the
stored events by ``replay.py`` and drawn by ``table_view`` like live play, for
``frame_recipient``: while the game runs a connection's own seats, so a seat stepping back is
sent what it was sent at that event and never more; once it is over every seat, for anybody.

``app.py`` and ``hub.py`` send only the strings ``encode`` makes of what these functions return.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.game import Action, Game, State
from ..core.records import GameRecord
from ..core.registry import game_spec

if TYPE_CHECKING:
    from ..agents.hints import HintChoice
    from .tables import LogRow, Table

Recipient = frozenset[int]
"""The seats a connection holds (empty: a spectator)."""

SPECTATOR: Recipient = frozenset()


def encode(message: dict[str, Any]) -> str:
    """The JSON text sent for ``message`` (compact, UTF-8).

    With orjson (in the ``web`` extra) it is that library's output, several times faster than
    the standard library's on the server's hot path (each event is encoded once per recipient);
    it differs from ``json.dumps`` only in how some floats are spelled (``1e-7``, not
    ``1e-07``). A value orjson refuses (an integer over 64 bits) falls back to ``json``."""
    if _orjson is not None:
        try:
            return str(_orjson.dumps(message, option=_orjson.OPT_NON_STR_KEYS), "utf-8")
        except TypeError:
            pass
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


_orjson: Any
try:
    import orjson as _orjson
except ImportError:  # pragma: no cover - the web extra has it
    _orjson = None


def move_words(game: Game, before: State, action: Action, after: State) -> str:
    """A decision in public words: its description and what else it caused."""
    text = game.describe_action(before, action)
    outcome = game.describe_outcome(before, action, after)
    return f"{text}. {outcome}" if outcome else text


def entry(row: LogRow, recipient: Recipient) -> dict[str, Any]:
    """One log entry as ``recipient`` may see it: the action's text only for its own seat."""
    item: dict[str, Any] = {"n": row.n, "kind": row.kind, "seat": row.seat, "words": row.words}
    if row.kind == "undo":
        item["undone"] = list(row.undone)
    elif row.kind == "seat":  # a seat handed over: its new kind is public
        item["to"] = row.action
    elif row.seat in recipient:
        item["action"] = row.action
    return item


def table_view(table: Table, recipient: Recipient) -> dict[str, Any]:
    """The table as ``recipient`` sees it now (see the module docstring): what everyone sees
    (``shared_view``), then what is the recipient's own (``own_view``)."""
    return {**shared_view(table), **own_view(table, recipient)}


def shared_view(table: Table) -> dict[str, Any]:
    """The part of ``table_view`` that is the same for every recipient: the summary, the
    public observation and, once the game is over, the result with the record."""
    state = table.state
    public = state.public_observation()
    view: dict[str, Any] = {**_summary(table), "public": public}
    extra = derived(table.game, public, None)
    if extra is not None:
        view["derived"] = extra
    if state.is_terminal():
        view["result"] = {
            "scores": state.scores(),
            "winners": state.winners(),
            "record": record(table),
        }
    return view


def own_view(table: Table, recipient: Recipient) -> dict[str, Any]:
    """The part of ``table_view`` that is ``recipient``'s own: its seats, their observations,
    the legal actions of a held seat to move (none when it has only one: the table plays it,
    ``core.table``), and whether a held seat may undo."""
    state = table.state
    game = table.game
    undo = table.undo_seat()
    view: dict[str, Any] = {
        "you": sorted(recipient),
        "private": [_private(game, state.observation(s), s) for s in sorted(recipient)],
        "legal": [],
        "undo": undo if undo in recipient else None,
    }
    if (
        not state.is_terminal()
        and state.current_player in recipient
        and table.play.is_human(state.current_player)
    ):
        view["legal"] = [
            {
                "action": str(a),
                "words": game.describe_action(state, a),
                "fields": game.action_fields(state, a),
            }
            for a in table.play.choices()
        ]
    return view


def _private(game: Game, observation: dict[str, Any], seat: int) -> dict[str, Any]:
    item = {"seat": seat, "observation": observation}
    extra = derived(game, observation, seat)
    if extra is not None:
        item["derived"] = extra
    return item


def _web(game: Game) -> Any:
    """The game's ``web`` part (kept per game id: this is on every event's path)."""
    try:
        return _WEB[game.id]
    except KeyError:
        part = _WEB[game.id] = game_spec(game.id).part("web")
        return part


_WEB: dict[str, Any] = {}


def derived(game: Game, observation: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """What the game's ``web`` part derives from ``observation`` (of ``seat``; None: the public
    one), or None when it derives nothing. Only the observation goes in, so nothing more than
    it can come out."""
    derive = getattr(_web(game), "derive", None)
    return None if derive is None else derive(game, observation, seat)


def catalogue(table: Table) -> dict[str, Any]:
    """The public data of the table's game fixed by its configuration (the ``web`` part's
    ``catalogue``; empty when it has none): ``{"table", "game", "catalogue"}``. Kept once per
    game and configuration."""
    game = table.game
    return {"table": table.id, "game": game.id, "catalogue": game_catalogue(game)}


def game_catalogue(game: Game) -> dict[str, Any]:
    """The ``web`` part's ``catalogue`` of ``game`` (empty when it has none), kept once per
    game and configuration: what ``catalogue`` gives a table, and a lesson page its game."""
    key = (game.id, encode(game.config))
    data = _CATALOGUES.get(key)
    if data is None:
        make = getattr(_web(game), "catalogue", None)
        data = {} if make is None else make(game)
        if len(_CATALOGUES) >= 64:
            _CATALOGUES.clear()
        _CATALOGUES[key] = data
    return data


_CATALOGUES: dict[tuple[str, str], dict[str, Any]] = {}


def event(table: Table, row: LogRow, recipient: Recipient) -> dict[str, Any]:
    """A new event and the table after it."""
    return {
        "type": "event",
        "n": row.n,
        "entry": entry(row, recipient),
        "state": table_view(table, recipient),
    }


def events(table: Table, row: LogRow, recipients: Iterable[Recipient]) -> dict[Recipient, str]:
    """``encode(event(table, row, r))`` for each recipient ``r``, byte for byte, with the
    shared part encoded once for all of them (a broadcast)."""
    shared = encode(shared_view(table))[:-1]
    return {
        r: f'{{"type":"event","n":{row.n},"entry":{encode(entry(row, r))},'
        f'"state":{shared},{encode(own_view(table, r))[1:]}}}'
        for r in set(recipients)
    }


def sync(table: Table, recipient: Recipient, since: int) -> dict[str, Any]:
    """The log entries after event ``since`` and the table now (a snapshot when 0)."""
    return {
        "type": "sync",
        "n": table.n,
        "since": since,
        "log": [entry(row, recipient) for row in table.log[since:]],
        "state": table_view(table, recipient),
    }


def hint(table: Table, id: Any, seat: int, choices: Sequence[HintChoice]) -> dict[str, Any]:
    """A hint for ``seat`` (to move): the best actions of ``agents.hints.hint`` (the terminal's
    hint too), searched from the seat's own ``SeatView``. Each choice has ``text``, what a
    player reads (``"win chance 64%"``, ``"expected 2.3 Monsters"``, ``"the only move"``), and
    the figures behind it: ``visits`` (0: not searched), ``value`` (the search's mean reward,
    0-1: a win chance, or in a solo game a score share, named by the message's ``value``) and
    ``estimate`` (a win chance 0-1 with 2+ players, named ``win_chance``; in a solo game the
    expected final score in the game's unit, ``score``); -1 for a figure not found."""
    solo = table.game.num_players == 1
    return {
        "type": "hint",
        "id": id,
        "seat": seat,
        "n": table.n,
        "value": "score_share" if solo else "win_chance",
        "estimate": "score" if solo else "win_chance",
        "choices": [
            {
                "action": c.action,
                "words": c.words,
                "visits": c.visits,
                "value": -1 if c.value is None else round(c.value, 4),
                "estimate": -1 if c.estimate is None else round(c.estimate, 2 if solo else 4),
                "text": c.text,
            }
            for c in choices
        ],
    }


def accepted(id: Any, n: int) -> dict[str, Any]:
    """A command was applied as event ``n``."""
    return {"type": "accepted", "id": id, "n": n}


def rejected(id: Any, code: str, reason: str, rule: str, n: int) -> dict[str, Any]:
    """A command was refused (nothing changed); ``n`` is the table's latest event."""
    return {"type": "rejected", "id": id, "code": code, "reason": reason, "rule": rule, "n": n}


def error(code: str, message: str, id: Any = None) -> dict[str, Any]:
    """A message the server could not take (protocol errors)."""
    return {"type": "error", "code": code, "message": message, "id": id}


def beat(kind: str) -> dict[str, Any]:
    """A heartbeat: ``ping`` or ``pong``."""
    return {"type": kind}


def seats(table: Table) -> dict[str, Any]:
    """Who sits where changed (a seat was claimed)."""
    return {"type": "seats", "seats": _summary(table)["seats"]}


def rematch(table_id: str) -> dict[str, Any]:
    """The table's rematch was created: ``table`` is its id."""
    return {"type": "rematch", "table": table_id}


def _summary(table: Table) -> dict[str, Any]:
    over = table.over
    return {
        "table": table.id,
        "game": table.game.id,
        "title": table.game.title,
        "config": table.game.config,
        "seats": [
            {"seat": s, "kind": kind, "claimed": table.claimed(s)}
            for s, kind in enumerate(table.kinds)
        ],
        "open": table.open,
        "listed": table.listed,
        "status": "finished" if over else "running",
        "n": table.n,
        "moves": len(table.record.actions),
        "to_move": None if over else table.state.current_player,
        "created": table.created,
        "updated": table.updated,
        "rematch": table.rematch,
        "mode": table.mode,
        "deadline_hours": table.deadline_hours,
        "deadline": table.deadline(),
    }


def summary(table: Table) -> dict[str, Any]:
    """What anybody may know of a table (the lobby's list)."""
    return _summary(table)


def created(
    table: Table, invites: dict[int, str], base_url: str, host: str | None = None
) -> dict[str, Any]:
    """For the creator only: the table, an invite link per human seat, the spectator link and
    (at creation, not at a rematch) the host token."""
    root = base_url.rstrip("/")
    extra = {} if host is None else {"host": host}
    return {
        **_summary(table),
        **extra,
        "invites": [
            {"seat": s, "invite": code, "url": f"{root}/t/{table.id}/seat/{s + 1}?invite={code}"}
            for s, code in sorted(invites.items())
        ],
        "watch": f"{root}/t/{table.id}",
    }


def claimed(table: Table, seat: int, token: str, seats: Recipient) -> dict[str, Any]:
    """For the claimer only: the seat token (kept by the browser; the server keeps only its
    hash) and every seat of the table it holds."""
    return {"table": table.id, "seat": seat, "token": token, "seats": sorted(seats)}


def record(table: Table) -> dict[str, Any]:
    """The full record (seed and every action). Only once the game is over.

    Raises ``ValueError`` while it runs.
    """
    if not table.over:
        raise ValueError(
            f"table {table.id} is still being played; its record (seed and actions) is given "
            "only after the end"
        )
    state = table.state
    return {
        "game": table.game.id,
        "config": table.game.config,
        "seed": table.seed,
        "actions": list(table.record.actions),
        "engine": table.engine,
        "seats": list(table.kinds),
        "scores": state.scores(),
        "winners": state.winners(),
    }


def frame_recipient(table: Table, recipient: Recipient) -> Recipient:
    """Whose view a replay frame of ``table`` shows a connection holding ``recipient``: its
    own seats (a spectator: none, the public view) while the game runs, every seat once it is
    over (the whole game, every card shown, for anybody: the record is public then too)."""
    if table.over:
        return frozenset(range(table.game.num_players))
    return recipient


def frame(table: Table, then: Table, recipient: Recipient, id: Any = None) -> dict[str, Any]:
    """A replay frame: ``then`` (``table`` rebuilt from its events 1 to ``then.n``, by
    ``replay.table_at``) as ``frame_recipient(table, recipient)`` sees it, by ``table_view``
    (what live play sent at that event, the "now" fields of the summary aside), with the log
    entry of that event as that recipient sees it (None for event 0); ``latest`` is the live
    table's latest event, ``seen`` the seats whose views it shows."""
    shown = frame_recipient(table, recipient)
    n = then.n
    return {
        "type": "frame",
        "id": id,
        "n": n,
        "latest": table.n,
        "seen": sorted(shown),
        "entry": entry(then.log[n - 1], shown) if n else None,
        "state": table_view(then, shown),
    }


def record_file(table: Table) -> str:
    """The finished table's record as a file that ``feathers replay`` and ``feathers play
    --load`` read (``GameRecord.to_json``: the note saying what it holds, game, config, seed,
    ``table`` with the seat kinds and where it was played, the actions).

    Raises ``ValueError`` while the game runs (``record``: the seed deals every hidden card).
    """
    data = record(table)
    served = {"table": table.id, "engine": data["engine"]}
    made = GameRecord(
        data["game"],
        data["config"],
        data["seed"],
        data["actions"],
        {"seats": data["seats"], "served": served},
    )
    return made.to_json() + "\n"


def invite_link(table: Table, seat: int, code: str, base_url: str) -> dict[str, Any]:
    """For the host only: a seat's new invite (after ``reissue``, or a seat handed to a
    person that has no device)."""
    url = f"{base_url.rstrip('/')}/t/{table.id}/seat/{seat + 1}?invite={code}"
    return {"table": table.id, "seat": seat, "invite": code, "url": url}


def device_link(table: Table, code: str, expires: float, base_url: str, qr: str) -> dict[str, Any]:
    """For the device that asked only: the one-time link for another device (the code after
    ``#``, so that it is never sent to a server in an address), when it expires, and its QR
    code (an SVG ``data:`` URI drawn by the server)."""
    url = f"{base_url.rstrip('/')}/t/{table.id}/continue#{code}"
    return {"table": table.id, "code": code, "url": url, "expires": expires, "qr": qr}


def devices(table: Table, seats: Recipient, token: str, online: set[str | None]) -> dict[str, Any]:
    """The devices playing ``seats`` (those the asking token holds), each once:
    ``{"device": 2, "seats": [0], "added", "seen", "online", "you"}`` (``seen``: when it last
    connected, null: never; ``you``: the asking device). No token or hash is sent."""
    found: dict[str, dict[str, Any]] = {}
    for d in table.devices:
        if d.out is not None or d.seat not in seats:
            continue
        item = found.setdefault(
            d.token,
            {
                "device": d.number,
                "seats": [],
                "added": d.added,
                "seen": d.seen,
                "online": d.token in online,
                "you": d.token == token,
            },
        )
        item["seats"].append(d.seat)
    listed = sorted(found.values(), key=lambda d: (d["seats"][0], d["device"]))
    return {"table": table.id, "devices": listed}


def devices_changed() -> dict[str, Any]:
    """The devices of a table changed (one was added or signed out): a page showing them asks
    again."""
    return {"type": "devices"}


def mine(table: Table, seats: Recipient) -> dict[str, Any]:
    """A table in a browser's "My tables": its summary, the seats the browser holds (``you``)
    and ``your_turn`` (a held seat played by a person is to move)."""
    summary = _summary(table)
    to_move = summary["to_move"]
    turn = to_move is not None and to_move in seats and table.kinds[to_move] == "human"
    return {**summary, "you": sorted(seats), "your_turn": turn}
