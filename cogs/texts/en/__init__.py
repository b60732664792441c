"""English: the common tables of this folder and every game's ``cogs/<game>/words/en.py``, merged
(a key is defined once). A game's words are found by their file; nothing lists them (issue 18: a
game registers once, in ``cogs/games.py``)."""

from __future__ import annotations

from cogs.texts.tables import merged_tables

TABLE = merged_tables(__name__, __path__, "en")
