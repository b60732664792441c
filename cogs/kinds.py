"""The Discord face of each game kind (a :class:`GameUI`), looked up by the kind stored with a game.
A new game registers its UI here; tests register toy games the same way."""

from __future__ import annotations

from cogs.ui import GameUI

UIS: dict[str, GameUI] = {}


def register(face: GameUI) -> GameUI:
    UIS[face.kind] = face
    return face


def ui(kind: str) -> GameUI:
    return UIS[kind]


def _builtin() -> None:
    from cogs.shitenno_ui import ShitennoUI
    from cogs.stratego_ui import StrategoUI
    from cogs.stroganov_ui import StroganovUI

    register(StrategoUI())
    register(ShitennoUI())
    register(StroganovUI())


_builtin()
