"""The same protocol on PostgreSQL: the scenarios of test_protocol.py and a leak audit, each on a
fresh database of the server named by ``FEATHERS_TEST_POSTGRES`` (default
``postgresql://postgres:postgres@127.0.0.1/postgres``). Skipped, saying so, when no server is
reachable (.ci/run installs and starts one)."""

from __future__ import annotations

import os
import random
import secrets
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pytest
import sqlalchemy as sa
import test_protocol as protocol
import test_seats as seats
from test_leaks import play_audited
from web_helpers import server

from fourfeathers.web.store import Store, engine_url, reviews
from fourfeathers.web.tables import LogRow

pytestmark = pytest.mark.slow  # out of the fast run: python -m pytest -m 'not slow and not browser'

URL = os.environ.get("FEATHERS_TEST_POSTGRES", "postgresql://postgres:postgres@127.0.0.1/postgres")


def _admin() -> sa.Engine:
    engine = sa.create_engine(
        engine_url(URL), isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 3}
    )
    try:
        with engine.connect() as db:
            db.execute(sa.text("select 1"))
    except Exception as exc:
        pytest.skip(f"no PostgreSQL at {URL} ({type(exc).__name__}); set FEATHERS_TEST_POSTGRES")
    return engine


@contextmanager
def fresh_database() -> Iterator[str]:
    """The URL of a new, empty database (dropped afterwards); skips the test when no
    PostgreSQL is reachable."""
    admin = _admin()
    name = f"feathers_test_{secrets.token_hex(4)}"
    with admin.connect() as db:
        db.execute(sa.text(f'CREATE DATABASE "{name}"'))
    base = sa.engine.make_url(URL)
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as db:
            db.execute(sa.text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def pg() -> Iterator[str]:
    """The URL of a new, empty database (dropped afterwards)."""
    with fresh_database() as url:
        yield url


@pytest.mark.parametrize(
    "scenario",
    [
        protocol.test_create_claim_and_list,
        protocol.test_a_seat_is_claimed_once_and_the_same_browser_comes_back,
        protocol.test_a_game_against_the_computer_to_the_end_and_its_record,
        protocol.test_stale_and_repeated_commands_are_never_applied_twice,
        protocol.test_undo_takes_back_your_own_decision_that_showed_nothing,
        protocol.test_rematch_seats_the_same_browsers_at_a_new_table,
        protocol.test_idle_finished_tables_are_cleaned_up_running_ones_never,
        seats.test_a_seat_continued_on_another_device_plays_there_too,
        seats.test_a_signed_out_device_is_refused_at_once_and_its_connection_closed,
        seats.test_the_host_issues_a_lost_seat_again,
        seats.test_the_host_hands_a_seat_to_the_computer_and_back,
        seats.test_my_tables_answers_only_for_the_tokens_given_its_turn_first,
    ],
    ids=lambda f: f.__name__.removeprefix("test_"),
)
def test_protocol_on_postgres(pg: str, scenario) -> None:
    with server(pg) as client:
        scenario(client)


def test_restart_on_postgres(pg: str) -> None:
    protocol.test_restart_rebuilds_every_table_from_the_database(pg)


def test_leak_audit_on_postgres(pg: str) -> None:
    with server(pg) as client:
        audit = play_audited(client, "fancy-feathers", 3, random.Random(3))
    assert audit.checked > 100 and audit.leaks == []


def test_an_event_is_stored_once(pg: str) -> None:
    store = Store(pg)
    row = {
        "id": "abcdefgh",
        "game": "featherlight",
        "config": {},
        "seed": 2**63 - 1,
        "kinds": ["human"],
        "open": False,
        "engine": "0",
        "created": 0.0,
        "updated": 0.0,
        "finished": None,
        "rematch": None,
    }
    store.create(row, [None], [None])
    event = LogRow(1, "move", 0, "draw 1", "draw")
    store.append([("abcdefgh", event, None)])
    with pytest.raises(sa.exc.IntegrityError):
        store.append(
            [("abcdefgh", LogRow(2, "move", 0, "draw 2", "draw"), None), ("abcdefgh", event, None)]
        )
    [stored] = store.load()
    assert stored.events == [event], (
        "a failed transaction stores none of its events" and stored.row["seed"] == 2**63 - 1
    )
    assert store.claim("abcdefgh", 0, "h" * 64) and not store.claim("abcdefgh", 0, "i" * 64)
    store.close()


def test_devices_and_hosts_survive_a_restart_on_postgres(pg: str) -> None:
    seats.test_devices_hosts_and_handed_seats_survive_a_restart(pg)


def test_a_database_of_the_schema_before_is_migrated_on_postgres(pg: str) -> None:
    engine = sa.create_engine(engine_url(pg))
    with engine.begin() as db:
        for statement in seats.OLD_SCHEMA.split(";"):
            if statement.strip():
                db.execute(sa.text(statement))
        db.execute(
            sa.text(
                "INSERT INTO game_tables VALUES ('abcdefgh', 'featherlight', '{}', 7, "
                "'[\"human\", \"human\"]', false, '0', 5.0, 5.0, NULL, NULL)"
            )
        )
        db.execute(
            sa.text(
                "INSERT INTO seats VALUES ('abcdefgh', 0, 'i', 'h'), ('abcdefgh', 1, 'j', NULL)"
            )
        )
    engine.dispose()
    store = Store(pg)
    assert store.migrate() == seats.SCHEMA_VERSION
    [stored] = store.load()
    assert stored.row["host"] is None and stored.row["mode"] is None
    assert [(d.token, d.seat, d.number, d.added) for d in stored.devices] == [("h", 0, 1, 5.0)]
    store.close()


def test_a_review_stored_by_two_processes_at_once_is_kept_once(pg: str) -> None:
    """Two processes finish the same review together: the second finds no row (the first has
    not committed), inserts, waits on the key, and is refused when the first commits. That
    refusal is the review made already, not a failure."""
    store = Store(pg)
    row = {
        "id": "abcdefgh",
        "game": "featherlight",
        "config": {},
        "seed": 1,
        "kinds": ["human"],
        "open": False,
        "engine": "0",
        "created": 0.0,
        "updated": 0.0,
        "finished": 1.0,
        "rematch": None,
    }
    store.create(row, [None], [None])
    first = {"review": "first"}
    other = sa.create_engine(engine_url(pg))
    with other.connect() as db:  # the other process, its transaction still open
        db.execute(
            reviews.insert().values(
                table_id="abcdefgh", seat=0, budget=50, result=first, created=0.0
            )
        )
        with ThreadPoolExecutor(1) as pool:
            saving = pool.submit(store.save_review, "abcdefgh", 0, 50, {"review": "second"})
            time.sleep(0.5)  # the second insert now waits on the first's key
            assert not saving.done()
            db.commit()
            saving.result(10)  # no error: the review is there
    other.dispose()
    assert store.review("abcdefgh", 0, 50) == first
    store.close()
