"""Reminders at scale (issue 21 §3): after a downtime many reminders fall due at once, under
Discord's rate limits, while a player uses a command.

Setup: N toy "count" games (``tests/toygame.py``, 3-day pace) made in the store, each with its own
waiting player, a member of the guild (one reminder each); the real bot in a process of its own
(``tests/e2e/bot_process.py``) against the stand-in with its rate limits on. Discord's real limits
(50 requests a second per bot, a reminder costing ~3) would make 10,000 reminders take 10+ minutes,
so time is scaled ``SCALE`` times: the stand-in's windows (global and per route) are ``SCALE`` times
shorter and the bot fires ``SCALE`` times faster (``BENCH_PACE_SCALE``). The bot's clock is then
moved two days on (``BENCH_CLOCK``): every waiting player's half-time reminder is due.

Measured, in real time of the scaled run: until every player has their reminder DM; the 429s
(global, and per route); the REST calls per reminder; and for a player sending ``/game list``
every 50 ms meanwhile, the slowest and median acknowledgement (dispatch to the bot's first
callback). Under Discord's real limits the bot would take the pace's time (N / ``FIRINGS_PER_SECOND``)
or its CPU time for the N reminders, whichever is longer: that is the real-time equivalent; the
scaled run's time times ``SCALE`` is shown beside it (an upper bound when the scaled run was held
up by the CPU rather than the pace: compare its reminders a second with the pace).
"""

from __future__ import annotations

import asyncio
import signal
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.e2e import cpu_seconds
from bench.stats import Row, median
from cogs.games import ENGINES
from cogs.table.dispatcher import FIRINGS_PER_SECOND
from db.clocks import DAY
from db.store import GameStore
from tests.e2e import count_cog  # noqa: F401  (registers the toy game in ENGINES)
from tests.e2e.bot_process import answering, move_clock, spawn
from tests.fakediscord import FakeDiscord, RateLimits
from tests.fakediscord.ratelimits import DEFAULT_BUCKETS
from tests.toygame import GAME

SECTION = "reminders"
SCALE = 10
PACE = 3 * 86400
SEED = 7
FIRST = GAME.to_act(GAME.new(2, {"target": 50}, SEED))[0]
ASK_EVERY = 0.05
"""Seconds between the player's commands during the burst."""


def limits() -> RateLimits:
    """Discord's limits with every window ``SCALE`` times shorter."""
    buckets = {route: (limit, seconds / SCALE) for route, (limit, seconds) in DEFAULT_BUCKETS.items()}
    return RateLimits(per_second=50, window=1.0 / SCALE, buckets=buckets)


async def fill(path: Path, guild: int, channel: int, players: list[int], opponent: int) -> None:
    store = await GameStore.open(path, ENGINES, synchronous="OFF")
    for p in players:
        seats = [p, opponent] if FIRST == 0 else [opponent, p]
        await store.games.create("count", seats, {"target": 50}, SEED, guild, channel, p, pace=PACE)
    await store.close()


async def burst(n: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        path, clock = Path(tmp) / "reminders.db", Path(tmp) / "clock"
        clock.write_text("0")
        async with FakeDiscord(interaction_deadline=None, timeout=600) as fake:
            guild = fake.add_guild("reminders")
            channel = guild.add_text_channel("games")
            asker, opponent = fake.add_user("asker"), fake.add_user("opponent")
            players = [fake.add_user(f"p{i}") for i in range(n)]
            for u in (asker, opponent, *players):
                guild.add_member(u)
            t0 = time.perf_counter()
            await fill(path, guild.id, channel.id, [p.id for p in players], opponent.id)
            made = time.perf_counter() - t0
            env = {
                "BENCH_COGS": "tests.e2e.count_cog",
                "BENCH_CLOCK": str(clock),
                "BENCH_PACE_SCALE": str(SCALE),
                "RENDER_PROCESSES": "0",
            }
            bot = await spawn(fake, path, guild.id, env)
            try:
                await answering(fake, asker, channel, guild=guild, timeout=120)
                fake.server.rate_limits = limited = limits()
                start, cpu0 = time.perf_counter(), cpu_seconds(bot.pid)
                move_clock(clock, 2 * DAY, [bot.pid])  # the bot was down: every half time is due

                def sent() -> int:
                    return sum(1 for p in players if fake.dms(p))

                asked: list[Any] = []
                while sent() < n:
                    i = await fake.slash(asker, channel, "game list")
                    asked.append(i)
                    await asyncio.sleep(ASK_EVERY)
                    if time.perf_counter() - start > 60 * 60:
                        raise TimeoutError(f"{sent()} of {n} reminders after an hour")
                wall, cpu = time.perf_counter() - start, cpu_seconds(bot.pid) - cpu0
                for i in asked:
                    await i.response(timeout=120)
                answers = [i.latency for i in asked if i.latency is not None]
                rest = fake.requests.count(since=start, interaction_responses=False)
                doubled = sum(1 for p in players if len(fake.dms(p)) > 1)
                problems = fake.problems()
            finally:
                bot.send_signal(signal.SIGTERM)
                await bot.wait()
    return {
        "made": made,
        "wall": wall,
        "cpu": cpu,
        "global": limited.count("global"),
        "route": limited.count() - limited.count("global"),
        "rest": rest,
        "acks": answers,
        "asked": len(asked),
        "doubled": doubled,
        "problems": problems,
    }


def run(quick: bool) -> list[Row]:
    n = 300 if quick else 10_000
    r = asyncio.run(burst(n))
    assert r["doubled"] == 0 and not r["problems"], (r["doubled"], r["problems"][:5])
    paced = n / (FIRINGS_PER_SECOND * SCALE)
    real = max(n / FIRINGS_PER_SECOND, r["cpu"])  # Discord's real limits: the pace, or the bot's CPU if slower
    acks = r["acks"]
    return [
        Row(
            SECTION,
            f"{n:,} reminders due at once, limits and pace {SCALE}x faster: s until every one is sent"
            f" (the pace alone: {paced:.0f} s); reminders a second (the pace: {FIRINGS_PER_SECOND * SCALE:.0f})",
            f"{r['wall']:.1f}; {n / r['wall']:.0f}",
        ),
        Row(
            SECTION,
            f"{n:,} reminders: the bot's CPU each, ms; REST calls each",
            f"{r['cpu'] / n * 1000:.1f}; {r['rest'] / n:.1f}",
        ),
        Row(
            SECTION,
            f"{n:,} reminders under Discord's real limits (the pace {FIRINGS_PER_SECOND:.0f}/s, or the bot's CPU"
            f" if slower): min; the scaled run's time x{SCALE}",
            f"{real / 60:.1f}; {r['wall'] * SCALE / 60:.1f}",
        ),
        Row(
            SECTION,
            f"{n:,} reminders: 429s global / per route",
            f"{r['global']} / {r['route']}",
            "0 global",
            r["global"] == 0,
        ),
        Row(
            SECTION,
            f"{n:,} reminders: a player's /game list every {ASK_EVERY * 1000:.0f} ms meanwhile ({r['asked']}):"
            " acknowledged in ms, median / slowest",
            f"{median(acks) * 1000:.0f} / {max(acks) * 1000:.0f}",
            "< 3000",
            max(acks) < 3.0,
        ),
        Row(SECTION, f"{n:,} games made in the store (setup): s", f"{r['made']:.1f}"),
    ]
