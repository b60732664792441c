"""A stored game's record for tests that call the UIs directly (no store): an active game #7 in
channel 2, thread 3, players 100, 101, …"""

from __future__ import annotations

from db.records import GameRecord


def game_record(kind: str, players: int, version: int = 0) -> GameRecord:
    return GameRecord(
        id=7,
        kind=kind,
        guild_id=1,
        channel_id=2,
        thread_id=3,
        message_id=None,
        creator_id=100,
        status="active",
        options={},
        seed=1,
        version=version,
        players=tuple(range(100, 100 + players)),
        outcome=None,
        cancelled_by=None,
        created_at=0.0,
        updated_at=0.0,
        turn_since=0.0,
    )
