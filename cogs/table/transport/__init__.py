"""The transport (issue 45 §2): what talks to Discord for the table — posts in a game's thread or
channel, DMs with their fallbacks, edits, threads, the players' display names and the images drawn
for them (:mod:`.channels`, :mod:`.names`), and the sending of a planned telling
(:mod:`.sending`). It decides nothing about a game: what to tell is planned in
``cogs/table/plan/``, and every change is committed by ``cogs/table/core/master.py``."""
