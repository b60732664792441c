"""The benches' checks run as the benches are run: ``python -m bench.checks NAME`` in a process of its
own (bench/checks.py). The tests here import no bench: bench/ imports tests/ (the fake Discord, the
PostgreSQL starter, the bot process), and the import graph keeps it one way
(tests/project/test_import_graph.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = 77
"""bench.checks' exit code when its check could not run here (no PostgreSQL server): the test is
skipped with the reason it printed."""


def check(name: str, timeout: float = 300) -> None:
    """Bench check ``name`` passed (or the test is skipped, saying why it could not run)."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.checks", name], cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )
    if done.returncode == SKIPPED:
        pytest.skip(done.stdout.strip().removeprefix(f"skipped {name}: "))
    assert done.returncode == 0 and f"ok {name}" in done.stdout.splitlines(), done.stdout + done.stderr
