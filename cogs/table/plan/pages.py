"""Turn pages: for games with long turns of many small decisions (Stroganov), the thread shows one
message per turn, edited as the turn goes ("@Jana moved 2 to 7 (1 horse), hunted a 5 Sable …"),
instead of one post per decision. The UI tells the story of each action as :class:`Story` items;
this module folds them into pages, kept in the store's turn_pages between actions (and restarts).

A page holds news lines (Ivan's turns, a season's order, winter) and at most one player's turn
line. A new page begins when a turn ends and the next begins, or when a new season or winter
begins; the table posts new pages (with the board) and edits the current one.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cogs.table.core.change import Change
from cogs.table.plan.news import mover, prompts
from cogs.table.plan.outbound import Component
from cogs.table.ui import Story, TurnPagesUI, thread_buttons
from db.records import GameRecord, TurnPage
from rules.protocol import Event

log = logging.getLogger("deskovka.pages")

MAX_PARTS = 40
"""Phrases kept in one turn line (a turn of many free actions stays within Discord's limits)."""


@dataclass(slots=True)
class Page:
    message: int | None = None
    """The thread message showing this page; ``None`` until posted."""
    lines: list[str] = field(default_factory=list)
    turn: str | None = None
    """The running turn's opening (``@Jana (P0):``), ``None`` when no turn runs on this page."""
    parts: list[str] = field(default_factory=list)
    had_turn: bool = False
    opened: bool = False
    """Begun by a page of its own (a season, winter): the next one begins a new page."""
    fresh: bool = True
    """Created by the action being told (not yet shown)."""
    changed: bool = False
    version: int = 0
    """The game version whose story the page last took in."""

    def turn_line(self, closing: str = "") -> str:
        assert self.turn is not None
        parts = self.parts[-MAX_PARTS:]
        skipped = len(self.parts) - len(parts)
        said = ", ".join(parts)
        if skipped:
            said = f"… {said}"
        return f"{self.turn} {said}{closing}".strip() if said or closing else self.turn

    def text(self) -> str:
        return "\n".join([*self.lines, *([self.turn_line()] if self.turn is not None else [])])

    def stored(self) -> TurnPage:
        """The page as the store keeps it (issue 18 §4: a row, not a string in ``meta``)."""
        return TurnPage(
            self.message, tuple(self.lines), self.turn, tuple(self.parts), self.had_turn, self.opened, self.version
        )

    @classmethod
    def of(cls, stored: TurnPage | None) -> Page:
        if stored is None:
            return cls(fresh=False)
        return cls(
            message=stored.message_id,
            lines=list(stored.lines),
            turn=stored.turn,
            parts=list(stored.parts),
            had_turn=stored.had_turn,
            opened=stored.opened,
            fresh=False,
            version=stored.version,
        )


def fold(page: Page, story: Iterable[Story]) -> list[Page]:
    """The pages the story changes: ``page`` first (possibly unchanged), then any new ones; the last
    is the page that stays current."""
    pages = [page]

    def new_page() -> Page:
        pages.append(Page())
        return pages[-1]

    for item in story:
        current = pages[-1]
        if item.kind == "page":  # a new season or winter: a page of its own
            if not current.fresh or current.opened or current.had_turn or current.turn is not None:
                current = new_page()
            current.lines.append(item.text)
            current.opened = True
        elif item.kind == "line":
            current.lines.append(item.text)
        elif item.kind == "start":
            if current.had_turn or current.turn is not None:
                current = new_page()
            current.turn, current.parts = item.text, []
        elif item.kind == "part":
            if current.turn is None:
                current.lines.append(item.text)
            else:
                current.parts.append(item.text)
        elif item.kind == "end":
            if current.turn is not None:
                current.lines.append(current.turn_line(item.text))
                current.turn, current.parts, current.had_turn = None, [], True
        else:  # pragma: no cover - the UIs only tell these kinds
            raise ValueError(f"unknown story item {item.kind!r}")
        current.changed = True
    return pages


@dataclass
class PageNews:
    """A decision of a game told as turn pages (issue 45 §1), planned: the pages its story changes
    (the held page first, possibly unchanged; the last stays current), the prompts and the
    decision components under the current one (none once the game ended)."""

    pages: list[Page]
    prompts: list[str]
    components: list[Component]

    @property
    def first(self) -> Page:
        return self.pages[0]

    @property
    def current(self) -> Page:
        return self.pages[-1]


def story_of(ui: TurnPagesUI[Any], rec: GameRecord, state: Any, events: Sequence[Event], locale: str) -> list[Story]:
    """The UI's story of the events; should it fail, none (logged: the page must go on)."""
    try:
        return ui.story(rec, state, events, locale)
    except Exception:
        log.exception("game %s: the story of version %s could not be told", rec.id, rec.version + 1)
        return []


def page_news(ui: TurnPagesUI[Any], change: Change, page: Page, locale: str) -> PageNews:
    """``change`` told on the held ``page``, in the game's ``locale``."""
    rec, state = change.record, change.state
    pages = fold(page, story_of(ui, rec, state, list(change.events), locale))
    if change.finished:
        return PageNews(pages, [], [])
    return PageNews(
        pages,
        prompts(ui, rec, state, change.to_act, locale),
        thread_buttons(ui, rec, state, change.version, locale, mover(change)),
    )
