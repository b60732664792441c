"""One engine view per state and seat while a change is told.

Telling one change asks the game's UI for the same view several times: the story, the prompts,
the decision components, each DM's notice (a Stroganov view costs about 0.2 ms, and a decision
asked for it three or four times: issue 18 §7). Inside :func:`views_kept` (the table opens it
around a telling) the first view of a state for a seat is kept and given again; outside it every
call computes a fresh view. A telling never changes the state it tells, so nothing kept can go
stale; the block is per task (a context variable), so tellings running side by side keep their
own. Imports no Discord.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol, TypeVar

V = TypeVar("V", covariant=True)


class Views(Protocol[V]):
    def view(self, state: Any, seat: int | None) -> V: ...


_kept: ContextVar[dict[tuple[int, int | None], tuple[Any, Any]] | None] = ContextVar("views_kept", default=None)


@contextmanager
def views_kept() -> Iterator[None]:
    """Keep the views computed by :func:`view_of` inside the block (nested blocks share the outer one)."""
    if _kept.get() is not None:
        yield
        return
    token = _kept.set({})
    try:
        yield
    finally:
        _kept.reset(token)


def view_of(engine: Views[V], state: Any, seat: int | None = None) -> V:
    """``engine.view(state, seat)``, kept for the rest of the :func:`views_kept` block, if any."""
    kept = _kept.get()
    if kept is None:
        return engine.view(state, seat)
    key = (id(state), seat)
    hit = kept.get(key)
    if hit is not None and hit[0] is state:
        view: V = hit[1]
        return view
    view = engine.view(state, seat)
    kept[key] = (state, view)  # the state is held too: its id cannot be reused within the block
    return view
