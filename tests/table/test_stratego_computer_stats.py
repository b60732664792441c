"""``/game stats`` shows a player's games against the computer per game and level (issue 46 §1):
games, wins, draws and losses in the player's language with its plurals, apart from the record
against people; nothing about computers for a player who has played none."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, cast

import pytest

from cogs.games import ENGINES
from cogs.table import standings
from db.records import computer_id
from db.store import GameStore
from rules.protocol import Ending, Outcome
from tests.fakeclock import FakeClock

if TYPE_CHECKING:
    from cogs.table.table import Table

GUILD = 1000
ALICE, BOB = 101, 102
HARD, EASY = computer_id("hard", 1), computer_id("easy", 1)


async def finish(store: GameStore, kind: str, players: list[int], outcome: Outcome) -> None:
    rec = await store.games.create(kind, players, {}, 5, GUILD, 11, players[0])
    await store.games.finish(rec.id, outcome)
    await store.ratings.rate(rec.id)


async def no_chart(*args: object) -> list[object]:
    """The trend chart is drawn elsewhere (tests/db/test_ratings.py): none here."""
    return []


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[object]:
    clock = FakeClock()
    store = await GameStore.open(tmp_path / "stats.db", games=ENGINES, clock=clock)
    won, lost = Outcome((0,), Ending.NORMAL), Outcome((1,), Ending.RESIGNED)
    drawn = Outcome((), Ending.AGREED_DRAW, draw=True)
    for players, outcome in (
        ([ALICE, HARD], won),
        ([ALICE, HARD], won),
        ([ALICE, HARD], lost),
        ([ALICE, HARD], drawn),
        ([ALICE, HARD], won),
        ([ALICE, EASY], lost),
        ([ALICE, BOB], won),
    ):
        await finish(store, "stratego", players, outcome)
        clock.advance(hours=1)
    yield SimpleNamespace(store=store, transport=SimpleNamespace(render=no_chart))
    await store.close()


async def stats(table: object, user: int, locale: str) -> str:
    text, _files = await standings.stats(cast("Table", table), GUILD, user, "name", locale)
    return text


@pytest.mark.parametrize(
    ("locale", "head", "easy", "hard"),
    [
        (
            "en",
            "**Against the computer** (not rated)",
            "Stratego, Computer (easy): 1 game · 0 wins · 0 draws · 1 loss",
            "Stratego, Computer (hard): 5 games · 3 wins · 1 draw · 1 loss",
        ),
        (
            "cs",
            "**Proti počítači** (bez hodnocení)",
            "Stratego, Počítač (lehký): 1 hra · 0 výher · 0 remíz · 1 prohra",
            "Stratego, Počítač (těžký): 5 her · 3 výhry · 1 remíza · 1 prohra",
        ),
    ],
)
async def test_the_record_against_each_level(table: object, locale: str, head: str, easy: str, hard: str) -> None:
    lines = (await stats(table, ALICE, locale)).splitlines()
    at = lines.index(head)
    assert lines[at + 1 : at + 3] == [easy, hard], lines
    people = next(line for line in lines if line.startswith("**Stratego**"))
    assert "1" in people and "5" not in people, "the record against people counts Bob's game alone"


async def test_nothing_about_computers_for_a_player_without_such_games(table: object) -> None:
    text = await stats(table, BOB, "en")
    assert "computer" not in text.lower() and "**Stratego**" in text


async def test_a_player_with_games_against_the_computer_only_has_stats(table: object) -> None:
    store = cast("SimpleNamespace", table).store
    carol = 103
    await finish(store, "stratego", [EASY, carol], Outcome((1,), Ending.NORMAL))
    text = await stats(table, carol, "en")
    assert "has no finished game" not in text and "**Stratego**: played" not in text
    assert "Stratego, Computer (easy): 1 game · 1 win · 0 draws · 0 losses" in text
