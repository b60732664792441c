"""Opening a league's round through the real bot and the local Discord stand-in (issue 47 §4): a
64-player two-player Swiss, from the organizer's start to everything of round 1 told — the
pairings, 32 games each with its thread, start post, clocks and DMs, the pairings post and every
player's DM (tests/e2e/league_play.py). Target: within 60 s. The bot runs in this process, its
images drawn in a thread (as the end-to-end tests run it)."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from bench.stats import Row, median
from tests.e2e.league_play import open_swiss_round

PLAYERS = 64
TARGET = 60.0


def run(quick: bool) -> list[Row]:
    repeats = 1 if quick else 3
    seconds: list[float] = []
    games = 0
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as tmp:
            took, games = asyncio.run(open_swiss_round(Path(tmp), PLAYERS, "stratego"))
        seconds.append(took)
    return [
        Row(
            "leagues: opening a round",
            f"{PLAYERS}-player Swiss round 1 ({games} tables), median of {repeats}, max {max(seconds):.1f} s",
            f"{median(seconds):.1f} s",
            f"< {TARGET:.0f} s",
            max(seconds) < TARGET,
        )
    ]
