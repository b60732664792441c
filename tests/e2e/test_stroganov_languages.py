"""A Stroganov game in Czech with one Czech and one English player (``test_languages_games.py``): the
turn page's buttons in Czech, each player's full board captioned in their own language."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import table
from tests.e2e.test_languages_games import czech_lobby_game


async def test_stroganov_in_czech_with_an_english_player(tmp_path: Path) -> None:
    async with table(tmp_path) as t_:
        t_.bob.locale = "cs"
        game, thread = await czech_lobby_game(t_, "stroganov", [t_.bob, t_.alice])
        page = next(m for m in reversed(thread.messages) if m.buttons)
        assert "Celá deska" in [b.label for b in page.buttons], [b.label for b in page.buttons]
        full_cs = await t_.click(t_.bob, page, "Celá deska")
        full_en = await t_.click(t_.alice, page, "Celá deska")
        assert full_cs.ephemeral and full_en.ephemeral and full_cs.attachments and full_en.attachments
        assert full_cs.content != full_en.content, "each reads the full board's caption in their own language"
        await t_.check_public(game, thread)
        t_.fake.assert_clean()
