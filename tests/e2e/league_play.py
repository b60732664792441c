"""Playing a league through the fake Discord (issue 47) as its players would: ``/league new`` by an
organizer, **Join** pressed by each player, ``/league start``; waiting until the bot and the
league's runner are idle, and ending a round's games by their players' ``/game resign``."""

from __future__ import annotations

import re
import time
from pathlib import Path

from cogs import games
from cogs.texts import t as words
from rules.league.config import Format, LeagueConfig
from tests.e2e.harness import Table, table
from tests.fakediscord import Message, User

SWISS = LeagueConfig(Format.SWISS, 2, (2,), rounds=6)
"""The big Swiss of :func:`open_swiss_round` (its rounds given to ``/league new``)."""


async def idle(t: Table) -> None:
    """Until nothing is being told (a league moves on in the table's follow loop, as part of the
    telling of the game's end that asked for it)."""
    assert t.bot is not None
    await t.bot.table.teller.quiet()


BARE_ID = re.compile(r"(?<![@#/&\d])\d{15,}(?![\d>])")
"""A snowflake a player would read as a number: not inside a mention, a channel link or a URL."""


def unreadable(t: Table, users: list[User]) -> list[str]:
    """Every message the channel, its threads and ``users``' DMs show that holds a bare id (a
    player reads names and mentions, never ids)."""
    shown = [m.content for m in t.channel.messages]
    shown += [m.content for th in t.guild.threads.values() for m in th.messages]
    shown += [m.content for u in users for m in t.fake.dms(u)]
    return [text for text in shown if BARE_ID.search(text)]


def member(t: Table, user_id: int) -> User:
    return next(u for u in (t.alice, t.bob, t.carol, t.mod, *t.extra) if u.id == user_id)


async def signed_up(t: Table, organizer: User, players: list[User], **options: object) -> tuple[int, Message]:
    """A league made by ``/league new`` with ``options``, joined by each of ``players`` by the
    sign-up post's first button (**Join** in the post's language) and started by ``/league
    start``: the league's id and its sign-up post, once the first round is told."""
    assert t.bot is not None
    post = await t.slash(organizer, t.channel, "league new", **options)
    assert not post.ephemeral and post.buttons, post.content
    join = post.buttons[0].label
    for user in players:
        answer = await t.click(user, post, join)
        assert not answer.ephemeral or user.name not in answer.content, answer.content
    started = await t.slash(organizer, t.channel, "league start")
    assert started.ephemeral and "<@" not in started.content, started.content
    await idle(t)
    (league,) = [x for x in await t.bot.store.leagues.find(t.guild.id) if x.signup_message_id == post.id]
    return league.id, post


async def resign_round(t: Table, league_id: int, round_no: int, seat: int = 1) -> list[tuple[int, int]]:
    """Every game of the round still playing is resigned by the player at ``seat`` (by
    ``/game resign`` in the game's thread and its button, in the player's language): the (winner,
    loser) of each."""
    assert t.bot is not None
    store = t.bot.store
    ended: list[tuple[int, int]] = []
    for league_table in await store.leagues.tables(league_id, round_no):
        if league_table.game_id is None:
            continue
        rec = await store.games.get(league_table.game_id)
        if rec.status != "active":
            continue
        assert rec.thread_id is not None, "a league game has a thread of its own"
        thread = t.guild.threads[rec.thread_id]
        user = member(t, rec.players[seat])
        locale = "cs" if (user.locale or "").startswith("cs") else "en"
        confirm = await t.slash(user, thread, "game resign")
        label = words("btn.resign_game", locale, game=rec.id, title=games.ui(rec.kind).title(locale))
        await t.click(user, confirm, label)
        await idle(t)
        ended.append((next(p for p in rec.players if p != user.id), user.id))
    return ended


def members(t: Table, n: int) -> list[User]:
    """``n`` members to play: :meth:`Table.seated`'s five, then more added to the server."""
    users = t.seated(min(n, 5))
    for k in range(len(users), n):
        name = f"player{k + 1}"
        found = next((u for u in t.extra if u.name == name), None)
        if found is None:
            found = t.fake.add_user(name)
            t.guild.add_member(found)
            t.extra.append(found)
        users.append(found)
    return users


async def open_swiss_round(tmp_path: Path, players: int, kind: str) -> tuple[float, int]:
    """A two-player Swiss of ``players`` at a game of ``kind`` on a fresh bot, made by ``/league
    new`` and joined by each player's **Join**: seconds from the organizer's ``/league start`` to
    everything of round 1 told (games, threads, start posts, DMs, the pairings), and its tables."""
    async with table(tmp_path) as t:
        assert t.bot is not None
        store = t.bot.store
        users = members(t, players)
        post = await t.slash(
            t.mod, t.channel, "league new", name="Big league", game=kind, format="swiss", rounds=SWISS.rounds
        )
        for user in users:
            await t.click(user, post, post.buttons[0].label)
        started = time.perf_counter()
        answer = await t.slash(t.mod, t.channel, "league start")
        await idle(t)
        seconds = time.perf_counter() - started
        assert answer.ephemeral and "has started" in answer.content, answer.content
        (league,) = await store.leagues.find(t.guild.id)
        tables = await store.leagues.tables(league.id, 1)
        assert all(tb.game_id is not None for tb in tables)
        told = sum(1 for u in users if any("Big league" in m.content for m in t.fake.dms(u)))
        assert told == players
        return seconds, len(tables)
