"""End to end through the real bot (a process of its own, ``tests/e2e/bot_process.py``) and the local
Discord of the end-to-end tests, which this process drives as users:

- one game moving alone;
- a **burst**: 200 games each sending ``/stratego move`` in the same instant, per interaction the
  time to the bot's first response (the defer; ``Interaction.latency``) and to the final answer
  (the follow-up with the board);
- **capacity**: moves arriving open-loop at a steady rate R for a few seconds, R rising until the
  final answer's p99 passes 100 ms;
- the bot's CPU per move (from /proc) next to its floor, the two PNGs a move needs encoded
  in-process; REST calls per move; the bot's memory;
- the same game alone and capacity with the bot on PostgreSQL (issue 21; a local server of the
  bench's own, bench/databases.py; "not available" rows without one), and in the full run also two
  shard processes (``SHARD_COUNT=2``) on one PostgreSQL database, the games spread over a guild of
  each shard: per configuration the highest steady rate, the cores taken by each bot process (with
  its render workers), by the PostgreSQL server's processes and by this process (the stand-in and
  the load driver), and the bot's memory (PSS) with a few against all games active.

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

from bench.database import fill
from bench.databases import new_database, postgres, unavailable
from bench.disk import DiskProbe
from bench.moves import stratego_mid_game
from bench.stats import Row, collector_paused, median, percentile
from cogs.stratego.ui import image_words
from db.clocks import DEFAULT_PACE, PACES
from render.stratego import render_board, warm_up
from rules.stratego import GAME
from rules.stratego.board import name
from tests.e2e.bot_process import Where
from tests.e2e.stratego_in_play import Game, in_play
from tests.fakediscord import FakeDiscord
from tests.postgres import postmaster_pid

PACE = PACES[DEFAULT_PACE]
"""The games played here have the turn clock ``/… new`` gives by default (three days a turn), so
each decision stops a clock and starts the next one as in the players' games (before issue 18's
fifteenth pass they had none)."""

GAMES = 200
RATES = (10, 25, 50, 75, 100, 125, 150, 200, 250, 300, 400)
IDLE = 0.3
"""Seconds the bot is left idle before each measurement."""
FINAL_P99_MS = 100.0
FIRST_P99_MS = 1000.0
STALL = 0.05
"""A step that misses its p99 while the disk stalled this long (its slowest fsync, s) or longer is
measured again: its late answers waited for the disk's flush of a commit, and the transactions
queued behind it, not for the bot (``bench/disk.py``; stalls of 100-500 ms come idle or not)."""
AGAIN = 2
"""At most this many more measurements of a rate whose steps the disk spoiled."""
FEW = 20
"""Games moved before the memory is first measured; then all ``GAMES`` (memory per active game)."""


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


def stat_seconds(stat: Path) -> float:
    """User + system CPU time so far in a /proc ``stat`` file (a process's or one thread's); 0 when
    it ended meanwhile."""
    try:
        fields = stat.read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time so far of process ``pid`` (every thread) and of the processes below
    it (the render workers: their drawing is the bot's CPU too)."""
    return sum(stat_seconds(Path(f"/proc/{member}/stat")) for member in family(pid))


def workers_seconds(pid: int) -> float:
    """User + system CPU time so far of the processes below ``pid``: the bot's render workers,
    which do nothing but draw (a drawing's arguments and its PNG cross a socket: their pickling is
    counted too). Per decision, the measured floor of its images."""
    return sum(stat_seconds(Path(f"/proc/{member}/stat")) for member in family(pid)[1:])


def loop_seconds(pid: int) -> float:
    """CPU time so far of process ``pid``'s main thread: the bot's event loop, which every
    interaction, store call and REST call waits for (its render workers and helper threads run
    beside it)."""
    return stat_seconds(Path(f"/proc/{pid}/task/{pid}/stat"))


def machine_busy() -> float:
    """CPU seconds every core of the machine has spent busy so far (/proc/stat: everything but
    idle and I/O wait), whoever's: set against the parts measured, it shows what other work took."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


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
    ``BENCH_PYSPY_ARGS`` adds options (``--gil``: only the thread holding the GIL; ``--idle``).
    Each bot process writes its own file, its pid before the suffix (``sg.txt`` → ``sg.1234.txt``):
    a section that runs the bot on SQLite and then on PostgreSQL keeps both."""
    out = os.environ.get("BENCH_PYSPY")
    if not out:
        return None
    out = str(Path(out).with_suffix(f".{pid}{Path(out).suffix}"))
    exe = Path(sys.executable).with_name("py-spy")
    fmt = "flamegraph" if out.endswith(".svg") else "raw"
    extra = os.environ.get("BENCH_PYSPY_ARGS", "").split()
    args = [str(exe), "record", "-p", str(pid), "-o", out, "-f", fmt, "-r", "200", "--threads", *extra]
    return subprocess.Popen(args, stdout=subprocess.DEVNULL)


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
    disk: float | None = None  # a ramp's step: the disk's slowest fsync meanwhile, s (bench/disk.py)
    spoiled: bool = False
    """A ramp's step that missed its p99 during a disk stall and was measured again (:func:`ramp`)."""
    parts: dict[str, float] = field(default_factory=dict)
    """CPU seconds by process: ``bot 0``, ``bot 1``… (each with its render workers), ``postgres``;
    ``machine``: every process on the machine (other work included)."""

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
        for part, seconds in other.parts.items():
            self.parts[part] = self.parts.get(part, 0.0) + seconds

    def cores(self, part: str) -> float:
        return self.parts.get(part, 0.0) / max(self.wall, 1e-9)


class Bench:
    """The stand-in, ``n_games`` games in play (each in its thread) and the bot's processes (one a
    shard, or one for all); ``server``: the pid of the PostgreSQL server they use, if any."""

    def __init__(
        self,
        fake: FakeDiscord,
        bots: list[asyncio.subprocess.Process],
        games: list[Game],
        users: list[Any],
        server: int | None = None,
    ):
        self.fake, self.bots, self.games, self.users, self.server = fake, bots, games, users, server
        self.made = 0

    def cpu_parts(self) -> dict[str, float]:
        parts = {f"bot {i}": cpu_seconds(bot.pid) for i, bot in enumerate(self.bots)}
        parts.update({f"loop {i}": loop_seconds(bot.pid) for i, bot in enumerate(self.bots)})
        parts.update({f"workers {i}": workers_seconds(bot.pid) for i, bot in enumerate(self.bots)})
        if self.server is not None:
            parts["postgres"] = cpu_seconds(self.server)
        parts["machine"] = machine_busy()
        return parts

    def memory(self) -> float:
        """PSS of every bot process with its render workers, MB."""
        return sum(rss_mb(bot.pid) for bot in self.bots)

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
        with collector_paused():
            t0, cpu0, own0 = time.perf_counter(), self.cpu_parts(), time.process_time()
            out.samples = [s for s in await work(out) if s is not None]
            await self.dms_landed()
        out.wall = time.perf_counter() - t0
        out.parts = {part: seconds - cpu0[part] for part, seconds in self.cpu_parts().items()}
        out.cpu = sum(seconds for part, seconds in out.parts.items() if part.startswith("bot"))
        out.bench_cpu = time.process_time() - own0
        out.rest = self.fake.requests.count(since=t0, interaction_responses=False)
        return out

    async def single(self, moves: int) -> Measured:
        async def work(_: Measured) -> list[Sample | None]:
            return [await self.move(self.games[0]) for _ in range(moves)]

        return await self.measure(work)

    async def burst(self, games: int | None = None) -> Measured:
        """Every game (or the first ``games``) moving at once."""

        async def work(_: Measured) -> list[Sample | None]:
            return list(await asyncio.gather(*(self.move(g) for g in self.games[:games])))

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


async def ramp(
    paced: Callable[[float], Awaitable[Measured]], rates: tuple[int, ...] = RATES
) -> list[tuple[int, Measured]]:
    """Capacity, the same way for every game: ``paced(rate)`` (open-loop arrivals at ``rate`` per
    second, :func:`open_loop`) for each of ``rates`` in turn, the bot idle ``IDLE`` s before each,
    until the final answer's p99 passes ``FINAL_P99_MS`` (that step is kept too). Each step notes
    the slowest fsync of the disk meanwhile (``bench/disk.py``); a step that missed while the disk
    stalled ``STALL`` or longer is kept, marked spoiled, and its rate measured again (at most
    ``AGAIN`` times), so the capacity says what the bot can do, not when the disk stalled."""
    steps: list[tuple[int, Measured]] = []
    with DiskProbe() as disk:
        for rate in rates:
            for again in range(AGAIN + 1):
                await asyncio.sleep(IDLE)
                start = time.perf_counter()
                m = await paced(rate)
                m.disk = disk.slowest(start, time.perf_counter())
                missed = m.ms("final", 99) > FINAL_P99_MS
                m.spoiled = missed and m.disk >= STALL and again < AGAIN
                steps.append((rate, m))
                if not m.spoiled:
                    break
            if missed:
                break
    return steps


def stalled(m: Measured) -> str:
    """What a ramp step's row adds when the disk spoiled it (:func:`ramp`)."""
    return " (the disk stalled: measured again)" if m.spoiled else ""


def highest(steps: list[tuple[int, Measured]]) -> int:
    """The highest rate of a ramp before the first step whose final p99 passed ``FINAL_P99_MS``
    (a spoiled step counts for nothing: its rate was measured again)."""
    best = 0
    for rate, m in steps:
        if m.spoiled:
            continue
        if m.ms("final", 99) > FINAL_P99_MS:
            break
        best = rate
    return best


def capacity_rows(
    section: str, unit: str, steps: list[tuple[int, Measured]], target: int = 100, who: str = ""
) -> list[Row]:
    """One row per step of a ramp, the summary row with the target (issue 18 §7: the highest
    steady rate with final answer p99 <= 100 ms, at least 100 a second for every game) and the
    bot's CPU against its images'; ``who`` (the games ramped, e.g. "4 players") heads those two."""
    rows = [
        Row(
            section,
            f"steady {rate} {unit}/s, {m.wall:.1f} s: final p50 / p99, first p99 ms; bot CPU ms/{unit[:-1]}, cores"
            " (its event loop's); the stand-in's cores; the disk's slowest fsync, ms",
            f"{m.ms('final', 50):.1f} / {m.ms('final', 99):.1f}, {m.ms('first', 99):.1f}; "
            f"{m.cpu_ms:.1f}, {m.cpu / max(m.wall, 1e-9):.2f} ({m.cores('loop 0'):.2f}); "
            f"{m.bench_cpu / max(m.wall, 1e-9):.2f}"
            + (f" (sent up to {m.lag * 1000:.0f} ms late)" if m.lag > 0.05 else "")
            + (f"; {m.disk * 1000:.0f}" if m.disk is not None else "")
            + stalled(m),
        )
        for rate, m in steps
    ]
    best = highest(steps)
    rows.append(
        Row(
            section,
            f"{who}highest steady rate with final answer p99 <= {FINAL_P99_MS:.0f} ms, {unit}/s",
            f"{best}",
            f">= {target}",
            best >= target,
        )
    )
    rows.append(image_share_row(section, unit, [m for _, m in steps], who))
    return rows


def image_share_row(section: str, unit: str, measured: list[Measured], who: str = "") -> Row:
    """Issue 18 §7, measured the same way for every game: the bot's CPU per decision (render
    workers included) against its render workers' alone — the images it drew, their pickling
    included — over the steps of a ramp (target: at most 1.5 times)."""
    n = sum(len(m.samples) for m in measured)
    bot = sum(m.cpu for m in measured) / max(1, n) * 1000
    images = sum(v for m in measured for part, v in m.parts.items() if part.startswith("workers")) / max(1, n) * 1000
    share = f"{bot / images:.2f}x" if images > 0 else "n/a"
    return Row(
        section,
        f"{who}bot CPU per {unit[:-1]} against its render workers' (the images it drew), the ramp's steps, ms",
        f"{bot:.1f} / {images:.1f} = {share}",
        "<= 1.5x",
        images > 0 and bot <= 1.5 * images,
    )


async def start(fake: FakeDiscord, where: Where, n_games: int, shards: int = 1, server: int | None = None) -> Bench:
    """``n_games`` Stratego games in play stored in ``where`` and the bot on it, one process or one a
    shard (tests/e2e/stratego_in_play.py)."""
    bots, games, users = await in_play(fake, where, n_games, shards)
    return Bench(fake, bots, games, users, server)


async def stop(bot: asyncio.subprocess.Process, spy: subprocess.Popen[bytes] | None) -> None:
    """py-spy (if it samples) asked to write its file, then the bot process ended."""
    if spy is not None and spy.poll() is None:
        spy.send_signal(signal.SIGINT)  # py-spy writes its file and exits
        spy.wait(60)
    bot.terminate()
    await bot.wait()


async def _run(quick: bool, where: Where, shards: int = 1, server: int | None = None) -> dict[str, Any]:
    """The measurements on the games stored in ``where`` (filled: :func:`fill`), the bot in
    ``shards`` processes; ``server``: the PostgreSQL server's pid, whose CPU is counted too."""
    async with FakeDiscord(interaction_deadline=None, timeout=120, shard_count=shards) as fake:
        bench = await start(fake, where, GAMES, shards, server)
        spy = None
        try:
            # Two rounds open every player's DM channel (discord.py caches it); not measured. The
            # first FEW games first: the bot's memory with a few games active, then with all.
            for _ in range(2):
                await bench.burst(FEW)
            few = bench.memory()
            for _ in range(2):
                await bench.burst()
            every = bench.memory()
            spy = pyspy(bench.bots[0].pid)
            await asyncio.sleep(IDLE)
            single = await bench.single(10 if quick else 40)
            bursts = []
            for _ in range(2 if quick else 5):
                await asyncio.sleep(IDLE)
                bursts.append(await bench.burst())
            memory = bench.memory()
            steps = await ramp(lambda rate: bench.paced(rate, 1.5 if quick else 4.0))
            problems = fake.problems()
        finally:
            for i, bot in enumerate(bench.bots):
                await stop(bot, spy if i == 0 else None)
    burst = Measured()
    for b in bursts:
        burst.add(b)
    played = [g.state for g in bench.games if g.state.phase == "play"]
    return {
        "single": single,
        "burst": burst,
        "steps": steps,
        "rss": memory,
        "few": few,
        "every": every,
        "problems": problems,
        "played": played,
    }


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


SQLITE, POSTGRES, SHARDS = "1 process on SQLite", "1 process on PostgreSQL", "2 shard processes on PostgreSQL"


def configurations(quick: bool, stored: int) -> tuple[dict[str, dict[str, Any]], str]:
    """The measurements of every configuration run, by name, and why PostgreSQL's are missing
    (""). Each starts on the same ``stored`` games; two shard processes only in the full run."""
    out: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        asyncio.run(fill(path, stored))
        out[SQLITE] = asyncio.run(_run(quick, path))
    with postgres() as (server, reason):
        if server is not None:
            filled = new_database(server)
            asyncio.run(fill(filled, stored))
            pid = postmaster_pid(server)
            out[POSTGRES] = asyncio.run(_run(quick, new_database(server, filled), server=pid))
            if not quick:
                out[SHARDS] = asyncio.run(_run(quick, new_database(server, filled), shards=2, server=pid))
    return out, reason


def _cores(m: Measured) -> str:
    """Cores taken during ``m``: each bot process (with its render workers) / the PostgreSQL
    server / this process (the stand-in and the load driver) / the whole machine (of its
    ``os.cpu_count()``; the rest of it is other work)."""
    bots = " + ".join(f"{m.cores(part):.2f}" for part in sorted(m.parts) if part.startswith("bot"))
    server = f"{m.cores('postgres'):.2f}" if "postgres" in m.parts else "-"
    return f"{bots} / {server} / {m.bench_cpu / max(m.wall, 1e-9):.2f} / {m.cores('machine'):.2f}"


def capacity_comparison(configs: dict[str, dict[str, Any]], stored: int) -> list[Row]:
    """Issue 21 §4: per configuration the highest steady rate with final p99 <= 100 ms, the cores
    each process took at it and at the next step (the first past the bound: what runs out), and
    the bot's memory with a few and with all games active."""
    rows = []
    for label, r in configs.items():
        steps: list[tuple[int, Measured]] = r["steps"]
        best = highest(steps)
        kept = [(rate, m) for rate, m in steps if not m.spoiled]
        at = next((m for rate, m in kept if rate == best), None)
        past = next(((rate, m) for rate, m in kept if rate > best), None)
        value = f"{best}; " + (_cores(at) if at is not None else "-")
        if past is not None:
            value += f"; at {past[0]}/s: p99 {past[1].ms('final', 99):.0f} ms, {_cores(past[1])}"
        rows.append(
            Row(
                "capacity",
                f"{label}: highest steady rate (final p99 <= {FINAL_P99_MS:.0f} ms), moves/s; cores at it and "
                "at the next step: bot processes / PostgreSQL / stand-in + load driver / whole machine",
                value,
            )
        )
        per_game = (r["every"] - r["few"]) / (GAMES - FEW) * 1024
        rows.append(
            Row(
                "capacity",
                f"{label}: bot memory (PSS, all its processes) with {FEW} / {GAMES} active games "
                f"({stored:,} stored), MB; per active game, KB",
                f"{r['few']:.0f} / {r['every']:.0f}; {per_game:.0f}",
            )
        )
    return rows


def run(quick: bool) -> list[Row]:
    stored = 1_000 if quick else 10_000
    configs, reason = configurations(quick, stored)
    r = configs[SQLITE]
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
    if POSTGRES in configs:
        pg = configs[POSTGRES]
        rows.append(
            Row(
                "end to end, PostgreSQL",
                "move, 1 game alone: final answer p50 / p99 ms",
                _ms(pg["single"], "final").rsplit(" / ", 1)[0],
            )
        )
        rows += capacity_rows("end to end, PostgreSQL", "moves", pg["steps"])
    else:
        rows.append(unavailable("end to end", "move, 1 game alone; capacity", reason))
    rows += capacity_comparison(configs, stored)
    for label, measured in configs.items():
        if measured["problems"]:
            rows.append(
                Row(
                    "end to end", f"{label}: problems the stand-in recorded", str(len(measured["problems"])), "0", False
                )
            )
    return rows
