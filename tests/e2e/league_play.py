"""Playing a league through the fake Discord (issue 47): waiting until the bot and the league's
runner are idle, and ending a round's games by their players' ``/game resign``."""

from __future__ import annotations

from cogs import games
from tests.e2e.harness import Table
from tests.fakediscord import User


async def idle(t: Table) -> None:
    """Until nothing is being told and no league is moving on (each may start the other)."""
    assert t.bot is not None
    for _ in range(50):
        await t.bot.table.teller.quiet()
        await t.bot.table.leagues.quiet()
        await t.bot.table.teller.quiet()
        if not t.bot.table.leagues.busy:
            return
    raise AssertionError("the league never went quiet")


def member(t: Table, user_id: int) -> User:
    return next(u for u in (t.alice, t.bob, t.carol, t.mod, *t.extra) if u.id == user_id)


async def resign_round(t: Table, league_id: int, round_no: int, seat: int = 1) -> None:
    """Every game of the round still playing is resigned by the player at ``seat`` (by
    ``/game resign`` in the game's thread and its button)."""
    assert t.bot is not None
    store = t.bot.store
    for table in await store.leagues.tables(league_id, round_no):
        if table.game_id is None:
            continue
        rec = await store.games.get(table.game_id)
        if rec.status != "active":
            continue
        assert rec.thread_id is not None, "a league game has a thread of its own"
        thread = t.guild.threads[rec.thread_id]
        user = member(t, rec.players[seat])
        confirm = await t.slash(user, thread, "game resign")
        await t.click(user, confirm, f"Resign #{rec.id} {games.ui(rec.kind).title('en')}")
        await idle(t)


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
