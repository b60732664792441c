"""Simulated leagues (issue 47 §4) for the property tests (tests/rules/test_league_properties.py) and
the bench (bench/leagues.py): a random season of any format and table kind played to its end with
random results, withdrawals, byes, draws and games closed by hand, and the checks of it: every
pairing valid, and the standings and every tie-break equal to an independent, deliberately simple
computation written here from issue 47's definitions (not from rules/league/points.py or
standings.py).

Nothing here names a game: a league of tables is given its allowed sizes (3–4 or 2–4)."""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

import networkx as nx

from rules.league.config import ByeScore, Format, LeagueConfig, Scoring, Unfinished
from rules.league.rounds import PlayedRound, Result, Round
from rules.league.schedule import next_round, total_rounds
from rules.league.standings import Standing, TieBreak, standings

TABLE_SIZES = ((3, (3, 4)), (4, (3, 4)), (3, (2, 3, 4)), (4, (2, 3, 4)), (2, (2, 3, 4)))
"""Tables of a game of 3–4 and of one of 2–4, at each size (two-player tables of a game of 2–4
are paired as two-player games)."""


@dataclass
class League:
    config: LeagueConfig
    players: list[int]
    seed: int
    played: list[PlayedRound] = field(default_factory=list)
    withdrawn: set[int] = field(default_factory=set)
    withdrew_before: dict[int, int] = field(default_factory=dict)
    """Each withdrawn player's first round without him."""
    pairing_seconds: list[float] = field(default_factory=list)
    """How long each round took to pair (``next_round``), for the bench."""


def random_config(rnd: random.Random, two_player: bool, fmt: Format, count: int) -> LeagueConfig:
    """A league of ``count`` players: scoring and rules varied around the defaults."""
    if two_player:
        size, allowed = 2, (2,)
    else:
        size, allowed = rnd.choice([s for s in TABLE_SIZES if s[0] > 2])
    scoring = Scoring() if rnd.random() < 0.5 else Scoring(3, 1, 0, 3, 0, (5, 3, 1, 0))
    rounds = None
    if fmt is Format.SWISS:
        most = count - 1 if count % 2 == 0 else count
        rounds = rnd.randint(1, min(most, 9)) if two_player else rnd.randint(1, 6)
    bye = rnd.choice([None, None, *ByeScore])
    return LeagueConfig(fmt, size, allowed, rounds, scoring, rnd.choice(list(Unfinished)), bye)


def random_result(rnd: random.Random, seats: tuple[int, ...]) -> Result:
    """A random result: a draw or win (two), places with occasional ties (tables), sometimes a game
    closed unfinished, sometimes a player forfeited mid-game (tables)."""
    x = rnd.random()
    if x < 0.05:
        return Result.closed_unfinished()
    if len(seats) > 2 and x < 0.1:
        gone = rnd.choice(seats)
        rest = [p for p in seats if p != gone]
        rnd.shuffle(rest)
        return Result.ranked(*[[p] for p in rest], forfeited=[gone])
    if len(seats) == 2 and x < 0.25:
        return Result.ranked(seats)
    places = [rnd.randrange(len(seats)) for _ in seats]
    if len(seats) == 2:
        places = [0, 1] if rnd.random() < 0.5 else [1, 0]
    return Result.from_places(seats, places)


def play(config: LeagueConfig, count: int, rnd: random.Random, seed: int) -> League:
    """A whole season of ``count`` players (ids from 1000): some withdraw between rounds (never so
    many that a round cannot be paired)."""
    league = League(config, list(range(1000, 1000 + count)), seed)
    least = 3 if config.two_player else 2 * min(config.allowed_sizes)
    for _ in range(total_rounds(config, count)):
        active = [p for p in league.players if p not in league.withdrawn]
        if len(active) > least and rnd.random() < 0.15:
            gone = rnd.choice(active)
            league.withdrawn.add(gone)
            league.withdrew_before[gone] = len(league.played) + 1
        started = time.perf_counter()
        r = next_round(config, league.players, league.played, league.withdrawn, seed)
        league.pairing_seconds.append(time.perf_counter() - started)
        pr = PlayedRound.paired(r)
        for i, t in enumerate(r.tables):
            if t.needs_game:
                pr = pr.with_result(i, random_result(rnd, t.seats))
        league.played.append(pr)
    return league


# --- the checks of the pairings -----------------------------------------------------------------


def _perfect_without(players: list[int], forbidden: set[tuple[int, int]], byes_had: Counter[int]) -> bool:
    """Whether ``players`` can be paired with no forbidden pair and, when odd, a bye to someone
    who had none."""
    g: nx.Graph[int] = nx.Graph()
    g.add_nodes_from(players)
    for a, b in combinations(players, 2):
        if (min(a, b), max(a, b)) not in forbidden:
            g.add_edge(a, b)
    if len(players) % 2:
        for p in players:
            if byes_had[p] == 0:
                g.add_edge(p, -1)
    need = (len(players) + 1) // 2
    return len(nx.max_weight_matching(g, maxcardinality=True)) == need


def pairing_problems(league: League) -> list[str]:
    """Everything wrong with the league's pairings (empty when all is well); see the module's
    docstring and issue 47 §2."""
    out: list[str] = []
    config = league.config
    met: Counter[tuple[int, int]] = Counter()
    byes: Counter[int] = Counter()
    seats: dict[int, list[int]] = {p: [] for p in league.players}
    withdrawn_at: set[int] = set()
    for n, pr in enumerate(league.played, 1):
        r = pr.round
        everyone = list(r.players())
        if len(everyone) != len(set(everyone)):
            out.append(f"round {n}: a player twice")
        active = {p for p in league.players if league.withdrew_before.get(p, n + 1) > n}
        if config.two_player and config.format is Format.ROUND_ROBIN:
            if set(everyone) - set(league.players):
                out.append(f"round {n}: a stranger")
            missing = set(league.players) - set(everyone)
            if len(missing) > (len(league.players) % 2):
                out.append(f"round {n}: {len(missing)} without a game or bye")
            if any(t.forfeited != {p for p in t.seats if p not in active} for t in r.tables):
                out.append(f"round {n}: forfeits are not the withdrawn players' seats")
            if set(r.byes) - active:
                out.append(f"round {n}: a bye for a withdrawn player")
        elif set(everyone) != active:
            out.append(f"round {n}: paired {sorted(set(everyone) ^ active)} wrongly in or out")
        else:
            gone_seats = {p for t in r.tables for p in t.forfeited}
            if gone_seats:
                out.append(f"round {n}: forfeited seats outside a two-player round robin")
        for p in r.byes:
            byes[p] += 1
        if config.two_player and config.format is Format.SWISS:
            out += _avoidable_colour_faults(n, r, met, byes, seats)
            paired = sorted(everyone)
            repeats = {pair for t in r.tables if (pair := (min(t.seats), max(t.seats))) in met}
            second_bye = any(byes[p] > 1 for p in r.byes)
            if repeats or second_bye:
                before = byes.copy()
                for p in r.byes:
                    before[p] -= 1
                if _perfect_without(paired, set(met), before):
                    out.append(f"round {n}: avoidable repeat {sorted(repeats)} or second bye {r.byes}")
        for t in r.tables:
            size_ok = len(t.seats) in config.allowed_sizes if not config.two_player else len(t.seats) == 2
            if not size_ok:
                out.append(f"round {n}: table of {len(t.seats)}")
            if t.needs_game:
                for a, b in combinations(t.seats, 2):
                    met[(min(a, b), max(a, b))] += 1
                for i, p in enumerate(t.seats):
                    seats[p].append(i)
            elif config.two_player and config.format is Format.ROUND_ROBIN:
                for a, b in combinations(t.seats, 2):
                    met[(min(a, b), max(a, b))] += 1
            withdrawn_at |= t.forfeited
        if not config.two_player and r.byes and _fewer_byes_possible(len(everyone), len(r.byes), config):
            out.append(f"round {n}: {len(r.byes)} byes where fewer would do")
    if config.two_player and config.format is Format.ROUND_ROBIN:
        if any(v > 1 for v in met.values()):
            out.append("round robin: a repeat")
        if len(met) != len(league.players) * (len(league.players) - 1) // 2:
            out.append("round robin: not everyone met")
        even = len(league.players) + len(league.players) % 2
        for p in league.players:
            firsts = sum(1 for pr in league.played for t in pr.round.tables if t.seats[0] == p)
            if firsts not in (even // 2 - 1, even // 2):
                out.append(f"round robin: {p} moved first {firsts} times of {even - 1}")
    return out


def _absolute(seats: list[int]) -> int | None:
    """The seat a player must have next (FIDE C.04.3 A.6: difference beyond ±1 or the same seat in
    the last two games), or None."""
    diff = seats.count(0) - seats.count(1)
    if diff <= -2 or seats[-2:] == [1, 1]:
        return 0
    if diff >= 2 or seats[-2:] == [0, 0]:
        return 1
    return None


def _avoidable_colour_faults(
    n: int, r: Round, met: Counter[tuple[int, int]], byes: Counter[int], seats: dict[int, list[int]]
) -> list[str]:
    """Players of round ``n`` who play a colour a third time running or pass ±2 although a pairing
    existed with no repeat, no second bye and no two players needing the same colour."""
    faulty = []
    for t in r.tables:
        for i, p in enumerate(t.seats):
            after = [*seats[p], i]
            if (len(after) >= 3 and after[-1] == after[-2] == after[-3]) or abs(after.count(0) - after.count(1)) > 2:
                faulty.append(p)
    if not faulty:
        return []
    players = sorted(set(r.players()))
    need = {p: _absolute(seats[p]) for p in players}
    clash = {(a, b) for a, b in combinations(players, 2) if need[a] is not None and need[a] == need[b]}
    before = byes.copy()
    for p in r.byes:
        before[p] -= 1
    if _perfect_without(players, set(met) | clash, before):
        return [f"round {n}: avoidable colour fault for {faulty}"]
    return []


def colour_faults(league: League) -> tuple[int, int, int]:
    """Two-player Swiss: (players who played a colour three times running, players whose colour
    difference passed ±1 at some point, players) — FIDE allows ±2; measured, not asserted."""
    seats: dict[int, list[int]] = {p: [] for p in league.players}
    three = beyond_one = 0
    flagged_three: set[int] = set()
    flagged_one: set[int] = set()
    for pr in league.played:
        for t in pr.round.tables:
            if t.needs_game:
                for i, p in enumerate(t.seats):
                    seats[p].append(i)
                    s = seats[p]
                    if len(s) >= 3 and s[-1] == s[-2] == s[-3]:
                        flagged_three.add(p)
                    if abs(s.count(0) - s.count(1)) > 1:
                        flagged_one.add(p)
    three, beyond_one = len(flagged_three), len(flagged_one)
    return three, beyond_one, len(league.players)


def _fewer_byes_possible(count: int, byes: int, config: LeagueConfig) -> bool:
    sizes = set(config.allowed_sizes)
    reachable = {0}
    for total in range(1, count + 1):
        if any(total - s in reachable for s in sizes if total - s >= 0):
            reachable.add(total)
    return any(count - b in reachable and count - b > 0 for b in range(byes))


def meeting_spread(league: League) -> tuple[int, int]:
    """Tables' round robin: the fewest and the most times two players (both never withdrawn) met."""
    met: Counter[tuple[int, int]] = Counter()
    for pr in league.played:
        for t in pr.round.tables:
            for a, b in combinations(sorted(t.seats), 2):
                met[(a, b)] += 1
    stay = [p for p in league.players if p not in league.withdrawn]
    counts = [met[(a, b)] for a, b in combinations(sorted(stay), 2)]
    return (min(counts), max(counts)) if counts else (0, 0)


# --- the independent standings --------------------------------------------------------------


def simple_points(league: League) -> dict[int, dict[int, Fraction]]:
    """Round by round, each player's points, restated from issue 47 §2 and the config's docstring."""
    c = league.config
    s = c.scoring
    out: dict[int, dict[int, Fraction]] = {}
    for n, pr in enumerate(league.played):
        got: dict[int, Fraction] = {}
        for p in pr.round.byes:
            if c.bye_score is ByeScore.ZERO:
                got[p] = Fraction(0)
            elif c.two_player:
                got[p] = Fraction({ByeScore.WIN: s.win, ByeScore.DRAW: s.draw, ByeScore.LOSS: s.loss}[c.bye_score])
            else:
                scale = _scale(c, c.table_size)
                got[p] = {ByeScore.WIN: scale[0], ByeScore.LOSS: scale[-1]}.get(c.bye_score, sum(scale) / len(scale))
        for t, r in zip(pr.round.tables, pr.results, strict=True):
            assert r is not None
            gone = set(t.forfeited) | set(r.forfeited)
            here = [p for p in t.seats if p not in gone]
            for p in gone:
                got[p] = Fraction(s.forfeit_loss)
            if c.two_player:
                if gone and len(here) == 1:
                    got[here[0]] = Fraction(s.forfeit_win)
                elif r.unfinished:
                    for p in here:
                        got[p] = Fraction({"draw": s.draw, "loss": s.loss, "forfeit": s.forfeit_loss}[c.unfinished])
                elif here:
                    winners = r.order[0]
                    for p in here:
                        got[p] = Fraction(s.draw if len(winners) == 2 else s.win if p in winners else s.loss)
                continue
            scale = _scale(c, len(t.seats))
            if r.unfinished:
                for p in here:
                    if c.unfinished is Unfinished.DRAW:
                        got[p] = sum(scale[: len(here)]) / len(here)
                    elif c.unfinished is Unfinished.LOSS:
                        got[p] = scale[-1]
                    else:
                        got[p] = Fraction(s.forfeit_loss)
                continue
            place = 0
            for g in r.order:
                for p in g:
                    got[p] = sum(scale[place : place + len(g)]) / len(g)
                place += len(g)
        out[n] = got
    return out


def _scale(c: LeagueConfig, n: int) -> list[Fraction]:
    given = c.scoring.placement
    if len(given) == n:
        return [Fraction(x) for x in given]
    first, last = given[0], given[-1]
    return [Fraction(first) - Fraction(first - last) * i / (n - 1) for i in range(n)]


def simple_standings(league: League) -> dict[int, tuple[Fraction, dict[TieBreak, Fraction]]]:
    """Points and every tie-break of every player, from the definitions in issue 47 and
    rules/league/standings.py's docstring, with plain loops."""
    c = league.config
    by_round = simple_points(league)
    total = {p: sum((by_round[n].get(p, Fraction(0)) for n in by_round), Fraction(0)) for p in league.players}
    out: dict[int, tuple[Fraction, dict[TieBreak, Fraction]]] = {}
    for p in league.players:
        opp_values: list[Fraction] = []
        sb = Fraction(0)
        de = Fraction(0)
        tables_sum = Fraction(0)
        for n, pr in enumerate(league.played):
            if p in pr.round.byes:
                opp_values.append(total[p])
                tables_sum += total[p]
                share = {ByeScore.WIN: Fraction(1), ByeScore.DRAW: Fraction(1, 2)}.get(c.bye_score, Fraction(0))
                sb += share * total[p]
                continue
            for t, r in zip(pr.round.tables, pr.results, strict=True):
                if p not in t.seats:
                    continue
                assert r is not None
                forfeit = bool(t.forfeited) or (p in r.forfeited) or (c.two_player and bool(r.forfeited))
                if forfeit:
                    opp_values.append(total[p])
                    tables_sum += total[p]
                    won = p not in t.forfeited and p not in r.forfeited
                    sb += total[p] if won else 0
                    continue
                others = [q for q in t.seats if q != p]
                tables_sum += sum(total[q] for q in others) / len(others)
                if c.two_player:
                    o = others[0]
                    opp_values.append(total[o])
                    if r.unfinished:
                        sb += total[o] / 2 if c.unfinished is Unfinished.DRAW else 0
                    elif len(r.order) == 1:
                        sb += total[o] / 2
                    elif p in r.order[0]:
                        sb += total[o]
                    if total[o] == total[p]:
                        de += by_round[n][p]
        if len(opp_values) >= 3:
            median = sum(opp_values) - max(opp_values) - min(opp_values)
        else:
            median = sum(opp_values, Fraction(0))
        if c.two_player:
            breaks = {
                TieBreak.BUCHHOLZ: sum(opp_values, Fraction(0)),
                TieBreak.MEDIAN_BUCHHOLZ: median,
                TieBreak.SONNEBORN_BERGER: sb,
                TieBreak.DIRECT_ENCOUNTER: de,
            }
        else:
            breaks = {TieBreak.TABLE_OPPONENTS: tables_sum}
        out[p] = (total[p], breaks)
    return out


def standing_problems(league: League) -> list[str]:
    """The core's standings against :func:`simple_standings`, and the places: sorted, shared only
    between players equal in points and every tie-break, the winner unique or the tie shown."""
    out: list[str] = []
    table = standings(league.config, league.players, league.played, league.withdrawn)
    simple = simple_standings(league)
    if sorted(s.player for s in table) != sorted(league.players):
        return ["standings: not every player once"]
    for s in table:
        points, breaks = simple[s.player]
        if s.points != points:
            out.append(f"standings: {s.player} has {s.points}, simply {points}")
        if dict(s.tie_breaks) != breaks:
            out.append(f"standings: {s.player} tie-breaks {dict(s.tie_breaks)}, simply {breaks}")
        if s.withdrawn != (s.player in league.withdrawn):
            out.append(f"standings: {s.player} withdrawn flag")
    out += place_problems(table)
    return out


def place_problems(table: tuple[Standing, ...]) -> list[str]:
    out: list[str] = []

    def key(s: Standing) -> tuple[Fraction, ...]:
        return (s.points, *(v for _, v in s.tie_breaks))

    for i, s in enumerate(table):
        equal = [t for t in table if key(t) == key(s)]
        better = [t for t in table if key(t) > key(s)]
        if (s.place, s.place_to) != (len(better) + 1, len(better) + len(equal)):
            out.append(f"places: {s.player} at {s.place}-{s.place_to}")
        if i and key(table[i - 1]) < key(s):
            out.append("places: not sorted")
    first = [s for s in table if s.place == 1]
    if len(first) > 1 and not all(s.shared for s in first):
        out.append("places: a shared first place not shown")
    return out
