"""How a change is shown (issue 45 §1): by the part registered for its maker's cause (a challenge
declined, ``/game cancel``, a Stratego draft), else by its kind — never by a closure its maker
hands over; a change the catch-up finds has no cause and is shown as the game is now."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.table.core.change import Cause, Change
from cogs.table.core.progress import Progress
from cogs.table.shows import Shows
from db.records import GameRecord


@dataclass(frozen=True, slots=True)
class Declined(Cause):
    key: str


@dataclass(frozen=True, slots=True)
class Other(Cause):
    pass


class Lobbies:
    """The lobby's part of the showing, recording what it was asked to show."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, int]] = []

    async def opened(self, rec: GameRecord, interaction: discord.Interaction | None) -> None:
        self.shown.append(("opened", rec.id))

    async def seats_changed(self, rec: GameRecord, interaction: discord.Interaction | None) -> None:
        self.shown.append(("seats", rec.id))

    def on_lobby(self, interaction: discord.Interaction, rec: GameRecord) -> bool:
        return True

    async def refresh(self, rec: GameRecord) -> None:
        self.shown.append(("refresh", rec.id))

    async def tell_cancelled(self, rec: GameRecord, progress: object = None) -> None:
        self.shown.append(("cancelled", rec.id))


def lobby(game_id: int = 7) -> GameRecord:
    rec: Any = SimpleNamespace(
        id=game_id, version=1, status="lobby", state_json=None, engine=None, outcome=None, kind="toy"
    )
    return rec


def shows() -> tuple[Shows, Lobbies]:
    none: Any = None
    made = Shows(lambda: none, none, none, none)
    made.lobbies = lobbies = Lobbies()
    return made, lobbies


def progress(change: Change) -> Progress:
    store: Any = None
    return Progress(store, change)


async def test_a_change_made_for_a_cause_is_shown_by_the_part_registered_for_it() -> None:
    made, lobbies = shows()
    seen: list[tuple[int, str]] = []

    async def declined(change: Change, cause: Declined, interaction: object, _: Progress) -> None:
        seen.append((change.game_id, cause.key))

    made.on(Declined, declined)
    change = Change.of_record("cancel", lobby(), by_user=2, cause=Declined("challenge_declined"))
    await made.show(change, None, progress(change))
    assert seen == [(7, "challenge_declined")] and lobbies.shown == []


async def test_without_a_registered_cause_a_change_is_shown_by_its_kind() -> None:
    made, lobbies = shows()
    opened = Change.of_record("open", lobby(7), by_user=2)
    seats = Change.of_record("seats", lobby(8), by_user=3, cause=Other())  # nobody registered Other
    for change in (opened, seats):
        await made.show(change, None, progress(change))
    assert lobbies.shown == [("opened", 7), ("seats", 8)]


async def test_the_catch_up_shows_a_lobby_as_it_is_now() -> None:
    made, lobbies = shows()
    change = Change(kind="seats", record=lobby(9), version=3, caught_up=True)
    await made.show(change, None, progress(change))
    assert lobbies.shown == [("refresh", 9)]


def test_one_part_shows_a_cause() -> None:
    made, _ = shows()

    async def first(change: Change, cause: Declined, interaction: object, _: Progress) -> None: ...

    made.on(Declined, first)
    with pytest.raises(AssertionError, match="one part"):
        made.on(Declined, first)
