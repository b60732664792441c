"""Issue 47 §1, every game: a player who withdraws from a running league leaves the game they were
playing, and its thread says why before it tells the resignation as the game tells any — in the
game's language (a Czech league), once, naming the player and the league, no notation (a game told
as turn pages tells the resignation on its page, edited where it is, above the line)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cogs import games
from cogs.leagues import describing
from cogs.leagues.cog import league_config
from rules.league.config import Format
from tests import kinds
from tests.e2e.harness import table
from tests.e2e.league_play import idle, members, signed_up


@pytest.mark.parametrize("name", kinds.NAMES)
async def test_a_withdrawal_is_told_in_the_game_it_leaves(tmp_path: Path, name: str) -> None:
    engine = games.kind(name).engine
    size = min(3, engine.max_players)
    async with table(tmp_path) as t:
        assert t.bot is not None
        players = members(t, describing.least_players(league_config(name, size, Format.ROUND_ROBIN.value, None, "en")))
        league, _ = await signed_up(
            t, t.mod, players, name="Zimní pohár", game=name, players_per_game=size, language="cs"
        )
        made = await t.bot.store.leagues.tables(league, 1)
        playing = max((tb for tb in made if tb.game_id is not None), key=lambda tb: len(tb.seats))
        assert playing.game_id is not None
        leaving = next(u for u in players if u.id == playing.seats[0])
        thread = t.guild.threads[(await t.bot.store.games.get(playing.game_id)).thread_id or 0]
        before = len(thread.messages)
        last = thread.messages[-1].content
        answer = await t.slash(leaving, t.channel, "league leave")
        assert answer.ephemeral, answer.content
        await idle(t)
        said = [m.content for m in thread.messages[before:]]
        line = f"👋 <@{leaving.id}> opouští ligu **Zimní pohár**, a s ní i tuto hru."
        assert said[:1] == [line] and [m for m in said if "👋" in m] == [line], said
        told = said[1:] or [thread.messages[before - 1].content]  # a turn page: edited where it is
        assert told != [last] and ("vzdal" in "".join(told) or "vzdává" in "".join(told)), told
        assert "=" not in "".join(said), said
        t.fake.assert_clean()
