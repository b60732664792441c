"""A Shitenno game in Czech with one Czech and one English player (``test_languages_games.py``): the
sharing told in Czech, each player's hand in their own language."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import table
from tests.e2e.test_languages_games import czech_lobby_game


async def test_shitenno_in_czech_with_an_english_player(tmp_path: Path) -> None:
    async with table(tmp_path) as t_:
        t_.alice.locale = "cs"
        game, thread = await czech_lobby_game(t_, "shitenno", [t_.alice, t_.bob])
        said = "\n".join(m.content for m in thread.messages)
        assert "Kolo 1" in said or "rozděl" in said.lower(), said  # the sharing told in Czech
        assert "Tairó" in said, said
        hand_cs = await t_.slash(t_.alice, thread, "game hand")
        hand_en = await t_.slash(t_.bob, thread, "game hand")
        assert hand_cs.ephemeral and "tvé karty" in hand_cs.content, hand_cs.content
        assert hand_en.ephemeral and "your hand" in hand_en.content, hand_en.content
        await t_.check_public(game, thread)
        t_.fake.assert_clean()
