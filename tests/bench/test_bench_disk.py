"""The bench's disk probe (``bench/disk.py``): it fsyncs while a ramp runs, leaves no file behind,
and says the slowest fsync that overlapped a window; a ramp measures again a step the disk spoiled
(benches are not part of the suite)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bench import e2e
from bench.disk import DiskProbe
from bench.e2e import Measured, Sample


def test_the_probe_fsyncs_meanwhile_and_names_the_slowest_in_a_window(tmp_path: Path) -> None:
    with DiskProbe(str(tmp_path), every=0.01) as disk:
        deadline = time.perf_counter() + 5
        while len(disk.fsyncs) < 5 and time.perf_counter() < deadline:
            time.sleep(0.01)
    assert len(disk.fsyncs) >= 5 and not list(tmp_path.iterdir()), "fsyncs made, the file removed"
    disk.fsyncs = [(10.0, 0.002), (10.5, 0.300), (11.0, 0.004)]  # (start, seconds)
    assert disk.slowest(10.9, 11.2) == 0.004
    assert disk.slowest(10.7, 10.9) == 0.300, "a stall still under way when the window opened"
    assert disk.slowest(10.0, 10.4) == 0.002
    assert disk.slowest(12.0, 13.0) == 0.0


class StallsAt:
    """A disk probe whose slowest fsync is given per step, in the order the ramp asks."""

    def __init__(self, stalls: list[float]) -> None:
        self.stalls = stalls

    def __call__(self) -> StallsAt:
        return self

    def __enter__(self) -> StallsAt:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def slowest(self, start: float, end: float) -> float:
        return self.stalls.pop(0)


def test_a_step_missed_while_the_disk_stalled_is_measured_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ramp's step whose late answers came with a disk stall (``e2e.STALL`` or more) is kept,
    marked spoiled, and its rate measured again (at most ``e2e.AGAIN`` more times); the capacity
    is the last rate whose kept step met the p99. A miss without a stall ends the ramp."""
    finals = {10: [0.02], 25: [0.30, 0.02], 50: [0.30, 0.30, 0.30]}  # per rate, each attempt's answer (s)
    asked: list[int] = []

    async def paced(rate: float) -> Measured:
        asked.append(int(rate))
        final = finals[int(rate)].pop(0)
        return Measured(samples=[Sample(0.01, final)] * 10)

    # 10: fine; 25: missed in a stall, then fine; 50: missed in a stall twice, then missed in one
    # again with no measurement left (kept as the miss that ends the ramp).
    monkeypatch.setattr(e2e, "DiskProbe", StallsAt([0.0, 0.2, 0.0, 0.3, 0.3, 0.3]))
    monkeypatch.setattr(e2e, "IDLE", 0.0)
    steps = asyncio.run(e2e.ramp(paced, (10, 25, 50, 75)))
    assert asked == [10, 25, 25, 50, 50, 50]
    assert [m.spoiled for _, m in steps] == [False, True, False, True, True, False]
    assert e2e.highest(steps) == 25
    rows = e2e.capacity_rows("t", "moves", steps)
    assert sum("measured again" in r.value for r in rows) == 3


def test_a_miss_without_a_stall_ends_the_ramp(monkeypatch: pytest.MonkeyPatch) -> None:
    async def paced(rate: float) -> Measured:
        return Measured(samples=[Sample(0.01, 0.30 if rate >= 25 else 0.02)] * 10)

    monkeypatch.setattr(e2e, "DiskProbe", StallsAt([0.0, 0.01]))
    monkeypatch.setattr(e2e, "IDLE", 0.0)
    steps = asyncio.run(e2e.ramp(paced, (10, 25, 50)))
    assert [(rate, m.spoiled) for rate, m in steps] == [(10, False), (25, False)]
    assert e2e.highest(steps) == 10
