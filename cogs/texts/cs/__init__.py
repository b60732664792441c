"""Czech: the common tables of this folder and every game's ``cogs/<game>/words/cs.py``, merged
(a key is defined once), with exactly the keys of the English table (``tests/test_texts_cs.py``).
The Czech game terms follow the Czech rulebooks; ``docs/glossary-cs.md`` lists them."""

from __future__ import annotations

from cogs.texts.tables import merged_tables

TABLE = merged_tables(__name__, __path__, "cs")
