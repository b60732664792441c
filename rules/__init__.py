"""Pure, deterministic game engines and the protocol they share (DESIGN §3).

Nothing in this package imports discord, PIL, aiosqlite, asyncio, the clock or the global
``random`` functions; ``tests/project/test_layering.py`` enforces it.
"""
