"""Small helpers for timing and reporting."""

from __future__ import annotations

import contextlib
import gc
import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The block timed without this (the measuring) process's cyclic garbage collector: collected
    first, then off until the block ends, as ``timeit`` does. The local Discord runs in this
    process and keeps every message it was sent, so a full collection here came to walk hundreds
    of thousands of objects: a pause of 174 ms that held up the bot's answers as they arrived and
    was counted as the bot's (an autocomplete's worst answer, 176.8 ms; docs/PERFORMANCE.md,
    sixteenth pass). The bot's own process keeps its collector."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


@dataclass
class Row:
    section: str
    measure: str
    value: str
    target: str = ""
    ok: bool | None = None

    def cells(self) -> list[str]:
        mark = "" if self.ok is None else ("met" if self.ok else "MISSED")
        return [self.section, self.measure, self.value, self.target, mark]


def table(rows: list[Row]) -> str:
    head = ["section", "measure", "value", "target", ""]
    cells = [head] + [r.cells() for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(head))]
    lines = []
    for n, c in enumerate(cells):
        lines.append("| " + " | ".join(x.ljust(w) for x, w in zip(c, widths, strict=True)) + " |")
        if n == 0:
            lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)
