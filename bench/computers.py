"""The computers' think time and strength (issue 46 §3): seeded games of a computer level against
the baselines — a random mover, a greedy player (:mod:`bench.greedy`) and the game's automatic
player where it has one — and against the level below, each share with its 95 % Wilson interval,
every level and baseline of a game on one OpenSkill ladder, the CPU time of every computer decision
(p50 / p95 / max per game, player count and level), and Stroganov's solo scores against Ivan.

Every registered game with a computer (``GameKind.computer``) takes part. In a match one seat is the
``hero``, every other the ``rest``; each deal (seed) is played once with the hero in every seat, so
no seat order favours anyone. ``python -m bench.computers`` runs the matches in worker processes
(``--jobs``), can keep each finished game as a JSON line (``--record``) and build the table from
such records alone (``--report``): a long run's finished games are never lost."""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from bench.greedy import game_facts, greedy_of
from bench.stats import Row, table
from cogs.games import GameKind, kind, registered
from cogs.workload import random_move
from rules.computer import Level
from rules.protocol import Action, Outcome

Decide = Callable[[Any, int, random.Random], Action]
"""A contestant's decision for a seat of a state (a computer reads only the seat's view)."""
MOVE_CAP = 3000
"""Decisions at most in one game (then it counts as a draw for everyone)."""
QUICK_CAP = 4
"""Decisions at most in one game of a quick run (the pipeline checked, nothing measured)."""
QUICK_MATCHES = (("hard", "greedy"), ("normal", "easy"))
"""The matches of a quick run (every level plays)."""
LEVELS = [level.value for level in Level]
MIN_JUDGED = 10
"""Games a match needs before its target is judged (met or missed, by the share's point estimate)."""


# ------------------------------------------------------------------------------- the contestants


def contestant(game: GameKind, name: str) -> tuple[Decide, list[float] | None]:
    """The decision of contestant ``name`` (a level, ``random``, ``greedy`` or ``automatic``) in
    ``game``, and the list its CPU seconds per decision go to (a computer's only)."""
    engine = game.engine
    if name in LEVELS:
        chosen, level = game.computer, Level(name)
        assert chosen is not None
        think: list[float] = []

        def decide(state: Any, seat: int, rnd: random.Random) -> Action:
            view = engine.view(state, seat)
            started = time.process_time()
            action: Action = chosen.decide(view, seat, level, rnd.getrandbits(62))
            think.append(time.process_time() - started)
            return action

        return decide, think
    if name == "random":
        return (lambda s, seat, rnd: random_move(engine, s, seat, rnd)), None
    if name == "greedy":
        greedy = greedy_of(game.name)
        assert greedy is not None, f"{game.name} has no greedy baseline"
        return (lambda s, seat, rnd: greedy(engine, s, seat, rnd)), None
    if name == "automatic":
        auto = game.auto
        assert auto is not None
        return (lambda s, seat, rnd: auto(s, seat)), None
    raise ValueError(f"no contestant {name!r}")


def baselines(game: GameKind) -> list[str]:
    return ["random", *(["greedy"] if greedy_of(game.name) else []), *(["automatic"] if game.auto else [])]


# ------------------------------------------------------------------------------------ one game


@dataclass(frozen=True, slots=True)
class Setting:
    """Where a match is played: a game, its options and its player count."""

    game: str
    label: str
    """How the rows name it: the game, with its variant (``stratego barrage``)."""
    players: int
    options: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Task:
    setting: Setting
    hero: str
    rest: str
    deal: int
    seat: int
    cap: int = MOVE_CAP


@dataclass
class Result:
    """One finished game: every seat's share, the hero's score (and Ivan's in a solo game), and the
    CPU seconds of each computer decision by level."""

    label: str
    game: str
    players: int
    hero: str
    rest: str
    deal: int
    seat: int
    shares: list[float]
    score: int | None
    automa: int | None
    decisions: int
    think: dict[str, list[float]] = field(default_factory=dict)
    ending: str = ""
    """How it ended (``Ending``; ``cut`` for a game cut short; empty in records kept before)."""


def share(outcome: Outcome | None, seat: int) -> float:
    """What the game gave ``seat``: 1 for a sole win, 1/k for a win shared by k, ½ for a draw (and
    a game cut short), 0 for a loss (the automa's win is a loss for every seat)."""
    if outcome is None or outcome.draw:
        return 0.5
    return 1 / len(outcome.winners) if seat in outcome.winners else 0.0


def play(task: Task) -> Result:
    """One seeded game, the hero in ``task.seat`` and the rest in every other seat."""
    s = task.setting
    game = kind(s.game)
    engine = game.engine
    seed = 7919 * s.players + task.deal
    hero, hero_think = contestant(game, task.hero)
    rest, rest_think = contestant(game, task.rest)
    seats = [hero if n == task.seat else rest for n in range(s.players)]
    state = engine.new(s.players, s.options, seed)
    rnd = random.Random(seed)
    outcome: Outcome | None = None
    decisions = 0
    while decisions < task.cap:
        outcome = engine.outcome(state)
        if outcome is not None:
            break
        seat = engine.to_act(state)[0]
        engine.apply(state, seat, seats[seat](state, seat, rnd))
        decisions += 1
    else:
        outcome = engine.outcome(state)
    think: dict[str, list[float]] = {}
    for name, times in ((task.hero, hero_think), (task.rest, rest_think)):
        if times:
            think[name] = think.get(name, []) + times
    scores = outcome.scores if outcome is not None else None
    return Result(
        s.label,
        s.game,
        s.players,
        task.hero,
        task.rest,
        task.deal,
        task.seat,
        [share(outcome, n) for n in range(s.players)],
        scores[task.seat] if scores is not None else None,
        outcome.automa_score if outcome is not None else None,
        decisions,
        think,
        outcome.ending.value if outcome is not None else "cut",
    )


# ----------------------------------------------------------------------------------- the matches


@dataclass(frozen=True, slots=True)
class Match:
    setting: Setting
    hero: str
    rest: str
    deals: int
    """Each deal is played once with the hero in every seat: ``deals × players`` games."""

    def tasks(self, cap: int) -> list[Task]:
        return [
            Task(self.setting, self.hero, self.rest, deal, seat, cap)
            for deal in range(self.deals)
            for seat in range(self.setting.players)
        ]


def settings(game: GameKind) -> list[Setting]:
    """The settings its own bench file names (``SETTINGS``: Stratego's two armies, two players),
    else every player count from the fewest to four."""
    engine = game.engine
    own: list[tuple[str, dict[str, Any]]] | None = getattr(game_facts(game.name), "SETTINGS", None)
    if own is not None:
        return [Setting(game.name, f"{game.name} {label}", 2, options) for label, options in own]
    return [Setting(game.name, game.name, n, None) for n in range(engine.min_players, min(engine.max_players, 4) + 1)]


def matches(game: GameKind, deals: int) -> list[Match]:
    """What the issue measures, first, then what places every contestant on the ladder: for
    two and four players each level against each baseline and against the level below (a seat to
    each), greedy against random; three players each level against greedy (its think time); solo
    (Stroganov) each level and the automatic rule against Ivan. ``deals`` deals per match at
    two players, fewer at four (each deal is played once per seat)."""
    out: list[Match] = []
    for s in settings(game):
        if s.players == 1:
            solo = [*(level for level in ("hard", "normal", "easy")), *(["automatic"] if game.auto else [])]
            out += [Match(s, who, who, deals * 2) for who in solo]
            continue
        per = max(1, deals * 2 // s.players)
        if s.players == 3:
            out += [Match(s, level, "greedy", per) for level in ("hard", "normal", "easy")]
            continue
        first = [("hard", "greedy"), ("hard", "random"), ("hard", "normal"), ("normal", "easy")]
        then = [("normal", "greedy"), ("easy", "greedy"), ("easy", "random"), ("greedy", "random")]
        then += [("hard", b) for b in baselines(game) if b not in ("random", "greedy")]
        out += [Match(s, hero, rest, per) for hero, rest in first + then if rest in LEVELS or rest in baselines(game)]
    return out


# ------------------------------------------------------------------------------------- judging


def targets() -> dict[tuple[str, int, str, str], float]:
    """Issue 46 §3: the least share of the points a level must take in a match, by (setting,
    players, hero, rest) — each game's own, from its bench file (``TARGETS``)."""
    out: dict[tuple[str, int, str, str], float] = {}
    for game in registered():
        out.update(getattr(game_facts(game.name), "TARGETS", {}))
    return out


def target(label: str, players: int, hero: str, rest: str) -> tuple[str, float | None, bool]:
    """The match's target as the table says it, its threshold, and whether it must be beaten
    (more than a fair share: a level against the level below) rather than reached."""
    threshold = targets().get((label, players, hero, rest))
    if threshold is not None:
        return f">= {threshold:.0%}", threshold, False
    if {"hard": "normal", "normal": "easy"}.get(hero) == rest:  # each level beats the level below
        fair = 1 / players
        return f"> {fair:.0%} (beats it)", fair, True
    return "", None, False


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share (draws count half)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - margin), min(1.0, centre + margin)


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean's 95 % interval (normal approximation)."""
    if len(values) < 2:
        return float("nan"), float("nan")
    m, half = statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return m - half, m + half


@dataclass
class Ladder:
    """Every contestant of a game on one OpenSkill ladder (Plackett–Luce): each game ranks the
    hero in its seat against the best of the rest."""

    model: PlackettLuce = field(default_factory=PlackettLuce)
    ratings: dict[str, Any] = field(default_factory=dict)

    def add(self, hero: str, rest: str, hero_share: float, best_rest: float) -> None:
        if hero == rest:
            return
        teams = [[self.ratings.setdefault(n, self.model.rating(name=n))] for n in (hero, rest)]
        ranks = [1.0 - hero_share, 1.0 - best_rest]
        for name, (rated,) in zip((hero, rest), self.model.rate(teams, ranks=ranks), strict=True):
            self.ratings[name] = rated

    def table(self) -> str:
        ordered = sorted(self.ratings.values(), key=lambda r: -r.ordinal())
        return ", ".join(f"{r.name} {r.ordinal():.1f} (μ {r.mu:.1f}, σ {r.sigma:.1f})" for r in ordered)


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))] if ordered else float("nan")


def rows(results: Iterable[Result], quick: bool = False) -> list[Row]:
    """The table of finished games: each match's share (or a solo game's scores), each game's
    ladder, each game's think time by player count and level."""
    done = sorted(results, key=lambda r: (r.label, r.players, r.deal, r.hero, r.rest, r.seat))
    cut = " (quick: games cut short)" if quick else ""
    out: list[Row] = []
    by_match: dict[tuple[str, int, str, str], list[Result]] = defaultdict(list)
    think: dict[tuple[str, int, str], list[float]] = defaultdict(list)
    ladders: dict[str, Ladder] = defaultdict(Ladder)
    for r in done:
        by_match[(r.label, r.players, r.hero, r.rest)].append(r)
        for level, times in r.think.items():
            think[(r.label, r.players, level)] += times
        if r.players > 1:
            best_rest = max(x for n, x in enumerate(r.shares) if n != r.seat)
            ladders[r.label].add(r.hero, r.rest, r.shares[r.seat], best_rest)
    for (label, players, hero, rest), games in sorted(by_match.items()):
        n = len(games)
        if players == 1:
            scores = [float(g.score or 0) for g in games]
            ivan = [float(g.automa or 0) for g in games]
            wins = sum(g.shares[0] for g in games)
            low, high = mean_interval(scores)
            spread = f"95 %: {low:.1f}–{high:.1f}; " if n > 1 else ""
            wl, wh = wilson(wins, n)
            out.append(
                Row(
                    "computers",
                    f"{label} solo: {hero} against Ivan, average score (Ivan's); wins",
                    f"{statistics.fmean(scores):.1f} ({spread}Ivan {statistics.fmean(ivan):.1f}); "
                    f"{wins / n:.0%} (95 %: {wl:.0%}–{wh:.0%}); {n} games{cut}",
                )
            )
            continue
        points = sum(g.shares[g.seat] for g in games)
        low, high = wilson(points, n)
        said, threshold, beat = target(label, players, hero, rest)
        judged = threshold is not None and not quick and n >= MIN_JUDGED
        ok = (points / n > threshold if beat else points / n >= threshold) if judged and threshold is not None else None
        said += " (too few games to judge)" if threshold is not None and not judged and not quick else ""
        others = f" ×{players - 1}" if players > 2 else ""
        out.append(
            Row(
                "computers",
                f"{label} {players} players: {hero} against {rest}{others}, share of points",
                f"{points / n:.0%} (95 %: {low:.0%}–{high:.0%}; {n} games){cut}",
                said,
                ok,
            )
        )
    for label, ladder in sorted(ladders.items()):
        said = f"{label}: the ladder (OpenSkill ordinal, every player count)"
        out.append(Row("computers", said, ladder.table() + cut))
    for (label, players, level), times in sorted(think.items(), key=lambda kv: (*kv[0][:2], LEVELS.index(kv[0][2]))):
        p95, worst = percentile(times, 0.95), max(times)
        out.append(
            Row(
                "computers",
                f"{label} {players} player{'s' if players > 1 else ''}, {level}: CPU per decision p50 / p95 / max, ms "
                f"({len(times)} decisions)",
                f"{statistics.median(times) * 1000:.0f} / {p95 * 1000:.0f} / {worst * 1000:.0f}{cut}",
                "p95 <= 1000, max <= 3000" if level == "hard" else "",
                (p95 <= 1.0 and worst <= 3.0) if level == "hard" and not quick else None,
            )
        )
    return out


# ------------------------------------------------------------------------------------- running


def tasks(
    games: Sequence[GameKind],
    deals: int,
    cap: int,
    only: Sequence[str] = (),
    quick: bool = False,
    pairs: Sequence[tuple[str, str]] = (),
    players: Sequence[int] = (),
) -> list[Task]:
    """Every game of every match, deal by deal (a run cut short has about as many games of each
    match), the issue's matches first within a deal; ``only``: the settings so labelled
    (``stratego classic``, ``shitenno``), ``pairs`` the matches of these heroes and rests,
    ``players`` of these player counts. Quick: a game's first setting of two players or more and
    :data:`QUICK_MATCHES` only."""
    chosen: list[Match] = []
    for game in games:
        found = [
            m
            for m in matches(game, deals)
            if (not only or m.setting.label in only)
            and (not pairs or (m.hero, m.rest) in pairs)
            and (not players or m.setting.players in players)
        ]
        if quick:
            first = next(m.setting for m in found if m.setting.players > 1)
            found = [m for m in found if m.setting == first and (m.hero, m.rest) in QUICK_MATCHES]
        chosen += found
    todo = [(t.deal, order, t) for order, m in enumerate(chosen) for t in m.tasks(cap)]
    return [t for _, _, t in sorted(todo, key=lambda x: (x[0], x[1], x[2].seat))]


def played(todo: Sequence[Task], jobs: int) -> Iterator[Result]:
    """Each task's result, in order, ``jobs`` games at once (forked workers: what is registered
    here is registered there)."""
    if jobs <= 1:
        yield from map(play, todo)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(play, todo, chunksize=1)


def with_computer() -> list[GameKind]:
    return [game for game in registered() if game.computer is not None]


BENCH_DEALS = 1
"""Deals a match in ``make bench`` (two workers): a much smaller tournament than the documented one
(``python -m bench.computers --deals 10``), which takes hours on two cores."""


def run(quick: bool) -> list[Row]:
    """``make bench``'s part: one deal per match cut after :data:`QUICK_CAP` decisions quick (the
    pipeline, not a measure, in this process), :data:`BENCH_DEALS` deals a match in a full run."""
    if quick:
        return rows(played(tasks(with_computer(), 1, QUICK_CAP, quick=True), 1), quick)
    return rows(played(tasks(with_computer(), BENCH_DEALS, MOVE_CAP), 2))


def load(paths: Sequence[str]) -> list[Result]:
    found: dict[tuple[str, int, str, str, int, int], Result] = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.strip():
                    r = Result(**json.loads(line))
                    found[(r.label, r.players, r.hero, r.rest, r.deal, r.seat)] = r
    return list(found.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.computers")
    parser.add_argument("--quick", action="store_true", help="one deal a match, games cut short")
    parser.add_argument("--deals", type=int, default=10, help="deals a match at two players (fewer at more)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", action="append", default=[], help="a setting: 'stratego classic', 'shitenno'…")
    parser.add_argument("--match", action="append", default=[], help="a match, hero:rest ('hard:greedy')")
    parser.add_argument("--players", action="append", type=int, default=[])
    parser.add_argument("--record", help="append each finished game to this file (JSON lines)")
    parser.add_argument("--skip", nargs="*", default=[], help="record files whose games are not played again")
    parser.add_argument("--report", nargs="*", help="only build the table from these record files")
    args = parser.parse_args(argv)
    if args.report is not None:
        print(table(rows(load(args.report))))
        return 0
    deals, cap = (1, QUICK_CAP) if args.quick else (args.deals, MOVE_CAP)
    pairs = [(m.partition(":")[0], m.partition(":")[2]) for m in args.match]
    todo = tasks(with_computer(), deals, cap, args.only, args.quick, pairs, args.players)
    done = {(r.label, r.players, r.hero, r.rest, r.deal, r.seat) for r in load(args.skip)}
    todo = [t for t in todo if (t.setting.label, t.setting.players, t.hero, t.rest, t.deal, t.seat) not in done]
    results: list[Result] = []
    record = open(args.record, "a") if args.record else None  # noqa: SIM115 - kept open for the run
    try:
        for n, result in enumerate(played(todo, args.jobs), 1):
            results.append(result)
            if record is not None:
                record.write(json.dumps(asdict(result)) + "\n")
                record.flush()
            print(f"{n}/{len(todo)} {result.label} {result.players}p {result.hero} v {result.rest}", file=sys.stderr)
    finally:
        if record is not None:
            record.close()
    print(table(rows(results, args.quick)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
