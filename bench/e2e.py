"""End to end through the real bot (a process of its own, ``bench/bot_process.py``) and the local
Discord of the end-to-end tests, which this process drives as users:

- one game moving alone;
- a **burst**: 200 games each sending ``/stratego move`` in the same instant, per interaction the
  time to the bot's first response (the defer; ``Interaction.latency``) and to the final answer
  (the follow-up with the board);
- **capacity**: moves arriving open-loop at a steady rate R for a few seconds, R rising until the
  final answer's p99 passes 100 ms;
- the bot's CPU per move (from /proc) next to its floor, the two PNGs a move needs encoded
  in-process; REST calls per move; the bot's memory.

``BENCH_PROFILE=file`` runs the bot under cProfile (its event loop only); ``BENCH_PYSPY=file``
samples all its threads with py-spy (``pip install py-spy`` into the venv; not a requirement).

Every move is a legal non-attacking move of the player to act, chosen here, so games never end.
"""

from __future__ import annotations

import asyncio
import collections
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.bot_process import answering, spawn
from bench.database import fill
from bench.moves import stratego_mid_game
from bench.stats import Row, median, percentile
from cogs.games import ENGINES
from cogs.stratego.ui import image_words
from db.store import GameStore
from render.stratego import render_board, warm_up
from rules.stratego import GAME
from rules.stratego.actions import Move, Ready
from rules.stratego.board import name
from tests.fakediscord import FakeDiscord

GAMES = 200
RATES = (10, 25, 50, 75, 100, 125, 150, 200, 250, 300, 400)
IDLE = 0.3
"""Seconds the bot is left idle before each measurement."""
FINAL_P99_MS = 100.0
FIRST_P99_MS = 1000.0


def family(pid: int) -> list[int]:
    """``pid`` and every process below it (the bot's fork server and render workers)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                todo += [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
    return found


def cpu_seconds(pid: int) -> float:
    """User + system CPU time so far of process ``pid`` (every thread) and of the processes below
    it (the render workers: their drawing is the bot's CPU too)."""
    total = 0.0
    for member in family(pid):
        try:
            fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def rss_mb(pid: int) -> float:
    """Memory of process ``pid`` and the processes below it (its render workers), in MB: their
    proportional set size, so the pages a worker shares with its fork server count once (a sum of
    resident sizes would count them twice). One process alone: about its resident size."""
    total = 0.0
    for member in family(pid):
        try:
            rollup = Path(f"/proc/{member}/smaps_rollup").read_text()
        except OSError:
            continue
        total += next((int(line.split()[1]) / 1024 for line in rollup.splitlines() if line.startswith("Pss:")), 0.0)
    return total


def pyspy(pid: int) -> subprocess.Popen[bytes] | None:
    """With ``BENCH_PYSPY=file`` (``.svg``: a flame graph, else py-spy's raw collapsed stacks),
    sample every thread of the bot with py-spy from the end of the warm-up to the last step;
    ``BENCH_PYSPY_ARGS`` adds options (``--gil``: only the thread holding the GIL; ``--idle``)."""
    out = os.environ.get("BENCH_PYSPY")
    if not out:
        return None
    exe = Path(sys.executable).with_name("py-spy")
    fmt = "flamegraph" if out.endswith(".svg") else "raw"
    extra = os.environ.get("BENCH_PYSPY_ARGS", "").split()
    args = [str(exe), "record", "-p", str(pid), "-o", out, "-f", fmt, "-r", "200", "--threads", *extra]
    return subprocess.Popen(args, stdout=subprocess.DEVNULL)


@dataclass
class Game:
    thread: Any
    players: tuple[Any, Any]
    state: Any
    rnd: random.Random
    stuck: bool = False

    def next_move(self) -> tuple[int, Move] | None:
        if self.state.phase != "play":
            return None
        seat = GAME.to_act(self.state)[0]
        legal = [m for m in GAME.legal(self.state, seat) if isinstance(m, Move) and not m.attack]
        return (seat, self.rnd.choice(legal)) if legal else None


@dataclass
class Sample:
    first: float  # s from dispatch to the bot's first callback (the defer)
    final: float  # s from sending (or the arrival it was due at) to the answer with the board


@dataclass
class Measured:
    samples: list[Sample] = field(default_factory=list)
    cpu: float = 0.0  # bot CPU seconds
    bench_cpu: float = 0.0  # this process's CPU seconds (the stand-in)
    wall: float = 0.0
    rest: int = 0  # REST calls besides the interaction responses
    lag: float = 0.0  # worst delay between an arrival's due time and its sending

    def ms(self, what: str, p: float) -> float:
        values = [getattr(s, what) for s in self.samples]
        return (median(values) if p == 50 else percentile(values, p)) * 1000

    @property
    def cpu_ms(self) -> float:
        """Bot CPU per sample (a move, a decision), ms."""
        return self.cpu / max(1, len(self.samples)) * 1000

    def add(self, other: Measured) -> None:
        self.samples += other.samples
        self.cpu += other.cpu
        self.bench_cpu += other.bench_cpu
        self.wall += other.wall
        self.rest += other.rest


class Bench:
    """The stand-in, ``n_games`` games in play (each in its thread) and the bot process."""

    def __init__(self, fake: FakeDiscord, bot: asyncio.subprocess.Process, games: list[Game], users: list[Any]):
        self.fake, self.bot, self.games, self.users = fake, bot, games, users
        self.made = 0

    async def move(self, game: Game, due: float | None = None) -> Sample | None:
        picked = game.next_move()
        if picked is None:
            game.stuck = True
            return None
        seat, m = picked
        start = time.perf_counter()
        i = await self.fake.slash(game.players[seat], game.thread, "stratego move", from_=name(m.frm), to=name(m.to))
        answer = await i.response()
        took = time.perf_counter() - (start if due is None else due)
        assert answer.attachments, answer.content
        assert i.latency is not None
        GAME.apply(game.state, seat, m)
        self.made += 1
        return Sample(i.latency, took)

    async def dms_landed(self) -> None:
        """Each move DMs the next player; wait for those of the moves made so far, so that none is
        counted in the next measurement."""
        expected = self.made
        await self.fake.wait_for(
            lambda: sum(len(self.fake.dms(u)) for u in self.users) >= expected, "turn DMs", timeout=120
        )

    async def measure(self, work: Any) -> Measured:
        await self.dms_landed()
        out = Measured()
        t0, cpu0, own0 = time.perf_counter(), cpu_seconds(self.bot.pid), time.process_time()
        out.samples = [s for s in await work(out) if s is not None]
        await self.dms_landed()
        out.wall = time.perf_counter() - t0
        out.cpu = cpu_seconds(self.bot.pid) - cpu0
        out.bench_cpu = time.process_time() - own0
        out.rest = self.fake.requests.count(since=t0, interaction_responses=False)
        return out

    async def single(self, moves: int) -> Measured:
        async def work(_: Measured) -> list[Sample | None]:
            return [await self.move(self.games[0]) for _ in range(moves)]

        return await self.measure(work)

    async def burst(self) -> Measured:
        async def work(_: Measured) -> list[Sample | None]:
            return list(await asyncio.gather(*(self.move(g) for g in self.games)))

        return await self.measure(work)

    async def paced(self, rate: float, seconds: float) -> Measured:
        """Open loop: move k is due at ``k / rate`` s, in the game that has waited longest since its
        last answer; latency counts from the due time."""

        async def work(out: Measured) -> list[Sample | None]:
            return await open_loop([g for g in self.games if not g.stuck], rate, seconds, self.move, out)

        return await self.measure(work)


async def open_loop(
    games: list[Any], rate: float, seconds: float, act: Callable[[Any, float], Awaitable[Any]], out: Any
) -> list[Any]:
    """Open-loop arrivals: action k is due at ``k / rate`` s, in the game idle longest (a game is
    busy until its last action is answered); ``act(game, due)`` measures from the due time and
    ``out.lag`` records how late the benchmark itself sent."""
    idle = collections.deque(games)
    freed = asyncio.Event()
    tasks: list[asyncio.Task[Any]] = []

    async def one(game: Any, due: float) -> Any:
        try:
            return await act(game, due)
        finally:
            if not game.stuck:
                idle.append(game)
            freed.set()

    t0 = time.perf_counter()
    for k in range(round(rate * seconds)):
        due = t0 + k / rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        while not idle:
            if all(t.done() for t in tasks):  # every game is stuck: nothing more can be sent
                return list(await asyncio.gather(*tasks))
            freed.clear()
            await freed.wait()
        out.lag = max(out.lag, time.perf_counter() - due)
        tasks.append(asyncio.create_task(one(idle.popleft(), due)))
    return list(await asyncio.gather(*tasks))


async def ramp(paced: Callable[[float], Awaitable[Measured]]) -> list[tuple[int, Measured]]:
    """Capacity, the same way for every game: ``paced(rate)`` (open-loop arrivals at ``rate`` per
    second, :func:`open_loop`) for each of ``RATES`` in turn, the bot idle ``IDLE`` s before each,
    until the final answer's p99 passes ``FINAL_P99_MS`` (that step is kept too)."""
    steps: list[tuple[int, Measured]] = []
    for rate in RATES:
        await asyncio.sleep(IDLE)
        m = await paced(rate)
        steps.append((rate, m))
        if m.ms("final", 99) > FINAL_P99_MS:
            break
    return steps


def highest(steps: list[tuple[int, Measured]]) -> int:
    """The highest rate of a ramp before the first step whose final p99 passed ``FINAL_P99_MS``."""
    best = 0
    for rate, m in steps:
        if m.ms("final", 99) > FINAL_P99_MS:
            break
        best = rate
    return best


def capacity_rows(section: str, unit: str, steps: list[tuple[int, Measured]], target: int = 100) -> list[Row]:
    """One row per step of a ramp and the summary row with the target (issue 18 §7: the highest
    steady rate with final answer p99 <= 100 ms, at least 100 a second for every game)."""
    rows = [
        Row(
            section,
            f"steady {rate} {unit}/s, {m.wall:.1f} s: final p50 / p99, first p99 ms; bot CPU ms/{unit[:-1]}, cores",
            f"{m.ms('final', 50):.1f} / {m.ms('final', 99):.1f}, {m.ms('first', 99):.1f}; "
            f"{m.cpu_ms:.1f}, {m.cpu / max(m.wall, 1e-9):.2f}"
            + (f" (sent up to {m.lag * 1000:.0f} ms late)" if m.lag > 0.05 else ""),
        )
        for rate, m in steps
    ]
    best = highest(steps)
    rows.append(
        Row(
            section,
            f"highest steady rate with final answer p99 <= {FINAL_P99_MS:.0f} ms, {unit}/s",
            f"{best}",
            f">= {target}",
            best >= target,
        )
    )
    return rows


def members(fake: FakeDiscord, n_users: int) -> tuple[Any, Any, list[Any]]:
    """The guild ``bench``, its text channel ``games`` and ``n_users`` users ``p0``, ``p1``, …, its
    members."""
    guild = fake.add_guild("bench")
    channel = guild.add_text_channel("games")
    users = [fake.add_user(f"p{i}") for i in range(n_users)]
    for u in users:
        guild.add_member(u)
    return guild, channel, users


async def start(fake: FakeDiscord, path: Path, n_games: int) -> Bench:
    guild, channel, users = members(fake, 2 * min(n_games, 50))
    store = await GameStore.open(path, ENGINES)
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
        await store.told(rec.id, result.version)  # as a bot that told them: no catch-up at start
        games.append(Game(thread, (red, blue), result.state, random.Random(g)))
    await store.close()
    bot = await launch(fake, path, guild, users[0], channel)
    return Bench(fake, bot, games, users)


async def launch(fake: FakeDiscord, path: Path, guild: Any, user: Any, channel: Any) -> asyncio.subprocess.Process:
    """The bot process on database ``path``, once it answers ``/game list`` of ``user``."""
    bot = await spawn(fake, path, guild.id)
    try:
        await answering(fake, user, channel, guild=guild)
    except BaseException:
        bot.terminate()
        await bot.wait()
        raise
    return bot


async def stop(bot: asyncio.subprocess.Process, spy: subprocess.Popen[bytes] | None) -> None:
    """py-spy (if it samples) asked to write its file, then the bot process ended."""
    if spy is not None and spy.poll() is None:
        spy.send_signal(signal.SIGINT)  # py-spy writes its file and exits
        spy.wait(60)
    bot.terminate()
    await bot.wait()


async def _run(quick: bool, stored: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        await fill(path, stored)
        async with FakeDiscord(interaction_deadline=None, timeout=120) as fake:
            bench = await start(fake, path, GAMES)
            spy = None
            try:
                # Two rounds open every player's DM channel (discord.py caches it); not measured.
                for _ in range(2):
                    await bench.burst()
                spy = pyspy(bench.bot.pid)
                await asyncio.sleep(IDLE)
                single = await bench.single(10 if quick else 40)
                bursts = []
                for _ in range(2 if quick else 5):
                    await asyncio.sleep(IDLE)
                    bursts.append(await bench.burst())
                memory = rss_mb(bench.bot.pid)
                steps = await ramp(lambda rate: bench.paced(rate, 1.5 if quick else 4.0))
                problems = fake.problems()
            finally:
                await stop(bench.bot, spy)
    burst = Measured()
    for b in bursts:
        burst.add(b)
    played = [g.state for g in bench.games if g.state.phase == "play"]
    return {"single": single, "burst": burst, "steps": steps, "rss": memory, "problems": problems, "played": played}


def mid_game(n: int) -> list[Any]:
    """Positions of random games 10 to 300 plies in, captures included."""
    rnd = random.Random(7)
    out = []
    for seed in range(n):
        st = stratego_mid_game(seed, rnd)
        if st.phase == "play":
            out.append(st)
    return out


def floor(states: list[Any]) -> tuple[float, float]:
    """Median CPU ms, in this process, to draw and encode the two PNGs a move needs: the public
    board and the private board of the player to act next."""
    warm_up()
    words, names = image_words("en"), ("alice", "bob")
    public, private = [], []
    for st in states:
        seat = GAME.to_act(st)[0]
        t0 = time.process_time()
        render_board(GAME.view(st, None), words, names)
        t1 = time.process_time()
        render_board(GAME.view(st, seat), words, names)
        t2 = time.process_time()
        public.append(t1 - t0)
        private.append(t2 - t1)
    return median(public) * 1000, median(private) * 1000


def _ms(m: Measured, what: str) -> str:
    return f"{m.ms(what, 50):.1f} / {m.ms(what, 99):.1f} / {m.ms(what, 100):.1f}"


def run(quick: bool) -> list[Row]:
    stored = 1_000 if quick else 10_000
    r = asyncio.run(_run(quick, stored))
    single, burst, steps = r["single"], r["burst"], r["steps"]
    own_pub, own_priv = floor(r["played"])
    mid_pub, mid_priv = floor(mid_game(40 if quick else 150))
    moves = max(1, len(burst.samples))
    rows = [
        Row("end to end", "move, 1 game alone: final answer p50 / p99 ms", _ms(single, "final").rsplit(" / ", 1)[0]),
        Row(
            "end to end",
            f"burst, {GAMES} games moving in the same instant: first response p50 / p99 / max ms",
            _ms(burst, "first"),
            "p99 <= 1,000",
            burst.ms("first", 99) <= FIRST_P99_MS,
        ),
        Row(
            "end to end",
            f"burst, {GAMES} games moving in the same instant: final answer p50 / p99 / max ms",
            _ms(burst, "final"),
        ),
    ]
    # The target is on the summary row: the last step is the one past it.
    rows += capacity_rows("end to end", "moves", steps)
    rows += [
        Row(
            "end to end",
            "bot CPU per move in the burst (answer, board image, DM with private image), ms",
            f"{burst.cpu_ms:.1f}",
        ),
        Row(
            "end to end",
            "floor: public + private PNG of the positions played here, CPU ms",
            f"{own_pub + own_priv:.1f} ({own_pub:.1f} + {own_priv:.1f})",
        ),
        Row(
            "end to end",
            "floor: public + private PNG of mid-game positions (10-300 plies), CPU ms",
            f"{mid_pub + mid_priv:.1f} ({mid_pub:.1f} + {mid_priv:.1f})",
        ),
        Row(
            "end to end",
            "the stand-in's CPU per move in the burst (this process), ms",
            f"{burst.bench_cpu / moves * 1000:.1f}",
        ),
        Row(
            "end to end",
            "REST calls per move besides the interaction response",
            f"{burst.rest / moves:.2f}",
            "<= 1",
            burst.rest <= moves,
        ),
        Row(
            "end to end",
            f"memory of the bot and its render workers (PSS), {GAMES} active + {stored:,} stored games, MB",
            f"{r['rss']:.0f}",
            "<= 150",
            r["rss"] <= 150,
        ),
    ]
    if r["problems"]:
        rows.append(Row("end to end", "problems the stand-in recorded", str(len(r["problems"])), "0", False))
    return rows
