"""Render speed and PNG size per image of every registered game's workload (``GameKind.bench``:
its positions and images, ``cogs/workload.py``)."""

from __future__ import annotations

import time

from bench.stats import Row, median, percentile
from cogs.games import GameKind


def _rows(game: str, results: dict[str, tuple[list[float], list[int]]], limit_ms: float) -> list[Row]:
    """Median / p95 time (target: median within ``limit_ms``) and PNG sizes (at most 200 KB) per kind."""
    rows = []
    for kind, (times, sizes) in results.items():
        med = median(times)
        rows.append(
            Row(
                "render",
                f"{game} {kind}: median / p95 ms",
                f"{med:.1f} / {percentile(times, 95):.1f}",
                f"median <= {limit_ms:g}",
                med <= limit_ms,
            )
        )
        rows.append(
            Row(
                "render",
                f"{game} {kind}: PNG median / max KB",
                f"{median(sizes) / 1024:.0f} / {max(sizes) / 1024:.0f}",
                "<= 200",
                max(sizes) <= 200 * 1024,
            )
        )
    return rows


def run(kind: GameKind, samples: int) -> list[Row]:
    """Each image of ``kind`` drawn from ``samples`` of its workload's positions, timed."""
    if kind.bench is None:
        return []
    images = kind.bench.images()
    results: dict[str, tuple[list[float], list[int]]] = {}
    for label, view in kind.bench.positions(samples):
        for name, draw in images.items():
            t0 = time.perf_counter()
            data = draw(view)
            times, sizes = results.setdefault(" ".join(filter(None, (label, name))), ([], []))
            times.append((time.perf_counter() - t0) * 1000)
            sizes.append(len(data))
    return _rows(kind.name, results, kind.bench.render_ms)
