"""A 9-player Stratego Swiss of 3 rounds with a bye (issue 47 "Done when") on a Czech server, as
new users would: the organizer's ``/league new`` (Swiss, 3 rounds), nine Czech players pressing
**Přihlásit se**, ``/league start``, every game ended by ``/game resign``; each round opens by
itself with four games and a bye (never the same player twice, told to its player by DM and
scored as a win), no pair meets twice, and the final post and ``/league standings`` are Czech."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from tests.e2e.harness import table
from tests.e2e.league_play import members, resign_round, signed_up, unreadable

LINE = re.compile(r"^(\d+)\.(?:–\d+\.)? (\w+) — \*\*(\d+) b\.\*\*")


async def test_a_nine_player_swiss_of_three_rounds_with_a_bye(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        store = t.bot.store
        t.guild.preferred_locale = "cs"
        players = members(t, 9)
        for user in (t.mod, *players):
            user.locale = "cs"
        league, post = await signed_up(t, t.mod, players, name="Zimní liga", game="stratego", format="swiss", rounds=3)
        assert "švýcar" in post.content.lower() and "3 kol" in post.content, post.content
        points: Counter[int] = Counter()
        byes: list[int] = []
        for number in range(1, 4):
            tables = await store.leagues.tables(league, number)
            (bye,) = [tb.seats[0] for tb in tables if tb.bye]
            byes.append(bye)
            points[bye] += 6
            for winner, loser in await resign_round(t, league, number, seat=number % 2):
                points[winner] += 6
                points[loser] += 1
        view = await t.bot.table.leagues.standings_of(league)
        assert view.league.status == "finished" and view.league.current_round == 3
        assert len(set(byes)) == 3, "one bye a round, never twice to one player"
        pairs = [frozenset(tb.seats) for ts in view.tables for tb in ts if not tb.bye]
        assert len(pairs) == 12 and len(set(pairs)) == 12, "no pair meets twice"
        for number, bye in enumerate(byes, 1):
            (user,) = [u for u in players if u.id == bye]
            told = [m.content for m in t.fake.dms(user) if f"{number}. kolo: v tomto kole máš volno" in m.content]
            assert len(told) == 1, [m.content for m in t.fake.dms(user)]
        texts = [m.content for m in t.channel.messages if "Zimní liga" in m.content]
        assert [sum(f"začalo {n}. kolo z 3" in x for x in texts) for n in (1, 2, 3)] == [1, 1, 1], texts
        (final,) = [x for x in texts if "skončila!" in x]
        best = max(points.values())
        first = [s.player for s in view.standings if s.place == 1]
        assert all(points[p] == best for p in first), "first place has the most points (then the tie-breaks)"
        if len(first) == 1:
            assert f"Vítězem je <@{first[0]}>" in final, final
        else:
            assert "dělí" in final and all(f"<@{p}>" in final for p in first), final
        for user in players:
            said = re.search(rf"<@{user.id}> — (\d+) bod", final)
            assert said and int(said.group(1)) == points[user.id], (user.name, points, final)
        shown = await t.slash(players[0], t.channel, "league standings")
        assert "konečné pořadí" in shown.content.lower() or "Zimní liga" in shown.content, shown.content
        assert any(a.filename.endswith(".png") for a in shown.attachments)
        rows = {m.group(2): int(m.group(3)) for m in map(LINE.match, shown.content.splitlines()) if m}
        assert rows == {u.name: points[u.id] for u in players}, (rows, shown.content)
        assert "<@" not in shown.content and "Vítěz" in shown.content, shown.content
        assert not unreadable(t, players), unreadable(t, players)
        t.fake.assert_clean()
