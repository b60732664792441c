"""How one language's table is put together: the common modules of ``cogs/texts/<locale>/`` (found
by their files: a language is a folder) and the words of every registered game (issue 45 §4: a
game's words come with its registration, ``cogs.games.register``, not from a folder scan)."""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Words:
    """One game's words in one language: its sentences (``TEXTS`` of ``cogs/<game>/words/<locale>.py``)
    and its slash commands' names and descriptions in that language (``COMMANDS``: keyed as the
    tables of ``cogs/texts/commands/`` are; English needs none, the commands are named in English)."""

    texts: Mapping[str, str]
    commands: Mapping[str, str] = field(default_factory=dict)


GAME_WORDS: dict[str, Mapping[str, Words]] = {}
"""Every registered game's words, by kind name, then by locale (filled by ``cogs.texts.add_game``)."""


def merge(*tables: Mapping[str, str]) -> dict[str, str]:
    """One table from several; a key defined twice is an error, not a silent override."""
    merged: dict[str, str] = {}
    for table in tables:
        twice = sorted(set(merged) & set(table))
        if twice:
            raise ValueError(f"keys defined twice: {twice}")
        merged.update(table)
    return merged


def game_texts(locale: str) -> list[Mapping[str, str]]:
    """The sentences of every registered game in ``locale``, by kind name."""
    return [words[locale].texts for _, words in sorted(GAME_WORDS.items()) if locale in words]


def game_commands(locale: str) -> list[Mapping[str, str]]:
    """The slash commands' words of every registered game in ``locale``, by kind name."""
    return [words[locale].commands for _, words in sorted(GAME_WORDS.items()) if locale in words]


def common_table(package: str, path: Iterable[str]) -> dict[str, str]:
    """The shared words of one language: every module of its folder (``package``), merged."""
    common = [f"{package}.{m.name}" for m in sorted(pkgutil.iter_modules(path), key=lambda m: m.name)]
    return merge(*(table_of(name) for name in common))


def table_of(module: str) -> Mapping[str, str]:
    """The ``TEXTS`` table of a module of shared words."""
    texts: Mapping[str, str] = importlib.import_module(module).TEXTS
    return texts


LOCALE_FOLDER = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")
"""A language's folder in ``cogs/texts/``: ``en``, ``cs``, ``pt_BR`` (other packages are no language)."""


def locale_folders() -> list[tuple[str, Path]]:
    """Every language that has a folder of shared words in ``cogs/texts/``, English first."""
    here = Path(__file__).resolve().parent
    found = [(p.name, p) for p in here.iterdir() if LOCALE_FOLDER.match(p.name) and (p / "__init__.py").is_file()]
    return sorted(found, key=lambda f: (f[0] != "en", f[0]))
