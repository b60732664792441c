"""English: every table of this folder — the common ones and one per game — merged (a key is
defined once). A game's words are found here by its file (``<game>.py`` with ``TEXTS``); nothing
lists them (issue 18: a game registers once, in ``cogs/games.py``)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping


def _merge(*tables: Mapping[str, str]) -> dict[str, str]:
    merged: dict[str, str] = {}
    for table in tables:
        twice = sorted(set(merged) & set(table))
        if twice:
            raise ValueError(f"keys defined twice: {twice}")
        merged.update(table)
    return merged


def _tables() -> list[Mapping[str, str]]:
    names = sorted(m.name for m in pkgutil.iter_modules(__path__))
    return [importlib.import_module(f"{__name__}.{name}").TEXTS for name in names]


TABLE = _merge(*_tables())
