"""The one check that an engine's event is data (issue 18 §1, DESIGN §3): a dict with a ``type``,
JSON as it is (lists, not tuples; string keys), and no string in it at any depth holding
whitespace, so none is a sentence or a spaced notation. Each game's event tests add their own."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any


def strings(x: Any) -> Iterator[str]:
    """Every string inside ``x``: dict keys and values, list items."""
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(x, list | tuple):
        for v in x:
            yield from strings(v)


def check_event(e: Any) -> None:
    assert isinstance(e, dict) and isinstance(e.get("type"), str), e
    assert json.loads(json.dumps(e)) == e, e
    for text in strings(e):
        assert text and not any(c.isspace() for c in text), (text, e)
