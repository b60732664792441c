"""Next-word completion of actions in notation (DESIGN §5): an ``/{game} act`` option offers the
legal actions that start with what was typed; when there are more than Discord shows (25), it
offers the distinct next words instead, so every legal action stays reachable word by word."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

MAX_CHOICES = 25

T = TypeVar("T")


class KeptByVersion:
    """What an autocomplete worked out from a game's state, kept by its key (the game, its
    version, the seat, …): Discord asks again at every keystroke, and the next ask on the same
    version reads it instead of listing every legal action again (a Shitenno hand of many cards
    lists thousands of payments, tens of milliseconds). A version never changes once stored, so
    nothing kept goes stale; at most ``size`` keys are kept, the least recently asked dropped
    first. Per process: another process works its own out, which is harmless."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[Hashable, ...], Any] = OrderedDict()

    def get(self, key: tuple[Hashable, ...], work: Callable[[], T]) -> T:
        if key in self._kept:
            self._kept.move_to_end(key)
            kept: T = self._kept[key]
            return kept
        value = work()
        self._kept[key] = value
        if len(self._kept) > self.size:
            self._kept.popitem(last=False)
        return value


def complete(
    notations: Iterable[str],
    typed: str,
    label: Callable[[str], str] | None = None,
    limit: int = MAX_CHOICES,
    *,
    words: Callable[[str], str] | None = None,
) -> list[tuple[str, str]]:
    """``(label, value)`` pairs: whole actions when they fit, else each distinct continuation to
    the end of the next word, marked "…" since more words must follow. ``label`` puts a whole
    action in words, ``words`` the first words of one (else they show as typed)."""
    text = " ".join(typed.split()).lower()
    if typed.endswith(" ") and text:
        text += " "
    matching = list(dict.fromkeys(n for n in notations if n.lower().startswith(text)))
    if len(matching) <= limit:
        return [((label(n) if label else n)[:100], n[:100]) for n in matching]
    heads: dict[str, bool] = {}
    for n in matching:
        cut = n.find(" ", len(text))
        if cut == len(text):  # typed a whole word: complete the next one
            cut = n.find(" ", len(text) + 1)
        heads.setdefault(n if cut < 0 else n[:cut], cut >= 0)
    out = []
    for head, more in list(heads.items())[:limit]:
        if more:
            shown = (words(head) if words else head)[:98] + " …"
        else:
            shown = label(head) if label else head
        out.append((shown[:100], head[:100]))
    return out
