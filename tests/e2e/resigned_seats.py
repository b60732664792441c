"""What the end-to-end test of a seat left behind by a resignation (issue 46 §1,
``test_resigned_seat_played_on.py``) shares, whatever the game: three people at a lobby's game, a
resignation by its command and button, and the seats to act once the table's computers have
decided; and what it needs of each game that plays such a seat on (:class:`PlayedOn`, the game's
``PLAYED_ON`` in ``tests/e2e/<game>_players.py``)."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from tests.e2e.harness import Table
from tests.fakediscord import Thread, User

Decide = Callable[[Table, int, Thread, dict[int, User], random.Random], Awaitable[object]]
"""One decision by whoever must decide, by presses: ``(table, game, thread, users, rnd)``."""


@dataclass(frozen=True)
class PlayedOn:
    """What the resigned-seat test needs of one game: ``player()`` a fresh player for one game (it
    decides by presses and makes the game's own checks after each decision, e.g. that no public
    text names a secret); ``limit`` the people's decisions at most; ``mid_game(state)`` whether the
    game is far enough in for the resignation (past a setup); ``resigner_last(state, seat)``
    asserts the finished game ranks the resigned ``seat`` last, by its own rules."""

    player: Callable[[], Decide]
    limit: int
    mid_game: Callable[[Any], bool]
    resigner_last: Callable[[Any, int], None]


async def settled(t: Table, game: int) -> tuple[int, ...] | None:
    """The seats to act once the table's computers have decided (None: the game is over)."""
    assert t.bot is not None
    await t.bot.table.teller.quiet()
    rec = await t.bot.store.games.get(game)
    assert rec.engine is not None
    return tuple(rec.engine.to_act(rec.load_state())) if rec.status == "active" else None


async def resign(t: Table, user: User, thread: Thread, label: str) -> str:
    """``/game resign`` and its button; what the confirmation said."""
    confirm = await t.slash(user, thread, "game resign")
    assert confirm.ephemeral, confirm.content
    said = confirm.content
    await t.click(user, confirm, label)
    return said


async def three_people(
    t: Table, kind: str, join: str = "", start: str = ""
) -> tuple[int, Thread, dict[int, User], int]:
    """Alice, Bob and Carol at a game of ``kind`` (``join``, ``start``: the lobby's labels in its
    language, English when not given); the game, its thread, the players by id and Bob's seat."""
    assert t.bot is not None
    if not join:
        game, thread, _ = await t.lobby_game(kind, [t.alice, t.bob, t.carol])
    else:
        lobby = await t.slash(t.alice, t.channel, f"{kind} new")
        await t.click(t.bob, lobby, join)
        await t.click(t.carol, lobby, join)
        await t.click(t.alice, lobby, start)
        thread = await t.channel.wait_for_thread()
        await t.bot.table.teller.quiet()
        game = (await t.bot.store.games.find(status="active"))[-1].id
    rec = await t.bot.store.games.get(game)
    users = {u.id: u for u in (t.alice, t.bob, t.carol)}
    seat = rec.seat_of(t.bob.id)
    assert seat is not None
    return game, thread, users, seat
