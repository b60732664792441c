"""A Shitenno league of 7 players in tables of 3 and 4 (issue 47 "Done when"), one round through
Discord: the round's two games are made at once with their threads, the pairings are posted once
and each player is told their table by DM; the organizer closes the round at its deadline, the
unfinished games are scored by the league's rule (a draw: everyone the table's average) and
cancelled, and the next round opens with tables of 3 and 4 again."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from cogs.leagues.errors import RoundNotDue
from rules.league.config import Format, LeagueConfig
from rules.league.rounds import Result
from tests.e2e.harness import table
from tests.e2e.league_play import idle, members

TABLES = LeagueConfig(Format.ROUND_ROBIN, 4, (3, 4))


async def test_seven_players_play_a_round_in_tables_of_three_and_four(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        store, runner = t.bot.store, t.bot.table.leagues
        players = members(t, 7)
        made = await store.leagues.create(
            t.guild.id, t.channel.id, "Tokaido cup", "shitenno", None, TABLES.to_json(), 86400, 7, t.mod.id,
            language="cs",
        )  # fmt: skip
        for user in players:
            await store.leagues.join(made.id, user.id)
        await runner.start(made.id, t.mod.id)
        await idle(t)
        tables = await store.leagues.tables(made.id, 1)
        assert sorted(len(tb.seats) for tb in tables) == [3, 4]
        recs = [await store.games.get(tb.game_id or 0) for tb in tables]
        assert all(r.status == "active" and r.thread_id is not None and r.language == "cs" for r in recs)
        assert sorted(len(r.players) for r in recs) == [3, 4]
        pairings = [m.content for m in t.channel.messages if "Tokaido cup" in m.content]
        assert len(pairings) == 1 and "1. kolo z 2" in pairings[0], pairings
        for user in players:
            dms = [m.content for m in t.fake.dms(user) if "Tokaido cup" in m.content]
            assert len(dms) == 1 and "you play" in dms[0], "a DM in the player's language (English here)"
        with pytest.raises(RoundNotDue):
            await runner.close_round(made.id, t.mod.id)
        await t.later(days=7)
        await runner.close_round(made.id, t.mod.id)
        await idle(t)
        assert [(await store.games.get(r.id)).status for r in recs] == ["cancelled", "cancelled"]
        view = await runner.standings_of(made.id)
        assert all(Result.from_json(tb.result).unfinished for tb in view.tables[0])
        assert {s.points for s in view.standings} == {Fraction(3)}, "a draw: the table's average, 3 at 3 and at 4"
        assert view.league.current_round == 2
        second = await store.leagues.tables(made.id, 2)
        assert sorted(len(tb.seats) for tb in second) == [3, 4]
        assert all(tb.game_id is not None for tb in second)
        posts = [m.content for m in t.channel.messages if "Tokaido cup" in m.content]
        assert sum("skončilo" in p for p in posts) == 1 and sum("2. kolo z 2" in p for p in posts) == 1, posts
