"""Shitenno's words, one module per language (the keys are the same in every language): its sentences
(``TEXTS``) and, in Czech, its slash commands (``COMMANDS``). They come with its registration
(``cogs.games``), which adds them to the tables (``cogs.texts.add_game``)."""

from __future__ import annotations

from collections.abc import Mapping

from cogs.shitenno.words import cs, en
from cogs.texts.tables import Words

WORDS: Mapping[str, Words] = {"en": Words(en.TEXTS), "cs": Words(cs.TEXTS, cs.COMMANDS)}
"""By locale."""
