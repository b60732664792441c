"""Every game Deskovka plays, by its stable kind name (stored in the database)."""

from __future__ import annotations

from typing import Any

from rules.protocol import Game


def _games() -> dict[str, Game[Any]]:
    from rules.shitenno import GAME as SHITENNO
    from rules.stratego import GAME as STRATEGO
    from rules.stroganov import GAME as STROGANOV

    return {g.name: g for g in (STRATEGO, SHITENNO, STROGANOV)}


GAMES: dict[str, Game[Any]] = _games()


def get(kind: str) -> Game[Any]:
    try:
        return GAMES[kind]
    except KeyError:
        raise KeyError(f"unknown game kind {kind!r}; known: {', '.join(sorted(GAMES))}") from None
