"""Against the computer, as a player sees it (issue 46 §1), through the real bot and the local
Discord: a person plays Stratego against the computer to the end and ``/game stats`` then shows the
game against that level — in English and in Czech — while the game rates nobody (the levels told
in ``/help`` and ``/game rules``: test_computer_levels_told.py)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import table
from tests.e2e.stratego_against_computer import play_to_the_end


async def test_stats_show_a_game_played_against_the_computer_at_its_level(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        rec, _thread = await play_to_the_end(t, "easy", 3)
        await t.bot.table.teller.quiet()
        outcome = rec.outcome
        assert outcome is not None
        result = "win" if outcome.winners == (0,) else "draw" if outcome.draw else "loss"
        english = await t.slash(t.alice, t.channel, "game stats")
        counts = {"win": "1 win · 0 draws · 0 losses", "draw": "0 wins · 1 draw · 0 losses"}
        line = "Stratego, Computer (easy): 1 game · " + counts.get(result, "0 wins · 0 draws · 1 loss")
        assert english.ephemeral and "**Against the computer** (not rated)" in english.content, english.content
        assert line in english.content, english.content
        assert "**Stratego**: played" not in english.content, "no record against people"
        assert not english.attachments, "no rating, no trend chart"

        t.alice.locale = "cs"
        czech = await t.slash(t.alice, t.channel, "game stats")
        cs_counts = {"win": "1 výhra · 0 remíz · 0 proher", "draw": "0 výher · 1 remíza · 0 proher"}
        cs_line = "Stratego, Počítač (lehký): 1 hra · " + cs_counts.get(result, "0 výher · 0 remíz · 1 prohra")
        assert "**Proti počítači** (bez hodnocení)" in czech.content and cs_line in czech.content, czech.content

        board, players = await t.bot.store.ratings.leaderboard(t.guild.id, "stratego")
        assert not board and players == 0, "a game against the computer is not rated"
        bob = await t.slash(t.bob, t.channel, "game stats")
        assert "has no finished game in this server yet" in bob.content, "nothing for a player without such games"
        t.fake.assert_clean()
