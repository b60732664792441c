"""The bench's disk probe (``bench/disk.py``): it fsyncs while a ramp runs, leaves no file behind,
and says the slowest fsync that overlapped a window (benches are not part of the suite)."""

from __future__ import annotations

import time
from pathlib import Path

from bench.disk import DiskProbe


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
