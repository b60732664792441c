"""Leagues' pure core (issue 47 §4): 1,000 random leagues of each format and table kind — two-player
round robin and Swiss, and tables (of a game of 3–4 or of 2–4 players, at each table size) round
robin and Swiss — of 3–64 players with withdrawals, byes, draws and games closed by hand, simulated
without Discord or a store (tests/league_play.py), each checked as the property tests check them:
every pairing valid, the standings and every tie-break equal to an independent computation, the
places shared exactly when all is equal. Reported: leagues with any problem (target none, with the
95 % interval of its rate), time per league and per round's pairing, and what is measured rather
than asserted: Swiss colours (players ever beyond ±1, and three of a colour running, which is a
problem only where a pairing without it, a repeat or a second bye existed) and how evenly a round
robin of tables spreads meetings."""

from __future__ import annotations

import math
import random
import time

from bench.stats import Row, median, percentile
from rules.league.config import Format
from tests.league_play import colour_faults, meeting_spread, pairing_problems, play, random_config, standing_problems

KINDS = [
    ("two-player round robin", True, Format.ROUND_ROBIN),
    ("two-player Swiss", True, Format.SWISS),
    ("tables round robin", False, Format.ROUND_ROBIN),
    ("tables Swiss", False, Format.SWISS),
]


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a rate of ``k`` in ``n``."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def run(quick: bool) -> list[Row]:
    leagues = 50 if quick else 1000
    rows: list[Row] = []
    for name, two_player, fmt in KINDS:
        section = f"leagues: {name}"
        bad = 0
        first_problem = ""
        per_league: list[float] = []
        pairing: list[float] = []
        largest: list[float] = []
        rounds = games = players = 0
        colours = [0, 0, 0]
        spreads: list[int] = []
        for i in range(leagues):
            rnd = random.Random(i)
            count = rnd.randint(3 if two_player else 4, 64)
            config = random_config(rnd, two_player, fmt, count)
            started = time.perf_counter()
            league = play(config, count, rnd, i)
            problems = pairing_problems(league) + standing_problems(league)
            per_league.append(time.perf_counter() - started)
            pairing += league.pairing_seconds
            if count >= 60:
                largest += league.pairing_seconds
            rounds += len(league.played)
            games += sum(1 for pr in league.played for t in pr.round.tables if t.needs_game)
            players += count
            if problems:
                bad += 1
                first_problem = first_problem or f"league {i}: {problems[0]}"
            if two_player and fmt is Format.SWISS:
                three, beyond, total = colour_faults(league)
                colours = [colours[0] + three, colours[1] + beyond, colours[2] + total]
            if not two_player and fmt is Format.ROUND_ROBIN:
                low, high = meeting_spread(league)
                spreads.append(high - low)
        lo, hi = wilson(bad, leagues)
        rows.append(
            Row(
                section,
                f"leagues with a problem ({leagues} leagues, {rounds} rounds, {games} games, {players} players)",
                f"{bad} (95 % CI {100 * lo:.2f}–{100 * hi:.2f} %){' — ' + first_problem if first_problem else ''}",
                "0",
                bad == 0,
            )
        )
        rows.append(
            Row(
                section,
                "time per league, simulated and checked (median / p95)",
                f"{1000 * median(per_league):.0f} / {1000 * percentile(per_league, 95):.0f} ms",
            )
        )
        rows.append(
            Row(
                section,
                "pairing one round (median / p99 / max; max at 60–64 players)",
                f"{1000 * median(pairing):.1f} / {1000 * percentile(pairing, 99):.1f} / {1000 * max(pairing):.1f} ms;"
                f" {1000 * max(largest, default=0.0):.1f} ms",
                "opening a round within 60 s",
                max(pairing) < 60,
            )
        )
        if colours[2]:
            lo3, hi3 = wilson(colours[0], colours[2])
            lo1, hi1 = wilson(colours[1], colours[2])
            rows.append(
                Row(
                    section,
                    f"players with a colour three times running / ever beyond ±1 (of {colours[2]})",
                    f"{colours[0]} ({100 * lo3:.2f}–{100 * hi3:.2f} %) / "
                    f"{colours[1]} ({100 * lo1:.1f}–{100 * hi1:.1f} %)",
                    "none avoidable (counted as problems above); FIDE allows ±2",
                )
            )
        if spreads:
            counts = {d: spreads.count(d) for d in sorted(set(spreads))}
            rows.append(
                Row(
                    section,
                    "most minus fewest meetings of two players who stayed (leagues by spread)",
                    ", ".join(f"{d}: {c}" for d, c in counts.items()),
                )
            )
    return rows
