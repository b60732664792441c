"""``python -m cogs.copy_store`` (``db.copy`` with the bot's engines): a SQLite database copied into
an empty PostgreSQL one (issue 21 §1)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from cogs.copy_store import main
from cogs.games import ENGINES, registered
from db.copy import TABLES
from db.records import LobbyShape, TurnPage, computer_id
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests.postgres import postgres_query

T0 = 1_700_000_000.0
KINDS = sorted(k.name for k in registered() if not k.cog.__name__.startswith("tests."))
"""The bot's games (other tests may register more kinds, the toy game's module among them)."""
CANCELLED, KEPT = KINDS[0], KINDS[-1]
"""A game whose running game is cancelled and in whose kind a lobby is open; one whose running game
has a turn page and a timer, in whose kind a walkthrough is claimed and a fresh lobby opened."""


async def play(store: GameStore, kind: str, seed: int, moves: int | None) -> int:
    """A game of ``kind`` played by random legal decisions (no resignations): ``moves`` of them,
    or to its end (ended by a resignation after 400 decisions, should it last that long)."""
    engine = ENGINES[kind]
    rec = await store.games.create(kind, [1, 2], {}, seed, 5, 6, 1, pace=86400)
    rnd, version, state = random.Random(seed), rec.version, rec.load_state()
    for _ in range(400 if moves is None else moves):
        if engine.outcome(state) is not None:
            return rec.id
        seat = engine.to_act(state)[0]
        action = rnd.choice([a for a in engine.legal(state, seat) if a.notation() != "resign"])
        result = await store.games.append(rec.id, version, seat, action.notation())
        version, state = result.version, result.state
    if moves is None and engine.outcome(state) is None:
        await store.games.finish(rec.id, Outcome(winners=(0,), ending=Ending.RESIGNED))
    return rec.id


async def populate(path: Path) -> dict[str, Any]:
    store = await GameStore.open(path, ENGINES, clock=lambda: T0)
    try:
        ids = {}
        for n, kind in enumerate(KINDS):
            ids[f"{kind}-finished"] = await play(store, kind, 10 + n, None)
            ids[f"{kind}-running"] = await play(store, kind, 20 + n, 6)
        against = await store.games.create(KEPT, [1, computer_id("hard", 1)], {}, 30, 5, 6, 1)
        await store.games.finish(against.id, Outcome(winners=(0,), ending=Ending.RESIGNED))
        ids[f"{KEPT}-finished-computer"] = against.id
        await store.ratings.rate_unrated()
        league = await a_league(store)
        lobby = await store.lobbies.create(CANCELLED, 1, {}, 5, 6, seats=[1])
        await store.lobbies.set_shape(lobby.id, LobbyShape(True, (2,)))
        await store.games.cancel(ids[f"{CANCELLED}-running"], 1)
        await store.prefs.set(1, language="cs", notify="both")
        await store.prefs.claim_walkthrough(2, KEPT)
        await store.pages.save(ids[f"{KEPT}-running"], TurnPage(message_id=9, lines=("a",), version=2))
        await store.meta.set("synced", "abc")
        timers = await store.transactions.query("SELECT MAX(id) FROM timers")
        return {"ids": ids, "lobby": lobby.id, "max_timer": timers[0][0], "league": league}
    finally:
        await store.close()


async def a_league(store: GameStore) -> int:
    """A running league (issue 47) in its first round: a table's game made, a bye's result in."""
    league = await store.leagues.create(5, 6, "Winter", KEPT, {}, {"format": "swiss", "rounds": 2}, 86400, 7, 1)
    for user in (1, 2, 3):
        await store.leagues.join(league.id, user)
    await store.leagues.set_status(league.id, "running")
    await store.leagues.claim_round(league.id, 1, [[1, 2], [3]])
    (table,) = await store.leagues.tables_without_game(league.id, 1)
    await store.games.create(KEPT, [1, 2], {}, 40, 5, 6, 1, pace=86400, league_table=table.key)
    await store.leagues.record_result(league.id, 1, 2, {"bye": True})
    await store.leagues.set_settings(5, 77)
    return league.id


def counts_of(dsn: str) -> dict[str, int]:
    return {t: postgres_query(dsn, f"SELECT COUNT(*) FROM {t}")[0][0] for t in TABLES}


def test_a_sqlite_database_is_copied_whole_and_every_game_replays(
    tmp_path: Path, postgres_dsn: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.db"
    made = asyncio.run(populate(path))
    assert main(["--from", f"sqlite:///{path}", "--to", postgres_dsn]) == 0
    out = capsys.readouterr().out
    copied = counts_of(postgres_dsn)
    assert all(f"{table}: {n}" in out for table, n in copied.items() if table != "meta")
    games = 2 * len(KINDS) + 2
    assert copied["computer_results"] == 1, "a person's result against the computer"
    assert [copied[t] for t in ("league_settings", "leagues", "league_players", "league_rounds", "league_tables")] == [
        1, 1, 3, 1, 2,
    ]  # fmt: skip
    assert copied["games"] == games + 1 and copied["actions"] > 100 and copied["ratings"] > 0 and copied["timers"] > 0
    assert f"verified: {games} of {games} games" in out

    async def check() -> None:
        store = await GameStore.open_postgres(postgres_dsn, ENGINES, clock=lambda: T0)
        try:
            for name, game_id in made["ids"].items():
                rec = await store.games.get(game_id)
                assert rec.status == (
                    "cancelled" if name == f"{CANCELLED}-running" else "finished" if "finished" in name else "active"
                )
                assert await store.games.verify(game_id)
            assert (await store.lobbies.shape(made["lobby"])) == LobbyShape(True, (2,), None)
            assert (await store.prefs.get(1)).language == "cs"
            assert await store.meta.get("synced") == "abc"
            assert not await store.prefs.claim_walkthrough(2, KEPT)
            fresh = await store.lobbies.create(KEPT, 3, {}, 5, 6)
            assert fresh.id == made["lobby"] + 1, "the id sequence goes on after the copied ids"
            timer = await store.clocks.add_timer(made["ids"][f"{KEPT}-running"], 0, "half", T0)
            assert timer.id > made["max_timer"], "a timer id is never handed out twice"
            league = made["league"]
            assert [t.seats for t in await store.leagues.tables(league, 1)] == [(1, 2), (3,)]
            assert (await store.leagues.tables_without_game(league, 1)) == [], "the table keeps its game"
            assert (await store.leagues.settings(5)).manager_role_id == 77
            another = await store.leagues.create(5, 6, "Spring", KEPT, {}, {}, None, 7, 1)
            assert another.id == league + 1, "the league id sequence goes on after the copied ids"
        finally:
            await store.close()

    asyncio.run(check())


def test_a_target_that_holds_anything_is_refused(
    tmp_path: Path, postgres_dsn: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.db"
    asyncio.run(populate(path))
    assert main(["--from", f"sqlite:///{path}", "--to", postgres_dsn]) == 0
    before = counts_of(postgres_dsn)
    capsys.readouterr()
    assert main(["--from", f"sqlite:///{path}", "--to", postgres_dsn]) == 2
    assert "The target database is not empty (tables with rows: games" in capsys.readouterr().err
    assert counts_of(postgres_dsn) == before
