"""DESIGN §2: dependencies point one way. Engines are pure (no Discord, Pillow, database,
asyncio, clock or global ``random``); renderers see views only (no Discord, no database)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

FORBIDDEN = {
    "rules": {
        "discord",
        "PIL",
        "aiosqlite",
        "asyncio",
        "random",
        "time",
        "datetime",
        "sqlite3",
        "db",
        "cogs",
        "render",
    },
    "render": {"discord", "aiosqlite", "db", "cogs", "sqlite3"},
    "db": {"discord", "cogs", "render", "PIL"},
}


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_stay_in_their_layer(package: str) -> None:
    bad = {
        str(p.relative_to(ROOT)): sorted(imports(p) & FORBIDDEN[package])
        for p in sorted((ROOT / package).rglob("*.py"))
    }
    assert {k: v for k, v in bad.items() if v} == {}


def test_the_checker_sees_a_forbidden_import(tmp_path: Path) -> None:
    f = tmp_path / "x.py"
    f.write_text("import random\nfrom discord.ext import commands\nfrom .rng import Rng\n")
    assert imports(f) == {"random", "discord"}


SHARED = ("/".join(("..", "shared")), *("/".join(("shared", x)) for x in ("rules", "seeds", "DESIGN.md")))
"""Ways to name the design folder beside the repository (spelled so that this file names none)."""


def test_nothing_refers_to_the_shared_folder() -> None:
    """The product stands alone: no code reads the shared design folder at run or test time."""
    hits = [
        str(p.relative_to(ROOT))
        for p in ROOT.rglob("*.py")
        if ".venv" not in p.parts and any(name in p.read_text() for name in SHARED)
    ]
    assert hits == []
