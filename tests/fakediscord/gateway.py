"""The gateway websocket: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME, dispatches.

Model changes arrive through ``World.emit``; each becomes a dispatch on the session of the
shard that owns the guild (DMs go to shard 0), filtered by the session's intents the way
Discord filters them. Sessions outlive their socket so that a RESUME replays what was missed.

:meth:`Gateway.drop` cuts a shard's socket abruptly (no close frame: the client sees 1006) and
holds new connections until :meth:`Gateway.reopen`; with ``invalidate`` the next RESUME of that
shard is answered INVALID_SESSION (``d: false``), so the client IDENTIFYs again. Events
dispatched while the socket was down wait in the session's backlog: a RESUME replays them; an
invalidated session, or one replaced by a new IDENTIFY (a bot restarted), loses them, as on
Discord — an INTERACTION_CREATE among them was never delivered, so it is marked
``Interaction.lost`` and not counted against the bot (on Discord the user sees "This interaction
failed" and presses again).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import zlib
from collections import deque
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from . import payloads
from .errors import FakeDiscordError
from .interactions import Interaction
from .messages import Message
from .model import DMChannel, Guild, Member, Role, TextChannel, Thread, User, World
from .signals import Signal

log = logging.getLogger("fakediscord.gateway")

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT, REQUEST_MEMBERS = 0, 1, 2, 3, 4, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11

GUILDS, GUILD_MEMBERS, GUILD_PRESENCES = 1 << 0, 1 << 1, 1 << 8
GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT = 1 << 9, 1 << 12, 1 << 15
PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT
HEARTBEAT_INTERVAL_MS = 41250


class Connection:
    """One websocket; a single writer task keeps frames (and the zlib stream) in order."""

    def __init__(
        self, ws: web.WebSocketResponse, *, zlib_stream: bool, transport: asyncio.Transport | None = None
    ) -> None:
        self.ws = ws
        self.transport = transport
        self._compressor = zlib.compressobj() if zlib_stream else None
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write(), name="fakediscord-gateway-writer")

    def send(self, text: str) -> None:
        self._queue.put_nowait(text)

    def send_json(self, payload: dict[str, Any]) -> None:
        self.send(json.dumps(payload))

    async def _write(self) -> None:
        while (text := await self._queue.get()) is not None:
            if self.ws.closed:
                continue
            try:
                if self._compressor is not None:
                    data = self._compressor.compress(text.encode()) + self._compressor.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                log.debug("gateway write after the socket closed")

    async def close(self, code: int = 1000, message: str = "") -> None:
        self._queue.put_nowait(None)
        await self._writer
        if not self.ws.closed:
            try:
                await self.ws.close(code=code, message=message.encode())
            except (ConnectionError, RuntimeError):
                log.debug("gateway close after the socket was cut")

    def cut(self) -> None:
        """Drop the TCP connection with no close frame (the client sees an abnormal closure, 1006)."""
        self._queue.put_nowait(None)
        if self.transport is not None:
            self.transport.abort()


class Session:
    def __init__(self, shard: tuple[int, int] | None, intents: int) -> None:
        self.id = secrets.token_hex(16)
        self.shard = shard
        self.intents = intents
        self.seq = 0
        self.backlog: deque[tuple[int, str, Interaction | None]] = deque(maxlen=5000)
        self.connection: Connection | None = None
        self.sent = 0
        """The last dispatch handed to a connection (later ones wait for a RESUME)."""

    @property
    def shard_id(self) -> int:
        return self.shard[0] if self.shard else 0

    def dispatch(self, event: str, data: dict[str, Any], interaction: Interaction | None = None) -> None:
        self.seq += 1
        text = json.dumps({"op": DISPATCH, "t": event, "s": self.seq, "d": data})
        self.backlog.append((self.seq, text, interaction))
        if self.connection is not None:
            self.connection.send(text)
            self.sent = self.seq

    def lose_after(self, seq: int, reason: str) -> list[Interaction]:
        """The session is invalidated or replaced: the interactions dispatched after ``seq`` (what
        the client said it had, or what was handed to its last socket) were never delivered."""
        lost = [
            i
            for number, _, i in self.backlog
            if number > seq and i is not None and i.response_type is None and i.lost is None
        ]
        for interaction in lost:
            interaction.lose(reason)
        return lost


class Gateway:
    def __init__(
        self, world: World, *, shard_count: int, resume_url: Callable[[], str], privileged_intents: bool = True
    ) -> None:
        self.world = world
        self.shard_count = shard_count
        self.privileged_intents = privileged_intents
        self._resume_url = resume_url
        self.sessions: dict[str, Session] = {}
        self.active: dict[int, Session] = {}
        self.connections: set[Connection] = set()
        self.signal = Signal()
        self.identifies = 0
        self.resumes = 0
        self.drops = 0
        self.invalidated = 0
        """RESUMEs answered INVALID_SESSION (``d: false``)."""
        self.lost: list[Interaction] = []
        """Interactions never delivered: dispatched while the socket was down, then the session
        was invalidated or replaced (see the module's docstring)."""
        self._invalidate: set[int] = set()
        self._open = asyncio.Event()
        self._open.set()
        world.listeners.append(self.on_world_event)

    def shard_of(self, guild: Guild | None) -> int:
        return 0 if guild is None else (guild.id >> 22) % self.shard_count

    @property
    def connected(self) -> bool:
        return any(s.connection is not None for s in self.active.values())

    # --- websocket ------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        encoding = request.query.get("encoding", "json")
        connection = Connection(
            ws, zlib_stream=request.query.get("compress") == "zlib-stream", transport=request.transport
        )
        self.connections.add(connection)
        session: Session | None = None
        try:
            if encoding != "json":
                log.error("fakediscord gateway: unsupported encoding %r", encoding)
                await connection.close(4002, f"fakediscord supports only encoding=json, not {encoding}")
                return ws
            await self._open.wait()  # a dropped gateway holds new sockets until reopened
            connection.send_json({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
            async for frame in ws:
                if frame.type != WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                op, data = message.get("op"), message.get("d")
                if op == HEARTBEAT:
                    connection.send_json({"op": HEARTBEAT_ACK})
                elif op == IDENTIFY:
                    session = await self._identify(connection, data)
                elif op == RESUME:
                    session = self._resume(connection, data)
                elif op == REQUEST_MEMBERS and session is not None:
                    self._send_members(session, data)
                elif op not in (PRESENCE, VOICE):
                    log.warning("fakediscord gateway: ignoring op %s", op)
        finally:
            if session is not None and session.connection is connection:
                session.connection = None
            self.connections.discard(connection)
            await connection.close()
            self.signal.fire()
        return ws

    async def _identify(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        if not data.get("token"):
            await connection.close(4004, "Authentication failed.")
            return None
        shard = data.get("shard")
        if shard is not None and (shard[1] != self.shard_count or not 0 <= shard[0] < shard[1]):
            await connection.close(4010, "Invalid shard.")
            return None
        if shard is None and self.shard_count != 1:
            await connection.close(4011, "Sharding required.")
            return None
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED and not self.privileged_intents:
            await connection.close(4014, "Disallowed intent(s).")
            return None
        session = Session(tuple(shard) if shard else None, intents)  # type: ignore[arg-type]
        session.connection = connection
        self.sessions[session.id] = session
        replaced = self.active.get(session.shard_id)
        if replaced is not None and replaced.connection is None:
            self.lost += replaced.lose_after(replaced.sent, "its gateway session ended before it was delivered")
        self.active[session.shard_id] = session
        guilds = [g for g in self.world.guilds.values() if self.shard_of(g) == session.shard_id]
        ready: dict[str, Any] = {
            "v": 10,
            "user": payloads.me(self.world.bot),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self._resume_url(),
            "application": {"id": str(self.world.bot.id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["fakediscord"],
        }
        if session.shard is not None:
            ready["shard"] = list(session.shard)
        session.dispatch("READY", ready)
        for guild in guilds:
            session.dispatch("GUILD_CREATE", self._guild_payload(guild, session))
        self.identifies += 1
        self.signal.fire()
        return session

    def _resume(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(data.get("session_id", ""))
        seq = int(data.get("seq") or 0)
        if session is not None and session.shard_id in self._invalidate:
            self._invalidate.discard(session.shard_id)
            self.lost += session.lose_after(seq, "its gateway session was invalidated before it was delivered")
            self.invalidated += 1
            connection.send_json({"op": INVALID_SESSION, "d": False})
            self.signal.fire()
            return None
        if (
            session is None
            or self.active.get(session.shard_id) is not session
            or (session.backlog and session.backlog[0][0] > seq + 1)
        ):
            connection.send_json({"op": INVALID_SESSION, "d": False})
            return None
        session.connection = connection
        for number, text, _ in session.backlog:
            if number > seq:
                connection.send(text)
        session.sent = session.seq
        session.dispatch("RESUMED", {"_trace": ["fakediscord"]})
        self.resumes += 1
        self.signal.fire()
        return session

    def _send_members(self, session: Session, data: dict[str, Any]) -> None:
        guild = self.world.guilds.get(int(data["guild_id"]))
        if guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = (data.get("query") or "").lower()
        members = [
            m
            for m in guild.members.values()
            if (not wanted or m.user.id in wanted) and m.user.name.lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [payloads.member(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [str(u) for u in wanted - {m.user.id for m in members}],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def _guild_payload(self, guild: Guild, session: Session) -> dict[str, Any]:
        return payloads.guild_create(guild, viewer=self.world.bot, all_members=bool(session.intents & GUILD_MEMBERS))

    # --- dispatching --------------------------------------------------------------------------

    def send_interaction(self, interaction: Interaction) -> None:
        session = self.active.get(self.shard_of(interaction.channel.guild))
        if session is None:
            raise FakeDiscordError(f"no bot is connected to receive {interaction.describe()}")
        session.dispatch("INTERACTION_CREATE", interaction.payload, interaction)

    def on_world_event(self, event: str, obj: Any) -> None:
        guild = _guild_of(obj)
        session = self.active.get(self.shard_of(guild))
        if session is None:
            return
        built = self._build(event, obj, session)
        if built is not None:
            session.dispatch(event, built)

    def _build(self, event: str, obj: Any, session: Session) -> dict[str, Any] | None:
        intents, bot = session.intents, self.world.bot
        if event.startswith("MESSAGE_"):
            message: Message = obj
            needed = DIRECT_MESSAGES if isinstance(message.channel, DMChannel) else GUILD_MESSAGES
            if not intents & needed or not message.channel.can_see(bot):
                return None
            if event == "MESSAGE_DELETE":
                data = {"id": str(message.id), "channel_id": str(message.channel.id)}
                if message.channel.guild is not None:
                    data["guild_id"] = str(message.channel.guild.id)
                return data
            with_content = bool(
                intents & MESSAGE_CONTENT
                or message.author is bot
                or isinstance(message.channel, DMChannel)
                or bot.id in message.mentions
            )
            data = payloads.message(message, with_content=with_content)
            guild = message.channel.guild
            member = guild.member(message.author) if guild is not None else None
            if member is not None:
                data["member"] = payloads.member(member, with_user=False)
            return data
        if event == "INTERACTION_CREATE":
            return None
        if event == "GUILD_MEMBER_ADD" or event == "GUILD_MEMBER_REMOVE":
            if not intents & GUILD_MEMBERS:
                return None
            member: Member = obj
            if event == "GUILD_MEMBER_REMOVE":
                return {"guild_id": str(member.guild.id), "user": payloads.user(member.user)}
            return {**payloads.member(member), "guild_id": str(member.guild.id)}
        if event == "THREAD_MEMBERS_UPDATE":
            thread, added, removed = obj
            if not (intents & GUILD_MEMBERS or bot in added or bot in removed) or not thread.can_see(bot):
                return None
            return {
                "id": str(thread.id),
                "guild_id": str(thread.guild.id),
                "member_count": len(thread.member_ids),
                "added_members": [payloads.thread_member(thread, u) for u in added],
                "removed_member_ids": [str(u.id) for u in removed],
            }
        if not intents & GUILDS:
            return None
        if event == "GUILD_CREATE":
            return self._guild_payload(obj, session)
        if event in ("GUILD_ROLE_CREATE", "GUILD_ROLE_UPDATE"):
            role: Role = obj
            return {"guild_id": str(role.guild.id), "role": payloads.role(role)}
        if event in ("CHANNEL_CREATE", "CHANNEL_UPDATE", "CHANNEL_DELETE"):
            return payloads.text_channel(obj)
        if event == "THREAD_DELETE":
            gone: Thread = obj
            if not gone.can_see(bot):
                return None
            return {
                "id": str(gone.id),
                "guild_id": str(gone.guild.id),
                "parent_id": str(gone.parent.id),
                "type": gone.type,
            }
        if event in ("THREAD_CREATE", "THREAD_UPDATE"):
            thread_obj: Thread = obj
            if not thread_obj.can_see(bot):
                return None
            data = payloads.thread(thread_obj, member_for=bot)
            if event == "THREAD_CREATE":
                data["newly_created"] = True
            return data
        log.warning("fakediscord gateway: no payload for event %s", event)
        return None

    # --- control ------------------------------------------------------------------------------

    async def reconnect(self, *, timeout: float) -> None:
        """Ask every connected shard to reconnect (op 7) and wait until each has resumed."""
        target = self.resumes + sum(1 for s in self.active.values() if s.connection is not None)
        for session in self.active.values():
            if session.connection is not None:
                session.connection.send_json({"op": RECONNECT, "d": None})
        await self.world.wait(
            lambda: True if self.resumes >= target else None,
            self.signal,
            "the bot to resume its gateway session",
            timeout,
        )

    def drop(self, shard: int = 0, *, invalidate: bool = False) -> None:
        """Cut ``shard``'s socket abruptly and hold new connections until :meth:`reopen`; with
        ``invalidate`` its next RESUME is answered INVALID_SESSION (``d: false``)."""
        session = self.active.get(shard)
        if session is None or session.connection is None:
            raise FakeDiscordError(f"shard {shard} has no connected gateway session to drop")
        connection, session.connection = session.connection, None
        self._open.clear()
        if invalidate:
            self._invalidate.add(shard)
        connection.cut()
        self.drops += 1
        self.signal.fire()

    def reopen(self) -> None:
        """Let the held and new connections in (HELLO is sent to them)."""
        self._open.set()

    async def close(self) -> None:
        self._open.set()
        for connection in list(self.connections):
            await connection.close(4000, "fakediscord is shutting down")


def _guild_of(obj: Any) -> Guild | None:
    if isinstance(obj, Guild):
        return obj
    if isinstance(obj, Message):
        return obj.channel.guild
    if isinstance(obj, Member | Role | TextChannel | Thread):
        return obj.guild
    if isinstance(obj, tuple):
        return _guild_of(obj[0])
    if isinstance(obj, User):
        return None
    return None
