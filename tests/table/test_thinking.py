"""Where the computers think (cogs/table/thinking.py, issue 46 §2): the game's computer decides
from the seat's view, in a worker process of its own (or a thread), and the bot reads its decision
with the engine."""

from __future__ import annotations

import os

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
