"""Czech: the shared tables of this folder, merged (a key is defined once); each game's Czech words
come with its registration (``cogs/<game>/words/cs.py``, ``cogs.games``). With the games' words the
whole table has exactly the keys of the English one (``tests/table/test_texts_cs.py``). The Czech game
terms follow the Czech rulebooks; ``docs/glossary-cs.md`` lists them."""
