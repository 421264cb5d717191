"""``feathers serve`` on the command line: the extra it needs, the database it opens, the
address it prints (a real start is in test_kill.py)."""

from __future__ import annotations

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
    ],
)
def test_a_bad_database_is_one_error_line(url: str, words: str) -> None:
    result = runner.invoke(app, ["serve", "--db", url])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: --db: ") and words in lines[0]


def fake_run(monkeypatch) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def create_app(settings: Any) -> Any:
        seen["settings"] = settings
        return settings

    monkeypatch.setattr(web_app, "create_app", create_app)
    monkeypatch.setattr("uvicorn.run", lambda app, **kw: seen.update(kw))
    monkeypatch.setattr("gc.set_threshold", lambda *limits: seen.update(gc=limits))
    return seen


def test_options_and_the_printed_address(monkeypatch, tmp_path: Path) -> None:
    seen = fake_run(monkeypatch)
    db = f"sqlite:///{tmp_path / 'games.db'}"
    result = runner.invoke(app, ["serve", "--port", "8123", "--db", db, "--keep-finished", "2"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("feathers serve: open http://127.0.0.1:8123/")
    assert seen["host"] == "127.0.0.1" and seen["port"] == 8123
    assert seen["settings"].db == db and seen["settings"].keep_finished == 7200
    assert seen["ws_per_message_deflate"] is False and seen["gc"][0] > 700


def test_the_database_comes_from_feathers_db_else_the_data_directory(
    monkeypatch, tmp_path: Path
) -> None:
    seen = fake_run(monkeypatch)
    monkeypatch.setenv("FEATHERS_DB", f"sqlite:///{tmp_path / 'env.db'}")
    assert runner.invoke(app, ["serve"]).exit_code == 0
    assert seen["settings"].db.endswith("env.db")
    monkeypatch.delenv("FEATHERS_DB")
    monkeypatch.setattr("platformdirs.user_data_dir", lambda name: str(tmp_path / name))
    assert runner.invoke(app, ["serve"]).exit_code == 0
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
    result = runner.invoke(app, ["serve", "--db", db, "--port", "8123", "--on-turn", command])
    assert result.exit_code == 0, result.output
    assert seen["settings"].on_turn == [
        sys.executable,
        str(tmp_path / "my script.py"),
        "--to",
        "me@example.org",
    ]
    assert seen["settings"].public_url == "http://127.0.0.1:8123"
    proxied = ["--public-url", "https://feathers.example.org/play/"]
    assert runner.invoke(app, ["serve", "--db", db, *proxied]).exit_code == 0
    assert seen["settings"].public_url == "https://feathers.example.org/play"
    assert seen["settings"].on_turn is None
    bad = runner.invoke(app, ["serve", "--db", db, "--public-url", "feathers.example.org"])
    assert bad.exit_code == 2
    assert bad.stderr.strip() == (
        "Error: --public-url: must be an http:// or https:// address, got 'feathers.example.org'"
    )


def test_the_limits_and_their_defaults(monkeypatch, tmp_path: Path) -> None:
    from fourfeathers.web.limits import Limits

    seen = fake_run(monkeypatch)
    db = f"sqlite:///{tmp_path / 'games.db'}"
    assert runner.invoke(app, ["serve", "--db", db]).exit_code == 0
    assert seen["settings"].limits == Limits()
    given = [
        *("--tables-per-minute", "5", "--running-tables", "7", "--connections", "9"),
        *("--max-body", "2048", "--body-timeout", "2.5", "--computer-only", "1"),
        *("--watch-grace", "30", "--idle-days", "30"),
        *("--allow-origin", "HTTPS://Feathers.example.org/", "--allow-origin", "http://a:81"),
    ]
    result = runner.invoke(app, ["serve", "--db", db, *given])
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
