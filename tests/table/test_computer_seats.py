"""Computer seats (issue 46): a computer plays a seat under a user id of its own that says its level;
when its seat is to act, the master asks it (thinking away from the event loop) and commits its
decision like a player's — and if it fails, the game's automatic player decides instead."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from cogs.table.core.commands import AutoPlay
from cogs.table.core.master import Master, seed_of
from cogs.table.respond import pings
from cogs.table.thinking import Thinking
from cogs.table.transport.names import Names
from cogs.table.ui import mention
from cogs.texts import COMPUTER_SIGN, join_words, t
from db.records import COMPUTER_LEVELS, GameRecord, computer_id, computer_level
from db.store import GameStore
from tests import toy_computer
from tests.toygame import Add, CountAction

ALICE = 170_000_000_000_000_001


@pytest.fixture(autouse=True)
def toy_game_with_a_computer() -> None:
    """The toy game registered with its computer, whatever a bot of another test registered."""
    toy_computer.register()


def test_a_computers_id_says_its_level_and_is_no_persons() -> None:
    ids = {computer_id(level, seat) for level in COMPUTER_LEVELS for seat in range(4)}
    assert len(ids) == 12 and max(ids) < 0  # no Discord user id is negative
    assert [computer_level(computer_id(level, 2)) for level in COMPUTER_LEVELS] == list(COMPUTER_LEVELS)
    assert computer_level(ALICE) is None and computer_level(0) is None and computer_level(-100) is None
    assert computer_level(101) is None  # the small ids tests give people


async def game_where_the_computer_begins(store: GameStore, level: str = "hard") -> GameRecord:
    """A toy game (target 21) of Alice against a computer in seat 1, the computer to act."""
    for seed in range(1, 50):
        lobby = await store.lobbies.create("count", ALICE, {"target": 21}, 1, 2, seats=[ALICE, computer_id(level, 1)])
        rec = await store.games.start(lobby.id, None, seed)
        if rec.load_state().turn == 1:
            return rec
    raise AssertionError("no seed lets the computer begin")


async def test_the_master_commits_the_computers_decision(store: GameStore) -> None:
    rec = await game_where_the_computer_begins(store)
    assert rec.computer_at(1) == "hard" and rec.computer_at(0) is None and rec.table_plays(1)
    thinking = Thinking()
    try:
        change = await Master(lambda: store, lambda _kind: None, thinking.decide).run(AutoPlay(rec.id))
    finally:
        thinking.close()
    assert change is not None and change.seat == 1 and change.by_user is None
    assert (await store.games.get(rec.id)).load_state().total == 1  # 21 to go: the computer leaves 20


async def test_a_computer_that_fails_gives_way_to_the_automatic_player(store: GameStore) -> None:
    rec = await game_where_the_computer_begins(store)
    asked: list[tuple[int, str, int]] = []

    async def broken(rec: GameRecord, state: object, seat: int, level: str, seed: int) -> Any:
        asked.append((seat, level, seed))
        raise RuntimeError("the worker died")

    def auto(_kind: str) -> Any:
        return lambda state, seat: Add(3)

    change = await Master(lambda: store, auto, broken).run(AutoPlay(rec.id))
    assert asked == [(1, "hard", seed_of(rec, 1))]
    assert change is not None and (await store.games.get(rec.id)).load_state().total == 3


async def test_a_persons_seat_is_not_the_computers(store: GameStore) -> None:
    lobby = await store.lobbies.create("count", ALICE, {"target": 21}, 1, 2, seats=[ALICE, ALICE + 1])
    rec = await store.games.start(lobby.id, None, 3)

    async def never(rec: GameRecord, state: object, seat: int, level: str, seed: int) -> CountAction:
        raise AssertionError("no computer plays here")

    assert not rec.table_plays(0) and not rec.table_plays(1)
    assert await Master(lambda: store, lambda _kind: None, never).run(AutoPlay(rec.id)) is None


def test_the_same_game_version_and_seat_give_the_same_seed() -> None:
    rec: Any = type("R", (), {"seed": 12345, "version": 7})()
    assert seed_of(rec, 1) == seed_of(rec, 1) != seed_of(rec, 0)


def test_a_computer_is_named_in_the_sentences_language_never_mentioned() -> None:
    hard, easy = computer_id("hard", 0), computer_id("easy", 0)  # each the first of its game
    assert mention(ALICE) == f"<@{ALICE}>"
    both_cs = t("lobby_cancelled", "cs", user=join_words([mention(hard), mention(easy)], "cs"))
    assert "Počítač (těžký)" in both_cs and "Počítač (lehký)" in both_cs and "<@" not in both_cs
    assert "Computer (hard)" in t("lobby_cancelled", "en", user=mention(hard))
    assert COMPUTER_SIGN not in both_cs


async def test_a_computers_display_name_is_its_name_in_the_games_language() -> None:
    names = Names(discord.Client(intents=discord.Intents.none()), lambda: 0.0)
    rec: Any = type("R", (), {"guild_id": 1, "language": "cs"})()
    assert await names.display_name(rec, computer_id("normal", 0)) == "Počítač (normální)"


async def test_a_computer_is_never_pinged_nor_told(store: GameStore) -> None:
    rec = await game_where_the_computer_begins(store)
    assert rec.people == (ALICE,) and rec.players == (ALICE, computer_id("hard", 1))
    assert [o.id for o in pings(set(rec.players)).users] == [ALICE]  # type: ignore[union-attr]


def test_computers_of_one_level_have_names_apart() -> None:
    first, second = computer_id("hard", 0), computer_id("hard", 1)
    said = t("lobby_cancelled", "cs", user=join_words([mention(first), mention(second)], "cs"))
    assert "Počítač (těžký)" in said and "Počítač 2 (těžký)" in said
    assert "Computer 3 (easy)" in t("lobby_cancelled", "en", user=mention(computer_id("easy", 2)))
