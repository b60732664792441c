"""Issue 45 §1: the master (``cogs/table/core/master.py``) is the one place on the Discord side that
changes a game in the store — opens a lobby or a rematch, changes its seats, starts, acts, finishes,
cancels, expires or takes back. Everything else gives the master a command (``Teller.commit``).
The store's other writes are bookkeeping of the telling (a message's id, a thread) or of other
areas (preferences, votes, clocks)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MASTER = Path("cogs/table/core/master.py")
CHANGES = {
    "games": {"create", "append", "start", "finish", "cancel", "expire", "take_back"},
    "lobbies": {"create", "set_seats", "open_rematch", "set_shape"},
}
"""The store's writes that make a new version of a game (or a new game), by repository."""


def commits(root: Path) -> list[str]:
    """Every call of a game-changing store write under ``cogs/`` and in ``bot.py`` outside the
    master: ``path:line repo.method``."""
    found: list[str] = []
    paths = [*sorted((root / "cogs").rglob("*.py")), root / "bot.py"]
    for path in paths:
        if not path.exists() or path.relative_to(root) == MASTER:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            owner = node.func.value
            if isinstance(owner, ast.Attribute) and node.func.attr in CHANGES.get(owner.attr, ()):
                found.append(f"{path.relative_to(root)}:{node.lineno} {owner.attr}.{node.func.attr}")
    return found


def test_only_the_master_changes_a_game() -> None:
    assert (ROOT / MASTER).exists()
    assert commits(ROOT) == []


def test_the_master_does_change_games() -> None:
    """The master itself calls the writes the check looks for (else the check would look for
    names that no longer exist)."""
    text = (ROOT / MASTER).read_text()
    for repo, methods in CHANGES.items():
        for method in methods - {"set_shape"}:  # a shape is written with its lobby (create, open_rematch)
            assert f".{repo}.{method}(" in text, f"{repo}.{method}"


def test_the_checker_finds_a_commit_outside_the_master(tmp_path: Path) -> None:
    (tmp_path / "cogs" / "table").mkdir(parents=True)
    (tmp_path / "cogs" / "table" / "lobby.py").write_text(
        "async def open(self):\n    return await self.store.lobbies.create('x', 1, None, None, 2)\n"
    )
    assert commits(tmp_path) == ["cogs/table/lobby.py:2 lobbies.create"]
