"""Opening a 64-player Swiss round through the local Discord stand-in (issue 47 §4): the pairings,
32 games each with its thread, start post, clocks and DMs, the pairings post and 64 players' DMs,
within 60 s (measured, with its row in ``make bench``: bench/league_opening.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.league_play import open_swiss_round

PLAYERS = 64
LIMIT = 60.0


@pytest.mark.slow
async def test_a_64_player_swiss_round_opens_within_a_minute(tmp_path: Path) -> None:
    seconds, games = await open_swiss_round(tmp_path, PLAYERS, "stratego")
    assert games == PLAYERS // 2
    assert seconds < LIMIT, f"{seconds:.1f} s"
