"""Whole seeded games, recorded message by message (tests/e2e/transcript.py) and compared with the
transcripts kept in tests/data/transcripts/ (issue 45: the telling was rebuilt, and nothing a player
sees may change). Each scenario is deterministic: the games' seeds, the players' choices and the
clock are fixed. After a change that is meant to change what players see, write them again with
``DESKOVKA_WRITE_TRANSCRIPTS=1 pytest tests/e2e/test_*_transcripts.py``
and read the diff.

Each game's scenarios are in its own ``test_<game>_transcripts.py`` (``SCENARIOS``, each kept as
``<name>.json``, its name starting with the game's), played by :func:`unchanged`; every registered
game has some, and every kept transcript is played (below)."""

from __future__ import annotations

import difflib
import importlib
import itertools
import os
import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from tests import kinds
from tests.e2e.harness import Table, table
from tests.e2e.transcript import recording

KEPT = Path(__file__).parent.parent / "data" / "transcripts"
Scenario = Callable[[Table], Awaitable[None]]


async def settled(t: Table) -> Table:
    """Everything the bot is telling told, as a player who reads before acting would find it (the
    next step must not race the last one's DMs)."""
    assert t.bot is not None
    await t.bot.table.teller.quiet()
    return t


async def unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, scenario: Scenario) -> None:
    """Plays ``scenario`` recorded and compares what players saw with its kept transcript ``name``."""
    seeds = itertools.count(1)
    monkeypatch.setattr(secrets, "randbits", lambda bits: (next(seeds) * 0x9E3779B97F4A7C15) % (1 << bits))
    with recording() as transcript:
        async with table(tmp_path) as t:  # the bot stops (and finishes its telling) inside the recording
            transcript.fake = t.fake
            await scenario(t)
            t.fake.assert_clean()
    seen = transcript.as_json()
    kept = KEPT / f"{name}.json"
    if os.environ.get("DESKOVKA_WRITE_TRANSCRIPTS"):
        kept.parent.mkdir(parents=True, exist_ok=True)
        kept.write_text(seen, encoding="utf-8")
    assert kept.exists(), f"no transcript kept for {name}: write it with DESKOVKA_WRITE_TRANSCRIPTS=1"
    expected = kept.read_text(encoding="utf-8")
    if seen != expected:
        diff = difflib.unified_diff(expected.splitlines(), seen.splitlines(), "kept", "seen", lineterm="", n=2)
        pytest.fail("what players see changed:\n" + "\n".join(itertools.islice(diff, 200)))


@pytest.mark.parametrize("kind", kinds.NAMES)
def test_every_game_has_its_scenarios_and_every_kept_transcript_is_played(kind: str) -> None:
    scenarios: dict[str, Scenario] = importlib.import_module(f"tests.e2e.test_{kind}_transcripts").SCENARIOS
    kept = {p.stem for p in KEPT.glob(f"{kind}_*.json")}
    assert scenarios and all(name.startswith(f"{kind}_") for name in scenarios), sorted(scenarios)
    assert kept == set(scenarios), f"kept without a scenario: {sorted(kept - set(scenarios))}"
