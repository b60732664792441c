"""Reminders at scale (issue 21 §3): after a downtime hundreds of reminders fall due at once. Under
Discord's rate limits (the stand-in's, scaled up tenfold in time so that the test runs in seconds,
and the bot's pace with them) every reminder goes out, none is refused for the global limit, and
players pressing and typing meanwhile are acknowledged within Discord's 3 seconds."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cogs.table.dispatcher import FIRINGS_PER_SECOND, Pacer
from tests.e2e.harness import table
from tests.fakediscord import RateLimits
from tests.toygame import GAME

PLAYERS = 300
SCALE = 10
"""The stand-in's windows are ten times shorter than Discord's, and the bot's pace ten times faster."""
PACE = 3 * 86400
SEED = 7
FIRST = GAME.to_act(GAME.new(2, {"target": 50}, SEED))[0]


async def test_a_burst_of_reminders_goes_out_under_the_limits_while_players_are_answered(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        players = [t.fake.add_user(f"p{i}") for i in range(PLAYERS)]
        for p in players:
            t.guild.add_member(p)
        for p in players:
            seats = [p.id, t.carol.id] if FIRST == 0 else [t.carol.id, p.id]
            await t.bot.store.games.create(
                "count", seats, {"target": 50}, SEED, t.guild.id, t.channel.id, p.id, pace=PACE
            )
        limits = RateLimits(per_second=50, window=1.0 / SCALE, buckets={})
        t.fake.server.rate_limits = limits
        t.bot.dispatcher.pacer = Pacer(FIRINGS_PER_SECOND * SCALE)
        t.clock.advance(days=2)  # the bot was down: every player's half-time reminder is due
        burst = asyncio.create_task(t.bot.dispatcher.settle())
        asked = []
        while not burst.done() and len(asked) < 20:
            i = await t.fake.slash(t.alice, t.channel, "game list")
            await i.response()
            asked.append(i)
            await asyncio.sleep(0.05)  # a player typing now and then (real time: Discord's limits are)
        fired = await burst
        assert fired >= PLAYERS and len(asked) >= 2, "players were answered while the reminders went out"
        assert [p for p in players if not t.fake.dms(p)] == [], "every player got a reminder"
        assert all(len(t.fake.dms(p)) == 1 for p in players), "once"
        assert limits.count("global") == 0, "the pace kept every request under the global limit"
        assert all(i.problems == [] for i in asked)
        t.fake.assert_clean()
