"""The words of an image, given to a renderer as a parameter (DESIGN §5: renderers import no
string table; like ``colors`` in python-chess's ``chess.svg.board``).

A :class:`Words` holds the templates one renderer draws, already looked up for one language by
the UI (``cogs/<game>/ui.py``), and that language's plural rule. It is frozen and hashable by
its language and templates, so sprite and text caches keyed by it keep one entry per language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Words:
    """Templates by key for one language (``str.format`` placeholders), and its plural rule:
    ``plural(n)`` is CLDR's category of ``n`` (``one``, ``few``, ``other`` …)."""

    locale: str
    table: tuple[tuple[str, str], ...]
    plural: Callable[[int], str] = field(compare=False, hash=False, repr=False)

    @property
    def _map(self) -> Mapping[str, str]:
        cached: Mapping[str, str] | None = self.__dict__.get("_cached_map")
        if cached is None:
            cached = dict(self.table)
            object.__setattr__(self, "_cached_map", cached)
        return cached

    def has(self, key: str) -> bool:
        return key in self._map

    def __call__(self, key: str, /, **params: Any) -> str:
        """The label ``key``, formatted."""
        return self._map[key].format(**params)

    def n(self, key: str, n: int, /, **params: Any) -> str:
        """The plural form of ``key`` for ``n`` (``key.one`` / ``key.few`` / ``key.other``;
        ``{n}`` is available to the template)."""
        chosen = f"{key}.{self.plural(n)}"
        if chosen not in self._map:
            chosen = f"{key}.other"
        return self._map[chosen].format(n=n, **params)


def shorten(text: str, fits: Callable[[str], bool]) -> str:
    """``text``, cut with "…" until ``fits`` accepts it (a name too long for its box)."""
    if fits(text):
        return text
    for end in range(len(text) - 1, 0, -1):
        cut = text[:end].rstrip() + "…"
        if fits(cut):
            return cut
    return "…"
