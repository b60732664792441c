"""A seat left behind (issue 46 §1): the level the table plays a seat at — a computer's own, or
the level a person's seat was handed to (a late player's, a vacation's; a stored legacy "auto" is
normal) — which the master's computer plays; clocks and votes count people only."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

import pytest

from cogs.table.core.commands import AutoPlay
from cogs.table.core.master import Master
from cogs.table.core.votes import choices
from cogs.table.timeouts import Timeouts
from cogs.texts import computer_mark, t
from db.records import ABSENT_LEVEL, GameRecord, SeatClock, absent_level, computer_id
from db.store import GameStore
from tests import toy_computer
from tests.toygame import Add, CountAction

ALICE, BOB, CAROL = 170_000_000_000_000_001, 170_000_000_000_000_002, 170_000_000_000_000_003


@pytest.fixture(autouse=True)
def toy_game_with_a_computer() -> None:
    toy_computer.register()


def record(players: tuple[int, ...], clocks: tuple[SeatClock, ...] = ()) -> GameRecord:
    return GameRecord(
        1, "count", 1, 2, None, None, players[0], "active", {}, 1, 1, players, None, None, 0.0, 0.0, None,
        clocks=clocks,
    )  # fmt: skip


def test_absent_names_a_level_and_a_legacy_auto_is_normal() -> None:
    assert ABSENT_LEVEL == "normal"
    assert [absent_level(a) for a in (None, "easy", "normal", "hard", "auto")] == [
        None,
        "easy",
        "normal",
        "hard",
        "normal",
    ]


def test_the_level_the_table_plays_a_seat_at() -> None:
    hard = computer_id("hard", 2)
    clocks = (
        SeatClock(0, ALICE, 5.0, 10.0),
        SeatClock(1, BOB, None, None, "easy"),
        SeatClock(2, hard),
        SeatClock(3, CAROL, None, None, "auto"),
    )
    rec = record((ALICE, BOB, hard, CAROL), clocks)
    assert [rec.level_at(s) for s in range(4)] == [None, "easy", "hard", "normal"]
    assert [rec.table_plays(s) for s in range(4)] == [False, True, True, True]
    assert rec.computer_at(1) is None, "a person's seat handed to a computer is still theirs"
    assert rec.level_at(7) is None


def test_a_computer_is_never_waited_for_even_with_a_clock_left_from_before() -> None:
    hard = computer_id("hard", 1)
    rec = record((ALICE, hard), (SeatClock(0, ALICE, 5.0, 10.0), SeatClock(1, hard, 1.0, 2.0)))
    assert [c.seat for c in rec.waiting()] == [0]
    assert rec.waiting_for(hard) is None


def test_votes_count_people_only_and_computers_never_vote() -> None:
    """Two people and a computer: a late person's seat is played on by a computer (no claim of a
    win the computer would share); a computer is never among the voters; three people beside a
    computer play on without a late one."""
    normal = computer_id("normal", 2)
    two = record((ALICE, BOB, normal), (SeatClock(0, ALICE, 1.0, 2.0), SeatClock(1, BOB), SeatClock(2, normal)))
    timeouts = cast(Any, Timeouts)
    assert timeouts.choices(None, two) == choices(3, True) == ("wait", "auto")
    assert timeouts.voters(None, two, two.clocks[0]) == [BOB]
    three = record(
        (ALICE, BOB, normal, CAROL),
        (
            SeatClock(0, ALICE, 1.0, 2.0),
            SeatClock(1, BOB),
            SeatClock(2, normal),
            SeatClock(3, CAROL, None, None, "hard"),
        ),
    )
    assert timeouts.choices(None, three) == ("wait", "auto"), "the toy game has a computer to play on"
    assert timeouts.voters(None, three, three.clocks[0]) == [BOB], "neither a computer nor a handed seat votes"


async def person_to_act(store: GameStore, absent: str) -> GameRecord:
    """A toy game of Alice and Bob whose seat to act is handed to a computer (``absent``)."""
    lobby = await store.lobbies.create("count", ALICE, {"target": 21}, 1, 2, seats=[ALICE, BOB])
    rec = await store.games.start(lobby.id, None, 5)
    seat = rec.load_state().turn
    handed = await store.clocks.set_absent(rec.id, seat, absent)
    assert handed is not None
    return handed


@pytest.mark.parametrize("level", ["easy", "hard"])
async def test_the_master_plays_a_handed_seat_with_the_computer_of_its_level(store: GameStore, level: str) -> None:
    rec = await person_to_act(store, level)
    seat = rec.load_state().turn
    asked: list[tuple[int, str]] = []

    async def think(rec: GameRecord, state: object, seat: int, level: str, seed: int) -> CountAction:
        asked.append((seat, level))
        return Add(2)

    def auto(_kind: str) -> Any:
        raise AssertionError("the computer decides")

    change = await Master(lambda: store, auto, think, lambda _kind: True).run(AutoPlay(rec.id))
    assert asked == [(seat, level)] and change is not None and change.seat == seat
    assert (await store.games.get(rec.id)).load_state().total == 2


async def test_a_game_without_a_computer_plays_a_handed_seat_by_its_automatic_player(store: GameStore) -> None:
    rec = await person_to_act(store, "normal")

    async def think(rec: GameRecord, state: object, seat: int, level: str, seed: int) -> CountAction:
        raise AssertionError("this game has no computer")

    change = await Master(lambda: store, lambda _kind: lambda state, seat: Add(3), think, lambda _kind: False).run(
        AutoPlay(rec.id)
    )
    assert change is not None and (await store.games.get(rec.id)).load_state().total == 3


def test_a_seat_handed_back_is_the_persons_again() -> None:
    rec = record((ALICE, BOB), (SeatClock(0, ALICE, None, None, "normal"), SeatClock(1, BOB)))
    back = replace(rec, clocks=(SeatClock(0, ALICE, 3.0, 4.0), SeatClock(1, BOB)))
    assert rec.table_plays(0) and not back.table_plays(0) and [c.seat for c in back.waiting()] == [0]


def test_the_thread_hears_who_plays_for_the_player_in_its_language() -> None:
    computer = computer_mark("hard")
    cs = t("away.handed", "cs", user="<@1>", until="zítra", computer=computer)
    en = t("away.handed", "en", user="<@1>", until="tomorrow", computer=computer)
    assert cs == "🏖️ <@1> má dovolenou do zítra; do té doby za tohoto hráče hraje Počítač (těžký)."
    assert en == "🏖️ <@1> is on holiday until tomorrow; Computer (hard) plays for them meanwhile."
    assert "Počítač (normální)" in t("timeout.auto.computer", "cs", user="<@1>", computer=computer_mark("normal"))
