"""The terminal's hint and the server's are one: the same position gives the same choices in
the same words, in a two-player game and in a solo game."""

from __future__ import annotations

import copy
import random

import pytest
from web_helpers import TEST_SETTINGS, Browser, claim_all, create, hub_of, server

from fourfeathers.agents import hints
from fourfeathers.agents.hints import ESTIMATE_PLAYOUTS
from fourfeathers.cli import session
from fourfeathers.core.table import Table


def terminal_rows(record, seat: int) -> list[tuple[str, ...]]:
    """The rows of the hint table ``feathers play --hint`` prints for ``seat`` at ``record``."""
    record = copy.deepcopy(record)
    kinds = ["human"] * record.make_game().num_players
    game_table = Table.from_record(record, kinds)
    table = session.Session(game_table, {}).hint(seat, game_table.state.legal_actions())
    return list(zip(*(column._cells for column in table.columns), strict=True))


@pytest.mark.parametrize(
    "game_id,options",
    [("featherlight", {"players": 2}), ("familiar-feat", {"level": 1})],
)
def test_the_terminal_and_the_server_give_the_same_hint(
    db, monkeypatch, game_id: str, options: dict
) -> None:
    monkeypatch.setattr(session, "HINT_AGENT", TEST_SETTINGS["hint_agent"])
    # No time cap on the solo playouts: on a busy machine one side would play fewer of them.
    monkeypatch.setattr(hints, "ESTIMATE_SECONDS", 3600.0)
    with server(db, hint_playouts=ESTIMATE_PLAYOUTS) as client:  # the terminal's playouts
        players = options.get("players", 1)
        rng = random.Random(4)
        for _ in range(5):  # a table's deal is random: one may end before a position to hint in
            table = create(client, game_id, ["human"] * players, options=options)
            tokens = claim_all(client, table)
            live = hub_of(client).get(table["table"])
            for _ in range(3):
                if live.state.is_terminal():
                    break
                seat = live.state.current_player
                mover = Browser(client, table["table"], tokens[seat])
                mover.move(rng.choice(mover.legal))
            while not live.state.is_terminal() and len(live.state.legal_actions()) < 4:
                seat = live.state.current_player
                first = str(live.state.legal_actions()[0])
                Browser(client, table["table"], tokens[seat]).move(first)
            if not live.state.is_terminal():
                break
        else:
            pytest.fail("five deals in a row ended before a position with four choices")
        seat = live.state.current_player
        message = Browser(client, table["table"], tokens[seat]).command("hint")
        legal = [str(a) for a in live.state.legal_actions()]
        rows = terminal_rows(live.record, seat)
    served = [
        (str(legal.index(c["action"]) + 1), c["action"], c["words"], c["text"])
        for c in message["choices"]
    ]
    assert len(served) == 3 and rows == served
    assert all(("Monsters" if game_id == "familiar-feat" else "win chance") in r[3] for r in rows)
