"""The catch-up bench's stand-in for the table keeps up with what ``Teller.catch_up`` uses of it (a
new attribute of the table broke the bench once, unseen: benches are not part of the suite)."""

from __future__ import annotations

from pathlib import Path

from bench.catch_up import fill, sweep


async def test_the_sweep_tells_every_untold_change_of_a_few_games(tmp_path: Path) -> None:
    path = tmp_path / "catch_up.db"
    await fill(path, "stratego", 3)
    result = await sweep(path)
    assert (result.games, result.told, result.untold_after) == (3, 3, 0)
