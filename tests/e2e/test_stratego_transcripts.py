"""Stratego's transcripts (``test_transcripts.py``): a classic game with a move taken back, the
flag's capture, the log and a rematch; a win claimed on time."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.harness import Table
from tests.e2e.test_stratego_game import BLUE_FLAG_A7, RED_SCOUT_A4, set_up
from tests.e2e.test_transcripts import Scenario, settled, unchanged


async def stratego_classic(t: Table) -> None:
    """Setups by code, a move taken back by a press and an agreement, the flag's capture, the log,
    a rematch."""
    game, thread, red, blue = await t.challenge(t.alice, t.bob)
    await settled(t)
    await set_up(t, game, thread, red, blue, RED_SCOUT_A4, BLUE_FLAG_A7)
    news = await t.slash(red, thread, "stratego move", from_="E4", to="E5")
    await t.click(red, news, "Take back")
    request = await thread.wait_for_message(lambda m: "asks to take back" in m.content)
    await t.click(blue, request, "Agree to take back")
    await thread.wait_for_message(lambda m: "By agreement" in m.content)
    await t.slash(red, thread, "stratego move", from_="E4", to="E5")
    await t.slash(blue, thread, "stratego move", from_="J7", to="J6")
    end = await t.slash(red, thread, "stratego move", from_="A4", to="A7")
    await t.slash(blue, t.channel, "game log", game=str(game))
    t.watched = None
    await t.click(blue, end, "Rematch")


async def stratego_on_time(t: Table) -> None:
    """A one-day clock: Blue never sets up, Red claims the win."""
    _game, thread, red, blue = await t.challenge(t.alice, t.bob, pace="1d")
    await settled(t)
    draft = await t.slash(red, thread, "stratego setup", code=RED_SCOUT_A4)
    await t.click(red, draft, "Ready")
    await settled(t)
    await t.later(days=0.6)
    await t.later(days=0.41)
    out = await thread.wait_for_message(lambda m: "time ran out" in m.content)
    await t.click(blue, out, "Claim the win")
    await t.click(red, out, "Claim the win")
    await thread.wait_for_message(lambda m: "ran out of time" in m.content and "won" in m.content)


SCENARIOS: dict[str, Scenario] = {
    "stratego_classic": stratego_classic,
    "stratego_on_time": stratego_on_time,
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
async def test_what_players_see_is_unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    await unchanged(tmp_path, monkeypatch, name, SCENARIOS[name])
