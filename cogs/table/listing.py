"""``/game list`` and ``/game next`` (issue 13, "games waiting for me"): the caller's games — in a
DM across every server, in a channel in this server — those waiting for them first, longest-waiting
first, each with a jump link, the deadline and the pace; then the others; paged."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cogs import games
from cogs.table import plan
from cogs.table.clock_words import pace_words, stamp
from cogs.table.ui import mention
from cogs.texts import t
from db import clocks
from db.records import GameRecord, SeatClock, UserPrefs

if TYPE_CHECKING:
    from cogs.table.table import Table

PAGE = 10
"""Games per page of ``/game list``."""


@dataclass(frozen=True, slots=True)
class Entry:
    rec: GameRecord
    mine: SeatClock | None
    """The caller's clock when the game waits for them."""


def order(games: Sequence[GameRecord], user_id: int) -> list[Entry]:
    """Games waiting for the user first (longest-waiting first), then the others (newest first)."""
    waiting: list[Entry] = []
    others: list[Entry] = []
    for rec in games:
        mine = rec.waiting_for(user_id) if rec.status == "active" else None
        (waiting if mine else others).append(Entry(rec, mine))
    waiting.sort(key=lambda e: e.mine.since if e.mine and e.mine.since else 0)
    others.sort(key=lambda e: -e.rec.id)
    return waiting + others


def pages(entries: Sequence[Entry]) -> int:
    return max(1, -(-len(entries) // PAGE))


async def line(table: Table, entry: Entry, locale: str) -> str:
    rec = entry.rec
    title = games.ui(rec.kind).title(locale)
    link = plan.link(rec)
    pace = pace_words(rec.pace, locale)
    if rec.status == "lobby":
        expires = rec.created_at + clocks.LOBBY_TTL
        return t(
            "list.lobby",
            locale,
            id=rec.id,
            kind=title,
            creator=mention(rec.creator_id),
            pace=pace,
            expires=stamp(expires),
            link=link,
        )
    if rec.state_json is None:
        rec = await table.store.games.get(rec.id)
    status = games.ui(rec.kind).status_line(rec, rec.load_state(), locale)
    clock = entry.mine or next(iter(rec.waiting()), None)
    due = t("due", locale, when=stamp(clock.deadline)) if clock and clock.deadline else None
    when = f"{due} · {pace}" if due else pace
    return t("list.game", locale, id=rec.id, kind=title, status=status, when=when, link=link)


def away_line(prefs: UserPrefs, now: float, locale: str) -> str | None:
    year = clocks.year_of(now)
    used = prefs.away_days if prefs.away_year == year else 0
    if prefs.away(now):
        return t(
            "list.away", locale, until=stamp(prefs.away_until, "f"), used=used, limit=clocks.VACATION_DAYS, year=year
        )
    if used:
        return t("list.away_used", locale, used=used, limit=clocks.VACATION_DAYS, year=year)
    return None


async def text(table: Table, entries: Sequence[Entry], page: int, prefs: UserPrefs, now: float, locale: str) -> str:
    """One page of the list, within Discord's 2,000 characters (ten short lines and headings)."""
    count = pages(entries)
    page = min(max(1, page), count)
    shown = entries[(page - 1) * PAGE : page * PAGE]
    mine = [e for e in shown if e.mine is not None]
    rest = [e for e in shown if e.mine is None]
    out: list[str] = []
    if mine:
        out.append(t("list.head_yours", locale))
        out += [await line(table, e, locale) for e in mine]
    if rest:
        out.append(t("list.head_others", locale))
        out += [await line(table, e, locale) for e in rest]
    away = away_line(prefs, now, locale)
    if away:
        out.append(away)
    if count > 1:
        out.append(t("list.page", locale, page=page, pages=count, next=page % count + 1))
    return "\n".join(out)
