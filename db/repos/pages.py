"""A game's turn page (issue 18 §4): the message that shows the current turn, kept between actions
and held by one process at a time while it tells a change on it.
"""

from __future__ import annotations

from db.connection import Conn
from db.context import Repo
from db.json_text import dumps, loads
from db.records import PAGE_LEASE, TurnPage


class PagesRepo(Repo):
    """The turn page of each game and its hold."""

    async def get(self, game_id: int) -> TurnPage | None:
        """The game's current turn page; None before its first."""

        async def read(db: Conn) -> TurnPage | None:
            await self._ctx.row(db, game_id, with_state=False)
            return await self._page(db, game_id)

        return await self._ctx.run(read, write=False, game_id=game_id)

    @staticmethod
    async def _page(db: Conn, game_id: int) -> TurnPage | None:
        rows = list(
            await db.execute_fetchall(
                "SELECT message_id, lines, turn, parts, had_turn, opened, version FROM turn_pages WHERE game_id = ?",
                (game_id,),
            )
        )
        if not rows:
            return None
        r = rows[0]
        return TurnPage(
            message_id=r["message_id"],
            lines=tuple(loads(r["lines"])),
            turn=r["turn"],
            parts=tuple(loads(r["parts"])),
            had_turn=bool(r["had_turn"]),
            opened=bool(r["opened"]),
            version=r["version"],
        )

    async def save(self, game_id: int, page: TurnPage, *, told: int | None = None) -> None:
        """Keep the game's current turn page, replacing the one before, and let go of this
        process's hold on it (:meth:`hold`); with ``told``, the changes up to that version
        are told in the same transaction (``store.outbox.told``). What a page shows is bookkeeping of the
        telling, committed as :meth:`db.context.Context.bookkeeping` commits: a power cut that rolls it back makes the
        catch-up tell the change again."""

        async def write(db: Conn) -> None:
            await self._ctx.row(db, game_id, with_state=False)
            await db.execute(
                "INSERT INTO turn_pages"
                " (game_id, message_id, lines, turn, parts, had_turn, opened, version, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET message_id = excluded.message_id,"
                " lines = excluded.lines, turn = excluded.turn, parts = excluded.parts,"
                " had_turn = excluded.had_turn, opened = excluded.opened, version = excluded.version,"
                " updated_at = excluded.updated_at,"
                " held_by = CASE WHEN turn_pages.held_by = ? THEN NULL ELSE turn_pages.held_by END,"
                " held_until = CASE WHEN turn_pages.held_by = ? THEN NULL ELSE turn_pages.held_until END",
                (
                    game_id,
                    page.message_id,
                    dumps(list(page.lines)),
                    page.turn,
                    dumps(list(page.parts)),
                    int(page.had_turn),
                    int(page.opened),
                    page.version,
                    self._ctx.clock(),
                    self._ctx.owner,
                    self._ctx.owner,
                ),
            )
            if told is not None:
                await self._ctx.told(db, game_id, told)

        return await self._ctx.bookkeeping(write, game_id)

    async def hold(self, game_id: int, lease: float = PAGE_LEASE) -> TurnPage | None:
        """Take the game's turn page for telling a change on it, for ``lease`` seconds, and read it
        in the same transaction: None unless this process got it (a hold of this process is taken
        again; a hold of a process that opened the store before this one did, or one that ran out,
        is taken over). Bookkeeping (:meth:`db.context.Context.bookkeeping`): on SQLite a power cut that loses the
        hold stops its holder too; on PostgreSQL a crash of the server that loses it right after
        the commit may let another process tell on the page while the holder still does (a page
        edited twice at worst; the game's moves are in the FULL commits)."""

        async def hold(db: Conn) -> TurnPage | None:
            await self._ctx.row(db, game_id, with_state=False)
            now = self._ctx.clock()
            cur = await db.execute(
                "INSERT INTO turn_pages (game_id, held_by, held_at, held_until, updated_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET held_by = excluded.held_by, held_at = excluded.held_at,"
                " held_until = excluded.held_until"
                " WHERE turn_pages.held_by IS NULL OR turn_pages.held_by = excluded.held_by"
                " OR turn_pages.held_until < ? OR turn_pages.held_at <= ?",
                (game_id, self._ctx.owner, now, now + lease, now, now, self._ctx.opened_at),
            )
            if cur.rowcount != 1:
                return None
            return await self._page(db, game_id) or TurnPage()  # the hold's row is the page's

        return await self._ctx.bookkeeping(hold, game_id)

    async def release(self, game_id: int) -> None:
        """This process lets go of the game's turn page without saving it (its telling failed)."""

        async def release(db: Conn) -> None:
            await self._ctx.row(db, game_id, with_state=False)
            await db.execute(
                "UPDATE turn_pages SET held_by = NULL, held_at = NULL, held_until = NULL"
                " WHERE game_id = ? AND held_by = ?",
                (game_id, self._ctx.owner),
            )

        return await self._ctx.run(release, write=True, game_id=game_id)
