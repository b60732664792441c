"""``python -m bench [--quick]``: one table with the machine and the date (issue 4)."""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys

from bench import (
    catch_up,
    database,
    decision,
    dispatcher,
    e2e,
    e2e_shitenno,
    e2e_stroganov,
    engine,
    library_floor,
    ratings,
    reminders,
    render,
    replay,
)
from bench.stats import table


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


def registered() -> set[str]:
    from cogs.games import ENGINES as GAMES

    return set(GAMES)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench")
    parser.add_argument("--quick", action="store_true", help="a smaller run, under a minute")
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
        "e2e-shitenno",
        "e2e-stroganov",
        "ratings",
    ]
    parser.add_argument("--only", choices=parts_all, action="append")
    args = parser.parse_args(argv)
    parts = args.only or parts_all
    rows = []
    games = registered()
    if "engine" in parts:
        rows += engine.stratego(2 if args.quick else 10)
        if "shitenno" in games:
            for players in (2, 3, 4):
                rows += engine.playouts("shitenno", players, 1 if args.quick else 5)
        if "stroganov" in games:
            for players in (1, 2, 3, 4):
                rows += engine.playouts("stroganov", players, 1 if args.quick else 5)
    if "render" in parts:
        rows += render.stratego(15 if args.quick else 70)
        if "shitenno" in games:
            rows += render.shitenno(15 if args.quick else 70)
        if "stroganov" in games:
            rows += render.stroganov(15 if args.quick else 70)
    if "replay" in parts:
        rows += replay.run(args.quick)
    if "database" in parts:
        rows += database.run(args.quick)
    if "catch-up" in parts:
        rows += catch_up.run(args.quick)
    if "decision" in parts:
        rows += decision.run(args.quick, tuple(k for k in decision.KINDS if k in games))
    if "dispatcher" in parts:
        rows += dispatcher.run(args.quick)
    if "reminders" in parts:
        rows += reminders.run(args.quick)
    if "e2e" in parts:
        rows += e2e.run(args.quick)
    if "library-floor" in parts:
        rows += library_floor.run(args.quick)
    if "e2e-shitenno" in parts and "shitenno" in games:
        rows += e2e_shitenno.run(args.quick)
    if "e2e-stroganov" in parts and "stroganov" in games:
        rows += e2e_stroganov.run(args.quick)
    if "ratings" in parts and {"stratego", "shitenno", "stroganov"} <= games:
        rows += ratings.run(args.quick)
    print(f"Deskovka benchmarks — {datetime.date.today().isoformat()} — {machine()}{' — quick' if args.quick else ''}")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
