"""Shitenno end to end through the real bot (``tests/e2e/bot_process.py``) and the local Discord:

- **decisions**: 50 games of 2 players and 50 of 4 in one bot process (each in its thread, made
  in the store before the bot starts, a random number of decisions in). A decision is
  ``/shitenno act action:<notation>`` of the seat to act, chosen here at random among
  ``GAME.legal`` without ``resign`` and without the decisions that would end the game (so games
  never end and every decision costs the same kind of work: news, board image, DMs). Per player
  count: decisions arriving open-loop at a steady rate, then bursts (every game at once), then
  (4 players) capacity by the ramp of ``bench/e2e.py``; the final answer
  (``await i.response()``), REST calls besides the interaction response, and the bot's CPU (from
  /proc) per decision;
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
import time
from dataclasses import dataclass
from typing import Any

from bench import e2e, e2e_games
from bench.e2e import IDLE, Sample, pyspy, rss_mb
from bench.e2e_games import RATE, Game, World, both, late, random_action, rest_row
from bench.moves import random_move
from bench.stats import Row, collector_paused, percentile
from rules.shitenno import GAME
from rules.shitenno.actions import EndTurn
from rules.shitenno.content import CONTENT
from rules.shitenno.engine import conquest_payments
from tests.fakediscord import FakeDiscord

GAMES = 50
"""Games per player count."""
COUNTS = (2, 4)
CAPACITY_PLAYERS = 4
"""Capacity (``bench/e2e.py``'s ramp) is measured with the games of this many players."""
AUTOCOMPLETE_MS = 100.0
PROVINCES = 3
"""``with`` is asked for at most this many of the provinces offered (each answer lists the
payments of every province, so which one matters little)."""


class Bench(e2e_games.Bench):
    engine = GAME

    async def decide(self, game: Game, due: float | None = None) -> Sample | None:
        seat = GAME.to_act(game.state)[0]
        picked = self.draw(game, seat)
        if picked is None:
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


async def made(w: World, seed: int, users: list[Any], plays: list[Any]) -> Any:
    """A game in the store (its thread, a seat per user) with ``plays`` appended; its state."""
    rec, thread = await w.create("shitenno", {}, seed, users)
    version, state = rec.version, rec.load_state()
    for seat, a in plays:
        result = await w.store.games.append(rec.id, version, seat, a)
        version, state = result.version, result.state
    await w.store.outbox.told(rec.id, version)  # as a bot that told them: no catch-up at the bot's start
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
    async with e2e_games.world() as w:
        games: list[Game] = []
        for n, seed, seat_users in w.tables(COUNTS, GAMES):
            st, rnd = GAME.new(n, {}, seed), random.Random(seed)
            plays = []
            for _ in range(rnd.randrange(0, 30)):
                s = GAME.to_act(st)[0]
                picked = random_action(GAME, st, s, rnd)
                if picked is None:
                    break
                plays.append((s, picked[0]))
                st = picked[1]
            thread, state = await made(w, seed, seat_users, plays)
            games.append(Game(thread, seat_users, state, rnd))
        pool = control_positions(24 if quick else 120, 1_000)
        rnd = random.Random(5)
        chosen = rnd.sample(pool, 24 if quick else 90)
        rest = sorted((p for p in pool if p not in chosen), key=lambda p: -p.payments)
        chosen += rest[: 6 if quick else 20]
        del pool, rest
        gc.collect()  # the pool's thousands of states, not to be collected while timing
        positions = []
        for k, pos in enumerate(chosen):
            seat_users = w.seats(pos.n, 7 * k)
            thread, state = await made(w, pos.seed, seat_users, pos.plays)
            assert GAME.dump(state) == GAME.dump(pos.state)
            positions.append((thread, seat_users, state))
        async with w.bot() as bot:
            bench = Bench(w.fake, bot, games)
            await bench.warm(COUNTS, 1 if quick else 2)
            w.spy = pyspy(bot.pid)
            results = {n: await bench.round(n, quick) for n in COUNTS}
            steps = await bench.capacity(CAPACITY_PLAYERS, quick)
            await asyncio.sleep(IDLE)
            with collector_paused():
                times = await autocomplete(w.fake, positions)
            memory, drawn_late = rss_mb(bot.pid), bench.drawn_late
            problems = w.fake.problems()
    return {
        "results": results,
        "steps": steps,
        "times": times,
        "engine": engine_ms([s for _, _, s in positions]),
        "random": 24 if quick else 90,
        "rss": memory,
        "problems": problems,
        "stuck": sum(g.stuck for g in games),
        "drawn_late": drawn_late,
    }


def run(quick: bool) -> list[Row]:
    r = asyncio.run(_run(quick))
    rows = []
    for n, res in r["results"].items():
        paced, burst = res["paced"], res["burst"]
        rows += [
            Row(
                "shitenno e2e",
                f"{n} players, {RATE} decisions/s in {GAMES} games: final answer p50 / p99 ms",
                f"{paced.ms('final', 50):.1f} / {paced.ms('final', 99):.1f}" + late(paced),
            ),
            Row(
                "shitenno e2e",
                f"{n} players, burst of {GAMES} decisions at once: final answer p50 / p99, first p99 ms",
                f"{burst.ms('final', 50):.1f} / {burst.ms('final', 99):.1f}, {burst.ms('first', 99):.1f}",
            ),
            rest_row("shitenno e2e", f"{n} players", both(res)),
            Row(
                "shitenno e2e",
                f"{n} players: bot CPU per decision (steady; burst), ms",
                f"{paced.cpu_ms:.1f}; {burst.cpu_ms:.1f}",
            ),
        ]
    rows += e2e.capacity_rows("shitenno e2e", "decisions", r["steps"], who=f"{CAPACITY_PLAYERS} players: ")
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
    return rows + e2e_games.closing_rows("shitenno e2e", len(COUNTS) * GAMES, r)
