"""End to end through the real bot and the local Discord of the end-to-end tests: the time from
sending ``/stratego move`` to the bot's answer with the image, REST calls per move, memory."""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from bench.database import fill
from bench.stats import Row, median, percentile
from db.store import GameStore
from rules.stratego import GAME
from rules.stratego.actions import Move, Ready
from rules.stratego.board import name
from tests.fakediscord import FakeDiscord


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """Resident memory of process ``pid`` in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def _run(n_games: int, rounds: int, stored: int, spread: float = 0.0) -> dict[str, float]:
    """``rounds`` times, every game makes one move: all at the same instant (``spread`` 0), or each
    at a random moment within ``spread`` seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        await fill(path, stored)
        async with FakeDiscord(interaction_deadline=None, timeout=120) as fake:
            guild = fake.add_guild("bench")
            channel = guild.add_text_channel("games")
            users = [fake.add_user(f"p{i}") for i in range(2 * min(n_games, 50))]
            for u in users:
                guild.add_member(u)
            store = await GameStore.open(path)
            games = []
            for g in range(n_games):
                red, blue = users[(2 * g) % len(users)], users[(2 * g + 1) % len(users)]
                thread = channel.create_thread(f"game {g}", owner=red)
                rec = await store.create(
                    "stratego",
                    [red.id, blue.id],
                    {"colours": "seat0_red"},
                    g,
                    guild_id=guild.id,
                    channel_id=channel.id,
                    creator_id=red.id,
                    thread_id=thread.id,
                )
                v = (await store.append(rec.id, rec.version, 0, Ready())).version
                result = await store.append(rec.id, v, 1, Ready())
                games.append((thread, (red, blue), result.state, random.Random(g)))
            await store.close()
            bot = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bench.bot_process",
                fake.server.api_base,
                fake.server.gateway_url,
                str(path),
                str(guild.id),
            )
            try:
                # Ready once it answers a command (it syncs its commands, then connects).
                await fake.wait_for_commands(guild, timeout=60)
                await fake.world.wait(
                    lambda: fake.gateway.identifies > 0 or None, fake.gateway.signal, "the bot to connect", 60
                )
                probe = await fake.slash(users[0], channel, "game list")
                await probe.response(timeout=60)
                latencies: list[float] = []
                rest = moves = made = 0
                cpu = 0.0
                for r in range(rounds):
                    t0 = time.perf_counter()
                    cpu0 = cpu_seconds(bot.pid)

                    async def one(thread, players, state, rnd) -> float | None:  # type: ignore[no-untyped-def]
                        if state.phase != "play":
                            return None
                        if spread:
                            await asyncio.sleep(rnd.uniform(0, spread))
                        seat = GAME.to_act(state)[0]
                        legal = [m for m in GAME.legal(state, seat) if isinstance(m, Move) and not m.attack]
                        if not legal:
                            return None
                        m = rnd.choice(legal)
                        start = time.perf_counter()
                        i = await fake.slash(players[seat], thread, "stratego move", from_=name(m.frm), to=name(m.to))
                        answer = await i.response()
                        took = time.perf_counter() - start
                        assert answer.attachments, answer.content
                        GAME.apply(state, seat, m)
                        return took

                    took = await asyncio.gather(*(one(*g) for g in games))
                    done = [x for x in took if x is not None]
                    made += len(done)
                    # Each move DMs the next player after answering; let this round's DMs land before
                    # counting, so that none is counted in the next round.
                    expected = made
                    await fake.wait_for(
                        lambda expected=expected: sum(len(fake.dms(u)) for u in users) >= expected,
                        "turn DMs",
                        timeout=120,
                    )
                    if r > 1:  # the first two rounds open each player's DM channel once; count steady state
                        latencies += done
                        rest += fake.requests.count(since=t0, interaction_responses=False)
                        cpu += cpu_seconds(bot.pid) - cpu0
                        moves += len(done)
                memory = rss_mb(bot.pid)
            finally:
                bot.terminate()
                await bot.wait()
    return {
        "p50": median(latencies) * 1000,
        "p99": percentile(latencies, 99) * 1000,
        "rest": rest / max(1, moves),
        "rss": memory,
        "cpu": cpu / max(1, moves) * 1000,
    }


def run(quick: bool) -> list[Row]:
    stored = 1_000 if quick else 10_000
    single = asyncio.run(_run(1, 10 if quick else 40, 0))
    many = asyncio.run(_run(200, 4 if quick else 8, stored))
    paced = asyncio.run(_run(200, 3 if quick else 6, 0, spread=5.0))
    return [
        Row("end to end", "move latency, 1 game: p50 / p99 ms", f"{single['p50']:.1f} / {single['p99']:.1f}"),
        Row(
            "end to end",
            "move latency, 200 games all moving in the same instant: p50 / p99 ms",
            f"{many['p50']:.1f} / {many['p99']:.1f}",
            "p50 <= 30, p99 <= 100",
            many["p50"] <= 30 and many["p99"] <= 100,
        ),
        Row("end to end", "bot CPU per move (answer, board image, DM with private image), ms", f"{many['cpu']:.1f}"),
        Row(
            "end to end",
            "move latency, 200 games each moving once within 5 s (40 moves/s): p50 / p99 ms",
            f"{paced['p50']:.1f} / {paced['p99']:.1f}",
        ),
        Row(
            "end to end",
            "REST calls per move besides the interaction response",
            f"{many['rest']:.2f}",
            "<= 1",
            many["rest"] <= 1.0001,
        ),
        Row(
            "end to end",
            f"resident memory of the bot process, 200 active + {stored:,} stored games, MB",
            f"{many['rss']:.0f}",
            "<= 150",
            many["rss"] <= 150,
        ),
    ]
