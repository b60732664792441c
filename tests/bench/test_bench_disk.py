"""The bench's disk probe (``bench/disk.py``): it fsyncs while a ramp runs, leaves no file behind,
and says the slowest fsync that overlapped a window; a ramp measures again a step the disk spoiled
(benches are not part of the suite)."""

from __future__ import annotations

from tests.bench.run import check


def test_the_probe_fsyncs_meanwhile_and_names_the_slowest_in_a_window() -> None:
    check("the_probe_fsyncs_meanwhile_and_names_the_slowest_in_a_window")


def test_a_step_missed_while_the_disk_stalled_is_measured_again() -> None:
    """A ramp's step whose late answers came with a disk stall is kept, marked spoiled, and its rate
    measured again; the capacity is the last rate whose kept step met the p99."""
    check("a_step_missed_while_the_disk_stalled_is_measured_again")


def test_a_miss_without_a_stall_ends_the_ramp() -> None:
    check("a_miss_without_a_stall_ends_the_ramp")
