"""Points from one table's result or a bye (issue 47 §2), exact as fractions: players who share
places share those places' points, which need not be whole (two tied for first at a table of
four: (6 + 4) / 2 = 5 each).

Two-player leagues score win / draw / loss; an unfinished game closed by hand follows the league's
:class:`~rules.league.config.Unfinished` rule; a forfeit gives ``forfeit_win`` to the player
present and ``forfeit_loss`` to the forfeited. Tables of three or more score each seat's place
on :func:`placement_scale` for the table's seat count (forfeited seats included); forfeited
players take the last places with ``forfeit_loss`` each.
"""

from __future__ import annotations

from fractions import Fraction

from rules.league.config import ByeScore, LeagueConfig, Unfinished
from rules.league.rounds import Result, Table


def placement_scale(config: LeagueConfig, seats: int) -> tuple[Fraction, ...]:
    """The placement points at a table of ``seats`` players, best place first: the league's
    ``placement`` where it has exactly that many places; otherwise its first and last points with
    the places between them evenly spaced (6 / 4 / 2 / 0 gives 6 / 3 / 0 for three, 6 / 0 for two)."""
    given = config.scoring.placement
    if len(given) == seats:
        return tuple(Fraction(p) for p in given)
    if seats == 1:
        return (Fraction(given[0]),)
    first, last = Fraction(given[0]), Fraction(given[-1])
    return tuple(first - (first - last) * i / (seats - 1) for i in range(seats))


def table_points(config: LeagueConfig, table: Table, result: Result) -> dict[int, Fraction]:
    """Each seated player's points from ``result``."""
    s = config.scoring
    out = {p: Fraction(s.forfeit_loss) for p in result.forfeited}
    present = [p for p in table.seats if p not in result.forfeited]
    if config.two_player:
        if len(present) == 1 and result.forfeited:
            out[present[0]] = Fraction(s.forfeit_win)
        elif result.unfinished:
            each = {Unfinished.DRAW: s.draw, Unfinished.LOSS: s.loss, Unfinished.FORFEIT: s.forfeit_loss}
            out |= {p: Fraction(each[config.unfinished]) for p in present}
        elif len(result.order) == 1:
            out |= {p: Fraction(s.draw) for p in present}
        elif len(result.order) == 2:
            out |= {p: Fraction(s.win) for p in result.order[0]} | {p: Fraction(s.loss) for p in result.order[1]}
        return out
    scale = placement_scale(config, len(table.seats))
    if result.unfinished:
        if config.unfinished is Unfinished.DRAW:
            share = sum(scale[: len(present)], Fraction(0)) / len(present) if present else Fraction(0)
            out |= {p: share for p in present}
        else:
            low = scale[-1] if config.unfinished is Unfinished.LOSS else Fraction(s.forfeit_loss)
            out |= {p: low for p in present}
        return out
    place = 0
    for group in result.order:
        share = sum(scale[place : place + len(group)], Fraction(0)) / len(group)
        out |= {p: share for p in group}
        place += len(group)
    return out


def bye_points(config: LeagueConfig) -> Fraction:
    """A bye's points by the league's :class:`~rules.league.config.ByeScore`: two-player as a
    win / draw / loss; at tables as first place / the average / last place at the league's table
    size."""
    bye = config.bye_score
    if bye is ByeScore.ZERO:
        return Fraction(0)
    s = config.scoring
    if config.two_player:
        return Fraction({ByeScore.WIN: s.win, ByeScore.DRAW: s.draw, ByeScore.LOSS: s.loss}[bye])
    scale = placement_scale(config, config.table_size)
    if bye is ByeScore.WIN:
        return scale[0]
    if bye is ByeScore.LOSS:
        return scale[-1]
    return sum(scale, Fraction(0)) / len(scale)
