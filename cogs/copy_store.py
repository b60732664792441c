"""Copy every stored game and fact from one database to another (issue 21 §1), with the bot's games:

    python -m cogs.copy_store --from sqlite:///data/deskovka.db --to postgresql://user:pw@host/deskovka

The copy itself is ``db.copy``; this command line gives it the bot's engines (``cogs.games.ENGINES``),
so that ``db`` never imports ``cogs`` (issue 45 §3).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from cogs.games import ENGINES
from db.copy import main as copy_main


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cogs.copy_store``: ``db.copy``'s command line with the bot's engines."""
    return copy_main(argv, ENGINES)


if __name__ == "__main__":
    sys.exit(main())
