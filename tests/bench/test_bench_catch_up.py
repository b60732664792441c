"""The catch-up bench's stand-in for the table keeps up with what ``Teller.catch_up`` uses of it (a
new attribute of the table broke the bench once, unseen: benches are not part of the suite)."""

from __future__ import annotations

from tests.bench.run import check


def test_the_sweep_tells_every_untold_change_of_a_few_games() -> None:
    check("sweep_tells_every_untold_change")
