"""Shitenno end to end through the real bot (``bench/bot_process.py``) and the local Discord:

- **decisions**: 50 games of 2 players and 50 of 4 in one bot process (each in its thread, made
  in the store before the bot starts, a random number of decisions in). A decision is
  ``/shitenno act action:<notation>`` of the seat to act, chosen here at random among
  ``GAME.legal`` without ``resign`` and without the decisions that would end the game (so games
  never end and every decision costs the same kind of work: news, board image, DMs). Per player
  count: decisions arriving open-loop at a steady rate, then bursts (every game at once); the
  final answer (``await i.response()``), REST calls besides the interaction response, and the
  bot's CPU (from /proc) per decision;
- **autocomplete**: control-phase positions of 2–4 players, 24 (quick) or 90 drawn at random
  from every control position of 24 or 120 random games (some of whose players save cards:
  ``HOARD``), and the 6 or 20 other positions of those games with the most distinct payments
  (the dearest answers); the bot's answer to ``/shitenno conquer`` ``province`` and ``with``
  (empty, and the first word of an offered payment) and ``/shitenno act`` ``action`` (empty,
  and ``conquer``), one at a time, timed from sending to the choices arriving; next to it the
  engine's part (``conquest_payments`` of every province, which each of these answers computes)
  timed in this process on the same positions.

``BENCH_PYSPY=file`` samples the bot with py-spy as in ``bench/e2e.py``.
"""

from __future__ import annotations

import asyncio
import collections
import gc
import random
import signal
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.e2e import IDLE, Sample, cpu_seconds, launch, open_loop, pyspy, rss_mb
from bench.moves import random_move
from bench.stats import Row, median, percentile
from db.store import GameStore
from rules.shitenno import GAME
from rules.shitenno.actions import EndTurn
from rules.shitenno.content import CONTENT
from rules.shitenno.engine import conquest_payments
from tests.fakediscord import FakeDiscord

GAMES = 50
"""Games per player count."""
COUNTS = (2, 4)
USERS = 100
AUTOCOMPLETE_MS = 100.0
DM_CHANNELS = "/users/@me/channels"
PROVINCES = 3
"""``with`` is asked for at most this many of the provinces offered (each answer lists the
payments of every province, so which one matters little)."""


def random_action(state: Any, seat: int, rnd: random.Random) -> tuple[Any, Any] | None:
    """A random legal decision (not resign) that does not end the game, and the state after it."""
    actions = [a for a in GAME.legal(state, seat) if a.notation() != "resign"]
    rnd.shuffle(actions)
    for a in actions:
        after = GAME.load(GAME.dump(state))
        GAME.apply(after, seat, a)
        if after.phase != "finished":
            return a, after
    return None


@dataclass
class Game:
    thread: Any
    users: list[Any]  # by seat
    state: Any
    rnd: random.Random
    stuck: bool = False

    @property
    def n(self) -> int:
        return len(self.users)


@dataclass
class Measured:
    samples: list[Sample] = field(default_factory=list)
    cpu: float = 0.0
    wall: float = 0.0
    rest: int = 0
    dm_opens: int = 0
    lag: float = 0.0

    def ms(self, p: float) -> float:
        values = [s.final for s in self.samples]
        return (median(values) if p == 50 else percentile(values, p)) * 1000

    def add(self, other: Measured) -> None:
        self.samples += other.samples
        self.cpu += other.cpu
        self.wall += other.wall
        self.rest += other.rest
        self.dm_opens += other.dm_opens


class Bench:
    def __init__(self, fake: FakeDiscord, bot: asyncio.subprocess.Process, games: list[Game]) -> None:
        self.fake, self.bot, self.games = fake, bot, games

    async def decide(self, game: Game, due: float | None = None) -> Sample | None:
        seat = GAME.to_act(game.state)[0]
        picked = random_action(game.state, seat, game.rnd)
        if picked is None:
            game.stuck = True
            return None
        action, after = picked
        notation = action.notation()
        start = time.perf_counter()
        i = await self.fake.slash(game.users[seat], game.thread, "shitenno act", action=notation)
        answer = await i.response()
        took = time.perf_counter() - (start if due is None else due)
        assert not answer.ephemeral, (notation, answer.content)
        assert i.latency is not None
        game.state = after
        return Sample(i.latency, took)

    async def measure(self, work: Any) -> Measured:
        out = Measured()
        t0, cpu0 = time.perf_counter(), cpu_seconds(self.bot.pid)
        out.samples = [s for s in await work(out) if s is not None]
        out.wall = time.perf_counter() - t0
        out.cpu = cpu_seconds(self.bot.pid) - cpu0
        calls = [r for r in self.fake.requests.records if r.started >= t0 and not r.interaction_response]
        out.rest = len(calls)
        out.dm_opens = sum(1 for r in calls if r.path.endswith(DM_CHANNELS))
        return out

    def of(self, n: int) -> list[Game]:
        return [g for g in self.games if g.n == n and not g.stuck]

    async def burst(self, n: int) -> Measured:
        async def work(_: Measured) -> list[Sample | None]:
            return list(await asyncio.gather(*(self.decide(g) for g in self.of(n))))

        return await self.measure(work)

    async def paced(self, n: int, rate: float, seconds: float) -> Measured:
        """Open loop as in ``bench/e2e.py``: decision k is due at ``k / rate`` s, in the game of
        ``n`` players idle longest; latency counts from the due time."""

        async def work(out: Measured) -> list[Sample | None]:
            return await open_loop(list(self.of(n)), rate, seconds, self.decide, out)

        return await self.measure(work)


HOARD = (0.0, 0.5, 0.8)
"""In the games the autocomplete positions come from, the player in control ends the turn at once
with these probabilities (cycled over the games), else decides at random: players who save their
cards for later hold large hands, where payments multiply (thousands for one hand)."""


@dataclass
class Position:
    n: int
    seed: int
    plays: list[Any]  # (seat, action) from the start
    state: Any
    payments: int = 0


def control_positions(games: int, first_seed: int) -> list[Position]:
    """Every control-phase position of ``games`` random games (2, 3, 4 players and the policies
    of ``HOARD`` cycled), with the number of distinct payments of the seat to act."""
    out = []
    for k in range(games):
        n, hoard, seed = 2 + k % 3, HOARD[(k // 3) % len(HOARD)], first_seed + k
        st, rnd = GAME.new(n, {}, seed), random.Random(seed)
        plays: list[Any] = []
        while st.phase != "finished":
            seat = GAME.to_act(st)[0]
            if st.phase == "control":
                payments = sum(len(conquest_payments(st, seat, p.id)) for p in CONTENT.provinces)
                out.append(Position(n, seed, plays, GAME.load(GAME.dump(st)), payments))
                a = EndTurn() if rnd.random() < hoard else random_move(GAME, st, seat, rnd)
            else:
                a = random_move(GAME, st, seat, rnd)
            GAME.apply(st, seat, a)
            plays = [*plays, (seat, a)]
    return out


async def made(store: GameStore, n: int, seed: int, users: list[Any], where: tuple[Any, Any], plays: list[Any]) -> Any:
    """A game in the store (its thread, ``n`` seats) with ``plays`` appended; its state."""
    guild, channel = where
    thread = channel.create_thread(f"shitenno {seed}", owner=users[0])
    rec = await store.create(
        "shitenno",
        [u.id for u in users],
        {},
        seed,
        guild_id=guild.id,
        channel_id=channel.id,
        creator_id=users[0].id,
        thread_id=thread.id,
    )
    version, state = rec.version, rec.load_state()
    for seat, a in plays:
        result = await store.append(rec.id, version, seat, a)
        version, state = result.version, result.state
    return thread, state


async def autocomplete(
    fake: FakeDiscord, positions: list[tuple[Any, list[Any], Any]]
) -> dict[str, list[tuple[int, float]]]:
    """Each answer timed alone, from sending to the choices arriving, by what was asked, with
    the index of its position."""
    times: dict[str, list[tuple[int, float]]] = collections.defaultdict(list)

    async def ask(at: int, what: str, user: Any, thread: Any, command: str, given: dict[str, Any], focused: str) -> Any:
        t0 = time.perf_counter()
        choices = await fake.autocomplete(user, thread, command, given, focused=focused)
        times[what].append((at, time.perf_counter() - t0))
        return choices

    for at, (thread, users, state) in enumerate(positions):
        user = users[GAME.to_act(state)[0]]
        provinces = await ask(at, "province", user, thread, "shitenno conquer", {"province": ""}, "province")
        for p in provinces[:PROVINCES]:
            ways = await ask(at, "with", user, thread, "shitenno conquer", {"province": p.value, "with": ""}, "with")
            if ways:
                first = str(ways[0].value)
                word = (first.split()[2:] if first.startswith(("conquer ", "buy ")) else first.split())[:1]
                given = {"province": p.value, "with": word[0] if word else ""}
                await ask(at, "with, a word typed", user, thread, "shitenno conquer", given, "with")
        await ask(at, "act", user, thread, "shitenno act", {"action": ""}, "action")
        await ask(at, "act, 'conquer' typed", user, thread, "shitenno act", {"action": "conquer"}, "action")
    return times


def engine_ms(states: list[Any]) -> list[float]:
    """``conquest_payments`` of every province for the seat to act, the best of 3 runs: the
    engine's part of each answer above (``act`` also lists ``GAME.legal``, about as much again)."""
    out = []
    for st in states:
        seat = GAME.to_act(st)[0]
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            for p in CONTENT.provinces:
                conquest_payments(st, seat, p.id)
            best = min(best, time.perf_counter() - t0)
        out.append(best * 1000)
    return out


async def _run(quick: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        async with FakeDiscord(interaction_deadline=None, timeout=120) as fake:
            guild = fake.add_guild("bench")
            channel = guild.add_text_channel("games")
            users = [fake.add_user(f"p{i}") for i in range(USERS)]
            for u in users:
                guild.add_member(u)
            store = await GameStore.open(path, synchronous="OFF")
            games: list[Game] = []
            seed = 0
            for n in COUNTS:
                for g in range(GAMES):
                    seat_users = [users[(n * g + i) % USERS] for i in range(n)]
                    st, rnd = GAME.new(n, {}, seed), random.Random(seed)
                    plays = []
                    for _ in range(rnd.randrange(0, 30)):
                        s = GAME.to_act(st)[0]
                        picked = random_action(st, s, rnd)
                        if picked is None:
                            break
                        plays.append((s, picked[0]))
                        st = picked[1]
                    thread, state = await made(store, n, seed, seat_users, (guild, channel), plays)
                    games.append(Game(thread, seat_users, state, rnd))
                    seed += 1
            pool = control_positions(24 if quick else 120, 1_000)
            rnd = random.Random(5)
            picked = rnd.sample(pool, 24 if quick else 90)
            rest = sorted((p for p in pool if p not in picked), key=lambda p: -p.payments)
            picked += rest[: 6 if quick else 20]
            del pool, rest
            gc.collect()  # the pool's thousands of states, not to be collected while timing
            positions = []
            for k, pos in enumerate(picked):
                seat_users = [users[(7 * k + i) % USERS] for i in range(pos.n)]
                thread, state = await made(store, pos.n, pos.seed, seat_users, (guild, channel), pos.plays)
                assert GAME.dump(state) == GAME.dump(pos.state)
                positions.append((thread, seat_users, state))
            await store.close()
            bot = await launch(fake, path, guild, users[0], channel)
            bench = Bench(fake, bot, games)
            spy = None
            results: dict[int, dict[str, Any]] = {}
            try:
                for n in COUNTS:  # open every player's DM channel (discord.py caches it); not measured
                    for _ in range(1 if quick else 2):
                        await bench.burst(n)
                spy = pyspy(bot.pid)
                for n in COUNTS:
                    await asyncio.sleep(IDLE)
                    paced = await bench.paced(n, 20, 2.0 if quick else 6.0)
                    bursts = Measured()
                    for _ in range(1 if quick else 3):
                        await asyncio.sleep(IDLE)
                        bursts.add(await bench.burst(n))
                    results[n] = {"paced": paced, "burst": bursts}
                await asyncio.sleep(IDLE)
                times = await autocomplete(fake, positions)
                memory = rss_mb(bot.pid)
                problems = fake.problems()
            finally:
                if spy is not None and spy.poll() is None:
                    spy.send_signal(signal.SIGINT)
                    spy.wait(60)
                bot.terminate()
                await bot.wait()
    return {
        "results": results,
        "times": times,
        "engine": engine_ms([s for _, _, s in positions]),
        "random": 24 if quick else 90,
        "rss": memory,
        "problems": problems,
        "stuck": sum(g.stuck for g in games),
    }


def run(quick: bool) -> list[Row]:
    r = asyncio.run(_run(quick))
    rows = []
    for n, res in r["results"].items():
        paced, burst = res["paced"], res["burst"]
        both = Measured()
        both.add(paced)
        both.add(burst)
        k = max(1, len(both.samples))
        rows += [
            Row(
                "shitenno e2e",
                f"{n} players, 20 decisions/s in {GAMES} games: final answer p50 / p99 ms",
                f"{paced.ms(50):.1f} / {paced.ms(99):.1f}"
                + (f" (sent up to {paced.lag * 1000:.0f} ms late)" if paced.lag > 0.05 else ""),
            ),
            Row(
                "shitenno e2e",
                f"{n} players, burst of {GAMES} decisions at once: final answer p50 / p99, first p99 ms",
                f"{burst.ms(50):.1f} / {burst.ms(99):.1f}, "
                f"{percentile([x.first for x in burst.samples], 99) * 1000:.1f}",
            ),
            Row(
                "shitenno e2e",
                f"{n} players: REST calls per decision besides the interaction response",
                f"{(both.rest - both.dm_opens) / k:.2f}"
                + (f" (+ {both.dm_opens} first DM channel opens)" if both.dm_opens else ""),
            ),
            Row(
                "shitenno e2e",
                f"{n} players: bot CPU per decision (steady; burst), ms",
                f"{paced.cpu / max(1, len(paced.samples)) * 1000:.1f}; "
                f"{burst.cpu / max(1, len(burst.samples)) * 1000:.1f}",
            ),
        ]
    n_random = r["random"]
    worst_random = worst_dear = 0.0
    for what, values in r["times"].items():
        ms_random = [x * 1000 for pos, x in values if pos < n_random]
        ms_dear = [x * 1000 for pos, x in values if pos >= n_random]
        worst_random = max(worst_random, *ms_random)
        worst_dear = max(worst_dear, *ms_dear, 0.0)
        rows.append(
            Row(
                "shitenno e2e",
                f"autocomplete {what}: random positions p99 / max; most payments max, ms",
                f"{percentile(ms_random, 99):.1f} / {max(ms_random):.1f}; {max(ms_dear, default=float('nan')):.1f}",
            )
        )
    rows.append(
        Row(
            "shitenno e2e",
            f"autocomplete, worst answer on {n_random} random control positions, ms",
            f"{worst_random:.1f}",
            "<= 100",
            worst_random <= AUTOCOMPLETE_MS,
        )
    )
    rows.append(
        Row(
            "shitenno e2e",
            f"autocomplete, worst answer on the {len(r['engine']) - n_random} positions of those games"
            " with the most payments, ms",
            f"{worst_dear:.1f}",
            "<= 100",
            worst_dear <= AUTOCOMPLETE_MS,
        )
    )
    rows.append(
        Row(
            "shitenno e2e",
            "engine part: conquest_payments of every province, random p99 / max; most payments max, ms",
            f"{percentile(r['engine'][:n_random], 99):.1f} / {max(r['engine'][:n_random]):.1f}; "
            f"{max(r['engine'][n_random:], default=float('nan')):.1f}",
        )
    )
    rows.append(Row("shitenno e2e", f"resident memory of the bot process, {2 * GAMES} games, MB", f"{r['rss']:.0f}"))
    if r["stuck"]:
        rows.append(Row("shitenno e2e", "games with only game-ending decisions left (left out)", str(r["stuck"])))
    if r["problems"]:
        rows.append(Row("shitenno e2e", "problems the stand-in recorded", str(len(r["problems"])), "0", False))
    return rows
