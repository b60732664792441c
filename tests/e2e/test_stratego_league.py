"""A 5-player Stratego round robin played through Discord to its final standings, with one
withdrawal (issue 47 "Done when"): the league is made and started through the store and the
runner (the ``/league`` commands come on their own), its games are ended by their players'
``/game resign``; each round's games get their threads, the pairings are posted once and each
player is told their opponent by DM, and the last round's end posts the winner and the places."""

from __future__ import annotations

from pathlib import Path

from rules.league.config import Format, LeagueConfig
from rules.league.rounds import Result
from tests.e2e.harness import table
from tests.e2e.league_play import idle, resign_round

ROUND_ROBIN = LeagueConfig(Format.ROUND_ROBIN, 2, (2,))


async def test_a_five_player_round_robin_with_a_withdrawal(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        store, runner = t.bot.store, t.bot.table.leagues
        players = t.seated(5)
        eve = players[4]
        made = await store.leagues.create(
            t.guild.id, t.channel.id, "Winter league", "stratego", None, ROUND_ROBIN.to_json(), 86400, 7, t.mod.id,
            language="en",
        )  # fmt: skip
        for user in players:
            await store.leagues.join(made.id, user.id)
        await runner.start(made.id, t.mod.id)
        await idle(t)
        posts = [m.content for m in t.channel.messages if "Winter league" in m.content]
        assert posts and "round 1 of 5" in posts[0], posts
        told = [u for u in players if any("you play" in m.content for m in t.fake.dms(u))]
        assert len(told) == 4, "four play round 1, the fifth has a bye"
        assert sum("you have a bye" in m.content for u in players for m in t.fake.dms(u)) == 1
        for number in range(1, 6):
            if number == 2:
                await runner.withdraw(made.id, eve.id, eve.id)
                await idle(t)
            await resign_round(t, made.id, number)
        final = await runner.standings_of(made.id)
        assert final.league.status == "finished"
        texts = [m.content for m in t.channel.messages]
        assert sum("Winter league** is over!" in x for x in texts) == 1
        for n in range(1, 6):
            assert sum(f"round {n} of 5 has begun" in x for x in texts) == 1, n
        assert sum("round" in x and "is over. The standings" in x for x in texts) == 4
        games = [tb.game_id for ts in final.tables for tb in ts if tb.game_id is not None]
        assert len(games) == len(set(games))
        later = [tb for ts in final.tables[2:] for tb in ts if eve.id in tb.seats and not tb.bye]
        assert all(tb.game_id is None and Result.from_json(tb.result).forfeited == {eve.id} for tb in later)
        withdrawn = next(s for s in final.standings if s.player == eve.id)
        assert withdrawn.withdrawn
        recs = [await store.games.get(g) for g in games]
        assert all(r.status == "finished" and r.outcome is not None for r in recs)
        stored = await store.ratings.stored()
        rated = {user: r for (guild, kind, user), r in stored.items() if guild == t.guild.id and kind == "stratego"}
        assert sum(r.games for r in rated.values()) == 2 * len(games), "league games are rated as usual"
        for rec in recs:
            thread = t.guild.threads[rec.thread_id or 0]
            assert any("plays **Red**" in m.content for m in thread.messages), "told as a started game"
        first = final.standings[0]
        assert f"The winner is <@{first.player}>" in texts[-1] or "First place is shared" in texts[-1]
