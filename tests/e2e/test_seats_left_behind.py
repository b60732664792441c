"""A seat left behind (issue 46 §1) through the real client and the local Discord, with the toy
game's computer (tests/toy_computer.py): a late player's seat the others play on without goes to a
computer at normal level, which plays it until the player is back; a vacation with ``computer:``
hands the player's seats to a computer until ``/game back`` or its end; a computer seat to act when
the process died plays on after the restart; no clock ever addresses a computer."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import pytest

from cogs import games
from cogs.table.teller import FOLLOW_LIMIT
from db.records import GameRecord
from tests import toy_computer
from tests.e2e.harness import Table, table
from tests.e2e.test_catch_up import die_at
from tests.e2e.test_clocks import count_game, mover_and_other, reminders
from tests.fakediscord import Thread, User


@pytest.fixture(autouse=True)
def count_with_its_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game keeps its computer whenever a bot (re)loads its cog and registers it again."""
    register = games.register

    def with_computer(kind: games.GameKind) -> games.GameKind:
        return register(dataclasses.replace(kind, computer=toy_computer.COMPUTER) if kind.name == "count" else kind)

    monkeypatch.setattr(games, "register", with_computer)
    toy_computer.register()


async def record(t: Table, game: int) -> GameRecord:
    assert t.bot is not None
    return await t.bot.store.games.get(game)


async def settled(t: Table) -> None:
    assert t.bot is not None
    await t.bot.table.teller.quiet()
    await t.bot.dispatcher.settle()


async def moved_on(t: Table, game: int, seat: int) -> bool:
    """Whether ``seat`` is no longer to act, waited for a while (the table plays on after the
    command that handed it over was answered; bounded)."""
    for _ in range(500):
        await settled(t)
        if await to_act(t, game) != seat:
            return True
        await asyncio.sleep(0.01)
    return False


async def to_act(t: Table, game: int) -> int:
    """The seat to act (the toy game: one at a time)."""
    return int((await record(t, game)).load_state().turn)


async def play_until(
    t: Table, game: int, thread: Thread, seat: int | None, people: dict[int, User], n: int = 12
) -> None:
    """The people add 1 in turn, ``n`` times at most, until ``seat`` is to act (a seat the table
    plays acts by itself, so it is never found to act)."""
    for _ in range(n):
        await settled(t)
        rec = await record(t, game)
        turn = rec.load_state().turn
        if turn == seat:
            return
        assert not rec.table_plays(turn), "the table plays its seats at once"
        await t.slash(people[rec.players[turn]], thread, "count add", amount=1)
    await settled(t)
    assert seat is None, f"seat {seat} never came to act"


async def test_a_late_players_seat_goes_to_a_computer_until_they_are_back(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        players = t.seated(3)
        game, thread, _ = await t.lobby_game("count", players, pace="1d", target=40)
        people = {u.id: u for u in players}
        (waiting,) = (await record(t, game)).waiting()
        late = people[waiting.user_id]
        others = [u for u in players if u is not late]
        await t.later(days=1.01)
        out = await thread.wait_for_message(lambda m: "time ran out" in m.content)
        reminded = len(reminders(t, late))  # the reminder at half time
        assert {b.label for b in out.buttons} == {"Wait", "Play on without them"}
        assert f"Computer (normal) takes <@{late.id}>'s decisions" in out.content
        await t.click(others[0], out, "Play on without them")
        await t.click(others[1], out, "Play on without them")
        await settled(t)
        rec = await record(t, game)
        assert rec.clock_of(waiting.seat).absent == "normal" and rec.level_at(waiting.seat) == "normal"  # type: ignore[union-attr]
        assert "The table plays on: Computer (normal) takes" in out.content
        log = [a.seat for a in await t.bot.store.games.actions(game)]  # type: ignore[union-attr]
        assert log == [waiting.seat], "the computer took the late seat's decision at once"
        await play_until(t, game, thread, None, people, n=4)  # the others play twice each; the computer answers
        log = [a.seat for a in await t.bot.store.games.actions(game)]  # type: ignore[union-attr]
        assert log.count(waiting.seat) == 3 and len(log) == 7
        said = "\n".join(m.content for m in thread.messages)
        await t.later(days=2)
        assert "<@-" not in said and len(reminders(t, late)) == reminded, "no clock for a seat the computer plays"

        await t.slash(late, thread, "game board")
        await thread.wait_for_message(lambda m: "Welcome back" in m.content and f"<@{late.id}>" in m.content)
        await play_until(t, game, thread, waiting.seat, people)
        rec = await record(t, game)
        assert rec.level_at(waiting.seat) is None and [c.seat for c in rec.waiting()] == [waiting.seat]
        t.fake.assert_clean()


async def test_a_vacation_hands_the_seats_to_a_computer_until_game_back(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob, pace="1d")
        mover, other = await mover_and_other(t, game)
        seat = await to_act(t, game)
        away = await t.slash(mover, t.channel, "game away", days=5, computer="hard")
        assert away.ephemeral and "Computer (hard) plays your seats" in away.content and "5 of 14" in away.content
        told = await thread.wait_for_message(lambda m: "is on holiday until" in m.content)  # type: ignore[attr-defined]
        assert f"<@{mover.id}> is on holiday until" in told.content and "Computer (hard) plays for them" in told.content
        assert await moved_on(t, game, seat), "the computer played the seat due at once"
        for _ in range(3):  # the other plays; the computer answers for the one on holiday
            await t.slash(other, thread, "count add", amount=1)
            assert await moved_on(t, game, seat)
        rec = await record(t, game)
        assert rec.level_at(seat) == "hard" and rec.waiting()[0].user_id == other.id
        await t.later(days=4)  # Bob's clock runs (and runs out); none runs for the one on holiday
        ran_out = [m for m in thread.messages if f"<@{mover.id}>'s time ran out" in m.content]  # type: ignore[attr-defined]
        assert reminders(t, mover) == [] and ran_out == []

        back = await t.slash(mover, t.channel, "game back")
        assert back.ephemeral and "Welcome back" in back.content
        await thread.wait_for_message(lambda m: "Welcome back" in m.content and f"<@{mover.id}>" in m.content)  # type: ignore[attr-defined]
        await t.slash(other, thread, "count add", amount=1)
        await settled(t)
        rec = await record(t, game)
        assert rec.level_at(seat) is None and await to_act(t, game) == seat
        assert [c.user_id for c in rec.waiting()] == [mover.id], "the seat waits for its player again"
        t.fake.assert_clean()


async def test_the_vacations_end_gives_the_seat_back_and_a_plain_vacation_still_stops_the_clocks(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        game, thread = await count_game(t, t.alice, t.bob, pace="1d")
        mover, other = await mover_and_other(t, game)
        seat = await to_act(t, game)
        await t.slash(mover, t.channel, "game away", days=1, computer="easy")
        assert await moved_on(t, game, seat) and (await record(t, game)).level_at(seat) == "easy"
        await t.later(days=1.01)
        await thread.wait_for_message(lambda m: "Welcome back" in m.content and f"<@{mover.id}>" in m.content)  # type: ignore[attr-defined]
        assert (await record(t, game)).level_at(seat) is None
        await t.slash(other, thread, "count add", amount=1)
        await settled(t)
        assert [c.user_id for c in (await record(t, game)).waiting()] == [mover.id]

        plain = await t.slash(mover, t.channel, "game away", days=2)
        assert "clocks stop" in plain.content and "Computer" not in plain.content
        await settled(t)
        rec = await record(t, game)
        assert rec.level_at(seat) is None and await to_act(t, game) == seat, "without computer: nobody plays for them"
        bad = await t.slash(mover, t.channel, "game back")
        assert bad.ephemeral


async def test_a_computer_seat_to_act_when_the_process_died_plays_on_after_the_restart(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        lobby = await t.slash(t.alice, t.channel, "count new", target=30, computers=3, level="normal", pace="1d")
        if "has started" not in lobby.content:
            await t.click(t.alice, lobby, "Start")
        thread = await t.channel.wait_for_thread()
        await settled(t)
        rec = (await t.bot.store.games.find(status="active"))[-1]  # type: ignore[union-attr]
        assert await to_act(t, rec.id) == 0 and rec.waiting()[0].user_id == t.alice.id
        assert t.bot is not None
        reached = die_at(t.bot.table.teller.master, "_decision")
        await t.fake.slash(t.alice, thread, "count add", amount=1)
        await asyncio.wait_for(reached.wait(), 10)
        await asyncio.sleep(0)
        assert await to_act(t, rec.id) == 1, "the process died while the computer was to act"

        await t.restart()
        await settled(t)
        for _ in range(100):  # the restarted table plays the computers' seats on (bounded)
            if await to_act(t, rec.id) == 0:
                break
            await asyncio.sleep(0.01)
        assert await to_act(t, rec.id) == 0, "the computers played on after the restart"
        rec = await record(t, rec.id)
        assert [c.user_id for c in rec.waiting()] == [t.alice.id]
        assert all(c.since is None and c.deadline is None for c in rec.clocks if c.seat != 0), "no computer has a clock"
        await t.later(days=3)
        said = "\n".join(m.content for m in thread.messages)
        assert "time ran out" not in said.replace(f"<@{t.alice.id}>'s time ran out", ""), "only Alice's clock runs"


async def test_a_game_the_computers_play_alone_plays_to_its_end(tmp_path: Path) -> None:
    """The last person hands their seat to a computer for a vacation: the computers play the game
    to its end, however many decisions that takes (it stalled after FOLLOW_LIMIT of them: a long
    Stroganov of a person and three computers, or this Count, stopped there until a restart)."""
    async with table(tmp_path) as t:
        lobby = await t.slash(t.alice, t.channel, "count new", target=520, computers=3, level="easy", pace="1d")
        if "has started" not in lobby.content:
            await t.click(t.alice, lobby, "Start")
        await t.channel.wait_for_thread()
        await settled(t)
        rec = (await t.bot.store.games.find(status="active"))[-1]  # type: ignore[union-attr]
        await t.slash(t.alice, t.channel, "game away", days=3, computer="easy")
        for _ in range(500):  # bounded: the computers play on by themselves
            await settled(t)
            rec = await record(t, rec.id)
            if rec.status != "active":
                break
            await asyncio.sleep(0.02)
        assert rec.status == "finished", f"the computers stopped at version {rec.version}"
        assert rec.version > FOLLOW_LIMIT
