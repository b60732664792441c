"""A league's format and scoring (issue 47 §2) as frozen values that read and write plain JSON.

Defaults, and why:

- **Two-player tables** (table size 2, e.g. Stratego): 6 / 3 / 1 points for a win / draw / loss,
  the ISF's Stratego scoring (a played loss is worth more than not playing). A forfeit scores
  ``forfeit_win`` (6) for the one present and ``forfeit_loss`` (0) for the one absent.
- **Tables of three or more**: placement points by finishing order, ``placement`` for the largest
  table, default 6 / 4 / 2 / 0 for four. A smaller table keeps the same first and last points and
  spaces the places between them evenly: 6 / 3 / 0 for three, 6 / 0 for two. So the average per
  seat is the same (3) at every table size, and a league that seats 7 players at a table of 3
  and one of 4 favours neither table. A given ``placement`` of the full length is used as given.
- **Unfinished games closed by hand** (:class:`Unfinished`): ``draw`` by default — every player
  of the table shares all its places (two-player: the draw points; a table: the average of its
  placement points), so closing a round by hand neither rewards nor punishes; ``loss`` gives
  every player the loss (two-player) or last place's points; ``forfeit`` gives everyone
  ``forfeit_loss``.
- **Byes** (:class:`ByeScore`): ``win`` by default for two-player leagues (FIDE's pairing-
  allocated bye scores a win), ``draw`` by default for tables (the average of the placement
  points at the league's table size: 3 with 6 / 4 / 2 / 0).
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.protocol import JsonObject


class LeagueError(ValueError):
    """A configuration or input that no league can have; ``code`` names what is wrong (the
    Discord layer words it), ``params`` the values."""

    def __init__(self, code: str, **params: int | str) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


class Format(enum.StrEnum):
    """How rounds are paired: everyone meets everyone, or a fixed number of Swiss rounds."""

    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"


class Unfinished(enum.StrEnum):
    """How a game that the organizer closed by hand at the round's deadline is scored."""

    DRAW = "draw"
    LOSS = "loss"
    FORFEIT = "forfeit"


class ByeScore(enum.StrEnum):
    """What a pairing-allocated bye scores: as a win (first place), a draw (the table's average),
    a loss (last place) or nothing."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    ZERO = "zero"


DEFAULT_PLACEMENT = (6, 4, 2, 0)
MAX_POINTS = 100
"""The most points one result may give: any league's scoring fits, and a typo (600) is refused."""


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points for results (see the module's docstring for the defaults)."""

    win: int = 6
    draw: int = 3
    loss: int = 1
    forfeit_win: int = 6
    forfeit_loss: int = 0
    placement: tuple[int, ...] = DEFAULT_PLACEMENT

    def to_json(self) -> JsonObject:
        return {
            "win": self.win,
            "draw": self.draw,
            "loss": self.loss,
            "forfeit_win": self.forfeit_win,
            "forfeit_loss": self.forfeit_loss,
            "placement": list(self.placement),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Scoring:
        return cls(
            win=_int(data, "win"),
            draw=_int(data, "draw"),
            loss=_int(data, "loss"),
            forfeit_win=_int(data, "forfeit_win"),
            forfeit_loss=_int(data, "forfeit_loss"),
            placement=tuple(_ints(data, "placement")),
        )


def scoring_of(points: Sequence[int], *, two_player: bool, places: int) -> Scoring:
    """The organizer's points (issue 47 §2, "configurable"): for a two-player league the win,
    draw and loss, for tables one value per place of the largest table (``places``), best first.
    Each from 0 to :data:`MAX_POINTS`, never more for a worse result, and the best worth more than
    the worst (a league where every result scores the same ranks nobody). A forfeit gives the win
    (first place) to the one present and 0 to the absent, as by default. Refuses with
    :class:`LeagueError` ``points_count`` (``given``, ``want``), ``points_range`` (``most``) or
    ``points_order``."""
    want = 3 if two_player else places
    if len(points) != want:
        raise LeagueError("points_count", given=len(points), want=want)
    if any(not 0 <= p <= MAX_POINTS for p in points):
        raise LeagueError("points_range", most=MAX_POINTS)
    if any(a < b for a, b in itertools.pairwise(points)) or points[0] == points[-1]:
        raise LeagueError("points_order")
    if two_player:
        win, draw, loss = points
        return Scoring(win=win, draw=draw, loss=loss, forfeit_win=win, forfeit_loss=0)
    return Scoring(forfeit_win=points[0], forfeit_loss=0, placement=tuple(points))


@dataclass(frozen=True, slots=True)
class LeagueConfig:
    """One league's rules. ``table_size`` is the seats per game (2 for two-player games);
    ``allowed_sizes`` the player counts the game itself allows (e.g. ``(3, 4)``), so that tables
    one seat smaller or larger are only used where the game allows them. ``rounds`` is the number
    of Swiss rounds (``None`` for a round robin, whose length follows from the players)."""

    format: Format
    table_size: int
    allowed_sizes: tuple[int, ...]
    rounds: int | None = None
    scoring: Scoring = field(default_factory=Scoring)
    unfinished: Unfinished = Unfinished.DRAW
    bye: ByeScore | None = None

    def __post_init__(self) -> None:
        sizes = self.allowed_sizes
        if not sizes or list(sizes) != list(range(min(sizes), max(sizes) + 1)) or min(sizes) < 2:
            raise LeagueError("bad_allowed_sizes", sizes=",".join(map(str, sizes)))
        if self.table_size not in sizes:
            raise LeagueError("bad_table_size", size=self.table_size)
        if self.format is Format.SWISS and (self.rounds is None or self.rounds < 1):
            raise LeagueError("bad_rounds", rounds=-1 if self.rounds is None else self.rounds)
        if self.format is Format.ROUND_ROBIN and self.rounds is not None:
            raise LeagueError("rounds_in_round_robin", rounds=self.rounds)
        if not self.two_player and len(self.scoring.placement) < max(sizes):
            raise LeagueError("short_placement", seats=max(sizes), given=len(self.scoring.placement))

    @property
    def two_player(self) -> bool:
        """Games of two, paired with colours and scored win / draw / loss."""
        return self.table_size == 2

    @property
    def bye_score(self) -> ByeScore:
        """The bye's score, with the default for the league's kind when none was set."""
        if self.bye is not None:
            return self.bye
        return ByeScore.WIN if self.two_player else ByeScore.DRAW

    def to_json(self) -> JsonObject:
        return {
            "format": self.format.value,
            "table_size": self.table_size,
            "allowed_sizes": list(self.allowed_sizes),
            "rounds": self.rounds,
            "scoring": self.scoring.to_json(),
            "unfinished": self.unfinished.value,
            "bye": None if self.bye is None else self.bye.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LeagueConfig:
        rounds = data.get("rounds")
        bye = data.get("bye")
        scoring = data.get("scoring")
        if not isinstance(scoring, Mapping):
            raise LeagueError("bad_json", key="scoring")
        try:
            return cls(
                format=Format(data["format"]),
                table_size=_int(data, "table_size"),
                allowed_sizes=tuple(_ints(data, "allowed_sizes")),
                rounds=None if rounds is None else _int(data, "rounds"),
                scoring=Scoring.from_json(scoring),
                unfinished=Unfinished(data.get("unfinished", Unfinished.DRAW.value)),
                bye=None if bye is None else ByeScore(bye),
            )
        except (KeyError, ValueError) as e:
            if isinstance(e, LeagueError):
                raise
            raise LeagueError("bad_json", key=str(e)) from e


def _int(data: Mapping[str, Any], key: str) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise LeagueError("bad_json", key=key)
    return value


def _ints(data: Mapping[str, Any], key: str) -> list[int]:
    value = data[key]
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise LeagueError("bad_json", key=key)
    return list(value)
