"""Where the computers think (cogs/table/thinking.py, issue 46 §2): the game's computer decides
from the seat's view, in a worker process of its own (or a thread), and the bot reads its decision
with the engine."""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from cogs.table.thinking import THINK_NICENESS, Thinking
from cogs.table.workers import Workers
from db.store import GameStore
from rules.computer import Level
from tests import toy_computer
from tests.toygame import Add

ALICE, BOB = 10, 20


@pytest.fixture(autouse=True)
def toy_game_with_a_computer() -> None:
    """The toy game registered with its computer, whatever a bot of another test registered."""
    toy_computer.register()


async def test_a_computer_decides_in_a_thread_from_the_seats_view(store: GameStore) -> None:
    assert toy_computer.KIND.computer is toy_computer.COMPUTER
    lobby = await store.lobbies.create("count", ALICE, {"target": 21}, 1, 2, seats=[ALICE, BOB])
    rec = await store.games.start(lobby.id, None, 7)
    seat = rec.load_state().turn
    thinking = Thinking()
    try:
        assert await thinking.decide(rec, rec.load_state(), seat, Level.HARD.value, 1) == Add(1)  # 21 to go: leave 20
    finally:
        thinking.close()


async def test_a_thinking_worker_is_a_process_of_its_own(store: GameStore) -> None:
    lobby = await store.lobbies.create("count", ALICE, {"target": 22}, 1, 2, seats=[ALICE, BOB])
    rec = await store.games.start(lobby.id, None, 7)
    seat = rec.load_state().turn
    thinking = Thinking(1, ["tests.toy_computer"])
    try:
        assert await thinking.decide(rec, rec.load_state(), seat, Level.EASY.value, 1) == Add(2)  # 22 to go: leave 20
        pids = thinking._workers.pids()
        assert len(pids) == 1 and os.getpid() not in pids
    finally:
        thinking.close()


async def test_a_thinking_worker_gives_way_to_the_bots_other_work() -> None:
    """People first (issue 46 §3): on a busy machine the kernel runs the event loop and the drawing
    workers before a computer's thinking; a drawing worker keeps the bot's own priority."""
    thinking, drawing = Thinking(1), Workers(1)
    try:
        own = os.getpriority(os.PRIO_PROCESS, 0)
        thinks = await thinking._workers(os.getpriority, os.PRIO_PROCESS, 0)
        draws = await drawing(os.getpriority, os.PRIO_PROCESS, 0)
        assert thinks == min(19, own + THINK_NICENESS) and thinks > own
        assert draws == own
    finally:
        thinking.close()
        drawing.close()


def test_thinking_and_drawing_are_different_workers() -> None:
    thinking, drawing = Thinking(1), Workers(1)
    try:
        assert thinking._workers is not drawing and thinking._workers.name == "think"
    finally:
        thinking.close()
        drawing.close()


async def test_a_thinking_worker_whose_decision_was_given_up_is_ended_and_replaced() -> None:
    """A decision past ``THINK_TIMEOUT`` is given up (the fallback decides, cogs/table/core/master.py):
    its worker must not go on thinking for nobody, nor keep the decisions queued behind it waiting —
    it is ended, and they are asked again of a new worker."""
    thinking = Thinking(1)
    workers = thinking._workers
    try:
        stuck = asyncio.create_task(workers(time.sleep, 3600))  # a computer that never answers
        queued = asyncio.create_task(workers(os.getpid))
        workers.start()
        (worker,) = workers._workers
        for _ in range(1_000_000):  # until both requests are written to the worker (no timer)
            if worker.load == 2:
                break
            await asyncio.sleep(0)
        assert worker.load == 2
        old = worker.pid
        stuck.cancel()
        with pytest.raises(asyncio.CancelledError):
            await stuck
        answered = await asyncio.wait_for(queued, 60)  # a guard: without the fix it waits an hour
        assert answered != old and answered in workers.pids(), "the queued request went to a new worker"
        worker.process.join(timeout=10)
        assert not worker.process.is_alive(), "the worker thinking for nobody was ended"
    finally:
        thinking.close()


async def test_a_drawing_worker_is_not_ended_when_its_caller_stops_waiting() -> None:
    """Only thinking is given up: a drawing (shared by others who wait for it) is finished."""
    drawing = Workers(1)
    try:
        first = await drawing(os.getpid)
        task = asyncio.create_task(drawing(sum, (1, 2)))
        await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert await drawing(os.getpid) == first
    finally:
        drawing.close()
