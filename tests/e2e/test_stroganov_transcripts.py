"""Stroganov's transcripts (``test_transcripts.py``): two players; a solo game in Czech against
an easy Ivan, and the history after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e import stroganov_players
from tests.e2e.harness import Table
from tests.e2e.test_languages_games import czech_lobby_game
from tests.e2e.test_transcripts import Scenario, settled, unchanged


async def stroganov_two(t: Table) -> None:
    players = t.seated(2)
    game, thread, _ = await t.lobby_game("stroganov", players)
    await settled(t)
    await stroganov_players.play_out(t, game, thread, {u.id: u for u in players}, seed=2)


async def stroganov_solo_czech(t: Table) -> None:
    t.alice.locale = "cs"
    game, thread = await czech_lobby_game(t, "stroganov", [t.alice], difficulty="easy")
    await settled(t)
    await stroganov_players.play_out(t, game, thread, {t.alice.id: t.alice}, seed=3)
    await t.slash(t.alice, t.channel, "game history")


SCENARIOS: dict[str, Scenario] = {
    "stroganov_two": stroganov_two,
    "stroganov_solo_czech": stroganov_solo_czech,
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
async def test_what_players_see_is_unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    await unchanged(tmp_path, monkeypatch, name, SCENARIOS[name])
