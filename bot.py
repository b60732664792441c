"""Deskovka's entry point. The Discord bot itself arrives with the next issue; until then
``make run`` says so instead of pretending to start."""

from __future__ import annotations

import sys


def main() -> int:
    print("Deskovka: the Discord bot is coming with the next release. `make test` runs the engines' tests.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
