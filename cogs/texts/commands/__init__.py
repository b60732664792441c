"""Slash commands in the player's language (issue 19 §4): the tables Discord's command sync is
given for every name, description and choice of every command, per locale (the translator,
``cogs/texts/translator.py``), and the same names in every text that names a command (issue 44 §2:
:func:`named_words`, which ``cogs.texts.t`` fills in).

One table per language in this folder (``cs.py``: ``COMMANDS``, the shared commands: ``/game``,
``/help``, the options alike everywhere) and each registered game's own (``Words.commands`` of its
words, ``cogs/<game>/words/cs.py``: its command group, options and choices), keyed by where the
string is:

* a command or group by its qualified name: ``"stratego move.name"``, ``"game.description"``;
* an option: ``"stratego move:from.name"``, ``"stratego move:from.description"`` — or
  ``"*:game.name"`` for an option worded alike in every command (looked up second);
* a choice by its English name: ``"choice:classic"`` (discord.py gives a choice no parent).

A locale without a table, or a string without a key, stays English (the translator returns
``None``); the test ``tests/table/test_command_translations.py`` checks every Czech string is there and
keeps Discord's rules. No Discord here: the render workers read texts too.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import string
from collections.abc import Mapping

from cogs.texts.tables import game_commands, merge


def tables() -> dict[str, Mapping[str, str]]:
    """Every language's command table, by Discord's locale code (``cs``): its file here (found by
    its name) and the registered games' commands in that language."""
    found: dict[str, Mapping[str, str]] = {}
    for module in pkgutil.iter_modules(__path__):
        shared: Mapping[str, str] = importlib.import_module(f"{__name__}.{module.name}").COMMANDS
        found[module.name.replace("_", "-")] = merge(shared, *game_commands(module.name))
    return found


@functools.cache
def _cached_tables() -> dict[str, Mapping[str, str]]:
    return tables()


def forget() -> None:
    """Forget the tables read so far (a game was registered: its commands join them)."""
    _cached_tables.cache_clear()
    named_words.cache_clear()


def command_name(path: str, locale: str) -> str:
    """A slash command as a player's Discord app shows it: ``/game hand``, in Czech ``/hra ruka``
    (each word from its table, English where the table has none)."""
    table = _cached_tables().get(locale.replace("_", "-"), {})
    parts = path.split()
    return "/" + " ".join(table.get(" ".join(parts[: i + 1]) + ".name", part) for i, part in enumerate(parts))


def typed(path: str, locale: str) -> str:
    """:func:`command_name` as code in a message: `` `/game hand` ``."""
    return f"`{command_name(path, locale)}`"


def command_description(path: str, english: str, locale: str) -> str:
    """A command's description as a player's Discord app shows it (``english`` where untranslated)."""
    return _cached_tables().get(locale.replace("_", "-"), {}).get(f"{path}.description", english)


def option_name(command: str, option: str, locale: str) -> str:
    """An option of a command as a player's Discord app shows it (``page`` → ``stránka``)."""
    table = _cached_tables().get(locale.replace("_", "-"), {})
    return table.get(f"{command}:{option}.name") or table.get(f"*:{option}.name") or option


def choice_name(choice: str, locale: str) -> str:
    """A choice of an option as a player's Discord app shows it (``mention`` → ``zmínka ve vlákně``)."""
    return _cached_tables().get(locale.replace("_", "-"), {}).get(f"choice:{choice}", choice)


NAMED = ("cmd_", "opt_", "choice_")
r"""The placeholders a text names a command by, filled in from this table (issue 44 §2):

* ``{cmd_game_hand}`` — the command ``/game hand`` as the reader's Discord app names it (``/hra
  ruka``), without backticks (a text puts its own around it, with any options: ``\`{cmd_game_list}
  {opt_game_list__page}:{next}\```);
* ``{opt_stratego_setup__code}`` — the option ``code`` of ``/stratego setup`` (``kód``);
* ``{choice_mention}`` — an option's choice by its English name (``zmínka ve vlákně``)."""


@functools.lru_cache(maxsize=1024)
def named_words(template: str, locale: str) -> Mapping[str, str]:
    """The values of the command, option and choice placeholders (:data:`NAMED`) in ``template``,
    in ``locale``; empty for a template that names none (most)."""
    if "{cmd_" not in template and "{opt_" not in template and "{choice_" not in template:
        return {}
    out: dict[str, str] = {}
    for _, name, _, _ in string.Formatter().parse(template):
        if not name:
            continue
        if name.startswith("cmd_"):
            out[name] = command_name(name[4:].replace("_", " "), locale)
        elif name.startswith("opt_"):
            command, _, option = name[4:].partition("__")
            out[name] = option_name(command.replace("_", " "), option, locale)
        elif name.startswith("choice_"):
            out[name] = choice_name(name[7:], locale)
    return out
