"""``feathers serve --on-turn COMMAND``: the command runs once when a human seat's turn starts,
with the table in its environment and no token in it; its failures are logged and the table
goes on (docs/protocol.md, "Calling a person back")."""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

from web_helpers import Browser, claim_all, create, server

RECORDER = """\
import json, os, sys
with open(sys.argv[1], "a") as out:
    out.write(json.dumps({k: v for k, v in os.environ.items() if k.startswith("FEATHERS_")}))
    out.write("\\n")
"""


def recorder(tmp_path: Path) -> tuple[list[str], Path]:
    """A command that appends its FEATHERS_ variables to a file (one JSON line a call)."""
    script = tmp_path / "record.py"
    script.write_text(RECORDER)
    calls = tmp_path / "calls.jsonl"
    return [sys.executable, str(script), str(calls)], calls


def read_calls(calls: Path, count: int, wait: float = 15.0) -> list[dict[str, str]]:
    """The calls recorded, once there are ``count`` of them (or ``wait`` seconds passed)."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if calls.exists() and len(calls.read_text().splitlines()) >= count:
            break
        time.sleep(0.05)
    if not calls.exists():
        return []
    return [json.loads(line) for line in calls.read_text().splitlines()]


def play_my_turn(browser: Browser, seat: int) -> None:
    """Make the decisions of ``seat``'s turn (the first legal action each time) until another
    seat is to move."""
    while browser.state["to_move"] == seat and browser.state["status"] == "running":
        if browser.legal:
            assert browser.move(browser.legal[0])["type"] == "accepted"
        else:
            browser.receive()  # a forced decision on its way


def wait_my_turn(browser: Browser, seat: int) -> None:
    while not (browser.state["to_move"] == seat and browser.legal):
        browser.receive()


def human_after_computer(client: Any) -> tuple[dict[str, Any], Browser, str]:
    """A Featherlight table, the human (seat 2) first, then the computer; the human's page
    and seat token."""
    table = create(client, "featherlight", ["random", "human"], options={"starting_player": 1})
    token = claim_all(client, table)[1]
    return table, Browser(client, table["table"], token), token


def test_the_command_runs_once_per_turn_start_with_the_table_in_its_environment(
    tmp_path: Path, monkeypatch
) -> None:
    for name in [k for k in os.environ if k.startswith("FEATHERS_")]:  # CI sets some
        monkeypatch.delenv(name)
    argv, calls = recorder(tmp_path)
    public = "https://feathers.example.org/games"
    with server(tmp_path / "f.db", on_turn=argv, public_url=public) as client:
        table, me, token = human_after_computer(client)
        play_my_turn(me, 1)
        wait_my_turn(me, 1)  # the computer played: seat 2's turn starts
        [call] = read_calls(calls, 2, wait=1.0)  # one call: nobody for the computer's turn
        assert call == {
            "FEATHERS_TABLE": table["table"],
            "FEATHERS_SEAT": "2",
            "FEATHERS_SEAT_NAME": "Seat 2",
            "FEATHERS_GAME": "featherlight",
            "FEATHERS_GAME_TITLE": "Featherlight",
            "FEATHERS_URL": f"https://feathers.example.org/games/t/{table['table']}",
            "FEATHERS_EVENT": str(me.n),
            "FEATHERS_LAST": f"Seat 1: {me.log[-1]['words']}",
        }
        secrets = [table["invites"][0]["invite"], token]
        assert not any(s in value for s in secrets for value in call.values())
        # a page that comes back, and the seat's own decisions, call nobody again
        again = Browser(client, table["table"], token, last=me.n)
        assert again.first["n"] == me.n
        assert me.move(me.legal[0])["type"] == "accepted"  # the same turn goes on
        assert len(read_calls(calls, 2, wait=0.5)) == 1
        play_my_turn(me, 1)
        wait_my_turn(me, 1)
        assert [c["FEATHERS_EVENT"] for c in read_calls(calls, 2)] == [
            call["FEATHERS_EVENT"],
            str(me.n),
        ]


def test_a_failing_command_is_logged_and_the_table_goes_on(tmp_path: Path, caplog) -> None:
    script = tmp_path / "fail.py"
    script.write_text("import sys\nprint('no mail server')\nsys.exit(3)\n")
    caplog.set_level(logging.WARNING, logger="fourfeathers.web.on_turn")
    with server(tmp_path / "f.db", on_turn=[sys.executable, str(script)]) as client:
        table, me, _token = human_after_computer(client)
        for _turn in range(2):
            play_my_turn(me, 1)
            wait_my_turn(me, 1)
        deadline = time.monotonic() + 15
        while len(caplog.records) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2, lines
    assert lines[0].startswith(f"--on-turn: table {table['table']} seat 2: ")
    assert lines[0].endswith("exited with 3: no mail server")


def test_a_command_that_hangs_is_killed_and_one_gone_is_logged(tmp_path: Path, caplog) -> None:
    script = tmp_path / "hang.py"
    pid = tmp_path / "pid"
    script.write_text(
        f"import os, time\nopen({str(pid)!r}, 'w').write(str(os.getpid()))\ntime.sleep(60)\n"
    )
    caplog.set_level(logging.WARNING, logger="fourfeathers.web.on_turn")
    settings = {"on_turn": [sys.executable, str(script)], "on_turn_timeout": 0.5}
    with server(tmp_path / "f.db", **settings) as client:
        _table, me, _token = human_after_computer(client)
        play_my_turn(me, 1)
        wait_my_turn(me, 1)
        started = time.monotonic()
        deadline = started + 15
        while not caplog.records and time.monotonic() < deadline:
            time.sleep(0.05)
        assert time.monotonic() - started < 10
        play_my_turn(me, 1)  # the table went on meanwhile
        client.app.state.hub.on_turn.argv = [str(tmp_path / "gone")]  # type: ignore[attr-defined]
        wait_my_turn(me, 1)
        while len(caplog.records) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
    killed, gone = (r.getMessage() for r in caplog.records)
    assert killed.endswith("ran for more than 0.5 seconds: killed")
    assert not Path(f"/proc/{pid.read_text()}").exists()
    assert "cannot run" in gone and "gone" in gone
