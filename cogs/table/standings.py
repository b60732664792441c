"""``/game top`` and ``/game stats`` (issue 20 §1): a server's leaderboard of one game kind, paged
like ``/game list``, and a player's record per game kind with their rating's trend as a chart and
their pace. Only this server's games count; players are named by mention, never by id."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs import games
from cogs.table.ratings import chart_files, speed_words
from cogs.table.respond import Refusal, fit
from cogs.table.ui import FileSpec, mention
from cogs.texts import computer_name, has, join_words, t, tn
from db.ratings import PROVISIONAL, ComputerRecord, Rating, Record, shown
from render.ratings import Trend

if TYPE_CHECKING:
    from cogs.table.table import Table

PAGE = 10
"""Players per page of ``/game top``."""
START = shown(Rating().mu, Rating().sigma)
"""The rating every player starts from (the first point of a trend that covers every game)."""


def pages(total: int) -> int:
    return max(1, -(-total // PAGE))


async def top_text(table: Table, guild_id: int | None, name: str, page: int, locale: str) -> str:
    """One page of the server's leaderboard of ``name``."""
    if guild_id is None:
        raise Refusal(t("ratings_in_server", locale))
    if name not in games.KINDS:
        raise Refusal(t("top.unknown", locale, name=f"`{name[:60]}`"))
    title = games.ui(name).title(locale)
    page = max(1, page)
    board, total = await table.store.ratings.leaderboard(guild_id, name, (page - 1) * PAGE, PAGE)
    count = pages(total)
    if page > count:  # past the end: the last page
        page = count
        board, total = await table.store.ratings.leaderboard(guild_id, name, (page - 1) * PAGE, PAGE)
    notes = [t(f"top.solo_note.{name}", locale)] if has(f"top.solo_note.{name}") else []
    if not board:
        return "\n".join([t("top.empty", locale, kind=title), *notes])
    lines = [t("top.head", locale, kind=title)]
    for standing in board:
        rating = standing.rating
        line = t(
            "top.line",
            locale,
            place=standing.place,
            player=mention(standing.user_id),
            rating=rating.shown,
            games=tn("top.games", rating.games, locale),
            wins=tn("top.wins", rating.wins, locale),
        )
        lines.append(line + (t("top.provisional", locale) if rating.provisional else ""))
    if count > 1:
        lines.append(t("top.page", locale, page=page, pages=count, name=name, next=page % count + 1))
    lines.append(t("top.note", locale, n=PROVISIONAL))
    lines += notes
    return fit("\n".join(lines))


def record_line(table: Table, record: Record, locale: str) -> str:
    """One game kind of a player's record: played, won, lost, drawn; the rating; solo bests."""
    title = kind_title(table, record.kind, locale)
    parts = [
        t("stats.kind", locale, kind=title, played=record.played, won=record.won, lost=record.lost, drawn=record.drawn)
    ]
    rating = record.rating
    if rating is not None:
        key = "stats.rating_provisional" if rating.provisional else "stats.rating"
        parts.append(t(key, locale, rating=rating.shown, games=tn("stats.games", rating.games, locale)))
    elif not record.bests:
        parts.append(t("stats.unrated", locale))
    if record.bests:
        bests = join_words(
            [
                t("stats.best_one", locale, score=score, difficulty=difficulty_words(difficulty, locale))
                for difficulty, score in record.bests
            ],
            locale,
        )
        key = f"stats.best.{record.kind}" if has(f"stats.best.{record.kind}") else "stats.best"
        parts.append(t(key, locale, bests=bests))
    return " — ".join(parts)


def computer_lines(table: Table, records: list[ComputerRecord], locale: str) -> list[str]:
    """The section "Against the computer" (issue 46 §1): per game kind and computer level, the
    games and the wins, draws and losses against it; nothing for a player who has played none."""
    if not records:
        return []
    lines = [t("stats.computers", locale)]
    for r in records:
        lines.append(
            t(
                "stats.computer",
                locale,
                kind=kind_title(table, r.kind, locale),
                computer=computer_name(r.level, locale),
                games=tn("stats.computer.games", r.played, locale),
                wins=tn("stats.computer.wins", r.won, locale),
                draws=tn("stats.computer.draws", r.drawn, locale),
                losses=tn("stats.computer.losses", r.lost, locale),
            )
        )
    return lines


def kind_title(table: Table, kind: str, locale: str) -> str:
    """A game kind's name in words (a kind no longer registered: its id)."""
    return games.ui(kind).title(locale) if kind in games.KINDS else kind


def difficulty_words(difficulty: str, locale: str) -> str:
    key = f"difficulty.{difficulty}"
    return t(key, locale) if has(key, locale) else difficulty or "—"


def trends(table: Table, records: list[Record], locale: str) -> list[Trend]:
    out = []
    for record in records:
        rating = record.rating
        if rating is None or not record.trend:
            continue
        points = tuple(v for _, v in record.trend)
        if rating.games == len(points):
            points = (START, *points)
        title = kind_title(table, record.kind, locale)
        out.append(Trend(title, points, rating.shown, rating.provisional, len(record.trend)))
    return out


async def stats(table: Table, guild_id: int | None, user_id: int, name: str, locale: str) -> tuple[str, list[FileSpec]]:
    """A player's record in this server — per game kind, with the trend chart of every rated kind,
    their games against the computer per level, and their pace — as text and files."""
    if guild_id is None:
        raise Refusal(t("ratings_in_server", locale))
    records = await table.store.ratings.records(guild_id, user_id)
    against = computer_lines(table, await table.store.ratings.computer_records(guild_id, user_id), locale)
    pace = (await table.store.ratings.paces(guild_id, [user_id]))[user_id]
    player = mention(user_id)
    if not records and not against:
        lines = [t("stats.none", locale, player=player)]
        if pace.median is not None:
            lines.append(t("stats.pace", locale, pace=speed_words(pace, locale)))
        return "\n".join(lines), []
    lines = [t("stats.head", locale, player=player)]
    lines += [record_line(table, r, locale) for r in records]
    lines += against
    pace_line = t("stats.pace", locale, pace=speed_words(pace, locale)) if not pace.new else t("stats.pace_new", locale)
    lines.append(pace_line)
    drawn = trends(table, records, locale)
    files = await table.transport.render(chart_files, name, drawn, locale, f"stats-{user_id}.png") if drawn else []
    return fit("\n".join(lines)), files
