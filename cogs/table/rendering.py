"""Where the images are drawn: away from the event loop, in the drawing workers
(:class:`~cogs.table.workers.Workers`, ``RENDER_PROCESSES``), from the moment a telling knows it
needs them (:class:`Drawing`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from db.records import GameRecord

T = TypeVar("T")


def drawn_with_state(fn: Callable[..., T], rec: GameRecord, *rest: Any) -> T:
    """``fn(rec, state, *rest)``, the state read from the record's JSON where the drawing is made
    (:meth:`cogs.table.transport.channels.Transport.render` sends a game's drawing so)."""
    return fn(rec, rec.load_state(), *rest)


class Drawing(Generic[T]):
    """Images drawn from the moment a telling knows it needs them, so that the drawing overlaps
    what is told before them (a page's edits, the DMs); no images: none (``files`` is empty)."""

    def __init__(self, images: Coroutine[Any, Any, list[T]] | None) -> None:
        self._task = asyncio.ensure_future(images) if images is not None else None

    async def files(self) -> list[T]:
        return [] if self._task is None else await self._task

    def cancel(self) -> None:
        """Stop a drawing nobody will post (the telling failed before its post)."""
        if self._task is None:
            return
        if not self._task.done():
            self._task.cancel()
        elif not self._task.cancelled():
            self._task.exception()  # its error, if any, is the telling's: not "never retrieved"
