"""The store with the Shitenno engine (DESIGN §4): random games through ``GameStore.games.append`` by
notation, as the bot will do it; replaying the log from the seed equals the stored state."""

from __future__ import annotations

import random

import pytest

from cogs.games import ENGINES
from rules.shitenno import GAME
from tests.db_fixtures import OpenStore


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_store_replays_shitenno_games(open_store: OpenStore, players: int) -> None:
    store = await open_store(games=ENGINES)
    try:
        rec = await store.games.create(
            "shitenno", list(range(1, players + 1)), {"generals": "green"}, 9, guild_id=5, channel_id=6, creator_id=1
        )
        shadow = rec.load_state()
        rnd, version = random.Random(players), rec.version
        while GAME.outcome(shadow) is None:
            seat = GAME.to_act(shadow)[0]
            action = rnd.choice([a for a in GAME.legal(shadow, seat) if a.notation() != "resign"])
            version = (await store.games.append(rec.id, version, seat, action.notation())).version
            GAME.apply(shadow, seat, action)
        final = await store.games.get(rec.id)
        assert final.status == "finished" and final.outcome == GAME.outcome(shadow)
        assert GAME.dump(final.load_state()) == GAME.dump(shadow)
        assert await store.games.verify(rec.id)
    finally:
        await store.close()
