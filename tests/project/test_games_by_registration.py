"""Issue 45 §4: a game is one registration. Adding a game touches no shared list in the tests or the
benches: a test or a bench that is not one game's own names no two games by hand — it iterates the
registered games (``cogs.games.registered``, ``tests/kinds.py``) and takes what it needs of each
from its registration (its engine, UI, automatic player, workload). What is one game's own is in
that game's files, named after it (``test_stratego_game.py``, ``stroganov_play.py``,
``bench/e2e_shitenno.py``).

A file names a game by hand when it holds a string that is the game's name or begins with it (a
kind, ``"stratego"``; a command, ``"stratego move"``; a label, ``"stratego, long game"``) or
imports a module of the game (``rules.stratego``, ``render.stratego_sprites``,
``tests.stroganov_play``, ``tests.e2e.test_stratego_game``). Words in docstrings and messages
("Stratego's setup", ``/stratego move`` within a sentence) are not names by hand."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

from tests import kinds

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("tests", "bench")
DATA = Path("tests") / "data"
"""The kept data (transcripts, old databases) and the scripts that made it: of the games it holds."""
ALLOWED = {
    "tests/db/test_db_old_states.py": "reads tests/data/before_events.db, made of those games' games at e4e9b71",
}
"""Generic files that may name several games, and why."""


def own_file(path: Path, names: Iterable[str]) -> bool:
    """Whether the file is one game's own: its name holds the game's (``test_stratego_game.py``)."""
    return any(re.search(rf"(^|_){name}(_|$)", path.stem) for name in names)


def named(tree: ast.AST, names: Iterable[str]) -> dict[str, list[int]]:
    """The games ``tree`` names by hand (see the module's docstring), with the lines that do."""
    found: dict[str, list[int]] = {}
    for name in names:
        string = re.compile(rf"{name}(?![\w])")
        module = re.compile(rf"(^|[._]){name}([._]|$)")
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                hit = bool(string.match(node.value))
            elif isinstance(node, ast.Import):
                hit = any(module.search(a.name) for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                paths = [node.module or "", *(f"{node.module}.{a.name}" for a in node.names)]
                hit = any(module.search(p) for p in paths)
            else:
                continue
            if hit:
                found.setdefault(name, []).append(node.lineno)
    return found


def hand_lists(root: Path, names: list[str]) -> dict[str, dict[str, list[int]]]:
    """Every generic file under ``root``'s tests and benches that names two games or more by hand,
    with the games it names and where."""
    out = {}
    for folder in SCANNED:
        for path in sorted((root / folder).rglob("*.py")):
            relative = path.relative_to(root)
            if DATA in relative.parents or own_file(path, names) or relative.as_posix() in ALLOWED:
                continue
            found = named(ast.parse(path.read_text(), filename=str(path)), names)
            if len(found) > 1:
                out[relative.as_posix()] = found
    return out


def test_no_generic_test_or_bench_names_two_games_by_hand() -> None:
    assert len(kinds.NAMES) >= 2, "the check means nothing with fewer than two games"
    found = hand_lists(ROOT, kinds.NAMES)
    where = [
        f"{path}: {', '.join(f'{g} (lines {lines})' for g, lines in games.items())}" for path, games in found.items()
    ]
    assert found == {}, (
        "iterate the registered games (tests/kinds.py) or move what is one game's into its own file: "
        + "; ".join(where)
    )


def test_what_is_allowed_is_still_there() -> None:
    """An allowance for a file that no longer names several games, or is gone, is dropped."""
    for path in ALLOWED:
        assert (ROOT / path).exists(), path
        assert len(named(ast.parse((ROOT / path).read_text()), kinds.NAMES)) > 1, f"{path} needs no allowance"


def test_the_checker_finds_a_hand_list_and_passes_a_game_s_own_file(tmp_path: Path) -> None:
    (tmp_path / "tests" / "e2e").mkdir(parents=True)
    (tmp_path / "bench").mkdir()
    (tmp_path / "tests" / "test_list.py").write_text('KINDS = ["chess", "go"]\n')
    (tmp_path / "tests" / "test_imports.py").write_text("from rules.chess import GAME\nfrom tests import go_play\n")
    (tmp_path / "tests" / "e2e" / "test_command.py").write_text('A = "chess move"\nB = "go, long game"\n')
    (tmp_path / "bench" / "one.py").write_text('"""Chess, and go too: words."""\nA = "chess"\nB = "a go move"\n')
    (tmp_path / "tests" / "test_chess_rules.py").write_text('A = ("chess", "go")\n')
    (tmp_path / "tests" / "test_chessboard.py").write_text('A = ("chess", "go")\n')
    found = hand_lists(tmp_path, ["chess", "go"])
    assert set(found) == {
        "tests/test_list.py",
        "tests/test_imports.py",
        "tests/e2e/test_command.py",
        "tests/test_chessboard.py",
    }
    assert found["tests/test_imports.py"] == {"chess": [1], "go": [2]}
