"""docs/architecture.md says how a new game plugs in (issue 18 §2); the toy game of the tests plugs
in exactly that way, so the page cannot drift from the code."""

from __future__ import annotations

from pathlib import Path

from cogs import games

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "architecture.md").read_text()
STEPS = DOC[DOC.index("## How a new game plugs in") : DOC.index("## What works in DMs")]


def test_the_page_names_the_one_registry_and_no_old_one() -> None:
    assert "register(GameKind(" in STEPS and "`cogs/games.py`" in STEPS
    for gone in ("rules/registry.py", "cogs/kinds.py", "rules/auto.py", "COGS"):
        assert gone not in STEPS, gone
        assert not (ROOT / gone).exists() or gone == "COGS"


def test_the_toy_game_registers_as_the_page_says() -> None:
    cog = (ROOT / "tests" / "e2e" / "count_cog.py").read_text()
    assert "games.register(games.GameKind(GAME, CountUI(), __name__))" in cog
    assert "games.register(games.GameKind(GAME, CountUI(), __name__))" in STEPS


def test_every_builtin_game_is_registered_once_with_its_cog() -> None:
    assert set(games.KINDS) >= {"stratego", "shitenno", "stroganov"}
    for name in ("stratego", "shitenno", "stroganov"):
        kind = games.kind(name)
        assert kind.ui.kind == kind.engine.name == name and kind.cog == f"cogs.{name}.cog"
        assert games.ENGINES[name] is kind.engine
