"""Deployment facts (the synced command tree's hash, the engines' state formats)."""

from __future__ import annotations

from db.context import Repo


class MetaRepo(Repo):
    """Key-value facts about the deployment."""

    async def get(self, key: str) -> str | None:
        """A deployment fact (e.g. the synced command tree's hash), or None."""
        rows = await self._ctx.query("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0]["value"] if rows else None

    async def set(self, key: str, value: str) -> None:
        """Store a deployment fact, replacing any earlier value (one statement, one round trip)."""
        await self._ctx.statement(
            "INSERT INTO meta (key, value, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            (key, value, self._ctx.clock()),
        )
