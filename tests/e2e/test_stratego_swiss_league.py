"""A 9-player Stratego Swiss of 3 rounds with a bye (issue 47 "Done when"), its public words in
Czech: each round four games and a bye (never the same player twice), no pair meeting twice, each
player told by DM in their own language, and the final post naming the winner in Czech."""

from __future__ import annotations

from pathlib import Path

from rules.league.config import Format, LeagueConfig
from tests.e2e.harness import table
from tests.e2e.league_play import idle, members, resign_round

SWISS = LeagueConfig(Format.SWISS, 2, (2,), rounds=3)


async def test_a_nine_player_swiss_of_three_rounds_with_a_bye(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        store, runner = t.bot.store, t.bot.table.leagues
        players = members(t, 9)
        made = await store.leagues.create(
            t.guild.id, t.channel.id, "Zimní liga", "stratego", None, SWISS.to_json(), 86400, 7, t.mod.id,
            language="cs",
        )  # fmt: skip
        for user in players:
            await store.leagues.join(made.id, user.id)
        await runner.start(made.id, t.mod.id)
        await idle(t)
        for number in range(1, 4):
            await resign_round(t, made.id, number, seat=number % 2)
        view = await runner.standings_of(made.id)
        assert view.league.status == "finished" and view.league.current_round == 3
        byes = [tb.seats[0] for ts in view.tables for tb in ts if tb.bye]
        assert len(byes) == 3 and len(set(byes)) == 3, "one bye a round, never twice to one player"
        pairs = [frozenset(tb.seats) for ts in view.tables for tb in ts if not tb.bye]
        assert len(pairs) == 12 and len(set(pairs)) == 12, "no pair meets twice"
        texts = [m.content for m in t.channel.messages if "Zimní liga" in m.content]
        assert [sum(f"začalo {n}. kolo z 3" in x for x in texts) for n in (1, 2, 3)] == [1, 1, 1]
        assert sum("skončila!" in x for x in texts) == 1
        winner = [s.player for s in view.standings if s.place == 1]
        assert (f"Vítězem je <@{winner[0]}>" in texts[-1]) if len(winner) == 1 else ("dělí" in texts[-1])
        byes_told = sum("you have a bye" in m.content for u in players for m in t.fake.dms(u))
        assert byes_told == 3
