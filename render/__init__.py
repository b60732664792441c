"""Board images: a game's view (or the public view) -> PNG bytes (DESIGN §2).

Renderers read only the views that ``rules`` produces, so they can never draw a secret the view
does not hold. They import Pillow and ``rules`` only: no discord, aiosqlite or db.
"""
