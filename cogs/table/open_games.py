"""``/game open`` (issue 20 §3): this server's lobbies and challenges still waiting for players, each
with its **Join** button — in the caller's language: the game in words, its options, who is in,
how many seats are free, whom a challenge or an invitation is for. A page holds what fits one
message: at most :data:`PER_PAGE` buttons (two rows of Discord's five) and 2,000 characters; the
rest are on the next pages.

The buttons are the lobbies' own Join (``dk:{lobby}:0:join``), so the lobby's rules hold as on its
message: a challenge is joined only by the player it invites (who accepts it so), an invitation
only by the invited."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from cogs import games
from cogs.table.buttons import view_of
from cogs.table.clock_words import pace_words
from cogs.table.respond import CONTENT_LIMIT
from cogs.table.ui import ButtonSpec, mention
from cogs.texts import join_words, t, tn
from cogs.texts.commands import command_name, option_name, typed
from db.records import GameRecord, LobbyShape

if TYPE_CHECKING:
    from cogs.table.table import Table

PER_PAGE = 10
"""Lobbies on one page: one Join button each, two rows of five."""
BUDGET = CONTENT_LIMIT - 200
"""Characters of lobby lines on one page (the heading and the page line take the rest)."""


@dataclass(frozen=True, slots=True)
class Entry:
    rec: GameRecord
    line: str


def line(table: Table, rec: GameRecord, shape: LobbyShape, locale: str) -> str:
    """One lobby in words: game, options, creator, who is in, free seats, whom it is for."""
    ui = games.ui(rec.kind)
    engine = ui.engine
    options = ui.options_text(rec.options, locale)
    pace = pace_words(rec.pace, locale)
    options = t("with_pace", locale, options=options, pace=pace) if options else pace
    link = table.lobby_messages.link(rec)
    head = t("open.head", locale, id=rec.id, kind=ui.title(locale), options=options, link=link)
    if shape.challenge and len(rec.players) >= 2:
        body = t("open.challenge", locale, creator=mention(rec.creator_id), invited=mention(rec.players[1]))
    else:
        free = engine.max_players - len(rec.players)
        body = t(
            "open.lobby",
            locale,
            players=join_words([mention(u) for u in rec.players], locale),
            free=tn("open.free", free, locale),
            allowed=table.lobby_messages.allowed(engine.min_players, engine.max_players),
        )
        waiting = [u for u in shape.invited if u not in rec.players]
        if waiting:
            body += " " + t("open.invited", locale, invited=join_words([mention(u) for u in waiting], locale))
    return f"{head}\n{body}"


def paged(entries: list[Entry]) -> list[list[Entry]]:
    """The entries cut into pages of at most :data:`PER_PAGE` and :data:`BUDGET` characters."""
    pages: list[list[Entry]] = [[]]
    size = 0
    for entry in entries:
        if pages[-1] and (len(pages[-1]) >= PER_PAGE or size + len(entry.line) + 1 > BUDGET):
            pages.append([])
            size = 0
        pages[-1].append(entry)
        size += len(entry.line) + 1
    return pages


async def page(table: Table, guild_id: int, number: int, locale: str) -> tuple[str, discord.ui.View | None]:
    """Page ``number`` of the server's open lobbies (the last one when there are fewer): its text
    and its Join buttons."""
    lobbies = await table.store.games.find(guild_id=guild_id, status="lobby")
    if not lobbies:
        commands = join_words([typed(f"{k} new", locale) for k in sorted(games.KINDS)], locale)
        return t("open.none", locale, commands=commands), None
    entries = [Entry(rec, line(table, rec, await table.lobby_messages.shape(rec), locale)) for rec in lobbies]
    pages = paged(entries)
    number = min(max(1, number), len(pages))
    shown = pages[number - 1]
    out = [tn("open.title", len(entries), locale)]
    out += [e.line for e in shown]
    if len(pages) > 1:
        option = option_name("game open", "page", locale)
        command = f"{command_name('game open', locale)} {option}:{number % len(pages) + 1}"
        out.append(t("open.page", locale, page=number, pages=len(pages), command=command))
    specs = [(e.rec.id, ButtonSpec("join", t("open.btn", locale, id=e.rec.id), "success")) for e in shown]
    return "\n".join(out), view_of(specs)
