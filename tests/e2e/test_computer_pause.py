"""A computer's decision is told after a pause (issue 46 §1, ``COMPUTER_PAUSE``), like a person's
answer: a Stratego game against the computer through Discord, with a 3-second pause on the bot's
clock — the computer's setup and its move are told only once the clock has moved on by the pause,
never before, and a restart in the middle of the pause neither loses the move nor tells it early."""

from __future__ import annotations

from pathlib import Path

import pytest

from db.records import GameRecord, computer_id
from rules.stratego.board import name
from rules.stratego.engine import legal_moves
from tests.e2e.harness import Table, table
from tests.e2e.test_seats_left_behind import count_with_its_computer  # noqa: F401  (a fixture)

PAUSE = 3.0


async def game(t: Table, game_id: int) -> GameRecord:
    assert t.bot is not None
    await t.bot.table.teller.quiet()
    return await t.bot.store.games.get(game_id)


async def test_the_computers_decisions_are_told_after_the_pause_and_survive_a_restart(tmp_path: Path) -> None:
    async with table(tmp_path, computer_pause=PAUSE) as t:
        assert t.bot is not None
        await t.slash(t.alice, t.channel, "stratego new", computers=1, level="easy")
        thread = await t.channel.wait_for_thread()
        rec = await game(t, (await t.bot.store.games.find(status="active"))[-1].id)
        assert rec.players == (t.alice.id, computer_id("easy", 0))
        computer, person = rec.load_state().seat_colour[1], rec.load_state().seat_colour[0]

        await t.later(seconds=PAUSE - 0.5)
        assert not (await game(t, rec.id)).load_state().ready[computer], "the computer's setup waits for the pause"
        await t.later(seconds=0.5)  # its setup placed (a draft: not told), and after one more pause confirmed
        assert not (await game(t, rec.id)).load_state().ready[computer]
        await t.later(seconds=PAUSE)
        assert (await game(t, rec.id)).load_state().ready[computer], "the pauses are over: the computer is ready"

        await t.slash(t.alice, thread, "stratego setup", random=True)
        await t.slash(t.alice, thread, "stratego ready")
        state = (await game(t, rec.id)).load_state()
        if state.turn == computer:  # Red begins: the computer's first move, after the pause
            await t.later(seconds=PAUSE)
            state = (await game(t, rec.id)).load_state()
        assert state.turn == person

        move = legal_moves(state, person)[0]
        await t.slash(t.alice, thread, "stratego move", **{"from": name(move.frm), "to": name(move.to)})
        rec = await game(t, rec.id)
        told = len(thread.messages)
        version = rec.version
        assert rec.load_state().turn == computer

        await t.later(seconds=PAUSE - 1)
        assert (await game(t, rec.id)).version == version and len(thread.messages) == told, "not before the pause"

        await t.restart()
        await t.bot.dispatcher.settle()
        assert (await game(t, rec.id)).version == version, "a restart neither loses nor hurries the pause"
        assert len(thread.messages) == told

        await t.later(seconds=1)
        after = await game(t, rec.id)
        assert after.version == version + 1 and after.load_state().turn == person, "told once the pause is over"
        news = [m.content for m in thread.messages[told:]]
        assert any(m.startswith("Computer (easy)") and " moves from " in m for m in news), news
        await t.later(seconds=PAUSE)
        assert (await game(t, rec.id)).version == version + 1, "one decision, not two"
        assert [r for r in t.fake.requests.records if r.status >= 400] == []


@pytest.mark.usefixtures("count_with_its_computer")
async def test_a_game_its_people_all_resigned_is_cancelled_not_played_by_computers_alone(tmp_path: Path) -> None:
    """Alice resigns a game of three beside two computers (issue 46 §1: a game whose remaining
    seats are all computers is cancelled, never left running): the thread says why, in the game's
    language, and nothing is left for the computers to play."""
    async with table(tmp_path) as t:
        assert t.bot is not None
        lobby = await t.slash(t.alice, t.channel, "count new", target=30, computers=2, level="easy")
        if "has started" not in lobby.content:
            await t.click(t.alice, lobby, "Start")
        thread = await t.channel.wait_for_thread()
        game_id = (await t.bot.store.games.find(status="active"))[-1].id
        assert (await game(t, game_id)).people == (t.alice.id,)
        confirm = await t.slash(t.alice, thread, "game resign")
        await t.click(t.alice, confirm, confirm.buttons[0].label)
        rec = await game(t, game_id)
        assert rec.status == "cancelled"
        said = "\n".join(m.content for m in thread.messages)
        assert f"Game #{game_id} was cancelled: no person is left to play it, only computers." in said
        versions = rec.version
        await t.later(seconds=PAUSE)
        assert (await game(t, game_id)).version == versions
