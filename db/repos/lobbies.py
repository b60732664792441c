"""Lobbies (challenges and open tables) before they start: made, their seats and shape, and the
lobby of a finished game's rematch (issue 20 §3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from db import clocks
from db.connection import Conn
from db.context import Repo, check_pace, insert_id
from db.errors import StaleVersion, WrongStatus
from db.json_text import dumps, loads
from db.records import GameRecord, LobbyShape, rematch_stands
from rules.protocol import resolve_options


class LobbiesRepo(Repo):
    """Lobbies and rematches."""

    async def create(
        self,
        kind: str,
        creator_id: int,
        options: Mapping[str, Any] | None,
        guild_id: int | None,
        channel_id: int,
        message_id: int | None = None,
        seats: Sequence[int] | None = None,
        pace: int | None = None,
        language: str | None = None,
        shape: LobbyShape | None = None,
    ) -> GameRecord:
        """A pending challenge or lobby: no seed, no state yet; ``seats`` default to the creator;
        ``shape``: how it was opened (written in the same transaction).
        It expires after ``clocks.LOBBY_TTL`` unless started (an ``expire`` timer). ``language`` is
        the locale of its thread and public words (``None``: the default, English).

        Options are checked now so a bad option fails when the challenge is posted, not when the
        opponent accepts.
        """
        resolved = resolve_options(self._ctx.engine(kind).options, options)
        players = [creator_id] if seats is None else list(seats)

        async def body(db: Conn) -> GameRecord:
            game_id = await self._insert(
                db, kind, creator_id, resolved, guild_id, channel_id, message_id, players, pace, language
            )
            if shape is not None:
                await self._write_shape(db, game_id, shape)
            return await self._ctx.fetch(db, game_id)

        return await self._ctx.run(body, write=True)

    async def _insert(
        self,
        db: Conn,
        kind: str,
        creator_id: int,
        resolved: Mapping[str, Any],
        guild_id: int | None,
        channel_id: int,
        message_id: int | None,
        players: Sequence[int],
        pace: int | None,
        language: str | None,
    ) -> int:
        """A lobby's row, seats and expiry timer, inside the caller's transaction; its id."""
        now = self._ctx.clock()
        game_id = await insert_id(
            db,
            "INSERT INTO games (kind, guild_id, channel_id, message_id, creator_id, status, options,"
            " version, created_at, updated_at, turn_since, pace, language)"
            " VALUES (?, ?, ?, ?, ?, 'lobby', ?, 0, ?, ?, ?, ?, ?)",
            (
                kind,
                guild_id,
                channel_id,
                message_id,
                creator_id,
                dumps(resolved),
                now,
                now,
                now,
                check_pace(pace),
                language,
            ),
        )
        await self._ctx.write_seats(db, game_id, players)
        await db.execute(
            "INSERT INTO timers (game_id, seat, kind, due) VALUES (?, NULL, 'expire', ?)",
            (game_id, now + clocks.LOBBY_TTL),
        )
        return game_id

    async def set_seats(
        self, game_id: int, players: Sequence[int], *, expected_version: int | None = None
    ) -> GameRecord:
        """Replace a lobby's seats (join/leave). Bumps the version; with ``expected_version`` a
        read-modify-write by the caller cannot lose a concurrent join (retry on StaleVersion)."""

        async def body(db: Conn) -> GameRecord:
            row = await self._ctx.row(db, game_id, with_state=False)
            self._ctx.check(row, expected_version, ("lobby",))
            now = self._ctx.clock()
            await self._ctx.bump(db, game_id, row["version"], "updated_at = ?", (now,))
            await self._ctx.changed(db, game_id, row["version"] + 1, "seats", now)
            await self._ctx.write_seats(db, game_id, players)
            return await self._ctx.fetch(db, game_id)

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def set_shape(self, game_id: int, shape: LobbyShape) -> None:
        """Record how a lobby was opened (metadata: the version is kept)."""

        async def body(db: Conn) -> None:
            await self._ctx.row(db, game_id, with_state=False)
            await self._write_shape(db, game_id, shape)

        await self._ctx.run(body, write=True, game_id=game_id)

    @staticmethod
    async def _write_shape(db: Conn, game_id: int, shape: LobbyShape) -> None:
        await db.execute(
            "UPDATE games SET lobby_challenge = ?, lobby_invited = ? WHERE id = ?",
            (int(shape.challenge), dumps(list(shape.invited)), game_id),
        )

    async def shape(self, game_id: int) -> LobbyShape | None:
        """How the lobby was opened; None for a game that recorded none (made outside a lobby)."""

        async def body(db: Conn) -> LobbyShape | None:
            await self._ctx.row(db, game_id, with_state=False)
            rows = list(
                await db.execute_fetchall(
                    "SELECT lobby_challenge, lobby_invited,"
                    " (SELECT r.game_id FROM rematches r WHERE r.lobby_id = games.id) AS rematch_of"
                    " FROM games WHERE id = ?",
                    (game_id,),
                )
            )
            row = rows[0]
            if row["lobby_challenge"] is None:
                return None
            invited = tuple(loads(row["lobby_invited"] or "[]"))
            return LobbyShape(bool(row["lobby_challenge"]), invited, row["rematch_of"])

        return await self._ctx.run(body, write=False, game_id=game_id)

    async def open_rematch(
        self, game_id: int, by_user: int, seats: Sequence[int], options: Mapping[str, Any] | None, shape: LobbyShape
    ) -> tuple[GameRecord, bool]:
        """The lobby of a finished game's rematch: made now — in its channel, with its pace and
        language, ``by_user`` its creator, ``seats`` seated, ``options`` and ``shape`` — and linked
        to the game, or the one a press made before; says whether it was made now. The link is
        claimed by a conditional write in the lobby's transaction: of two presses at once one makes
        the lobby, the other gets it. A linked lobby that ended without starting is replaced."""

        async def body(db: Conn) -> tuple[GameRecord, bool]:
            row = await self._ctx.row(db, game_id, with_state=False)
            if row["status"] != "finished":
                raise WrongStatus(game_id, row["status"], ("finished",))
            linked = await db.execute_fetchall(
                "SELECT r.lobby_id, g.status, g.seed FROM rematches r JOIN games g ON g.id = r.lobby_id"
                " WHERE r.game_id = ?",
                (game_id,),
            )
            seen: int | None = None
            for lobby_id, status, seed in linked:
                if rematch_stands(status, seed):
                    return await self._ctx.fetch(db, lobby_id), False
                seen = lobby_id
            resolved = resolve_options(self._ctx.engine(row["kind"]).options, options)
            lobby = await self._insert(
                db,
                row["kind"],
                by_user,
                resolved,
                row["guild_id"],
                row["channel_id"],
                None,
                seats,
                row["pace"],
                row["language"],
            )
            await self._write_shape(db, lobby, shape)
            now = self._ctx.clock()
            cur = await db.execute(
                "INSERT INTO rematches (game_id, lobby_id, by_user, created_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET lobby_id = excluded.lobby_id, by_user = excluded.by_user,"
                " created_at = excluded.created_at WHERE rematches.lobby_id IS NOT DISTINCT FROM ?",
                (game_id, lobby, by_user, now, seen),
            )
            if cur.rowcount != 1:  # another press linked its lobby first: this one is not made
                raise StaleVersion(game_id, row["version"], row["version"])
            return await self._ctx.fetch(db, lobby), True

        return await self._ctx.run(body, write=True, game_id=game_id)

    async def rematch_of(self, game_id: int) -> int | None:
        """The lobby a finished game's Rematch opened (None: none yet)."""

        async def body(db: Conn) -> int | None:
            await self._ctx.row(db, game_id, with_state=False)
            rows = list(await db.execute_fetchall("SELECT lobby_id FROM rematches WHERE game_id = ?", (game_id,)))
            return int(rows[0]["lobby_id"]) if rows else None

        return await self._ctx.run(body, write=False, game_id=game_id)
