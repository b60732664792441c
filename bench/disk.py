"""The disk under the databases, watched while a ramp runs (``bench/e2e.py`` ``ramp``).

On the development machine (a VM) an fsync usually takes 0.3 ms, but now and then the disk stalls
for 100-500 ms, idle or not: an answer's commit waits for it (``synchronous=FULL``), and so does
every transaction queued behind it. A ramp step with such a stall misses its p99 whatever the bot
does. The probe writes 4 KB and fsyncs it every ``EVERY`` seconds, in a thread of this process,
to a file where the benches put their databases (the temporary directory), and says for each
step the slowest fsync that overlapped it, so a failed step shows whether the disk stalled.
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
from types import TracebackType

EVERY = 0.05
"""Seconds between two probes: a stall of 100 ms or more meets at least one."""


class DiskProbe:
    def __init__(self, directory: str | None = None, every: float = EVERY) -> None:
        self.directory = directory or tempfile.gettempdir()
        self.every = every
        self.fsyncs: list[tuple[float, float]] = []  # (start, seconds), perf_counter times
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="disk-probe", daemon=True)

    def __enter__(self) -> DiskProbe:
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        fd, path = tempfile.mkstemp(prefix="disk-probe-", dir=self.directory)
        try:
            block, k = os.urandom(4096), 0
            while not self._stop.wait(self.every):
                os.pwrite(fd, block, (k % 16) * 4096)
                k += 1
                start = time.perf_counter()
                os.fsync(fd)
                self.fsyncs.append((start, time.perf_counter() - start))
        finally:
            os.close(fd)
            os.unlink(path)

    def slowest(self, start: float, end: float) -> float:
        """The slowest fsync (seconds) that overlapped ``start``-``end`` (perf_counter times)."""
        return max((s for t, s in self.fsyncs if t < end and t + s > start), default=0.0)
