"""How many seeded random games the property tests play (``tests/rules/test_*_properties.py``).

``make test`` plays a tenth of the full count, so that the whole suite stays within 10 minutes on
two cores (CI's machine has been up to 1.5 times slower than the development one: a third brought
CI to 597 s, a fifth to 591 s on 2026-12-07); ``make soak``
(``DESKOVKA_PLAYOUTS=full``) plays all of it, and the largest brute-force checks
(``tests/rules/test_stroganov_complete.py``). The tenth is the first tenth of the same seeds, so a failure
found by a soak is found again by its seed."""

from __future__ import annotations

import os

FULL = os.environ.get("DESKOVKA_PLAYOUTS", "") == "full"


SHARE = 10
"""``make test`` plays one game in ``SHARE`` of a soak's."""


def playouts(full: int) -> int:
    """``full`` games under ``make soak``; otherwise a tenth of them (at least one)."""
    return full if FULL else max(1, full // SHARE)
