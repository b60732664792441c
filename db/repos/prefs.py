"""Players' preferences (language, DMs, how to be told) and the notices each gets once (the closed
DMs warning, the first-game walkthrough).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from db.connection import Conn, marks
from db.context import PREFS_CHANNEL, Repo, in_int64
from db.records import NOTIFY_CHOICES, UserPrefs


class PrefsRepo(Repo):
    """User preferences and once-only notices."""

    async def get(self, user_id: int) -> UserPrefs:
        """A user's preferences; the defaults (DMs on, language auto, notify by DM) when they never set any."""

        async def body(db: Conn) -> UserPrefs:
            return await self._ctx.prefs(db, user_id)

        return await self._ctx.run(body, write=False)

    async def set(
        self,
        user_id: int,
        *,
        dms_enabled: bool | None = None,
        language: str | None = None,
        notify: str | None = None,
        client_locale: str | None = None,
    ) -> UserPrefs:
        """Change only the given preferences; the others keep their value (or the default).
        ``notify`` must be one of ``NOTIFY_CHOICES`` (ValueError before anything is written)."""
        if notify is not None and notify not in NOTIFY_CHOICES:
            raise ValueError(f"notify must be one of {NOTIFY_CHOICES!r}, not {notify!r}")
        values: dict[str, Any] = {}
        if dms_enabled is not None:
            values["dms_enabled"] = int(bool(dms_enabled))
        if language is not None:
            values["language"] = language
        if notify is not None:
            values["notify"] = notify
        if client_locale is not None:
            values["client_locale"] = client_locale
        if values:
            values["updated_at"] = self._ctx.clock()
            cols = ", ".join(values)
            updates = ", ".join(f"{c} = excluded.{c}" for c in values)

            async def body(db: Conn) -> UserPrefs:
                await db.execute(
                    f"INSERT INTO user_prefs (user_id, {cols}) VALUES (?, {marks(len(values))})"
                    f" ON CONFLICT (user_id) DO UPDATE SET {updates}",
                    (user_id, *values.values()),
                )
                await self._ctx.prefs_changed(db, user_id)
                return await self._ctx.prefs(db, user_id)

            return await self._ctx.run(body, write=True)
        return await self.get(user_id)

    async def watch(self, changed: Callable[[int | None], None]) -> None:
        """Call ``changed(user_id)`` when any process on this database changes a player's
        preferences (``/game language``, ``/game notify``, a vacation), so that caches of them
        forget it at once; ``changed(None)``: any may have changed unseen. PostgreSQL only (its
        ``LISTEN/NOTIFY``); on SQLite it is never called (db/backend.py, ``SQLiteBackend.notify``)."""

        def heard(payload: str | None) -> None:
            changed(int(payload) if payload is not None and payload.isdigit() else None)

        await self._ctx.backend.listen(PREFS_CHANNEL, heard)

    async def mark_dm_warned(self, game_id: int, user_id: int) -> bool:
        """Record that the thread told ``user_id`` their DMs are closed; True only the first time,
        so the notice is posted once per player and game, across restarts. False for a user who
        is not a player; GameNotFound for an unknown game."""

        async def body(db: Conn) -> bool:
            await self._ctx.row(db, game_id, with_state=False)
            if not in_int64(user_id):
                return False
            cur = await db.execute(
                "UPDATE seats SET dm_warned = 1 WHERE game_id = ? AND user_id = ? AND dm_warned = 0",
                (game_id, user_id),
            )
            return cur.rowcount > 0

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def claim_walkthrough(self, user_id: int, kind: str) -> bool:
        """Whether the walkthrough of ``kind`` is to be shown to the player now: True once per
        player and kind, for the one caller that recorded it."""
        if not in_int64(user_id):
            return False
        cur = await self._ctx.statement(
            "INSERT INTO walkthroughs (user_id, kind, shown_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (user_id, kind, self._ctx.clock()),
        )
        return cur.rowcount == 1

    async def forget_walkthrough(self, user_id: int, kind: str) -> None:
        """The walkthrough could not reach the player (closed DMs): show it at the next chance."""
        await self._ctx.statement("DELETE FROM walkthroughs WHERE user_id = ? AND kind = ?", (user_id, kind))
