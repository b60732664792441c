"""The one check that an engine's event is data (issue 18 §1, DESIGN §3): a dict with a ``type``,
JSON as it is (lists, not tuples; string keys), and no string in it at any depth holding
whitespace, so none is a sentence or a spaced notation. Each game's event tests add their own.
And the check that an event is what its game's ``Event`` (a union of ``TypedDict`` s, issue 45 §5)
says of its type."""

from __future__ import annotations

import json
from collections.abc import Iterator
from types import UnionType
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict


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


def tags(union: object) -> set[str]:
    """The ``type`` tags of a game's ``Event``: a union of ``TypedDict`` s, each ``type: Literal[tag]``."""
    out: set[str] = set()
    for member in get_args(union):
        (tag,) = get_args(get_type_hints(member)["type"])
        out.add(tag)
    return out


def check_typed(e: Any, union: object) -> None:
    """``e`` is what its game's ``Event`` says of its type (the claim ``typed()`` makes when it reads
    an event back): each key it must have, no key it may not, every value of its declared type."""
    by_tag = {get_args(get_type_hints(m)["type"])[0]: m for m in get_args(union)}
    assert e["type"] in by_tag, e
    _check_value(e, by_tag[e["type"]], e)


def _check_value(x: Any, hint: Any, event: Any) -> None:
    origin, args = get_origin(hint), get_args(hint)
    if is_typeddict(hint):
        assert isinstance(x, dict), (x, hint, event)
        # get_type_hints, not __required_keys__: Python 3.11 counts a NotRequired key as required
        # when its module has ``from __future__ import annotations``.
        hints = get_type_hints(hint, include_extras=True)
        required = {k for k, h in hints.items() if get_origin(h) is not NotRequired}
        assert required <= x.keys() <= hints.keys(), (sorted(x), sorted(required), sorted(hints), event)
        for k, v in x.items():
            h = hints[k]
            _check_value(v, get_args(h)[0] if get_origin(h) is NotRequired else h, event)
    elif origin is Literal:
        assert any(x == a and type(x) is type(a) for a in args), (x, hint, event)
    elif origin in (Union, UnionType):
        errors = []
        for a in args:
            try:
                _check_value(x, a, event)
                return
            except AssertionError as err:
                errors.append(err)
        raise AssertionError(x, hint, event, errors)
    elif origin is list:
        assert isinstance(x, list), (x, hint, event)
        for v in x:
            _check_value(v, args[0], event)
    elif hint is None or hint is type(None):
        assert x is None, (x, hint, event)
    else:
        assert type(x) is hint, (x, hint, event)
