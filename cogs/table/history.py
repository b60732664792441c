"""``/game history`` (issue 20 §2): a player's finished games, newest first — the result in words, the
players, the date and a jump link to the game's thread — paged like ``/game list``.

"Finished" means played to a result: status ``finished`` (a win, a draw, a resignation, a win on
time). Cancelled games and expired lobbies are left out: nobody won or lost them, so they are no
part of a player's record (they stay reachable by their number, ``/game log game:``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cogs import games
from cogs.table import plan
from cogs.table.clock_words import stamp
from cogs.table.ui import mention
from cogs.texts import join_words, t
from db.records import GameRecord

if TYPE_CHECKING:
    from cogs.table.table import Table

PAGE = 5
"""Games per page: a four-player game's line (its result names every player with their score)
runs to ~320 characters, and a page must fit Discord's 2,000 (tests/table/test_history.py)."""


def finished(games: Sequence[GameRecord], kind: str | None = None) -> list[GameRecord]:
    """The finished games (of ``kind``), newest ending first (then the higher number)."""
    chosen = [g for g in games if g.status == "finished" and (kind is None or g.kind == kind)]
    return sorted(chosen, key=lambda g: (-g.updated_at, -g.id))


def pages(games: Sequence[GameRecord]) -> int:
    return max(1, -(-len(games) // PAGE))


async def line(table: Table, rec: GameRecord, locale: str) -> str:
    """One game: number, game, the day it ended, the result in words, the players, a jump link."""
    if rec.state_json is None:  # listed without state; the result's words read it
        rec = await table.store.games.get(rec.id)
    result = table.finder.result_text(rec, locale)
    players = [mention(u) for u in dict.fromkeys(rec.players)]
    named = all(p in result for p in players)  # the result names everyone already (scores)
    return t(
        "history.game_named" if named else "history.game",
        locale,
        id=rec.id,
        kind=games.ui(rec.kind).title(locale),
        date=stamp(rec.updated_at, "d"),
        result=result,
        players=join_words(players, locale),
        link=plan.link(rec),
    )


async def text(
    table: Table, found: Sequence[GameRecord], page: int, user_id: int, kind: str | None, everywhere: bool, locale: str
) -> str:
    """One page of a player's history (``found``: from :func:`finished`), within 2,000 characters."""
    title = games.ui(kind).title(locale) if kind else None
    where = "everywhere" if everywhere else "here"
    if not found:
        key = f"history.none_{where}" + ("_kind" if title else "")
        return t(key, locale, user=mention(user_id), kind=title)
    count = pages(found)
    page = min(max(1, page), count)
    key = f"history.head_{where}" + ("_kind" if title else "")
    out = [t(key, locale, user=mention(user_id), kind=title, n=len(found))]
    out += [await line(table, rec, locale) for rec in found[(page - 1) * PAGE : page * PAGE]]
    if count > 1:
        out.append(t("history.page", locale, page=page, pages=count, next=page % count + 1))
    return "\n".join(out)
