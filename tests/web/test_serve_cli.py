"""``feathers serve`` on the command line: the extra it needs, the database it opens, the
address it prints (a real start is in test_kill.py)."""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fourfeathers.cli import serve as serve_command
from fourfeathers.cli.main import app
from fourfeathers.web import app as web_app

runner = CliRunner()


def test_without_the_web_extra_one_clear_line(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "Error: feathers serve needs the web extra: pip install 'fourfeathers[web]' "
        "(uvicorn is not installed)"
    )


@pytest.mark.parametrize(
    "url,words",
    [
        ("mysql://me@localhost/db", "is neither sqlite:///FILE nor postgresql://"),
        ("postgresql://nobody@127.0.0.1:1/none", "cannot open the database"),
        ("sqlite:///", "'sqlite:///' names no file: give sqlite:///PATH"),
        ("sqlite://", "'sqlite://' names no file"),
        ("sqlite:///:memory:", "names no file"),
    ],
)
def test_a_bad_database_is_one_error_line(url: str, words: str) -> None:
    result = runner.invoke(app, ["serve", "--db", url])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: --db: ") and words in lines[0]


def free_port() -> int:
    """A port nothing listens on now (the tests bind it for real)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fake_run(monkeypatch) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def create_app(settings: Any) -> Any:
        seen["settings"] = settings
        return settings

    monkeypatch.setattr(web_app, "create_app", create_app)

    def run(app: Any, listening: socket.socket, **kw: Any) -> None:
        seen.update(kw, bound=listening.getsockname())
        listening.close()

    monkeypatch.setattr(serve_command, "run", run)
    monkeypatch.setattr("gc.set_threshold", lambda *limits: seen.update(gc=limits))
    return seen


def test_options_and_the_printed_address(monkeypatch, tmp_path: Path) -> None:
    seen = fake_run(monkeypatch)
    db = f"sqlite:///{tmp_path / 'games.db'}"
    port = free_port()
    result = runner.invoke(app, ["serve", "--port", str(port), "--db", db, "--keep-finished", "2"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"feathers serve: open http://127.0.0.1:{port}/")
    assert seen["host"] == "127.0.0.1" and seen["port"] == port
    assert seen["bound"] == ("127.0.0.1", port)  # bound before uvicorn runs
    assert seen["settings"].db == db and seen["settings"].keep_finished == 7200
    assert seen["ws_per_message_deflate"] is False and seen["gc"][0] > 700


@pytest.mark.parametrize(
    "url,shown",
    [
        (
            "postgresql://feathers:s3cret@127.0.0.1/feathers",
            "postgresql://feathers:***@127.0.0.1/feathers",
        ),
        (
            "postgresql://me:p%40ss:w@db:5433/x?sslmode=require",
            "postgresql://me:***@db:5433/x?sslmode=require",
        ),
        ("postgresql://me@db/x", "postgresql://me@db/x"),
        ("sqlite:///{tmp}/games.db", "sqlite:///{tmp}/games.db"),
    ],
)
def test_the_start_line_hides_the_database_password(
    monkeypatch, tmp_path, url: str, shown: str
) -> None:
    url, shown = url.format(tmp=tmp_path), shown.format(tmp=tmp_path)
    seen = fake_run(monkeypatch)

    class Opened:  # no database is reached: the line is what is tested
        def __init__(self, url: str) -> None:
            pass

        def close(self) -> None:
            pass

    monkeypatch.setattr("fourfeathers.web.store.Store", Opened)
    monkeypatch.setattr(serve_command, "hold_sqlite", lambda url: None)  # no file either
    port = free_port()
    result = runner.invoke(app, ["serve", "--port", str(port), "--db", url])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == (
        f"feathers serve: open http://127.0.0.1:{port}/ (database {shown}; Ctrl-C stops)"
    )
    assert "s3cret" not in result.output and seen["settings"].db == url  # used as given


def test_the_database_comes_from_feathers_db_else_the_data_directory(
    monkeypatch, tmp_path: Path
) -> None:
    seen = fake_run(monkeypatch)
    monkeypatch.setenv("FEATHERS_DB", f"sqlite:///{tmp_path / 'env.db'}")
    assert runner.invoke(app, ["serve", "--port", str(free_port())]).exit_code == 0
    assert seen["settings"].db.endswith("env.db")
    monkeypatch.delenv("FEATHERS_DB")
    monkeypatch.setattr("platformdirs.user_data_dir", lambda name: str(tmp_path / name))
    assert runner.invoke(app, ["serve", "--port", str(free_port())]).exit_code == 0
    assert seen["settings"].db == serve_command.default_db()
    assert seen["settings"].db == f"sqlite:///{tmp_path / 'fourfeathers' / 'feathers.db'}"


@pytest.mark.parametrize(
    "value,words",
    [
        ("", "--on-turn: empty: give the program to run and its arguments"),
        ("   ", "--on-turn: empty: give the program to run and its arguments"),
        ("no-such-program-xyz --to me", "program 'no-such-program-xyz' is not found on PATH"),
        ("/nowhere/mail.sh", "program '/nowhere/mail.sh' is not an executable file"),
        ("mail 'unclosed", 'cannot split "mail \'unclosed" into words: No closing quotation'),
    ],
)
def test_a_bad_on_turn_command_is_one_error_line_at_start(
    monkeypatch, value: str, words: str
) -> None:
    seen = fake_run(monkeypatch)
    result = runner.invoke(app, ["serve", "--on-turn", value])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: --on-turn: ") and words in lines[0]
    assert seen == {}  # never listened


def test_the_on_turn_command_and_its_links(monkeypatch, tmp_path: Path) -> None:
    seen = fake_run(monkeypatch)
    db = f"sqlite:///{tmp_path / 'games.db'}"
    command = f"{sys.executable} '{tmp_path / 'my script.py'}' --to 'me@example.org'"
    port = free_port()
    result = runner.invoke(app, ["serve", "--db", db, "--port", str(port), "--on-turn", command])
    assert result.exit_code == 0, result.output
    assert seen["settings"].on_turn == [
        sys.executable,
        str(tmp_path / "my script.py"),
        "--to",
        "me@example.org",
    ]
    assert seen["settings"].public_url == f"http://127.0.0.1:{port}"
    proxied = ["--public-url", "https://feathers.example.org/play/", "--port", str(free_port())]
    assert runner.invoke(app, ["serve", "--db", db, *proxied]).exit_code == 0
    assert seen["settings"].public_url == "https://feathers.example.org/play"
    assert seen["settings"].on_turn is None
    bad = runner.invoke(app, ["serve", "--db", db, "--public-url", "feathers.example.org"])
    assert bad.exit_code == 2
    assert bad.stderr.strip() == (
        "Error: --public-url: must be an http:// or https:// address, got 'feathers.example.org'"
    )


def test_a_busy_port_is_one_line_before_any_address_is_printed(monkeypatch, tmp_path: Path) -> None:
    seen = fake_run(monkeypatch)
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        db = f"sqlite:///{tmp_path / 'games.db'}"
        result = runner.invoke(app, ["serve", "--port", str(port), "--db", db])
    assert result.exit_code == 2
    assert "open http" not in result.stdout  # nothing claims a server that is not there
    assert result.stderr.strip().splitlines() == [
        f"Error: --port: port {port} on 127.0.0.1 is already in use (another server?): "
        "choose another with --port"
    ]
    assert seen == {}  # neither the app nor uvicorn was started


def test_an_address_the_machine_does_not_have_is_one_line(monkeypatch, tmp_path: Path) -> None:
    fake_run(monkeypatch)
    db = f"sqlite:///{tmp_path / 'games.db'}"
    result = runner.invoke(app, ["serve", "--host", "192.0.2.1", "--port", "8123", "--db", db])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: --host: cannot listen on 192.0.2.1:8123")


def test_the_limits_and_their_defaults(monkeypatch, tmp_path: Path) -> None:
    from fourfeathers.web.limits import Limits

    seen = fake_run(monkeypatch)
    db = f"sqlite:///{tmp_path / 'games.db'}"
    assert runner.invoke(app, ["serve", "--db", db, "--port", str(free_port())]).exit_code == 0
    assert seen["settings"].limits == Limits()
    given = [
        *("--tables-per-minute", "5", "--running-tables", "7", "--connections", "9"),
        *("--max-body", "2048", "--body-timeout", "2.5", "--computer-only", "1"),
        *("--watch-grace", "30", "--idle-days", "30"),
        *("--allow-origin", "HTTPS://Feathers.example.org/", "--allow-origin", "http://a:81"),
    ]
    result = runner.invoke(app, ["serve", "--db", db, "--port", str(free_port()), *given])
    assert result.exit_code == 0, result.output
    assert seen["settings"].limits == Limits(
        tables_per_minute=5,
        running_tables=7,
        max_body=2048,
        body_timeout=2.5,
        connections=9,
        computer_only=1,
        watch_grace=30.0,
        idle_days=30.0,
        allow_origin=("https://feathers.example.org", "http://a:81"),
    )


@pytest.mark.parametrize(
    "flag,value,words",
    [
        ("--allow-origin", "feathers.example.org", "must be an origin like https://example.org"),
        ("--allow-origin", "https://a.org/play", "must be an origin like https://example.org"),
        ("--body-timeout", "nan", "must be a number from 0.1 to 3,600 seconds, got nan"),
        ("--idle-days", "0", "must be a number from 0.01 to 36,500 days, got 0.0"),
    ],
)
def test_a_bad_limit_is_one_error_line(monkeypatch, flag: str, value: str, words: str) -> None:
    seen = fake_run(monkeypatch)
    result = runner.invoke(app, ["serve", flag, value])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {flag}: ") and words in lines[0]
    assert seen == {}
