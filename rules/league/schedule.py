"""The next round of any league (issue 47 §1: "rounds run themselves"): the one entry point the
league's listener calls, choosing the pairing by the league's format and table size.

Two-player round robins follow the Berger tables of the players as they started (withdrawn players
keep their places and forfeit, :mod:`rules.league.berger`); Swiss rounds and every round of tables
pair only the players still in (:mod:`rules.league.dutch`, :mod:`rules.league.multi_tables`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rules.league.berger import berger_round, berger_rounds
from rules.league.config import Format, LeagueConfig, LeagueError
from rules.league.dutch import dutch_round
from rules.league.history import history
from rules.league.multi_tables import table_round
from rules.league.rounds import PlayedRound, Round
from rules.league.table_split import split_tables

LEAST_PLAYERS = 3
"""A two-player league needs three players (issue 47 §1); a league of tables, two tables."""


def total_rounds(config: LeagueConfig, count: int) -> int:
    """The rounds of a league that starts with ``count`` players: the Swiss's number; a two-player
    round robin's Berger rounds; for tables, enough rounds for each player to meet every other
    once if the tables allowed it, ⌈(count − 1) / (table size − 1)⌉."""
    if config.format is Format.SWISS:
        assert config.rounds is not None
        return config.rounds
    if config.two_player:
        return berger_rounds(count)
    return -(-(count - 1) // (config.table_size - 1))


def check_start(config: LeagueConfig, count: int) -> None:
    """Raises :class:`LeagueError` when ``count`` players cannot start this league: fewer than
    three (two-player), fewer than two tables' worth (tables), or a two-player Swiss of more rounds
    than a round robin of them has (every later round would be a repeat)."""
    if config.two_player:
        if count < LEAST_PLAYERS:
            raise LeagueError("too_few_players", count=count, least=LEAST_PLAYERS)
        if config.format is Format.SWISS and total_rounds(config, count) > berger_rounds(count):
            raise LeagueError("too_many_rounds", rounds=total_rounds(config, count), most=berger_rounds(count))
        return
    sizes, _ = split_tables(count, config.table_size, config.allowed_sizes)
    if len(sizes) < 2:
        raise LeagueError("too_few_players", count=count, least=2 * min(config.allowed_sizes))


def next_round(
    config: LeagueConfig,
    players: Sequence[int],
    played: Sequence[PlayedRound],
    withdrawn: Collection[int] = (),
    seed: int = 0,
) -> Round:
    """Round ``len(played) + 1`` of the league of ``players`` (seed order, everyone who started,
    withdrawn included) after the ``played`` rounds, which should be complete. ``seed`` (e.g. the
    league's id) makes the search of round robins of tables differ between leagues and stay the
    same on a restart."""
    number = len(played) + 1
    if number > total_rounds(config, len(players)):
        raise LeagueError("no_more_rounds", round=number)
    if config.two_player and config.format is Format.ROUND_ROBIN:
        return berger_round(players, number, withdrawn)
    past = history(config, players, played)
    if config.two_player:
        return dutch_round(players, past, number, withdrawn)
    return table_round(
        players,
        past,
        number,
        config.table_size,
        config.allowed_sizes,
        swiss=config.format is Format.SWISS,
        seed=seed,
        withdrawn=withdrawn,
    )
