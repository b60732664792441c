"""How one language's table is put together: the common modules of ``cogs/texts/<locale>/`` and
each game's ``cogs/<game>/words/<locale>.py``, found by their files, each with a ``TEXTS`` mapping."""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

COGS = Path(__file__).resolve().parent.parent
"""The ``cogs`` folder: every package in it with a ``words`` folder is a game's."""


def merge(*tables: Mapping[str, str]) -> dict[str, str]:
    """One table from several; a key defined twice is an error, not a silent override."""
    merged: dict[str, str] = {}
    for table in tables:
        twice = sorted(set(merged) & set(table))
        if twice:
            raise ValueError(f"keys defined twice: {twice}")
        merged.update(table)
    return merged


def game_word_modules(locale: str) -> list[str]:
    """The module names of every game's words in ``locale``, sorted."""
    return sorted(
        f"cogs.{folder.name}.words.{locale}"
        for folder in COGS.iterdir()
        if (folder / "words" / f"{locale}.py").is_file()
    )


def merged_tables(package: str, path: Iterable[str], locale: str) -> dict[str, str]:
    """The whole table of ``locale``: the modules of its folder (``package``) and the games' words."""
    common = [f"{package}.{m.name}" for m in sorted(pkgutil.iter_modules(path), key=lambda m: m.name)]
    return merge(*(importlib.import_module(name).TEXTS for name in common + game_word_modules(locale)))


LOCALE_FOLDER = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")
"""A language's folder in ``cogs/texts/``: ``en``, ``cs``, ``pt_BR`` (other packages are no language)."""


def locale_folders() -> list[tuple[str, Path]]:
    """Every language that has a folder of shared words in ``cogs/texts/``, English first."""
    here = Path(__file__).resolve().parent
    found = [(p.name, p) for p in here.iterdir() if LOCALE_FOLDER.match(p.name) and (p / "__init__.py").is_file()]
    return sorted(found, key=lambda f: (f[0] != "en", f[0]))
