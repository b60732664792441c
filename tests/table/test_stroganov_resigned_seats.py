"""A seat left behind by a resignation in Stroganov (issue 46 §1): in a game of three or more, the
table opens the game with ``resigned_play_on`` (ST-R.6, now that Stroganov has a computer); the
resignation hands the cossack to a computer at normal level in its own transaction (no clock, no
vote); the master plays it on; the player's later commands neither take it back nor act in it. A
solo game against Ivan and a game of two still end at the resignation (ST-R.2)."""

from __future__ import annotations

from typing import Any, cast

import pytest

from cogs import games
from cogs.table.core.commands import Act, AutoPlay
from cogs.table.core.master import Master
from cogs.table.finder import Finder
from cogs.table.plan.news import prompts
from db.records import ABSENT_LEVEL, GameRecord
from db.store import GameStore
from rules.protocol import PLAY_ON_OPTION
from rules.stroganov import GAME as STROGANOV
from rules.stroganov.actions import Action, Resign
from rules.stroganov.auto import auto_action

pytestmark = pytest.mark.store(games={"stroganov": STROGANOV})

ALICE, BOB, CAROL = 180_000_000_000_000_011, 180_000_000_000_000_012, 180_000_000_000_000_013


def test_the_table_opens_stroganov_with_play_on() -> None:
    """ST-R.6 is asked for: Stroganov has a computer and its engine plays a resigned seat on."""
    assert games.has_computer("stroganov")
    assert any(o.name == PLAY_ON_OPTION for o in STROGANOV.options)
    assert games.table_options("stroganov", {"difficulty": "hard"}) == {"difficulty": "hard", PLAY_ON_OPTION: True}


async def start(store: GameStore, seats: list[int], play_on: bool = True) -> GameRecord:
    options = games.table_options("stroganov", {}) if play_on else {}
    lobby = await store.lobbies.create("stroganov", ALICE, options, 1, 4, seats=seats)
    return await store.games.start(lobby.id, None, 11)


async def resign(store: GameStore, rec: GameRecord, seat: int) -> GameRecord:
    await store.games.append(rec.id, rec.version, seat, Resign())
    return await store.games.get(rec.id)


async def test_the_resignation_hands_the_seat_to_a_computer_at_normal_level(store: GameStore) -> None:
    """ST-R.6: the resigner's cossack to act stays to act, its clock stops and a computer at normal
    level plays it; the others' clocks go on as before."""
    rec = await start(store, [ALICE, BOB, CAROL])
    (seat,) = STROGANOV.to_act(rec.load_state())
    assert rec.clock_of(seat).since is not None
    after = await resign(store, rec, seat)
    assert STROGANOV.to_act(after.load_state()) == (seat,) and STROGANOV.resigned(after.load_state()) == (seat,)
    assert after.level_at(seat) == ABSENT_LEVEL and after.table_plays(seat)
    assert after.clock_of(seat).since is None and after.waiting() == []
    assert Finder.resigned_to_computer(after, seat)
    assert not any(Finder.resigned_to_computer(after, s) for s in range(3) if s != seat)


async def test_without_play_on_the_seat_leaves_as_the_rules_write(store: GameStore) -> None:
    """ST-R.3: a game opened without the option (an old game): the cossack leaves, nobody plays it,
    the next player waits."""
    rec = await start(store, [ALICE, BOB, CAROL], play_on=False)
    (seat,) = STROGANOV.to_act(rec.load_state())
    after = await resign(store, rec, seat)
    assert seat not in STROGANOV.to_act(after.load_state())
    assert not after.table_plays(seat) and not Finder.resigned_to_computer(after, seat)
    assert [c.seat for c in after.waiting()] == list(STROGANOV.to_act(after.load_state()))


async def test_the_master_plays_the_resigned_seat_with_the_normal_computer(store: GameStore) -> None:
    rec = await start(store, [ALICE, BOB, CAROL])
    (seat,) = STROGANOV.to_act(rec.load_state())
    after = await resign(store, rec, seat)
    asked: list[tuple[int, str]] = []

    async def think(rec: GameRecord, state: object, seat: int, level: str, seed: int) -> Action:
        asked.append((seat, level))
        return auto_action(cast(Any, state), seat)

    change = await Master(lambda: store, lambda _kind: None, think, lambda _kind: True).run(AutoPlay(after.id))
    assert asked == [(seat, ABSENT_LEVEL)] and change is not None and change.seat == seat
    assert (await store.games.get(rec.id)).version == after.version + 1


async def test_a_resignation_out_of_turn_hands_the_seat_too(store: GameStore) -> None:
    rec = await start(store, [ALICE, BOB, CAROL])
    (active,) = STROGANOV.to_act(rec.load_state())
    other = next(s for s in range(3) if s != active)
    after = await resign(store, rec, other)
    assert after.table_plays(other) and after.clock_of(other).since is None
    assert after.clock_of(active).since is not None, "the player to act keeps their clock"


async def test_the_change_of_the_resignation_knows_the_computer_plays_the_seat(store: GameStore) -> None:
    """The master's change after the resignation has the seat played by the table, and the
    thread's news has no "your turn" line for it."""
    rec = await start(store, [ALICE, BOB, CAROL])
    (seat,) = STROGANOV.to_act(rec.load_state())
    master = Master(lambda: store, lambda _kind: None, None, lambda _kind: True)
    change = await master.run(Act(rec.id, seat, Resign(), None, rec.players[seat], None, seen=rec))
    assert change.to_act == (seat,) and change.record.table_plays(seat)
    assert change.record.level_at(seat) == ABSENT_LEVEL
    assert prompts(games.ui("stroganov"), change.record, change.state, change.to_act, "en") == []


@pytest.mark.parametrize("seats", [[ALICE, BOB], [ALICE]], ids=["two", "solo"])
async def test_two_players_or_solo_resigning_still_ends_the_game(store: GameStore, seats: list[int]) -> None:
    """ST-R.2: with two players, or alone against Ivan (no seat), the option changes nothing — the
    resignation ends the game and nobody's seat is handed to a computer."""
    rec = await start(store, seats)
    assert PLAY_ON_OPTION not in STROGANOV.dump(rec.load_state())
    result = await store.games.append(rec.id, rec.version, 0, Resign())
    winners = (1,) if len(seats) == 2 else ()
    assert result.outcome is not None and result.outcome.winners == winners and result.handed == ()
    assert (await store.games.get(rec.id)).status == "finished"
