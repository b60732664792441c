"""Standings with tie-breaks (issue 47 §2), from the rounds' pairings and results alone.

Points are every result's and bye's points (:mod:`rules.league.points`); a game still playing
counts nothing yet. Each player's rounds are **entries**: a *played* game (a created table with a
result, an unfinished one closed by hand included, its opponents the other seats), or an
*unplayed* round: a bye, a forfeit win or a forfeit loss (a table forfeited at pairing time, or a
player marked forfeited in a result). Rounds after a player's withdrawal in which he was not
paired are no entries.

Tie-breaks, every opponent's points being his final points (byes and forfeit wins included):

- **Buchholz**: the sum over entries of the opponent's points; an unplayed round counts a
  virtual opponent with the player's own points (FIDE's tie-break regulations, C.07 2023, 16.4),
  so a bye or a forfeit neither helps nor hurts.
- **Median Buchholz**: Buchholz without its highest and its lowest entry (with fewer than three
  entries nothing is cut).
- **Sonneborn-Berger**: the sum over entries of the opponent's points times the share of the game
  scored: 1 for a win, ½ a draw, 0 a loss; a closed-unfinished game ½ under the ``draw`` rule, else
  0; a forfeit win or a bye scored as a win 1, a bye scored as a draw ½, else 0 (the same virtual
  opponent for unplayed rounds).
- **Direct encounter**: the league points scored in played games (not forfeits) against players
  with the same points.
- **Table opponents** (tables of three or more): the sum over entries of the average points of the
  other players at the table (an average, so that tables of 3 and 4 count alike; an unplayed round
  counts the player's own points).

Ranking: points, then for a two-player Swiss Buchholz, median Buchholz, Sonneborn-Berger, direct
encounter; for a two-player round robin direct encounter, Sonneborn-Berger, Buchholz, median
Buchholz; for tables table opponents. Players equal on all of these share the place
(:attr:`Standing.place` to :attr:`Standing.place_to`): the winner is unique or the tie is shown.
Withdrawn players stay in the standings with what they scored.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.league.config import ByeScore, Format, LeagueConfig, Unfinished
from rules.league.points import bye_points, table_points
from rules.league.rounds import PlayedRound


class TieBreak(enum.StrEnum):
    BUCHHOLZ = "buchholz"
    MEDIAN_BUCHHOLZ = "median_buchholz"
    SONNEBORN_BERGER = "sonneborn_berger"
    DIRECT_ENCOUNTER = "direct_encounter"
    TABLE_OPPONENTS = "table_opponents"


def tie_breaks(config: LeagueConfig) -> tuple[TieBreak, ...]:
    """The league's tie-breaks in the order they rank (see the module's docstring)."""
    if not config.two_player:
        return (TieBreak.TABLE_OPPONENTS,)
    if config.format is Format.SWISS:
        return (TieBreak.BUCHHOLZ, TieBreak.MEDIAN_BUCHHOLZ, TieBreak.SONNEBORN_BERGER, TieBreak.DIRECT_ENCOUNTER)
    return (TieBreak.DIRECT_ENCOUNTER, TieBreak.SONNEBORN_BERGER, TieBreak.BUCHHOLZ, TieBreak.MEDIAN_BUCHHOLZ)


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line: ``place`` to ``place_to`` (equal when alone), points, games played and
    the tie-breaks in ranking order."""

    player: int
    place: int
    place_to: int
    points: Fraction
    played: int
    tie_breaks: tuple[tuple[TieBreak, Fraction], ...]
    withdrawn: bool

    @property
    def shared(self) -> bool:
        return self.place_to > self.place

    def tie_break(self, which: TieBreak) -> Fraction:
        return dict(self.tie_breaks)[which]


@dataclass(frozen=True, slots=True)
class _Entry:
    opponents: tuple[int, ...]
    """Empty for an unplayed round."""
    share: Fraction
    """The share of the game scored (Sonneborn-Berger's factor)."""
    points: Fraction


def standings(
    config: LeagueConfig, players: Sequence[int], played: Sequence[PlayedRound], withdrawn: Collection[int] = ()
) -> tuple[Standing, ...]:
    """Everyone's standing, best first (equal players in seed order)."""
    entries = _entries(config, players, played)
    points = {p: sum((e.points for e in entries[p]), Fraction(0)) for p in players}

    def value(which: TieBreak, p: int) -> Fraction:
        return _tie_break(which, p, entries[p], points)

    order = tie_breaks(config)
    keys = {p: (points[p], *(value(t, p) for t in order)) for p in players}
    seed = {p: i for i, p in enumerate(players)}
    ranked = sorted(players, key=lambda p: (tuple(-k for k in keys[p]), seed[p]))
    out: list[Standing] = []
    for p in ranked:
        better = sum(1 for q in players if keys[q] > keys[p])
        equal = sum(1 for q in players if keys[q] == keys[p])
        out.append(
            Standing(
                player=p,
                place=better + 1,
                place_to=better + equal,
                points=points[p],
                played=sum(1 for e in entries[p] if e.opponents),
                tie_breaks=tuple((t, k) for t, k in zip(order, keys[p][1:], strict=True)),
                withdrawn=p in withdrawn,
            )
        )
    return tuple(out)


def _tie_break(which: TieBreak, player: int, entries: Sequence[_Entry], points: dict[int, Fraction]) -> Fraction:
    own = points[player]
    if which is TieBreak.DIRECT_ENCOUNTER:
        return sum((e.points for e in entries if len(e.opponents) == 1 and points[e.opponents[0]] == own), Fraction(0))
    if which is TieBreak.TABLE_OPPONENTS:
        tables = [e.opponents for e in entries if e.opponents]
        averages = (sum((points[o] for o in t), Fraction(0)) / len(t) for t in tables)
        return sum(averages, Fraction(0)) + own * sum(1 for e in entries if not e.opponents)
    values = [points[e.opponents[0]] if e.opponents else own for e in entries]
    if which is TieBreak.BUCHHOLZ:
        return sum(values, Fraction(0))
    if which is TieBreak.MEDIAN_BUCHHOLZ:
        cut = sorted(values)[1:-1] if len(values) >= 3 else values
        return sum(cut, Fraction(0))
    return sum((e.share * v for e, v in zip(entries, values, strict=True)), Fraction(0))


def _entries(config: LeagueConfig, players: Sequence[int], played: Sequence[PlayedRound]) -> dict[int, list[_Entry]]:
    """Each player's entries (see the module's docstring)."""
    out: dict[int, list[_Entry]] = {p: [] for p in players}
    bye = bye_points(config)
    bye_share = {ByeScore.WIN: Fraction(1), ByeScore.DRAW: Fraction(1, 2)}.get(config.bye_score, Fraction(0))
    closed_share = Fraction(1, 2) if config.unfinished is Unfinished.DRAW else Fraction(0)
    for pr in played:
        for p in pr.round.byes:
            out.setdefault(p, []).append(_Entry((), bye_share, bye))
        for table, result in zip(pr.round.tables, pr.results, strict=True):
            if result is None:
                continue
            scored = table_points(config, table, result)
            unplayed = not table.needs_game or bool(result.forfeited)
            for p in table.seats:
                if unplayed and (config.two_player or p in result.forfeited or not table.needs_game):
                    present = p not in result.forfeited
                    out.setdefault(p, []).append(_Entry((), Fraction(int(present)), scored[p]))
                    continue
                if result.unfinished:
                    share = closed_share
                elif p in result.order[0]:
                    share = Fraction(1, len(result.order[0])) if len(result.order[0]) > 1 else Fraction(1)
                else:
                    share = Fraction(0)
                opponents = tuple(q for q in table.seats if q != p)
                out.setdefault(p, []).append(_Entry(opponents, share, scored[p]))
    return out
