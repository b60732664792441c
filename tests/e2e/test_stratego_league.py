"""A 5-player Stratego round robin played through Discord to its final standings, with one
withdrawal (issue 47 "Done when"), as new users would: the organizer's ``/league new``, five
players pressing **Join**, ``/league start``, every game ended by a player's ``/game resign``, and
one player's ``/league leave`` in round 2. Each round opens by itself once the last game ends; the
pairings are posted once and each player is told their opponent (or their bye) by DM in their own
language (Czech players in an English server: one of them withdraws); the last round's end posts the winner and the
places, and ``/league standings`` (a picture and the text) agrees with the points counted here
from what happened: 6 a win, 1 a loss, 6 a bye, 6 / 0 a forfeit."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from rules.league.rounds import Result
from tests.e2e.harness import table
from tests.e2e.league_play import idle, resign_round, signed_up, unreadable

LINE = re.compile(r"^(\d+)\.(?:–\d+\.)? (\w+) — \*\*(\d+) pts?\*\*")


async def test_a_five_player_round_robin_with_a_withdrawal(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        store = t.bot.store
        players = t.seated(5)
        carol, eve = players[2], players[4]
        carol.locale = eve.locale = "cs"
        league, post = await signed_up(t, t.mod, players, name="Winter league", game="stratego", round_days=7)
        assert "round robin" in post.content and "win 6, draw 3, loss 1" in post.content, post.content
        posts = [m.content for m in t.channel.messages if "round 1 of 5 has begun" in m.content]
        assert len(posts) == 1, posts
        first = {u.name: next(m.content for m in t.fake.dms(u) if "Winter league" in m.content) for u in players}
        assert first["carol"].startswith("📋 **Winter league**, 1. kolo: "), "a Czech player's DM is Czech"
        plays = [n for n, x in first.items() if "you play <@" in x or "hraješ s <@" in x]
        byes = [n for n, x in first.items() if "you have a bye" in x or "máš volno" in x]
        assert len(plays) == 4 and len(byes) == 1, first

        points: Counter[int] = Counter()
        for number in range(1, 6):
            if number == 2:
                left = await t.slash(eve, t.channel, "league leave")
                assert left.ephemeral and "Odstoupil(a) jsi z ligy **Winter league**" in left.content, left.content
                await idle(t)
                told = [m.content for m in t.channel.messages if "👋" in m.content]
                assert len(told) == 1 and f"<@{eve.id}> has withdrawn from the league" in told[0], told
            for winner, loser in await resign_round(t, league, number, seat=number % 2):
                points[winner] += 6
                points[loser] += 1
            tables = await store.leagues.tables(league, number)
            for tb in tables:
                if tb.bye:
                    points[tb.seats[0]] += 6
                elif tb.game_id is None:  # a forfeit: eve withdrew before the round opened
                    (present,) = [p for p in tb.seats if p != eve.id]
                    points[present] += 6
        view = await t.bot.table.leagues.standings_of(league)
        assert view.league.status == "finished"
        # eve's round-2 game was being played when she withdrew: lost by forfeit, 6 to the other
        (cut,) = [tb for tb in view.tables[1] if eve.id in tb.seats and not tb.bye]
        assert cut.game_id is not None and Result.from_json(cut.result).forfeited == {eve.id}
        points[next(p for p in cut.seats if p != eve.id)] += 6
        later = [tb for ts in view.tables[2:] for tb in ts if eve.id in tb.seats and not tb.bye]
        assert later and all(tb.game_id is None and Result.from_json(tb.result).forfeited == {eve.id} for tb in later)

        texts = [m.content for m in t.channel.messages]
        for n in range(1, 6):
            assert sum(f"round {n} of 5 has begun" in x for x in texts) == 1, n
        assert sum("is over. The standings" in x for x in texts) == 4
        (final,) = [x for x in texts if "Winter league** is over!" in x]
        best = max(points.values())
        first = [s.player for s in view.standings if s.place == 1]
        assert all(points[p] == best for p in first), "first place has the most points (then the tie-breaks)"
        if len(first) == 1:
            assert f"The winner is <@{first[0]}>" in final, final
        else:
            assert "First place is shared" in final and all(f"<@{p}>" in final for p in first), final
        for user in players:
            said = re.search(rf"<@{user.id}> — (\d+) points?\b", final)
            assert said and int(said.group(1)) == points[user.id], (user.name, points, final)
        assert re.search(rf"<@{eve.id}> — {points[eve.id]} points? \(withdrew\)", final)

        shown = await t.slash(carol, t.channel, "league standings")
        assert any(a.filename.endswith(".png") for a in shown.attachments)
        assert "<@" not in shown.content and not any(str(u.id) in shown.content for u in players)
        carol.locale = "en-US"
        shown = await t.slash(carol, t.channel, "league standings")
        rows = {m.group(2): int(m.group(3)) for m in map(LINE.match, shown.content.splitlines()) if m}
        assert rows == {u.name: points[u.id] for u in players}, (rows, shown.content)
        shown_order = [int(m.group(3)) for m in map(LINE.match, shown.content.splitlines()) if m]
        assert shown_order == sorted(shown_order, reverse=True), "best first"
        assert "withdrawn" in next(line for line in shown.content.splitlines() if f" {eve.name} — " in line)
        assert not unreadable(t, players), unreadable(t, players)
        t.fake.assert_clean()
