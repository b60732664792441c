"""The Discord face of each game kind, looked up by the kind stored with a game."""

from __future__ import annotations

from typing import Any

from cogs.stratego_ui import StrategoUI

UIS: dict[str, Any] = {"stratego": StrategoUI()}


def ui(kind: str) -> Any:
    return UIS[kind]
