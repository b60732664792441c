"""Issue 47 §2 ("configurable") through the real client and the local Discord: `/league new` takes
the points (win/draw/loss for two players, by place for tables), the rule for games closed
unfinished and the bye's score; the sign-up post and `/league info` show them and the league's
stored format keeps them; impossible points get a clear private answer, in English and in Czech,
and make no league."""

from __future__ import annotations

from pathlib import Path

from rules.league.config import ByeScore, LeagueConfig, Unfinished
from tests.e2e.harness import Table, table

KIND = "stratego"
TOY = "count"
"""A game of 2–4 players: a league of tables."""


async def leagues(t: Table) -> list[LeagueConfig]:
    assert t.bot is not None
    return [LeagueConfig.from_json(x.format) for x in await t.bot.store.leagues.find(t.guild.id)]


async def test_an_organizer_sets_the_points_the_unfinished_rule_and_the_bye(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        post = await t.slash(t.mod, t.channel, "league new", name="Easy cup", game=KIND, points="3/1/0",
                             unfinished="loss", bye="draw")  # fmt: skip
        assert not post.ephemeral, post.content
        assert "win 3, draw 1, loss 0" in post.content and "a forfeit 3 to the one present" in post.content
        assert "a bye 1" in post.content, "the bye scores the draw"
        assert "counts as a loss" in post.content
        info = await t.slash(t.alice, t.channel, "league info")
        assert "win 3, draw 1, loss 0" in info.content and "counts as a loss" in info.content
        (config,) = await leagues(t)
        assert (config.scoring.win, config.scoring.draw, config.scoring.loss) == (3, 1, 0)
        assert config.unfinished is Unfinished.LOSS and config.bye is ByeScore.DRAW

        tables = await t.slash(t.mod, t.channel, "league new", name="Counting club", game=TOY, players_per_game=4,
                               points="10 6 3 0", unfinished="forfeit", bye="nothing")  # fmt: skip
        assert not tables.ephemeral, tables.content
        assert "10/6/3/0" in tables.content and "a bye 0" in tables.content, tables.content
        assert "counts as a forfeit" in tables.content
        config = (await leagues(t))[-1]
        assert config.scoring.placement == (10, 6, 3, 0) and config.bye is ByeScore.ZERO
        t.fake.assert_clean()


async def test_impossible_points_are_refused_privately_in_english_and_czech_and_make_no_league(
    tmp_path: Path,
) -> None:
    async with table(tmp_path) as t:
        refusals = {
            "not numbers": (KIND, "six/three/one", "whole numbers"),
            "negative": (KIND, "6/3/-1", "whole numbers"),
            "two for two players": (KIND, "6/3", "three points"),
            "a loss above a draw": (KIND, "6/1/3", "can't score fewer"),
            "all the same": (KIND, "2/2/2", "can't score fewer"),
            "too many": (KIND, "600/3/1", "from 0 to 100"),
            "three places for tables of up to four": (TOY, "6/3/0", "Give 4 points"),
        }
        for what, (game, points, words) in refusals.items():
            answer = await t.slash(t.mod, t.channel, "league new", name="X", game=game, points=points)
            assert answer.ephemeral and words in answer.content, (what, answer.content)
        t.mod.locale = "cs"
        czech = await t.slash(t.mod, t.channel, "league new", name="X", game=KIND, points="6/1/3")
        assert czech.ephemeral and "Lepší výsledek" in czech.content, czech.content
        czech = await t.slash(t.mod, t.channel, "league new", name="X", game=TOY, points="6/3")
        assert czech.ephemeral and "kolik je míst (4)" in czech.content, czech.content
        assert await leagues(t) == []
        t.fake.assert_clean()
