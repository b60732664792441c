"""Shitenno's transcripts (``test_transcripts.py``): three players deciding everything by presses
and selects; a late player the others play on without, who comes back."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e import shitenno_players
from tests.e2e.harness import Table
from tests.e2e.test_transcripts import Scenario, settled, unchanged


async def shitenno_three(t: Table) -> None:
    """Three players decide everything by presses and selects."""
    players = t.seated(3)
    game, thread, _ = await t.lobby_game("shitenno", players)
    await settled(t)
    await shitenno_players.play_out(t, game, thread, {u.id: u for u in players}, seed=3)


async def shitenno_absent(t: Table) -> None:
    """A player is late; the others vote to play on without them; the table decides for the seat;
    the player comes back."""
    players = t.seated(3)
    game, thread, _ = await t.lobby_game("shitenno", players, pace="1d")
    await settled(t)
    assert t.bot is not None
    (waiting,) = (await t.bot.store.games.get(game)).waiting()
    absent = next(u for u in players if u.id == waiting.user_id)
    others = [u for u in players if u is not absent]
    await t.later(days=1.01)
    out = await thread.wait_for_message(lambda m: "time ran out" in m.content)
    await t.click(others[0], out, "Play on without them")
    await t.click(others[1], out, "Play on without them")
    await settled(t)
    await t.slash(absent, thread, "game board")
    await thread.wait_for_message(lambda m: "Welcome back" in m.content)


SCENARIOS: dict[str, Scenario] = {
    "shitenno_three": shitenno_three,
    "shitenno_absent": shitenno_absent,
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
async def test_what_players_see_is_unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    await unchanged(tmp_path, monkeypatch, name, SCENARIOS[name])
