"""Makes ``tests/data/before_events.db``: a database written by the code of before issue 18 (run it
from a checkout of commit e4e9b71, whose Shitenno and Stroganov logs were English sentences):

    cd <checkout of e4e9b71> && .venv/bin/python <this file> <output path>

Games of all three kinds, running and finished, each with its actions logged. The store of today
must open it, rebuild the old states from their logs, and play on (tests/db/test_db_old_states.py)."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

from rules.registry import GAMES

from db.store import GameStore
from tests import shitenno_play, stroganov_play

ALICE, BOB, CAROL = 101, 102, 103


async def main(path: Path) -> None:
    store = await GameStore.open(path, GAMES, clock=lambda: 1_800_000_000.0)

    async def logged(
        kind: str, players: list[int], seed: int, actions: list[tuple[int, object]], pace: int | None
    ) -> None:
        rec = await store.games.create(kind, players, {}, seed, 1, 10, players[0], pace=pace)
        version = rec.version
        for seat, action in actions:
            version = (await store.games.append(rec.id, version, seat, action)).version

    # Shitenno: 3 players mid-game, 2 players to the end
    _, history = shitenno_play.play(3, 11)
    await logged("shitenno", [ALICE, BOB, CAROL], 11, history[:40], 3 * 86400)
    _, history = shitenno_play.play(2, 12)
    await logged("shitenno", [ALICE, BOB], 12, history, None)
    # Stroganov: 2 players mid-game, solo to the end
    _, history = stroganov_play.play(2, 21)
    await logged("stroganov", [ALICE, BOB], 21, history[:60], 3 * 86400)
    _, history = stroganov_play.play(1, 22)
    await logged("stroganov", [ALICE], 22, history, None)
    # Stratego: setup and a few moves (its state form did not change)
    game = GAMES["stratego"]
    state = game.new(2, {}, 31)
    rnd = random.Random(31)
    moves = []
    for _ in range(30):
        seat = game.to_act(state)[0]
        acts = [a for a in game.legal(state, seat) if a.notation() not in ("resign", "draw", "accept")]
        action = rnd.choice(acts)
        game.apply(state, seat, action)
        moves.append((seat, action))
    await logged("stratego", [ALICE, BOB], 31, moves, 86400)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
