"""Discord snowflakes made from the wall clock.

discord.py derives an interaction's creation time from its id and refuses to answer
interactions older than 15 minutes, so ids must carry the real current time.
"""

from __future__ import annotations

import datetime
import time

DISCORD_EPOCH_MS = 1420070400000


class SnowflakeGenerator:
    """Strictly increasing ids: ``(ms - epoch) << 22 | counter``."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate


def snowflake_ms(snowflake: int) -> int:
    """Unix time in milliseconds at which ``snowflake`` was made."""
    return (snowflake >> 22) + DISCORD_EPOCH_MS


def iso_from_ms(ms: float) -> str:
    return datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.UTC).isoformat()


def iso_from_snowflake(snowflake: int) -> str:
    return iso_from_ms(snowflake_ms(snowflake))


def now_iso() -> str:
    return iso_from_ms(time.time() * 1000)
