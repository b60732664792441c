"""People come first (issue 46 §3): the capacity ramp of bench/e2e.py — people's Stratego moves
arriving open-loop at a rising steady rate, the final answer's p99 — measured twice on the same bot
process, side by side: first alone, then while ``COMPUTER_GAMES`` games of a person against the hard
computer keep their computer thinking (a driver here answers every computer move at once, so a
computer decision is always waiting: with one thinking worker, the default, it thinks without a
pause). Target: p99 <= 100 ms at 50 moves/s with the computers thinking.

The computers think in their own worker process, niced (cogs/table/thinking.py); on a machine of
two cores the event loop, the drawing worker, the thinking worker and this process (the stand-in and
the drivers) share them."""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.database import fill
from bench.e2e import FINAL_P99_MS, Bench, Measured, capacity_rows, ramp, stop
from bench.stats import Row
from rules.stratego import GAME
from rules.stratego.actions import Move
from rules.stratego.board import name
from tests.e2e.bot_process import Where, open_at
from tests.e2e.stratego_in_play import AgainstComputer, in_play
from tests.fakediscord import FakeDiscord

GAMES = 200
"""People's games ramped, as bench/e2e.py."""
COMPUTER_GAMES = 20
RATES = (10, 25, 50, 75, 100, 125, 150)
TARGET_RATE = 50
POLL = 0.25
"""Seconds between two looks of a computer game's driver at whether its person is to move."""


@dataclass
class Thinking:
    """What the computer games did while measured: the computers' decisions answered."""

    decisions: int = 0
    person_moves: int = 0
    ended: int = 0


async def drive(
    fake: FakeDiscord, where: Where, games: list[AgainstComputer], stopped: asyncio.Event, out: Thinking
) -> None:
    """Each computer game's person answers the computer's every move at once (a random move that
    attacks nothing, read from the stored game), so that a computer always has one to think about."""
    store = await open_at(where)
    try:

        async def one(game: AgainstComputer, rnd: random.Random) -> None:
            last = -1
            while not stopped.is_set():
                rec = await store.games.get(game.game_id)
                if rec.status != "active":
                    out.ended += 1
                    return
                state = rec.load_state()
                if list(GAME.to_act(state)) != [0] or rec.version == last:
                    await asyncio.sleep(POLL)
                    continue
                if last >= 0:
                    out.decisions += 1  # the computer moved since the person did
                legal = [m for m in GAME.legal(state, 0) if isinstance(m, Move)]
                quiet = [m for m in legal if not m.attack] or legal
                if not quiet:
                    return
                m = rnd.choice(quiet)
                i = await fake.slash(game.person, game.thread, "stratego move", from_=name(m.frm), to=name(m.to))
                await i.response()
                out.person_moves += 1
                last = rec.version + 1

        await asyncio.gather(*(one(g, random.Random(i)) for i, g in enumerate(games)))
    finally:
        await store.close()


async def _run(quick: bool, where: Where) -> dict[str, Any]:
    seconds = 1.5 if quick else 4.0
    async with FakeDiscord(interaction_deadline=None, timeout=120) as fake:
        computers = [AgainstComputer(0, None, None)] * COMPUTER_GAMES
        bots, games, users = await in_play(fake, where, GAMES, against_computer=computers)
        bench = Bench(fake, bots, games, users)
        try:
            for _ in range(2):  # every player's DM channel opened (discord.py caches it); not measured
                await bench.burst()
            alone = await ramp(lambda rate: bench.paced(rate, seconds), RATES)
            stopped, thinking = asyncio.Event(), Thinking()
            driver = asyncio.create_task(drive(fake, where, computers, stopped, thinking))
            await asyncio.sleep(3.0)  # the computers' first answers under way
            before = (thinking.decisions, time.perf_counter())
            beside = await ramp(lambda rate: bench.paced(rate, seconds), RATES)
            made = (thinking.decisions - before[0]) / (time.perf_counter() - before[1])
            stopped.set()
            await driver
            problems = fake.problems()
        finally:
            for bot in bots:
                await stop(bot, None)
    return {"alone": alone, "beside": beside, "made": made, "thinking": thinking, "problems": problems}


def at(steps: list[tuple[int, Measured]], rate: int) -> Measured | None:
    return next((m for r, m in steps if r == rate and not m.spoiled), None)


def run(quick: bool) -> list[Row]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        asyncio.run(fill(path, 1_000 if quick else 10_000))
        r = asyncio.run(_run(quick, path))
    section = "computers thinking"
    rows = [
        row
        for steps, who in ((r["alone"], "people alone: "), (r["beside"], f"beside {COMPUTER_GAMES} computer games: "))
        for row in capacity_rows(section, "moves", steps, who=who)
        if "render workers" not in row.measure  # the thinking worker's CPU is the bot's too here: no image share
    ]
    alone, beside = at(r["alone"], TARGET_RATE), at(r["beside"], TARGET_RATE)
    p99 = beside.ms("final", 99) if beside is not None else float("inf")
    rows.append(
        Row(
            section,
            f"people's moves at {TARGET_RATE}/s, final answer p99 ms: alone / beside {COMPUTER_GAMES} computer games "
            "thinking (the computers' decisions a second meanwhile)",
            (f"{alone.ms('final', 99):.1f}" if alone is not None else "-")
            + f" / {p99:.1f} ({r['made']:.1f}/s; {r['thinking'].ended} computer games ended)",
            f"<= {FINAL_P99_MS:.0f} beside",
            p99 <= FINAL_P99_MS,
        )
    )
    if r["problems"]:
        rows.append(Row(section, "problems the stand-in recorded", str(len(r["problems"])), "0", False))
    return rows
