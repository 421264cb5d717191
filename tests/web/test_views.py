"""The gate's broadcast form is the same bytes as its plain form, for every recipient."""

from __future__ import annotations

import random

import pytest

from fourfeathers.core import make
from fourfeathers.web import views
from fourfeathers.web.tables import HUMAN, Table


@pytest.mark.parametrize("game_id,players", [("featherlight", 3), ("fancy-feathers", 4)])
def test_events_match_event_byte_for_byte(game_id: str, players: int) -> None:
    game = make(game_id, players=players)
    table = Table("abcdefgh", game, 7, [HUMAN] * players, [None] * players, [None] * players)
    recipients = [frozenset({s}) for s in range(players)] + [views.SPECTATOR, frozenset({0, 1})]
    rng = random.Random(7)
    while not table.over:
        step = table.prepare_move(
            table.state.current_player, str(rng.choice(table.state.legal_actions()))
        )
        table.commit(step)
        made = views.events(table, step.row, recipients)
        for r in recipients:
            assert made[r] == views.encode(views.event(table, step.row, r))
    assert '"result"' in made[views.SPECTATOR]
