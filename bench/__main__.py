"""``python -m bench [--quick]``: one table with the machine and the date (issue 4)."""

from __future__ import annotations

import argparse
import datetime
import importlib
import importlib.util
import os
import platform
import sys
from collections.abc import Callable

from bench import (
    catch_up,
    computers,
    database,
    decision,
    dispatcher,
    e2e,
    engine,
    league_opening,
    leagues,
    library_floor,
    ratings,
    reminders,
    render,
    replay,
    thinking_load,
)
from bench.stats import Row, table
from cogs.games import registered


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            lines = f.read().splitlines()
        for line in lines:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def game_e2e() -> dict[str, Callable[[bool], list[Row]]]:
    """Each registered game's own benchmark through the real bot and the local Discord, where it
    has one: ``bench/e2e_<game>.py`` with ``run(quick)`` (how to make its decisions there is the
    game's own: its commands, buttons and pickers), as the part ``e2e-<game>``."""
    found: dict[str, Callable[[bool], list[Row]]] = {}
    for kind in registered():
        module = f"bench.e2e_{kind.name}"
        if importlib.util.find_spec(module) is not None:
            run: Callable[[bool], list[Row]] = importlib.import_module(module).run
            found[f"e2e-{kind.name}"] = run
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench")
    parser.add_argument("--quick", action="store_true", help="a smaller run, under a minute")
    by_game = game_e2e()
    parts_all = [
        "engine",
        "render",
        "replay",
        "database",
        "catch-up",
        "decision",
        "dispatcher",
        "reminders",
        "e2e",
        "library-floor",
        *by_game,
        "ratings",
        "computers",
        "thinking-load",
        "leagues",
        "league-opening",
    ]
    parser.add_argument("--only", choices=parts_all, action="append")
    args = parser.parse_args(argv)
    parts = args.only or parts_all
    rows: list[Row] = []
    if "engine" in parts:
        for kind in registered():
            rows += engine.run(kind, args.quick)
    if "render" in parts:
        for kind in registered():
            rows += render.run(kind, 15 if args.quick else 70)
    if "replay" in parts:
        rows += replay.run(args.quick)
    if "database" in parts:
        rows += database.run(args.quick)
    if "catch-up" in parts:
        rows += catch_up.run(args.quick)
    if "decision" in parts:
        rows += decision.run(args.quick)
    if "dispatcher" in parts:
        rows += dispatcher.run(args.quick)
    if "reminders" in parts:
        rows += reminders.run(args.quick)
    if "e2e" in parts:
        rows += e2e.run(args.quick)
    if "library-floor" in parts:
        rows += library_floor.run(args.quick)
    for part, run in by_game.items():
        if part in parts:
            rows += run(args.quick)
    if "ratings" in parts and ratings.shares():
        rows += ratings.run(args.quick)
    if "computers" in parts:
        rows += computers.run(args.quick)
    if "thinking-load" in parts:
        rows += thinking_load.run(args.quick)
    if "leagues" in parts:
        rows += leagues.run(args.quick)
    if "league-opening" in parts:
        rows += league_opening.run(args.quick)
    print(f"Deskovka benchmarks — {datetime.date.today().isoformat()} — {machine()}{' — quick' if args.quick else ''}")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
