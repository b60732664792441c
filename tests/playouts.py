"""How many seeded random games the property tests play (``tests/test_*_properties.py``).

``make test`` plays half of the full count, so that the whole suite stays within 10 minutes on two
cores; ``make soak`` (``DESKOVKA_PLAYOUTS=full``) plays all of it. The half is the first half of the
same seeds, so a failure found by a soak is found again by the same seed."""

from __future__ import annotations

import os

FULL = os.environ.get("DESKOVKA_PLAYOUTS", "") == "full"


def playouts(full: int) -> int:
    """``full`` games under ``make soak``; otherwise half of them (at least one)."""
    return full if FULL else max(1, full // 2)
