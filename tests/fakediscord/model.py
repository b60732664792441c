"""The state of the fake Discord: users, guilds, roles, channels, threads, DMs and their messages.

Everything here is synchronous. Changes are announced twice: ``World.emit`` hands gateway
events to whoever listens (the gateway, which forwards them to a connected bot), and Signals
wake tests waiting for something to appear.
"""

from __future__ import annotations

import datetime
import mimetypes
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from . import permissions as perm
from .errors import FakeDiscordError
from .messages import THREAD_CREATED, Attachment, Message, Upload
from .permissions import Overwrite, PermissionsLike
from .signals import Signal, wait_until
from .snowflake import SnowflakeGenerator

if TYPE_CHECKING:
    from .interactions import Interaction

Listener = Callable[[str, Any], None]


@dataclass(eq=False)
class User:
    world: World = field(repr=False)
    id: int
    name: str
    bot: bool = False
    global_name: str | None = None
    dms_open: bool = True
    locale: str = "en-US"
    """The language of the user's Discord app, sent with each of their interactions (``cs``)."""
    _dm: DMChannel | None = field(default=None, repr=False)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def dm_channel(self) -> DMChannel:
        """The DM channel between this user and the bot (made on first use, like Discord's)."""
        if self._dm is None:
            self._dm = DMChannel(self.world, self.world.new_id(), self)
            self.world.channels[self._dm.id] = self._dm
        return self._dm


@dataclass(eq=False)
class Role:
    guild: Guild = field(repr=False)
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None

    def set_permissions(self, permissions: PermissionsLike) -> None:
        self.permissions = perm.bits(permissions)
        self.guild.world.emit("GUILD_ROLE_UPDATE", self)


@dataclass(eq=False)
class Member:
    guild: Guild = field(repr=False)
    user: User
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_ms: float = field(default_factory=lambda: time.time() * 1000)

    @property
    def roles(self) -> list[Role]:
        return [self.guild.roles[r] for r in self.role_ids if r in self.guild.roles]

    @property
    def permissions(self) -> int:
        return self.guild.permissions_for(self.user)


class Guild:
    def __init__(self, world: World, id: int, name: str, owner: User) -> None:
        self.world = world
        self.id = id
        self.name = name
        self.owner = owner
        self.preferred_locale = "en-US"
        """The server's preferred locale (a Community setting), sent with every interaction."""
        self.roles: dict[int, Role] = {id: Role(self, id, "@everyone", perm.DEFAULT_EVERYONE)}
        bot = world.bot
        self.bot_role = Role(self, world.new_id(), bot.name, perm.DEFAULT_BOT, 1, managed=True, bot_id=bot.id)
        self.roles[self.bot_role.id] = self.bot_role
        self.members: dict[int, Member] = {}
        self.channels: dict[int, TextChannel] = {}
        self.threads: dict[int, Thread] = {}
        self.members[owner.id] = Member(self, owner)
        self.members[world.bot.id] = Member(self, world.bot, [self.bot_role.id])

    def __repr__(self) -> str:
        return f"<Guild {self.id} {self.name!r}>"

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def add_text_channel(self, name: str, *, topic: str | None = None) -> TextChannel:
        channel = TextChannel(self.world, self.world.new_id(), self, name, topic=topic, position=len(self.channels))
        self.channels[channel.id] = channel
        self.world.channels[channel.id] = channel
        self.world.emit("CHANNEL_CREATE", channel)
        return channel

    def add_role(self, name: str, permissions: PermissionsLike = 0) -> Role:
        role = Role(self, self.world.new_id(), name, perm.bits(permissions), position=len(self.roles))
        self.roles[role.id] = role
        self.world.emit("GUILD_ROLE_CREATE", role)
        return role

    def add_member(
        self,
        user: User,
        *,
        permissions: PermissionsLike | None = None,
        roles: Iterable[Role] = (),
        nick: str | None = None,
    ) -> Member:
        """Add ``user``; ``permissions`` (e.g. ``discord.Permissions(manage_guild=True)``) become a role."""
        if user.id in self.members:
            raise FakeDiscordError(f"{user.name} is already a member of {self.name}")
        role_ids = [r.id for r in roles]
        if permissions is not None:
            role_ids.append(self.add_role(f"{user.name}'s permissions", permissions).id)
        member = Member(self, user, role_ids, nick)
        self.members[user.id] = member
        self.world.emit("GUILD_MEMBER_ADD", member)
        return member

    def remove_member(self, user: User) -> None:
        member = self.members.pop(user.id)
        self.world.emit("GUILD_MEMBER_REMOVE", member)

    def member(self, user: User) -> Member | None:
        return self.members.get(user.id)

    def set_bot_permissions(self, permissions: PermissionsLike) -> None:
        self.bot_role.set_permissions(permissions)

    def permissions_for(self, user: User, channel: GuildChannel | None = None) -> int:
        """What ``user`` may do in the guild, or in ``channel`` once its overwrites apply (0 if not a member)."""
        member = self.members.get(user.id)
        if member is None:
            return 0
        base = perm.base_permissions(
            is_owner=user is self.owner,
            everyone=self.everyone.permissions,
            role_permissions=(r.permissions for r in member.roles),
        )
        if channel is None:
            return base
        text_channel = channel.parent if isinstance(channel, Thread) else channel
        return perm.apply_overwrites(
            base, text_channel.overwrites, guild_id=self.id, role_ids=set(member.role_ids), member_id=user.id
        )

    @property
    def active_threads(self) -> list[Thread]:
        return [t for t in self.threads.values() if not t.archived]


class Channel:
    """Anything messages are posted in. ``log`` keeps every message ever posted, in order."""

    type: ClassVar[int]

    def __init__(self, world: World, id: int) -> None:
        self.world = world
        self.id = id
        self.log: list[Message] = []
        self.signal = Signal()
        self._cursor = 0

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} {self.label}>"

    @property
    def label(self) -> str:
        raise NotImplementedError

    @property
    def guild(self) -> Guild | None:
        return None

    def can_see(self, user: User) -> bool:
        raise NotImplementedError

    def can_send(self, user: User) -> bool:
        raise NotImplementedError

    @property
    def messages(self) -> list[Message]:
        """Public messages (no ephemeral ones, nothing deleted), oldest first."""
        return [m for m in self.log if not m.deleted and m.ephemeral_for is None]

    def visible_messages(self, user: User) -> list[Message]:
        """What ``user`` sees here: public messages plus ephemeral ones meant for them."""
        return [m for m in self.log if m.visible_to(user)]

    @property
    def last_message(self) -> Message | None:
        public = self.messages
        return public[-1] if public else None

    @property
    def last_message_id(self) -> int | None:
        return next((m.id for m in reversed(self.log) if not m.deleted and m.ephemeral_for is None), None)

    def post(self, author: User, **fields: Any) -> Message:
        message = Message(id=self.world.new_id(), channel=self, author=author, **fields)
        self.log.append(message)
        self.world.messages[message.id] = message
        if message.ephemeral_for is None:
            self.world.emit("MESSAGE_CREATE", message)
        self.changed()
        return message

    def edit(self, message: Message, changes: dict[str, Any], *, mark_edited: bool = True) -> None:
        for name, value in changes.items():
            setattr(message, name, value)
        if mark_edited:
            message.edited_at = _utcnow()
            message.edit_count += 1
        if message.ephemeral_for is None:
            self.world.emit("MESSAGE_UPDATE", message)
        self.changed()

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        if message.ephemeral_for is None:
            self.world.emit("MESSAGE_DELETE", message)
        self.changed()

    def changed(self) -> None:
        self.signal.fire()
        self.world.changed()

    async def next_message(self, *, timeout: float | None = None) -> Message:
        """The next public message after the previous ``next_message`` (or the first one ever).

        Messages are handed out once each, in order; a deferred response still 'thinking'
        is handed out once it has been resolved. Deleted messages are skipped.
        """

        def take() -> Message | None:
            while self._cursor < len(self.log):
                message = self.log[self._cursor]
                if message.deleted or message.ephemeral_for is not None:
                    self._cursor += 1
                elif message.loading:
                    return None
                else:
                    self._cursor += 1
                    return message
            return None

        def what() -> str:
            blocked = self.log[self._cursor] if self._cursor < len(self.log) else None
            return f"the next message in {self.label}" + (f" ({blocked!r} is still thinking)" if blocked else "")

        return await self.world.wait(take, self.signal, what, timeout)

    def skip_messages(self) -> None:
        """Make ``next_message`` ignore everything posted so far."""
        self._cursor = len(self.log)

    async def wait_for_message(
        self, check: Callable[[Message], bool] | None = None, *, timeout: float | None = None
    ) -> Message:
        """The first public, resolved message (already posted or yet to come) that passes ``check``."""

        def find() -> Message | None:
            return next((m for m in self.messages if not m.loading and (check is None or check(m))), None)

        return await self.world.wait(find, self.signal, f"a matching message in {self.label}", timeout)


class GuildChannel(Channel):
    def __init__(self, world: World, id: int, guild: Guild, name: str) -> None:
        super().__init__(world, id)
        self._guild = guild
        self.name = name
        self.deleted = False

    @property
    def guild(self) -> Guild:
        return self._guild


class TextChannel(GuildChannel):
    type = 0

    def __init__(self, world: World, id: int, guild: Guild, name: str, *, topic: str | None, position: int) -> None:
        super().__init__(world, id, guild, name)
        self.topic = topic
        self.position = position
        self.overwrites: list[Overwrite] = []

    @property
    def label(self) -> str:
        return f"#{self.name}"

    def can_see(self, user: User) -> bool:
        return not self.deleted and bool(self.guild.permissions_for(user, self) & perm.VIEW_CHANNEL)

    def can_send(self, user: User) -> bool:
        needed = perm.VIEW_CHANNEL | perm.SEND_MESSAGES
        return self.can_see(user) and self.guild.permissions_for(user, self) & needed == needed

    @property
    def threads(self) -> list[Thread]:
        return [t for t in self.guild.threads.values() if t.parent is self]

    def delete(self) -> None:
        """Delete the channel and its threads (as an admin would): the bot gets CHANNEL_DELETE
        (discord.py drops the threads with it) and calls to any of them answer 404 Unknown Channel."""
        if self.deleted:
            raise FakeDiscordError(f"{self.label} is already deleted")
        for thread in self.threads:
            thread._forget()
            thread.deleted = True
        self.guild.channels.pop(self.id, None)
        self.world.channels.pop(self.id, None)
        self.world.emit("CHANNEL_DELETE", self)
        self.deleted = True
        self.changed()

    def set_permissions(self, target: User | Role, *, allow: PermissionsLike = 0, deny: PermissionsLike = 0) -> None:
        """Replace the overwrite for ``target`` (a member or a role) in this channel."""
        kind = 0 if isinstance(target, Role) else 1
        self.overwrites = [o for o in self.overwrites if not (o.target_id == target.id and o.kind == kind)]
        if perm.bits(allow) or perm.bits(deny):
            self.overwrites.append(Overwrite(target.id, kind, perm.bits(allow), perm.bits(deny)))
        self.world.emit("CHANNEL_UPDATE", self)

    def forbid_threads(self) -> None:
        """Deny the bot thread creation here: creating one answers 403 Missing Permissions (50013)."""
        self._change_bot_overwrite(deny=perm.CREATE_PUBLIC_THREADS | perm.CREATE_PRIVATE_THREADS)

    def allow_threads(self) -> None:
        self._change_bot_overwrite(undeny=perm.CREATE_PUBLIC_THREADS | perm.CREATE_PRIVATE_THREADS)

    def _change_bot_overwrite(self, *, deny: int = 0, undeny: int = 0) -> None:
        bot = self.world.bot
        current = next((o for o in self.overwrites if o.kind == 1 and o.target_id == bot.id), None)
        allow_bits = current.allow if current else 0
        deny_bits = ((current.deny if current else 0) | deny) & ~undeny
        self.set_permissions(bot, allow=allow_bits, deny=deny_bits)

    def create_thread(
        self,
        name: str,
        *,
        owner: User,
        starter: Message | None = None,
        private: bool = False,
        auto_archive_duration: int = 1440,
        invitable: bool = True,
    ) -> Thread:
        """Open a thread (from ``starter`` if given; its id is then the starter's id, as on Discord)."""
        thread = Thread(
            self.world,
            starter.id if starter else self.world.new_id(),
            self,
            name,
            owner=owner,
            private=private,
            auto_archive_duration=auto_archive_duration,
            invitable=invitable,
            starter=starter,
        )
        self.guild.threads[thread.id] = thread
        self.world.channels[thread.id] = thread
        if starter is not None:
            starter.thread = thread
        self.world.emit("THREAD_CREATE", thread)
        if starter is None and not private:
            self.post(owner, type=THREAD_CREATED, content=name, reference={"channel_id": str(thread.id)})
        self.changed()
        return thread

    async def wait_for_thread(
        self, check: Callable[[Thread], bool] | None = None, *, timeout: float | None = None
    ) -> Thread:
        """The first thread under this channel (existing or yet to come) that passes ``check``."""

        def find() -> Thread | None:
            return next((t for t in self.threads if check is None or check(t)), None)

        return await self.world.wait(find, self.signal, f"a thread in {self.label}", timeout)


class Thread(GuildChannel):
    def __init__(
        self,
        world: World,
        id: int,
        parent: TextChannel,
        name: str,
        *,
        owner: User,
        private: bool,
        auto_archive_duration: int,
        invitable: bool,
        starter: Message | None,
    ) -> None:
        super().__init__(world, id, parent.guild, name)
        self.parent = parent
        self.owner = owner
        self.private = private
        self.auto_archive_duration = auto_archive_duration
        self.invitable = invitable
        self.starter = starter
        self.archived = False
        self.locked = False
        self.created_ms = time.time() * 1000
        self.archive_ms = self.created_ms
        self.member_ids: dict[int, float] = {owner.id: self.created_ms}
        self.activity = 0
        """How often something happened that Discord counts as activity, which restarts the
        thread's 7-day auto-archive: a message, unarchiving, a change of its auto-archive duration."""

    @property
    def type(self) -> int:  # type: ignore[override]
        return 12 if self.private else 11

    @property
    def label(self) -> str:
        return f"thread {self.name!r} in #{self.parent.name}"

    @property
    def members(self) -> list[User]:
        return [self.world.users[uid] for uid in self.member_ids if uid in self.world.users]

    def can_see(self, user: User) -> bool:
        if self.deleted or not self.parent.can_see(user):
            return False
        if not self.private or user.id in self.member_ids:
            return True
        return bool(self.guild.permissions_for(user, self) & perm.MANAGE_THREADS)

    def can_send(self, user: User) -> bool:
        if self.locked and not self.guild.permissions_for(user, self) & perm.MANAGE_THREADS:
            return False
        needed = perm.VIEW_CHANNEL | perm.SEND_MESSAGES_IN_THREADS
        return self.can_see(user) and self.guild.permissions_for(user, self) & needed == needed

    def add_member(self, user: User) -> None:
        if user.id not in self.member_ids:
            self.member_ids[user.id] = time.time() * 1000
            self.world.emit("THREAD_MEMBERS_UPDATE", (self, [user], []))

    def remove_member(self, user: User) -> None:
        if self.member_ids.pop(user.id, None) is not None:
            self.world.emit("THREAD_MEMBERS_UPDATE", (self, [], [user]))

    def post(self, author: User, **fields: Any) -> Message:
        message = super().post(author, **fields)
        if message.ephemeral_for is None:
            self.activity += 1
        return message

    def update(self, **changes: Any) -> None:
        """Change name/archived/locked/auto_archive_duration/invitable and tell the bot."""
        unarchived = self.archived and changes.get("archived") is False
        duration = changes.get("auto_archive_duration", self.auto_archive_duration) != self.auto_archive_duration
        self.activity += int(unarchived or duration)
        for name, value in changes.items():
            setattr(self, name, value)
        if "archived" in changes:
            self.archive_ms = time.time() * 1000
        self.world.emit("THREAD_UPDATE", self)
        self.changed()
        self.parent.changed()

    def delete(self) -> None:
        """Delete the thread (as a moderator would): it leaves ``parent.threads``, the bot gets
        THREAD_DELETE, and the bot's calls to it answer 404 ``10003 Unknown Channel``."""
        if self.deleted:
            raise FakeDiscordError(f"{self.label} is already deleted")
        self._forget()
        self.world.emit("THREAD_DELETE", self)
        self.deleted = True
        self.changed()
        self.parent.changed()

    def _forget(self) -> None:
        self.guild.threads.pop(self.id, None)
        self.world.channels.pop(self.id, None)
        if self.starter is not None and self.starter.thread is self:
            self.starter.thread = None


class DMChannel(Channel):
    type = 1

    def __init__(self, world: World, id: int, recipient: User) -> None:
        super().__init__(world, id)
        self.recipient = recipient

    @property
    def label(self) -> str:
        return f"the DM with {self.recipient.name}"

    def can_see(self, user: User) -> bool:
        return user is self.recipient or user is self.world.bot

    def can_send(self, user: User) -> bool:
        return self.can_see(user) and (user is not self.world.bot or self.recipient.dms_open)


class World:
    """Root of the state; hands out ids, routes events to listeners, wakes waiters."""

    def __init__(self, *, bot_name: str = "Deskovka", timeout: float = 10.0) -> None:
        self.snowflakes = SnowflakeGenerator()
        self.timeout = timeout
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}
        """(author, nonce) of messages sent with ``enforce_nonce``: the message and when (monotonic)."""
        self.attachments: dict[int, Attachment] = {}
        self.interactions: dict[str, Interaction] = {}
        self.signal = Signal()
        self.listeners: list[Listener] = []
        self.cdn_base = "http://127.0.0.1"
        self.diagnostics: Callable[[], str] = lambda: ""
        self.bot = self.add_user(bot_name, bot=True)
        self.owner = self.add_user("owner")

    def new_id(self) -> int:
        return self.snowflakes.next()

    def add_user(self, name: str, *, global_name: str | None = None, bot: bool = False) -> User:
        user = User(self, self.new_id(), name, bot=bot, global_name=global_name)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, owner: User | None = None) -> Guild:
        guild = Guild(self, self.new_id(), name, owner or self.owner)
        self.guilds[guild.id] = guild
        self.emit("GUILD_CREATE", guild)
        return guild

    def emit(self, event: str, obj: Any) -> None:
        for listener in self.listeners:
            listener(event, obj)

    def changed(self) -> None:
        self.signal.fire()

    def make_attachment(self, upload: Upload, spec: dict[str, Any]) -> Attachment:
        attachment_id = self.new_id()
        filename = spec.get("filename") or upload.filename
        attachment = Attachment(
            id=attachment_id,
            filename=filename,
            data=upload.data,
            url=f"{self.cdn_base}/attachments/{attachment_id}/{filename}",
            content_type=mimetypes.guess_type(filename)[0] or _declared_type(upload.content_type),
            description=spec.get("description"),
        )
        self.attachments[attachment_id] = attachment
        return attachment

    def visible_to(self, user: User) -> list[Message]:
        """Every message ``user`` can see anywhere (public, their ephemerals, their DMs), oldest first."""
        seen = [m for c in self.channels.values() for m in c.log if m.visible_to(user)]
        return sorted(seen, key=lambda m: m.id)

    async def wait(
        self,
        check: Callable[[], Any],
        signal: Signal,
        what: str | Callable[[], str],
        timeout: float | None = None,
    ) -> Any:
        return await wait_until(
            check,
            signal,
            timeout=self.timeout if timeout is None else timeout,
            what=what,
            diagnostics=self.diagnostics,
        )


def _declared_type(content_type: str | None) -> str | None:
    return None if content_type in (None, "application/octet-stream") else content_type


def _utcnow() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)
