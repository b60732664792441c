"""A restart while a league's round opens (issue 47 §3, "Done when"), the league set up as new users
would — the organizer's ``/league new`` (its words in Czech, ``language:cs``, on an English
server), seven players pressing **Přihlásit se**, ``/league start`` — and the bot dying while that
start opens round 1: after the second of the round's three Stratego games was made, none of them
told yet (a round's games are told once they are all made). A new bot on the same database tells
the two (the catch-up), makes the third, and posts the pairings (in Czech) — every game made once,
every start post, DM (in each player's English) and pairing told once."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from cogs.table.core.commands import LeagueGame
from tests.e2e.harness import table
from tests.e2e.league_play import idle, members


class DiesAtSecond:
    """The league runner's commits, dying (as a killed process) once the second game is made."""

    def __init__(self, commit: Any, runner: Any) -> None:
        self.commit = commit
        self.runner = runner
        self.games = 0
        self.reached = asyncio.Event()

    async def __call__(self, command: Any) -> Any:
        change = await self.commit(command)
        if isinstance(command, LeagueGame):
            self.games += 1
            if self.games == 2:
                self.reached.set()
                poll = self.runner._poll  # a dead process's poll never wakes again (a claim pokes it)
                if poll is not None:
                    poll.cancel()
                raise asyncio.CancelledError  # nothing after this runs, as if the process died
        return change


async def test_a_round_cut_short_while_opening_is_finished_once_after_a_restart(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        store, runner = t.bot.store, t.bot.table.leagues
        players = members(t, 7)
        post = await t.slash(t.mod, t.channel, "league new", name="Spring league", game="stratego", language="cs")
        assert "každý s každým" in post.content and post.buttons[0].label == "Přihlásit se"
        for user in players:
            await t.click(user, post, "Přihlásit se")
        (made,) = await store.leagues.find(t.guild.id)
        dying = DiesAtSecond(runner._commit, runner)
        runner._commit = dying
        await t.fake.slash(t.mod, t.channel, "league start")  # its answer never comes: the bot dies
        await asyncio.wait_for(dying.reached.wait(), 30)
        await t.bot.table.teller.quiet()
        tables = await store.leagues.tables(made.id, 1)
        assert [tb.game_id is not None for tb in tables if not tb.bye] == [True, True, False]
        assert not [m for m in t.channel.messages if "začalo" in m.content], "no pairings yet"

        await t.later(seconds=301)  # the dead process's hold on the opening lapses
        await t.restart()
        assert t.bot is not None
        await t.bot.dispatcher.settle()
        await idle(t)
        store = t.bot.store
        tables = await store.leagues.tables(made.id, 1)
        games = [tb.game_id for tb in tables if not tb.bye]
        assert None not in games and len(set(games)) == 3
        assert (await store.leagues.get_round(made.id, 1)).status == "open"
        for game in games:
            rec = await store.games.get(game or 0)
            assert rec.thread_id is not None
            starts = [m for m in t.guild.threads[rec.thread_id].messages if "hraje za **červené**" in m.content]
            assert len(starts) == 1, (game, [m.content for m in starts])
        pairings = [m.content for m in t.channel.messages if "začalo" in m.content]
        assert len(pairings) == 1 and "začalo 1. kolo z 7" in pairings[0], pairings
        for user in players:
            dms = [m.content for m in t.fake.dms(user) if "Spring league" in m.content]
            assert len(dms) == 1 and "round 1: you" in dms[0], (user.name, dms)
        assert not post.buttons and "Liga začala" in post.content, "the sign-up post tells the league started"
        count = len(t.channel.messages), sum(len(t.fake.dms(u)) for u in players)
        await t.restart()
        assert t.bot is not None
        await t.bot.dispatcher.settle()
        await idle(t)
        assert (len(t.channel.messages), sum(len(t.fake.dms(u)) for u in players)) == count, "nothing told again"
