"""The store with the real Stratego engine (DESIGN §4): every action of random games goes through
``GameStore.games.append`` as the bot does it, and replaying the log from the seed equals the stored state."""

from __future__ import annotations

import random

import pytest

from cogs.games import ENGINES
from rules.stratego import GAME
from rules.stratego.actions import Ready
from tests.db_fixtures import OpenStore
from tests.stratego_play import random_actions


@pytest.mark.parametrize("army", ["classic", "barrage"])
async def test_store_replays_stratego_games(open_store: OpenStore, army: str) -> None:
    store = await open_store(games=ENGINES)
    try:
        options = {"army": army, "rescue": True, "silent_defence": True, "no_capture_limit": 60}
        rec = await store.games.create("stratego", [1, 2], options, 77, guild_id=5, channel_id=6, creator_id=1)
        version = rec.version
        for seat in (0, 1):
            version = (await store.games.append(rec.id, version, seat, Ready())).version
        state = (await store.games.get(rec.id)).load_state()
        shadow = GAME.load(GAME.dump(state))
        for seat, action in random_actions(shadow, random.Random(3)):
            result = await store.games.append(rec.id, version, seat, action.notation())
            version = result.version
            GAME.apply(shadow, seat, action)
        final = await store.games.get(rec.id)
        assert final.status == "finished" and final.outcome == GAME.outcome(shadow)
        assert GAME.dump(final.load_state()) == GAME.dump(shadow)
        assert await store.games.verify(rec.id)
    finally:
        await store.close()
