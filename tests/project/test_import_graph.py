"""Issue 18 §2: the project's modules import one another without a cycle — counting every import,
also those only for the type checker and those inside functions — and the table's core knows no
Discord. Issue 45 §5: the benches use the tests' fake Discord, PostgreSQL starter and bot process,
and no test imports a bench (tests/bench/ runs them as processes): no cycle between bench/ and
tests/."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("cogs", "db", "rules", "render")
WITH_BENCH_AND_TESTS = (*PACKAGES, "bench", "tests")
"""The bot's packages and those that drive it: the benchmarks and the tests."""


def modules(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """Every module of ``packages`` (by default the bot's) by dotted name (``cogs.table.table``,
    ``bot``)."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in (root / package).rglob("*.py"):
            name = ".".join(path.relative_to(root).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    if (root / "bot.py").exists():
        found["bot"] = root / "bot.py"
    return found


def graph(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """Module → the project's modules it imports (``from a.b import c`` names ``a.b.c`` when that
    is a module, else ``a.b``)."""
    mods = modules(root, packages)

    def known(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    edges: dict[str, set[str]] = {}
    for name, path in mods.items():
        out: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                out.update(m for a in node.names if (m := known(a.name)))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
                    for _ in range(node.level - 1):
                        package = package.rpartition(".")[0]
                    base = f"{package}.{base}" if base else package
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    target = full if full in mods else known(base)
                    if target:
                        out.add(target)
        out.discard(name)
        edges[name] = out
    return edges


def cycles(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycles() -> None:
    assert cycles(graph(ROOT)) == []


def test_the_checker_finds_a_cycle_through_a_type_checking_import(tmp_path: Path) -> None:
    (tmp_path / "cogs").mkdir()
    (tmp_path / "cogs" / "__init__.py").write_text("")
    (tmp_path / "cogs" / "table.py").write_text("from cogs.clocks import Clocks\n")
    (tmp_path / "cogs" / "clocks.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cogs.table import Table\n"
    )
    (tmp_path / "cogs" / "lobby.py").write_text("def f():\n    from . import table\n")
    edges = graph(tmp_path)
    assert edges["cogs.lobby"] == {"cogs.table"}
    assert cycles(edges) == [["cogs.clocks", "cogs.table"]]


def test_the_core_knows_no_discord() -> None:
    """cogs/table/core makes every change and imports no discord, nor the Discord side of cogs."""
    edges = graph(ROOT)
    core = {m for m in edges if m == "cogs.table.core" or m.startswith("cogs.table.core.")}
    assert core >= {"cogs.table.core.change", "cogs.table.core.master", "cogs.table.core.votes"}
    for module in sorted(core):
        tree = ast.parse(modules(ROOT)[module].read_text())
        imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert "discord" not in imported, module
        outside = {m for m in edges[module] if m.startswith("cogs") and m not in core}
        assert not outside, f"{module} imports {sorted(outside)}"


def reached(edges: Mapping[str, set[str]], start: set[str]) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = list(start)
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(edges.get(module, ()))
    return seen


def test_the_plan_of_a_telling_knows_no_discord() -> None:
    """cogs/table/plan decides what a change sends without Discord (issue 45 §1): neither it nor
    anything it imports, however indirectly, imports discord."""
    edges = graph(ROOT)
    planned = {m for m in edges if m == "cogs.table.plan" or m.startswith("cogs.table.plan.")}
    assert planned >= {"cogs.table.plan.news", "cogs.table.plan.outbound", "cogs.table.plan.pages"}
    for module in sorted(reached(edges, planned)):
        tree = ast.parse(modules(ROOT)[module].read_text())
        imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert "discord" not in imported, f"{module} (imported by the plan) imports discord"


def test_db_never_reaches_up_to_cogs() -> None:
    """Issue 45 §3: no arrow runs back up from ``db/`` to ``cogs/`` — no import of a ``cogs``
    module by any ``db`` module, however indirectly, nor one by name (``importlib.import_module``);
    whoever needs the bot's engines in ``db`` is handed them (``python -m cogs.copy_store``)."""
    edges = graph(ROOT)
    stored = {m for m in edges if m == "db" or m.startswith("db.")}
    assert not {m for m in reached(edges, stored) if m.split(".")[0] == "cogs"}
    for module in sorted(stored):
        tree = ast.parse(modules(ROOT)[module].read_text())
        named = {
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.split(".")[0] == "cogs"
        }
        assert not named, f"{module} names {sorted(named)}"


def packages_graph(edges: Mapping[str, set[str]]) -> dict[str, set[str]]:
    """The same imports between top-level packages (``bench`` → ``tests``)."""
    out: dict[str, set[str]] = {}
    for module, imported in edges.items():
        top = module.split(".")[0]
        out.setdefault(top, set()).update(m.split(".")[0] for m in imported)
        out[top].discard(top)
    return out


def imports_of_bench_by_tests(edges: Mapping[str, set[str]]) -> set[str]:
    """The bench modules that a module of tests/ imports, directly or through others."""
    tests = {m for m in edges if m.split(".")[0] == "tests"}
    return {m for m in reached(edges, tests) if m.split(".")[0] == "bench"}


def test_no_test_imports_a_bench() -> None:
    """Issue 45 §5: bench/ imports tests/ (the fake Discord, tests/postgres.py, the bot process
    tests/e2e/bot_process.py), never the other way: no module of tests/, however indirectly, imports
    a bench module, so the two packages make no cycle; tests/bench/ runs ``python -m bench.checks``."""
    edges = graph(ROOT, WITH_BENCH_AND_TESTS)
    assert {m for m in edges if m.startswith("tests.")} >= {"tests.fakediscord", "tests.bench.run"}
    assert any(m.split(".")[0] == "tests" for m in edges["bench.e2e"]), "bench uses the fake Discord"
    assert imports_of_bench_by_tests(edges) == set()
    assert "bench" not in reached(packages_graph(edges), {"tests"})
    assert not [c for c in cycles(packages_graph(edges)) if {"bench", "tests"} & set(c)]


def test_the_checker_finds_a_test_importing_a_bench(tmp_path: Path) -> None:
    for package in ("bench", "tests", "tests/e2e"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "bench" / "e2e.py").write_text("from tests.e2e import harness\n")
    (tmp_path / "tests" / "e2e" / "harness.py").write_text("")
    (tmp_path / "tests" / "e2e" / "test_x.py").write_text("def test():\n    from bench.e2e import run\n")
    edges = graph(tmp_path, ("bench", "tests"))
    assert imports_of_bench_by_tests(edges) == {"bench.e2e"}
    assert cycles(packages_graph(edges)) == [["bench", "tests"]]
