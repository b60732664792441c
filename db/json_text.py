"""The JSON text the store writes and reads (DESIGN §4: only JSON, never pickle), by orjson.

Every decision writes its game's whole state and reads it back (a Stroganov state, which carries
the public log, is about 19 KB): with the standard library that was a tenth of the bot's CPU per
decision (issue 18 §7). orjson writes it about ten times and reads it about twice as fast, and the
same package makes discord.py's own JSON (every gateway event, every REST answer) faster too.

What is written is compact, strict JSON that the standard library reads to the same value
(tests/db/test_db_json_text.py), with two differences from ``json.dumps``: text is UTF-8 rather than
``\\u`` escapes, and a float that is not finite is written as ``null`` (no stored value holds a
float: states, events, pages and options are integers, text, booleans and lists of them).
What orjson refuses is written by the standard library instead (a string with an unpaired
surrogate, escaped as JSON allows; a dict with integer keys, as text keys), and objects that are
not JSON (a dataclass, a datetime) raise ``TypeError`` as they always did. An integer outside 64
bits (signed or unsigned, as orjson reads them) is refused with ``ValueError``: it would read back
as a float.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
_LOWEST, _HIGHEST = -(1 << 63), (1 << 64) - 1
"""The integers orjson reads back as integers."""


def _not_json(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def dumps(value: Any) -> str:
    """Compact JSON text of a tree of dicts (text keys), lists, tuples, text, integers and booleans."""
    try:
        return orjson.dumps(value, default=_not_json, option=_OPTIONS).decode()
    except orjson.JSONEncodeError:  # the standard library's answer: text, or the same TypeError
        _check_integers(value)
        return json.dumps(value, separators=(",", ":"), allow_nan=False, check_circular=False)


def loads(text: str | bytes) -> Any:
    """The value of JSON text; text only the standard library reads (an escaped unpaired
    surrogate, as :func:`dumps` may write) is read by it."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        if not isinstance(text, (str, bytes, bytearray)):
            raise TypeError(f"the JSON object must be str or bytes, not {type(text).__name__}") from None
        return json.loads(text)


def _check_integers(value: Any) -> None:
    """``ValueError`` for an integer in ``value`` that would not read back as one."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, int) and not isinstance(item, bool) and not _LOWEST <= item <= _HIGHEST:
            raise ValueError(f"an integer beyond 64 bits cannot be stored: {item}")
