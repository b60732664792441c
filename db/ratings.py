"""Ratings, records and pace (issue 20 §1; docs/ratings.md): what the store keeps about finished
games besides the games themselves.

A finished game moves the ratings of its players once: OpenSkill's Plackett-Luce model (Weng-Lin),
one rating per player, game kind and server, over the full ranking the outcome gives (winners,
then the others by score, then those who resigned; equal places are ties). A solo game against an
automa moves no rating: it is recorded, and its score counts for the player's best against the
automa at its difficulty. The store applies a game in the transaction that writes its
``rated_games`` row, so a game told twice is rated once; games are applied in the order they ended
(:func:`rate_through` takes in any earlier one not yet applied first), so :func:`recompute` — every
finished game from scratch, by end time — gives the very same numbers.

Pure functions (:func:`ranking`, :func:`settle`) and the SQL the store runs inside its own
transactions (the ``db`` arguments); nothing here opens a transaction.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from db.connection import Conn
from db.json_text import loads
from db.records import COMPUTER_LEVELS, computer_level
from rules.protocol import AnyGame, Ending, Outcome

MODEL = PlackettLuce()
"""OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (docs/ratings.md)."""
BASE = 1000
SCALE = 40
"""The rating shown is ``BASE + SCALE × (mu − 3 sigma)``: a new player shows 1000."""
PROVISIONAL = 5
"""A rating from fewer rated games than this is marked provisional."""
SKEW = 86400.0
"""Seconds: games that ended this long before the latest one rated are still looked for unrated
(two processes' clocks may disagree a little; one clock never goes back). Older ones are the
start-up sweep's (:meth:`GameStore.rate_unrated`) — or the game being rated itself, when its ending
was told that late (its process died and another kept rating for a day): it is rated then, after
games that ended later, the one case where the order is not the end time's."""
PACE_GAMES = 30
"""A player's pace is measured over their latest games with other people (in one server; a
computer's seat does not count)."""
PACE_TURNS = 200
"""… and at most this many of their latest turns there."""


def shown(mu: float, sigma: float) -> int:
    """The conservative rating a player sees: the skill they have with ~99.9 % confidence, on a
    familiar scale (a new player: 1000)."""
    return max(0, round(BASE + SCALE * (mu - 3 * sigma)))


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one server and game kind, and the rated games behind it."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL


@dataclass(frozen=True, slots=True)
class Ended:
    """A finished game as the ratings need it."""

    game_id: int
    guild_id: int | None
    kind: str
    players: tuple[int, ...]
    outcome: Outcome
    options: Mapping[str, Any]
    resigned: tuple[int, ...]
    ended_at: float

    @property
    def solo(self) -> bool:
        """One player against the game's automa: recorded, never rated against people."""
        return len(self.players) == 1

    @property
    def with_computer(self) -> bool:
        """Whether a computer played a seat (issue 46)."""
        return any(computer_level(user) is not None for user in self.players)

    @property
    def rated(self) -> bool:
        """Whether the game moves ratings: in a server, two or more different people and no
        computer (ratings stay human)."""
        players = self.players
        return (
            self.guild_id is not None
            and len(players) >= 2
            and len(set(players)) == len(players)
            and not self.with_computer
        )

    @property
    def recorded(self) -> bool:
        """Whether the game counts in its players' records (rated, or solo in a server). A game
        with a computer is in none: it counts in its people's records against each computer
        level (:func:`computer_results`), never in the record against people."""
        return self.rated or (self.solo and self.guild_id is not None)


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    user_id: int
    rank: int
    result: str
    """``win``, ``loss`` or ``draw``."""
    timed_out: bool
    score: int | None
    solo: str | None
    """The difficulty of a solo game against an automa (``""`` when the game has none)."""


def ranking(outcome: Outcome, seats: int, resigned: Iterable[int] = ()) -> tuple[int, ...]:
    """Each seat's place, 0 best, equal places tied: the winners first (all of them on a draw),
    then the others by score (highest first; without scores, together), then the seats whose
    players resigned, by score too. Dense: places are 0, 1, 2 … without gaps."""
    out = set(resigned)
    scores = outcome.scores if outcome.scores is not None and len(outcome.scores) == seats else None

    def key(seat: int) -> tuple[int, int]:
        if seat in out:
            group = 2
        elif outcome.draw or seat in outcome.winners:
            group = 0
        else:
            group = 1
        return group, -(scores[seat] if scores is not None else 0)

    keys = [key(s) for s in range(seats)]
    places = {k: i for i, k in enumerate(sorted(set(keys)))}
    return tuple(places[k] for k in keys)


def seat_results(game: Ended) -> list[SeatResult]:
    """Each seat's result: its place, won / lost / drawn (a resignation and a loss on time are
    losses), and its score."""
    outcome = game.outcome
    ranks = ranking(outcome, len(game.players), game.resigned)
    scores = outcome.scores if outcome.scores is not None and len(outcome.scores) == len(game.players) else None
    solo = str(game.options.get("difficulty", "")) if game.solo and outcome.automa_score is not None else None
    out = []
    for seat, user in enumerate(game.players):
        if seat in outcome.winners:
            result = "win"
        elif outcome.draw and seat not in game.resigned:
            result = "draw"
        else:
            result = "loss"
        timed_out = outcome.ending is Ending.TIMEOUT and result == "loss"
        score = scores[seat] if scores is not None else None
        out.append(SeatResult(seat, user, ranks[seat], result, timed_out, score, solo))
    return out


@dataclass(frozen=True, slots=True)
class ComputerResult:
    """A person's result against one level of the computers in a finished game (issue 46 §1)."""

    seat: int
    user_id: int
    level: str
    result: str
    """``win``, ``loss`` or ``draw``."""


def computer_results(game: Ended) -> list[ComputerResult]:
    """Each person's result against each level of the game's computers, by the places
    :func:`ranking` gives: a win when the person placed above every computer of that level, a
    loss when one of them placed above the person, else a draw (in a game of two: the game's
    result; a resignation or a loss on time is a loss). None in a game without a computer."""
    levels: dict[str, list[int]] = {}
    for seat, user in enumerate(game.players):
        level = computer_level(user)
        if level is not None:
            levels.setdefault(level, []).append(seat)
    if not levels:
        return []
    ranks = ranking(game.outcome, len(game.players), game.resigned)
    out = []
    for seat, user in enumerate(game.players):
        if computer_level(user) is not None:
            continue
        for level in COMPUTER_LEVELS:
            if level not in levels:
                continue
            best = min(ranks[s] for s in levels[level])
            result = "win" if ranks[seat] < best else "loss" if ranks[seat] > best else "draw"
            out.append(ComputerResult(seat, user, level, result))
    return out


def settle(game: Ended, before: Sequence[Rating]) -> list[Rating]:
    """The players' ratings after a rated game, from theirs before (in seat order)."""
    results = seat_results(game)
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    rated = MODEL.rate(teams, ranks=[float(r.rank) for r in results])
    return [
        Rating(
            mu=team[0].mu,
            sigma=team[0].sigma,
            games=b.games + 1,
            wins=b.wins + (r.result == "win"),
            losses=b.losses + (r.result == "loss"),
            draws=b.draws + (r.result == "draw"),
        )
        for team, b, r in zip(rated, before, results, strict=True)
    ]


async def first(db: Conn, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...]:
    """The first row of a query that always has one (an aggregate)."""
    return tuple(next(iter(await db.execute_fetchall(sql, params))))


# -- reading a finished game -----------------------------------------------------------------------


async def load_ended(db: Conn, engines: Mapping[str, AnyGame], game_id: int) -> Ended | None:
    """The finished game ``game_id`` (None unless finished). Who resigned is read from the state
    only where it can matter (three players or more, an engine that knows the kind)."""
    rows = list(
        await db.execute_fetchall(
            "SELECT kind, guild_id, options, outcome, status, ended_at, updated_at,"
            " CASE WHEN (SELECT COUNT(*) FROM seats WHERE game_id = games.id) > 2 THEN state END AS state"
            " FROM games WHERE id = ?",
            (game_id,),
        )
    )
    if not rows or rows[0]["status"] != "finished" or rows[0]["outcome"] is None:
        return None
    row = rows[0]
    seats = await db.execute_fetchall("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
    engine = engines.get(row["kind"])
    resigned: tuple[int, ...] = ()
    if row["state"] is not None and engine is not None:
        resigned = tuple(engine.resigned(engine.load(loads(row["state"]))))
    return Ended(
        game_id=game_id,
        guild_id=row["guild_id"],
        kind=row["kind"],
        players=tuple(int(r[0]) for r in seats),
        outcome=Outcome.from_json(loads(row["outcome"])),
        options=loads(row["options"]),
        resigned=resigned,
        ended_at=row["ended_at"] if row["ended_at"] is not None else row["updated_at"],
    )


# -- applying games (incremental) ------------------------------------------------------------------


async def rate_through(
    db: Conn, engines: Mapping[str, AnyGame], game_id: int | None, now: float, limit: int | None = None
) -> int:
    """Apply every finished game not applied yet that ended no later than ``game_id`` (None: every
    one; at most ``limit`` games, None: no limit), in the order they ended; returns how many were
    applied. Idempotent: a game applied already is left alone (its ``rated_games`` row)."""
    if game_id is None:
        bound, params = "", ()
    else:
        rows = list(await db.execute_fetchall("SELECT ended_at, status FROM games WHERE id = ?", (game_id,)))
        if not rows or rows[0]["status"] != "finished" or rows[0]["ended_at"] is None:
            return 0
        if list(await db.execute_fetchall("SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,))):
            return 0
        latest = (await first(db, "SELECT MAX(ended_at) FROM rated_games"))[0]
        floor = min(latest - SKEW, rows[0]["ended_at"]) if latest is not None else None
        bound = " AND (g.ended_at, g.id) <= (?, ?)" + (" AND g.ended_at >= ?" if floor is not None else "")
        params = (rows[0]["ended_at"], game_id, *((floor,) if floor is not None else ()))
    pending = await db.execute_fetchall(
        "SELECT g.id FROM games g INDEXED BY games_ended WHERE g.status = 'finished' AND g.ended_at IS NOT NULL"
        f"{bound} AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id)"
        " ORDER BY g.ended_at, g.id LIMIT ?",
        (*params, 2**62 if limit is None else limit),
    )
    applied = 0
    for (pending_id,) in pending:
        game = await load_ended(db, engines, pending_id)
        if game is not None:
            await apply(db, game, now)
            applied += 1
    return applied


async def apply(db: Conn, game: Ended, now: float) -> None:
    """Write one finished game's results and move its players' ratings (if it is rated)."""
    cur = await db.execute(
        "INSERT INTO rated_games (game_id, guild_id, kind, ending, ended_at, rated) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id) DO NOTHING",
        (game.game_id, game.guild_id, game.kind, game.outcome.ending.value, game.ended_at, int(game.rated)),
    )
    if cur.rowcount != 1:
        return
    if game.guild_id is not None:
        await db.executemany(
            "INSERT INTO computer_results (game_id, seat, level, user_id, guild_id, kind, result, ended_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (game.game_id, r.seat, r.level, r.user_id, game.guild_id, game.kind, r.result, game.ended_at)
                for r in computer_results(game)
            ],
        )
    if not game.recorded:
        return
    results = seat_results(game)
    after: list[Rating | None] = [None] * len(results)
    if game.rated:
        before = [await rating_of(db, game.guild_id, game.kind, user) for user in game.players]
        after = list(settle(game, before))
        await db.executemany(
            "INSERT INTO ratings (guild_id, kind, user_id, mu, sigma, games, wins, losses, draws, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,"
            " losses = excluded.losses, draws = excluded.draws, updated_at = excluded.updated_at",
            [
                (game.guild_id, game.kind, user, r.mu, r.sigma, r.games, r.wins, r.losses, r.draws, now)
                for user, r in zip(game.players, after, strict=True)
                if r is not None
            ],
        )
    await db.executemany(
        "INSERT INTO results (game_id, seat, user_id, guild_id, kind, ended_at, rank, result, timed_out, score,"
        " solo, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game.game_id,
                r.seat,
                r.user_id,
                game.guild_id,
                game.kind,
                game.ended_at,
                r.rank,
                r.result,
                int(r.timed_out),
                r.score,
                r.solo,
                a.mu if a is not None else None,
                a.sigma if a is not None else None,
            )
            for r, a in zip(results, after, strict=True)
        ],
    )


async def rating_of(db: Conn, guild_id: int | None, kind: str, user_id: int) -> Rating:
    rows = list(
        await db.execute_fetchall(
            "SELECT mu, sigma, games, wins, losses, draws FROM ratings WHERE guild_id = ? AND kind = ? AND user_id = ?",
            (guild_id, kind, user_id),
        )
    )
    return Rating(*tuple(rows[0])) if rows else Rating()


# -- from scratch ----------------------------------------------------------------------------------

Key = tuple[int, str, int]
"""(server, game kind, player)."""


async def recompute(db: Conn, engines: Mapping[str, AnyGame]) -> dict[Key, Rating]:
    """Every rating from the stored finished games alone, replayed in the order they ended —
    what the incremental ratings must equal."""
    ids = await db.execute_fetchall(
        "SELECT id FROM games INDEXED BY games_ended WHERE status = 'finished' AND ended_at IS NOT NULL"
        " ORDER BY ended_at, id"
    )
    table: dict[Key, Rating] = {}
    for (game_id,) in ids:
        game = await load_ended(db, engines, game_id)
        if game is None or not game.rated or game.guild_id is None:
            continue
        keys = [(game.guild_id, game.kind, user) for user in game.players]
        after = settle(game, [table.get(k, Rating()) for k in keys])
        table.update(zip(keys, after, strict=True))
    return table


async def stored(db: Conn) -> dict[Key, Rating]:
    """The ratings as the store keeps them."""
    rows = await db.execute_fetchall(
        "SELECT guild_id, kind, user_id, mu, sigma, games, wins, losses, draws FROM ratings"
    )
    return {(r[0], r[1], r[2]): Rating(*tuple(r)[3:]) for r in rows}


async def rebuild(db: Conn, engines: Mapping[str, AnyGame], now: float) -> int:
    """Forget every rating and result (against people and computers) and apply every finished
    game again, by end time (after a change of the model, or to repair); returns how many games
    were applied."""
    await db.execute("DELETE FROM computer_results")
    await db.execute("DELETE FROM results")
    await db.execute("DELETE FROM rated_games")
    await db.execute("DELETE FROM ratings")
    return await rate_through(db, engines, None, now)


# -- reading ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a leaderboard: the place, the player and their rating."""

    place: int
    user_id: int
    rating: Rating


async def leaderboard(db: Conn, guild_id: int, kind: str, offset: int, limit: int) -> tuple[list[Standing], int]:
    """A page of the server's leaderboard of ``kind``, best conservative rating first, and how
    many players it has in all."""
    (total,) = await first(db, "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND kind = ?", (guild_id, kind))
    rows = await db.execute_fetchall(
        "SELECT user_id, mu, sigma, games, wins, losses, draws FROM ratings WHERE guild_id = ? AND kind = ?"
        " ORDER BY (mu - 3 * sigma) DESC, user_id LIMIT ? OFFSET ?",
        (guild_id, kind, limit, offset),
    )
    return [Standing(offset + i + 1, r[0], Rating(*tuple(r)[1:])) for i, r in enumerate(rows)], int(total)


@dataclass(frozen=True, slots=True)
class Record:
    """A player's record in one game kind in one server."""

    kind: str
    played: int
    won: int
    lost: int
    drawn: int
    rating: Rating | None
    """None: no rated game yet (only solo games, say)."""
    trend: tuple[tuple[float, int], ...] = ()
    """(when, rating shown) after each of their latest rated games, oldest first."""
    bests: tuple[tuple[str, int], ...] = ()
    """Best score against the automa by difficulty (solo games finished by the rules)."""


TREND_GAMES = 200
"""The trend shows at most this many of the latest rated games."""


async def records(db: Conn, guild_id: int, user_id: int) -> list[Record]:
    """The player's record per game kind in the server, kinds in name order."""
    rows = await db.execute_fetchall(
        "SELECT kind, COUNT(*), SUM(CASE WHEN result = 'win' THEN 1 ELSE 0 END),"
        " SUM(CASE WHEN result = 'loss' THEN 1 ELSE 0 END), SUM(CASE WHEN result = 'draw' THEN 1 ELSE 0 END)"
        " FROM results"
        " WHERE user_id = ? AND guild_id = ? GROUP BY kind ORDER BY kind",
        (user_id, guild_id),
    )
    out = []
    for kind, played, won, lost, drawn in rows:
        rating_rows = list(
            await db.execute_fetchall(
                "SELECT mu, sigma, games, wins, losses, draws FROM ratings WHERE guild_id = ? AND kind = ?"
                " AND user_id = ?",
                (guild_id, kind, user_id),
            )
        )
        trend = await db.execute_fetchall(
            "SELECT ended_at, mu, sigma FROM results WHERE user_id = ? AND guild_id = ? AND kind = ?"
            " AND mu IS NOT NULL ORDER BY ended_at DESC LIMIT ?",
            (user_id, guild_id, kind, TREND_GAMES),
        )
        bests = await db.execute_fetchall(
            "SELECT r.solo, MAX(r.score) FROM results r JOIN rated_games g ON g.game_id = r.game_id"
            " WHERE r.user_id = ? AND r.guild_id = ? AND r.kind = ? AND r.solo IS NOT NULL AND r.score IS NOT NULL"
            " AND g.ending = 'normal' GROUP BY r.solo ORDER BY r.solo",
            (user_id, guild_id, kind),
        )
        out.append(
            Record(
                kind=kind,
                played=played,
                won=won,
                lost=lost,
                drawn=drawn,
                rating=Rating(*tuple(rating_rows[0])) if rating_rows else None,
                trend=tuple((r[0], shown(r[1], r[2])) for r in reversed(list(trend))),
                bests=tuple((str(r[0]), int(r[1])) for r in bests),
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class ComputerRecord:
    """A player's games against the computers of one level in one game kind, in one server."""

    kind: str
    level: str
    played: int
    won: int
    drawn: int
    lost: int


async def computer_records(db: Conn, guild_id: int, user_id: int) -> list[ComputerRecord]:
    """The player's record against each computer level per game kind in the server: kinds in
    name order, levels from easy to hard."""
    rows = await db.execute_fetchall(
        "SELECT kind, level, COUNT(*), SUM(CASE WHEN result = 'win' THEN 1 ELSE 0 END),"
        " SUM(CASE WHEN result = 'draw' THEN 1 ELSE 0 END), SUM(CASE WHEN result = 'loss' THEN 1 ELSE 0 END)"
        " FROM computer_results WHERE user_id = ? AND guild_id = ? GROUP BY kind, level",
        (user_id, guild_id),
    )
    found = [ComputerRecord(r[0], r[1], int(r[2]), int(r[3]), int(r[4]), int(r[5])) for r in rows]
    return sorted(found, key=lambda r: (r.kind, COMPUTER_LEVELS.index(r.level)))


@dataclass(frozen=True, slots=True)
class Pace:
    """How a player keeps others waiting, in one server: the median time from when a game started
    waiting for them to their move (None: no such turn measured), over how many turns; and how
    many of their finished games they lost on time."""

    median: float | None
    turns: int
    finished: int
    timeouts: int

    @property
    def on_time(self) -> float | None:
        """The share of their finished games finished without a loss on time (None: none)."""
        return (self.finished - self.timeouts) / self.finished if self.finished else None

    @property
    def new(self) -> bool:
        return self.median is None and not self.finished


async def paces(db: Conn, guild_id: int, users: Iterable[int]) -> dict[int, Pace]:
    """Each player's pace in the server (see :class:`Pace`): their turns in their latest
    ``PACE_GAMES`` games with other people (a computer's seat is no other player: how fast one
    answers a computer says little of how long one keeps people waiting), at most ``PACE_TURNS``
    of them; a turn is timed from when the game started waiting for them (the seat's clock) to
    their first action of it."""
    out: dict[int, Pace] = {}
    for user in dict.fromkeys(users):
        waits = await db.execute_fetchall(
            "SELECT MIN(a.created_at) - a.waiting_since AS took FROM actions a"
            " JOIN seats s ON s.game_id = a.game_id AND s.seat = a.seat"
            " WHERE s.user_id = ? AND a.waiting_since IS NOT NULL AND a.game_id IN ("
            "  SELECT s2.game_id FROM seats s2 JOIN games g ON g.id = s2.game_id"
            "  WHERE s2.user_id = ? AND g.guild_id = ? AND g.status IN ('active', 'finished')"
            "  AND EXISTS (SELECT 1 FROM seats o WHERE o.game_id = s2.game_id AND o.user_id <> s2.user_id"
            "  AND o.user_id >= 0)"
            "  ORDER BY s2.game_id DESC LIMIT ?)"
            " GROUP BY a.game_id, a.seat, a.waiting_since ORDER BY MIN(a.created_at) DESC LIMIT ?",
            (user, user, guild_id, PACE_GAMES, PACE_TURNS),
        )
        took = [max(0.0, float(r[0])) for r in waits]
        finished, timeouts = await first(
            db,
            "SELECT COUNT(*), COALESCE(SUM(timed_out), 0) FROM results WHERE user_id = ? AND guild_id = ?",
            (user, guild_id),
        )
        out[user] = Pace(statistics.median(took) if took else None, len(took), int(finished), int(timeouts))
    return out
