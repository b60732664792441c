"""The computers' think time and strength (issue 46 §3): seeded games between a computer level and
the baselines (a random mover; the game's automatic player where it has one), with a 95 %
confidence interval for every share, each game's results on one OpenSkill ladder, and the CPU
time of every computer decision. Every registered game with a computer (``GameKind.computer``)
takes part; a game's player counts are its fewest and its most (at most four)."""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from bench.stats import Row
from cogs.games import GameKind, registered
from cogs.workload import random_move
from rules.computer import Level
from rules.protocol import Action, AnyGame, Outcome

Decide = Callable[[Any, int, random.Random], Action]
"""A contestant's decision for a seat of a state (a computer reads only the seat's view)."""
MOVE_CAP = 3000
"""Decisions at most in one game (then it counts as a draw for everyone)."""


@dataclass
class Contestant:
    name: str
    decide: Decide
    think: list[float] = field(default_factory=list)
    """CPU seconds of each decision (measured for the computers)."""


def computer(kind: GameKind, level: Level) -> Contestant:
    """``kind``'s computer at ``level``, seeing only the seat's view; its think time kept."""
    assert kind.computer is not None
    engine, chosen = kind.engine, kind.computer
    think: list[float] = []

    def decide(state: Any, seat: int, rnd: random.Random) -> Action:
        started = time.process_time()
        action: Action = chosen.decide(engine.view(state, seat), seat, level, rnd.getrandbits(62))
        think.append(time.process_time() - started)
        return action

    return Contestant(level.value, decide, think)


def baselines(kind: GameKind) -> list[Contestant]:
    engine = kind.engine
    found = [Contestant("random", lambda s, seat, rnd: random_move(engine, s, seat, rnd))]
    auto = kind.auto
    if auto is not None:
        found.append(Contestant("automatic", lambda s, seat, rnd: auto(s, seat)))
    return found


def play(engine: AnyGame, seats: Sequence[Contestant], seed: int, options: dict[str, Any] | None) -> Outcome | None:
    """One seeded game, ``seats[i]`` deciding for seat ``i``; None when it hit :data:`MOVE_CAP`."""
    state = engine.new(len(seats), options, seed)
    rnd = random.Random(seed)
    for _ in range(MOVE_CAP):
        outcome = engine.outcome(state)
        if outcome is not None:
            return outcome
        seat = engine.to_act(state)[0]
        engine.apply(state, seat, seats[seat].decide(state, seat, rnd))
    return None


def share(outcome: Outcome | None, seat: int) -> float:
    """What the game gave ``seat``: 1 for a sole win, 1/k for a win shared by k, ½ for a draw (and
    a game cut short), 0 for a loss (the automa's win is a loss for every seat)."""
    if outcome is None or outcome.draw:
        return 0.5
    return 1 / len(outcome.winners) if seat in outcome.winners else 0.0


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share (draws count half)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - margin), min(1.0, centre + margin)


@dataclass
class Ladder:
    """Every contestant of a game on one OpenSkill ladder (Plackett–Luce): each game ranks the
    computer in one seat against the best of the contestant filling the others."""

    model: PlackettLuce = field(default_factory=PlackettLuce)
    ratings: dict[str, Any] = field(default_factory=dict)

    def add(self, hero: str, rest: str, hero_share: float, best_rest: float) -> None:
        """One game of ``hero`` against copies of ``rest``: ranked against the best of them."""
        teams = [[self.ratings.setdefault(n, self.model.rating(name=n))] for n in (hero, rest)]
        ranks = [1.0 - hero_share, 1.0 - best_rest]
        for name, (rated,) in zip((hero, rest), self.model.rate(teams, ranks=ranks), strict=True):
            self.ratings[name] = rated

    def table(self) -> str:
        ordered = sorted(self.ratings.values(), key=lambda r: -r.ordinal())
        return ", ".join(f"{r.name} {r.ordinal():.1f}" for r in ordered)


def match(
    kind: GameKind, hero: Contestant, rest: Contestant, players: int, games: int, seed: int, ladder: Ladder
) -> tuple[float, int]:
    """``hero`` in one seat (each seat in turn), ``rest`` in the others: its share of the points."""
    points = 0.0
    for n in range(games):
        seat = n % players
        seats = [hero if s == seat else rest for s in range(players)]
        outcome = play(kind.engine, seats, seed + n, None)
        points += share(outcome, seat)
        best_rest = max(share(outcome, s) for s in range(players) if s != seat)
        ladder.add(hero.name, rest.name, share(outcome, seat), best_rest)
    return points, games


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))] if ordered else float("nan")


def strength(kind: GameKind, games: int) -> list[Row]:
    """Each level against each baseline and the level below, at the game's fewest and most players."""
    engine = kind.engine
    counts = sorted({max(engine.min_players, 2), min(engine.max_players, 4)})
    levels = {level: computer(kind, level) for level in Level}
    rows: list[Row] = []
    for players in counts:
        ladder = Ladder()
        pairs = [(levels[Level.HARD], b) for b in baselines(kind)]
        pairs += [(levels[Level.HARD], levels[Level.NORMAL]), (levels[Level.NORMAL], levels[Level.EASY])]
        for hero, rest in pairs:
            points, n = match(kind, hero, rest, players, games, 1000 * players, ladder)
            low, high = wilson(points, n)
            rows.append(
                Row(
                    "computers",
                    f"{kind.name} {players} players: {hero.name} against {rest.name} ×{players - 1}, share of points",
                    f"{points / n:.0%} (95 %: {low:.0%}–{high:.0%}; {n} games)",
                )
            )
        rows.append(Row("computers", f"{kind.name} {players} players: the ladder (OpenSkill ordinal)", ladder.table()))
    for level, contestant in levels.items():
        think = contestant.think
        if think:
            rows.append(
                Row(
                    "computers",
                    f"{kind.name}, {level.value}: CPU per decision p50 / p95 / max, ms ({len(think)} decisions)",
                    f"{statistics.median(think) * 1000:.0f} / {percentile(think, 0.95) * 1000:.0f} / "
                    f"{max(think) * 1000:.0f}",
                    "p95 <= 1000, max <= 3000" if level is Level.HARD else "",
                    percentile(think, 0.95) <= 1.0 and max(think) <= 3.0 if level is Level.HARD else None,
                )
            )
    return rows


def run(quick: bool) -> list[Row]:
    """Every registered game with a computer: 4 games a pairing quick, 40 in a full run."""
    return [row for kind in registered() if kind.computer is not None for row in strength(kind, 4 if quick else 40)]
