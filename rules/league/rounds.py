"""A round's pairings and its results as data (issue 47 §1): what the store keeps and the
standings read.

A :class:`Table` is one game: its players in seat order, the first seat moving first ("red" in
Stratego, white in chess terms). A table whose players are all ``forfeited`` at pairing time (a
two-player round robin keeps a withdrawn player's later pairings, :mod:`rules.league.berger`)
needs no game: its :class:`Result` is known at once (:meth:`Table.forfeit_result`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.league.config import LeagueError
from rules.protocol import Json, JsonObject


@dataclass(frozen=True, slots=True)
class Result:
    """How one table ended. ``order`` holds the finishing groups best first, and the players of
    one group share their places (two-player: ``({a}, {b})`` a beat b, ``({a, b},)`` a draw).
    ``forfeited`` players lost by forfeit (withdrawn), below everyone in ``order``. A game the
    organizer closed by hand is ``unfinished`` (its ``order`` is empty; the league's
    :class:`~rules.league.config.Unfinished` rule scores it)."""

    order: tuple[frozenset[int], ...] = ()
    forfeited: frozenset[int] = frozenset()
    unfinished: bool = False

    @classmethod
    def ranked(cls, *groups: Iterable[int], forfeited: Iterable[int] = ()) -> Result:
        """Finishing groups best first: ``Result.ranked([a], [b])`` is a win of ``a``."""
        return cls(tuple(frozenset(g) for g in groups), frozenset(forfeited))

    @classmethod
    def closed_unfinished(cls, forfeited: Iterable[int] = ()) -> Result:
        return cls((), frozenset(forfeited), True)

    @classmethod
    def from_places(cls, seats: Sequence[int], places: Sequence[int]) -> Result:
        """From each seat's finishing place (0 first, equal places share), as a game's outcome
        gives them."""
        if len(seats) != len(places):
            raise LeagueError("places_length", seats=len(seats), places=len(places))
        pairs = list(zip(seats, places, strict=True))
        return cls(tuple(frozenset(p for p, q in pairs if q == v) for v in sorted(set(places))))

    def players(self) -> frozenset[int]:
        return frozenset().union(*self.order, self.forfeited)

    def to_json(self) -> JsonObject:
        order: list[Json] = [_ints(g) for g in self.order]
        return {"order": order, "forfeited": _ints(self.forfeited), "unfinished": self.unfinished}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Result:
        return cls(
            tuple(frozenset(int(p) for p in g) for g in data["order"]),
            frozenset(int(p) for p in data.get("forfeited", ())),
            bool(data.get("unfinished", False)),
        )


@dataclass(frozen=True, slots=True)
class Table:
    """One game of a round: ``seats`` in seat order (the first moves first); ``forfeited`` the
    players already withdrawn when the round was paired (their seats score as forfeits)."""

    seats: tuple[int, ...]
    forfeited: frozenset[int] = frozenset()

    @property
    def needs_game(self) -> bool:
        """Whether a game is to be created: no seat was forfeited at pairing time."""
        return not self.forfeited

    def forfeit_result(self) -> Result:
        """The result of a table with forfeited seats: those present share first place (in a
        two-player game, a forfeit win), the forfeited lose."""
        present = [p for p in self.seats if p not in self.forfeited]
        return Result((frozenset(present),) if present else (), self.forfeited)

    def to_json(self) -> JsonObject:
        return {"seats": _ints(self.seats), "forfeited": _ints(self.forfeited)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Table:
        return cls(tuple(int(p) for p in data["seats"]), frozenset(int(p) for p in data.get("forfeited", ())))


@dataclass(frozen=True, slots=True)
class Round:
    """One round's pairings: its tables (in board order) and the players with a bye."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()

    def players(self) -> Iterator[int]:
        """Everyone in this round: seated (forfeited seats included) or with a bye."""
        for t in self.tables:
            yield from t.seats
        yield from self.byes

    def to_json(self) -> JsonObject:
        tables: list[Json] = [t.to_json() for t in self.tables]
        return {"number": self.number, "tables": tables, "byes": _ints(self.byes)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Round:
        return cls(
            int(data["number"]),
            tuple(Table.from_json(t) for t in data["tables"]),
            tuple(int(p) for p in data.get("byes", ())),
        )


@dataclass(frozen=True, slots=True)
class PlayedRound:
    """A round with its results so far, one per table in order (``None``: still playing)."""

    round: Round
    results: tuple[Result | None, ...]

    def __post_init__(self) -> None:
        if len(self.results) != len(self.round.tables):
            raise LeagueError("results_length", tables=len(self.round.tables), results=len(self.results))
        for table, result in zip(self.round.tables, self.results, strict=True):
            if result is None:
                continue
            seated = frozenset(table.seats)
            if result.players() != seated and not (result.unfinished and result.players() <= seated):
                raise LeagueError("result_players", table=",".join(map(str, table.seats)))

    @classmethod
    def paired(cls, round: Round) -> PlayedRound:
        """A round just paired: the forfeited tables' results known, the rest still playing."""
        return cls(round, tuple(None if t.needs_game else t.forfeit_result() for t in round.tables))

    @property
    def complete(self) -> bool:
        return all(r is not None for r in self.results)

    def with_result(self, index: int, result: Result) -> PlayedRound:
        results = list(self.results)
        results[index] = result
        return PlayedRound(self.round, tuple(results))

    def to_json(self) -> JsonObject:
        results: list[Json] = [None if r is None else r.to_json() for r in self.results]
        return {"round": self.round.to_json(), "results": results}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlayedRound:
        return cls(
            Round.from_json(data["round"]),
            tuple(None if r is None else Result.from_json(r) for r in data["results"]),
        )


def _ints(players: Iterable[int]) -> list[Json]:
    """Players as JSON: a table's seats in order, a set sorted."""
    return [int(p) for p in (players if isinstance(players, tuple) else sorted(players))]
