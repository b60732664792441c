"""``acknowledge_by`` (cogs/table/respond.py): the deferred acknowledgement of a slow answer."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.table.respond import acknowledge_by


def interaction(closed: bool) -> Any:
    return SimpleNamespace(
        extras={},
        created_at=discord.utils.utcnow(),
        response=SimpleNamespace(is_done=lambda: False),
        client=SimpleNamespace(is_closed=lambda: closed),
    )


async def due_now() -> None:
    """Let a timer due at once fire (``call_later(0)`` runs at the loop's next turn)."""
    for _ in range(3):
        await asyncio.sleep(0)


@pytest.mark.parametrize("closed", [False, True], ids=["running", "closed"])
async def test_an_unanswered_interaction_is_acknowledged_unless_the_bot_closed_meanwhile(closed: bool) -> None:
    """A bot stopped before the deadline has no session to defer with: the request would raise
    "Session is closed" in a task nobody awaits (seen from an e2e test on a slow machine)."""
    calls: list[int] = []

    async def acknowledge() -> None:
        calls.append(1)

    acknowledge_by(interaction(closed), acknowledge, within=0.0)
    await due_now()
    assert calls == ([] if closed else [1])
