"""English: the shared tables of this folder, merged (a key is defined once); each game's English
words come with its registration (``cogs/<game>/words/en.py``, ``cogs.games``)."""
