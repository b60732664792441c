"""A Shitenno league of 7 players in tables of 3 and 4 (issue 47 "Done when"), as new users would:
the organizer's ``/league new`` (tables of 4), seven players pressing **Join**, ``/league start``;
round 1's two games are made at once with their threads, the pairings are posted once and each
player is told their table by DM; both games are played to their end by the players' presses
(tests/e2e/shitenno_players.py), scored by place (6/4/2/0 at four, 6/3/0 at three), and round 2
opens by itself with tables of 3 and 4; ``/league standings`` agrees with the games' places. Past
round 2's deadline the organizer is told once, ``/league close`` ends its games (a draw: 3 each)
and the final standings are posted."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from cogs.leagues.describing import number
from tests.e2e.harness import table
from tests.e2e.league_play import idle, members, signed_up, unreadable
from tests.e2e.shitenno_players import play_out

PLACES = {3: (6, 3, 0), 4: (6, 4, 2, 0)}
LINE = re.compile(r"^\d+\.(?:–\d+\.)? (\w+) — \*\*(\S+) pts?\*\*")


async def test_seven_players_play_a_round_in_tables_of_three_and_four(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        store = t.bot.store
        players = members(t, 7)
        users = {u.id: u for u in players}
        league, post = await signed_up(t, t.mod, players, name="Tokaido cup", game="shitenno", players_per_game=4)
        assert "tables of 4 players" in post.content and "6/4/2/0" in post.content, post.content
        tables = await store.leagues.tables(league, 1)
        assert sorted(len(tb.seats) for tb in tables) == [3, 4]
        pairings = [m.content for m in t.channel.messages if "round 1 of" in m.content]
        assert len(pairings) == 1 and "<@" in pairings[0] and "#" not in pairings[0].split("—")[0], pairings
        for user in players:
            dms = [m.content for m in t.fake.dms(user) if "Tokaido cup" in m.content]
            assert len(dms) == 1 and "round 1: you play <@" in dms[0], dms

        points = dict.fromkeys(users, Fraction(0))
        for seed, tb in enumerate(tables):
            assert tb.game_id is not None
            rec = await store.games.get(tb.game_id)
            assert rec.status == "active" and rec.thread_id is not None
            ended = await play_out(t, rec.id, t.guild.threads[rec.thread_id], users, seed=seed)
            assert ended.status == "finished"
            await idle(t)
            assert ended.outcome is not None and ended.outcome.scores is not None
            scores = ended.outcome.scores
            order = sorted(range(len(ended.players)), key=lambda s: -scores[s])
            best = [scores[s] for s in order]
            for seat in order:
                shared = [r for r, v in enumerate(best) if v == scores[seat]]
                table_points = PLACES[len(ended.players)]
                points[ended.players[seat]] += Fraction(sum(table_points[r] for r in shared), len(shared))

        view = await t.bot.table.leagues.standings_of(league)
        assert view.league.current_round == 2, "round 2 opens by itself once round 1's games end"
        assert {s.player: s.points for s in view.standings} == points
        texts = [m.content for m in t.channel.messages if "Tokaido cup" in m.content]
        assert sum("round 1 of" in x and "is over" in x for x in texts) == 1
        assert sum("round 2 of" in x and "has begun" in x for x in texts) == 1, texts
        second = await store.leagues.tables(league, 2)
        assert sorted(len(tb.seats) for tb in second) == [3, 4] and all(tb.game_id is not None for tb in second)
        shown = await t.slash(players[0], t.channel, "league standings")
        assert any(a.filename.endswith(".png") for a in shown.attachments)
        rows = {m.group(1): m.group(2) for m in map(LINE.match, shown.content.splitlines()) if m}
        assert rows == {u.name: number(points[u.id], "en") for u in players}, shown.content
        assert "<@" not in shown.content

        # round 2 (the last) runs past its deadline: the organizer is told once, closes it, and its
        # unfinished games count as a draw at their tables (everyone the table's average, 3)
        early = await t.slash(t.mod, t.channel, "league close")
        assert early.ephemeral and "<t:" in early.content, early.content
        await t.later(days=15)
        await t.fake.wait_for(
            lambda: any("the deadline of round 2 of 2 has passed" in m.content for m in t.channel.messages), "due"
        )
        (due,) = [m for m in t.channel.messages if "the deadline of round 2 of 2 has passed" in m.content]
        assert "2 games are still being played" in due.content and f"<@{t.mod.id}>" in due.content, due.content
        closed = await t.slash(t.mod, t.channel, "league close")
        assert closed.ephemeral and "Round 2" in closed.content and "closed" in closed.content, closed.content
        await idle(t)
        assert [(await store.games.get(tb.game_id or 0)).status for tb in second] == ["cancelled", "cancelled"]
        for tb in second:  # each game's thread says why it ended and how it counts, once
            thread = t.guild.threads[(await store.games.get(tb.game_id or 0)).thread_id or 0]
            said = [m.content for m in thread.messages if "closed round 2 of **Tokaido cup**" in m.content]
            assert len(said) == 1 and f"<@{t.mod.id}>" in said[0] and "counts as a draw" in said[0], said
        for user in players:
            points[user.id] += 3
        final = await t.bot.table.leagues.standings_of(league)
        assert final.league.status == "finished" and {s.player: s.points for s in final.standings} == points
        (over,) = [m.content for m in t.channel.messages if "Tokaido cup** is over!" in m.content]
        assert all(f"<@{u.id}> — {number(points[u.id], 'en')} point" in over for u in players), over
        assert not unreadable(t, players), unreadable(t, players)
        t.fake.assert_clean()
