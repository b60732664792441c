"""REST handlers for the bot's own calls: login, channels, messages, threads, DMs, guilds.

Handlers are synchronous: they read the parsed Call, change the model and return JSON-able
data (or a Reply, or raise ApiError). Paths are the ones discord.py 2.7's http.py uses.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from . import payloads
from . import permissions as perm
from .errors import (
    ARCHIVED_THREAD,
    CANNOT_DM,
    UNKNOWN_CHANNEL,
    UNKNOWN_GUILD,
    UNKNOWN_MEMBER,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    ApiError,
    invalid_form,
    missing_permissions,
    unknown,
)
from .messages import REPLY, Message, changes_from_body
from .model import Channel, DMChannel, Guild, TextChannel, Thread, User, World
from .server import Call, Reply, Router

PUBLIC_THREAD, PRIVATE_THREAD = 11, 12
NONCE_WINDOW = 300.0
"""Seconds Discord remembers a message's nonce sent with ``enforce_nonce`` ("the past few minutes")."""
BOT_TOKEN = "fake-token"  # the one token the stand-in accepts (FakeDiscord.start_bot's default)


class RestApi:
    def __init__(self, world: World, router: Router, *, gateway_url: Callable[[], str], shard_count: int) -> None:
        self.world = world
        self.gateway_url = gateway_url
        self.shard_count = shard_count
        route = router.route
        route("GET", "/gateway")(self.get_gateway)
        route("GET", "/gateway/bot")(self.get_gateway_bot)
        route("GET", "/users/@me")(self.get_me)
        route("PATCH", "/users/@me")(self.get_me)
        route("GET", "/users/{user_id}")(self.get_user)
        route("POST", "/users/@me/channels")(self.open_dm)
        route("GET", "/oauth2/applications/@me")(self.get_application)
        route("GET", "/applications/@me")(self.get_application)
        route("PATCH", "/applications/@me")(self.get_application)
        route("GET", "/applications/{application_id}/emojis")(lambda call: {"items": []})

        route("GET", "/channels/{channel_id}")(self.get_channel)
        route("PATCH", "/channels/{channel_id}")(self.edit_channel)
        route("DELETE", "/channels/{channel_id}")(self.delete_channel)
        route("POST", "/channels/{channel_id}/typing")(lambda call: Reply())
        route("GET", "/channels/{channel_id}/messages")(self.history)
        route("POST", "/channels/{channel_id}/messages")(self.send_message)
        route("GET", "/channels/{channel_id}/messages/{message_id}")(self.get_message)
        route("PATCH", "/channels/{channel_id}/messages/{message_id}")(self.edit_message)
        route("DELETE", "/channels/{channel_id}/messages/{message_id}")(self.delete_message)
        route("POST", "/channels/{channel_id}/messages/{message_id}/threads")(self.thread_from_message)
        route("POST", "/channels/{channel_id}/threads")(self.thread_without_message)
        route("GET", "/channels/{channel_id}/thread-members")(self.thread_members)
        route("GET", "/channels/{channel_id}/thread-members/{user_id}")(self.thread_member)
        route("PUT", "/channels/{channel_id}/thread-members/{user_id}")(self.join_thread)
        route("DELETE", "/channels/{channel_id}/thread-members/{user_id}")(self.leave_thread)

        route("GET", "/guilds/{guild_id}")(lambda call: payloads.guild_preview(self._guild(call)))
        route("GET", "/guilds/{guild_id}/channels")(self.guild_channels)
        route("GET", "/guilds/{guild_id}/roles")(self.guild_roles)
        route("GET", "/guilds/{guild_id}/members/{user_id}")(self.guild_member)
        route("GET", "/guilds/{guild_id}/threads/active")(self.active_threads)

    # --- lookups ------------------------------------------------------------------------------

    def _guild(self, call: Call) -> Guild:
        guild = self.world.guilds.get(_int(call.params["guild_id"]))
        if guild is None or guild.member(self.world.bot) is None:
            raise unknown("Guild", UNKNOWN_GUILD)
        return guild

    def _channel(self, call: Call) -> Channel:
        channel = self.world.channels.get(_int(call.params["channel_id"]))
        if channel is None:
            raise unknown("Channel", UNKNOWN_CHANNEL)
        if not channel.can_see(self.world.bot):
            raise ApiError(403, 50001, "Missing Access")
        return channel

    def _message(self, call: Call) -> Message:
        channel = self._channel(call)
        message = self.world.messages.get(_int(call.params["message_id"]))
        if message is None or message.channel is not channel or message.deleted or message.ephemeral_for:
            raise unknown("Message", UNKNOWN_MESSAGE)
        return message

    def _user(self, user_id: str) -> User:
        user = self.world.users.get(self.world.bot.id if user_id == "@me" else _int(user_id))
        if user is None:
            raise unknown("User", UNKNOWN_USER)
        return user

    def _bot_permissions(self, channel: Channel) -> int:
        guild = channel.guild
        if guild is None:
            return perm.DEFAULT_BOT
        assert isinstance(channel, TextChannel | Thread)
        return guild.permissions_for(self.world.bot, channel)

    # --- login and users ----------------------------------------------------------------------

    def get_gateway(self, call: Call) -> Any:
        return {"url": self.gateway_url()}

    def get_gateway_bot(self, call: Call) -> Any:
        return {
            "url": self.gateway_url(),
            "shards": self.shard_count,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1},
        }

    def get_me(self, call: Call) -> Any:
        # discord.py logs in with this call; Discord's answer to any other token makes it raise LoginFailure.
        if call.headers.get("Authorization") != f"Bot {BOT_TOKEN}":
            raise ApiError(401, 0, "401: Unauthorized")
        return payloads.me(self.world.bot)

    def get_user(self, call: Call) -> Any:
        return payloads.user(self._user(call.params["user_id"]))

    def get_application(self, call: Call) -> Any:
        bot = self.world.bot
        return {
            "id": str(bot.id),
            "name": bot.name,
            "icon": None,
            "description": "",
            "summary": "",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "bot": payloads.user(bot),
            "owner": payloads.user(self.world.owner),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "tags": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(self.world.guilds),
        }

    def open_dm(self, call: Call) -> Any:
        recipient = self._user(str((call.body or {}).get("recipient_id")))
        if recipient is self.world.bot:
            raise ApiError(400, 50007, "Cannot send messages to this user")
        return payloads.dm_channel(recipient.dm_channel)

    # --- channels and messages ----------------------------------------------------------------

    def get_channel(self, call: Call) -> Any:
        return payloads.channel(self._channel(call), viewer=self.world.bot)

    def edit_channel(self, call: Call) -> Any:
        channel = self._channel(call)
        body = call.body or {}
        if isinstance(channel, Thread):
            self._edit_thread(channel, body)
        elif isinstance(channel, TextChannel):
            if not self._bot_permissions(channel) & perm.MANAGE_CHANNELS:
                raise missing_permissions()
            channel.name = body.get("name", channel.name)
            channel.topic = body.get("topic", channel.topic)
            self.world.emit("CHANNEL_UPDATE", channel)
        else:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return payloads.channel(channel, viewer=self.world.bot)

    def _edit_thread(self, thread: Thread, body: dict[str, Any]) -> None:
        """Discord's rules: an archived thread only takes a PATCH that unarchives it (else 50083);
        the owner may rename/archive, but locking, or unarchiving a locked thread, needs MANAGE_THREADS."""
        allowed = {"name", "archived", "locked", "auto_archive_duration", "invitable"}
        changes = {k: v for k, v in body.items() if k in allowed}
        if thread.archived and changes.get("archived") is not False:
            raise ApiError(400, ARCHIVED_THREAD, "Thread is archived")
        if "name" in changes and not (isinstance(changes["name"], str) and 1 <= len(changes["name"]) <= 100):
            raise invalid_form("name", "Must be between 1 and 100 in length.")
        if not self._bot_permissions(thread) & perm.MANAGE_THREADS:
            locking = "locked" in changes and bool(changes["locked"]) != thread.locked
            unarchiving_locked = thread.locked and thread.archived
            if thread.owner is not self.world.bot or locking or unarchiving_locked:
                raise missing_permissions()
        if changes:
            thread.update(**changes)

    def delete_channel(self, call: Call) -> Any:
        channel = self._channel(call)
        if isinstance(channel, Thread):
            needed = perm.MANAGE_THREADS
        elif isinstance(channel, TextChannel):
            needed = perm.MANAGE_CHANNELS
        else:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if not self._bot_permissions(channel) & needed:
            raise missing_permissions()
        payload = payloads.channel(channel)
        channel.delete()
        return payload

    def history(self, call: Call) -> Any:
        channel = self._channel(call)
        if channel.guild is not None and not self._bot_permissions(channel) & perm.READ_MESSAGE_HISTORY:
            return []
        limit = max(1, min(100, int(call.query.get("limit", 50))))
        messages = channel.messages
        if "around" in call.query:
            around = int(call.query["around"])
            older = [m for m in messages if m.id < around][-(limit // 2) :] if limit > 1 else []
            newer = [m for m in messages if m.id >= around][: limit - len(older)]
            chosen = older + newer
        elif "after" in call.query:
            chosen = [m for m in messages if m.id > int(call.query["after"])][:limit]
        else:
            if "before" in call.query:
                messages = [m for m in messages if m.id < int(call.query["before"])]
            chosen = messages[-limit:]
        return [payloads.message(m) for m in reversed(chosen)]

    def send_message(self, call: Call) -> Any:
        channel = self._channel(call)
        bot = self.world.bot
        if isinstance(channel, DMChannel):
            if not channel.recipient.dms_open or channel.recipient.bot:
                raise ApiError(403, CANNOT_DM, "Cannot send messages to this user")
        else:
            if isinstance(channel, Thread) and channel.archived and channel.locked:
                raise ApiError(400, ARCHIVED_THREAD, "Thread is archived")
            if not channel.can_send(bot):
                raise missing_permissions()
            if call.uploads and not self._bot_permissions(channel) & perm.ATTACH_FILES:
                raise missing_permissions()
        body = call.body or {}
        nonce = body.get("nonce") if body.get("enforce_nonce") else None
        if nonce is not None:  # Discord: the same author's message with this nonce, not a second one
            sent = self.world.nonces.get((bot.id, str(nonce)))
            if sent is not None and time.monotonic() - sent[1] < NONCE_WINDOW and sent[0] in self.world.messages:
                return payloads.message(self.world.messages[sent[0]])
        changes = changes_from_body(body, call.uploads, existing=None, make_attachment=self.world.make_attachment)
        reference = body.get("message_reference")
        if reference is not None:
            referenced = self.world.messages.get(_int(str(reference.get("message_id"))))
            if referenced is None and reference.get("fail_if_not_exists", True):
                raise invalid_form("message_reference", "Unknown message")
            changes.update(type=REPLY, reference=reference)
        if isinstance(channel, Thread) and channel.archived:
            channel.update(archived=False)  # a message unarchives an unlocked thread
        message = channel.post(bot, **changes)
        if nonce is not None:
            self.world.nonces[(bot.id, str(nonce))] = (message.id, time.monotonic())
        return payloads.message(message)

    def get_message(self, call: Call) -> Any:
        return payloads.message(self._message(call))

    def _check_not_archived(self, channel: Channel) -> None:
        if isinstance(channel, Thread) and channel.archived:
            raise ApiError(400, ARCHIVED_THREAD, "Thread is archived")

    def edit_message(self, call: Call) -> Any:
        message = self._message(call)
        self._check_not_archived(message.channel)
        if message.author is not self.world.bot:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        changes = changes_from_body(
            call.body or {}, call.uploads, existing=message, make_attachment=self.world.make_attachment
        )
        message.channel.edit(message, changes)
        return payloads.message(message)

    def delete_message(self, call: Call) -> Any:
        message = self._message(call)
        self._check_not_archived(message.channel)
        own = message.author is self.world.bot
        moderator = message.channel.guild is not None and self._bot_permissions(message.channel) & perm.MANAGE_MESSAGES
        if not own and not moderator:
            raise missing_permissions()
        message.channel.delete_message(message)
        return Reply()

    # --- threads ------------------------------------------------------------------------------

    def _thread_parent(self, call: Call, kind: int) -> TextChannel:
        channel = self._channel(call)
        if not isinstance(channel, TextChannel):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        create = perm.CREATE_PRIVATE_THREADS if kind == PRIVATE_THREAD else perm.CREATE_PUBLIC_THREADS
        needed = perm.VIEW_CHANNEL | create
        if self._bot_permissions(channel) & needed != needed:
            raise missing_permissions()
        name = (call.body or {}).get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise invalid_form("name", "Must be between 1 and 100 in length.")
        return channel

    def thread_from_message(self, call: Call) -> Any:
        channel = self._thread_parent(call, PUBLIC_THREAD)
        message = self._message(call)
        if message.thread is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        body = call.body
        thread = channel.create_thread(
            body["name"],
            owner=self.world.bot,
            starter=message,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        return payloads.thread(thread, member_for=self.world.bot)

    def thread_without_message(self, call: Call) -> Any:
        body = call.body or {}
        kind = int(body.get("type") or PRIVATE_THREAD)
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise invalid_form("type", "Only public (11) and private (12) threads are supported by fakediscord.")
        channel = self._thread_parent(call, kind)
        thread = channel.create_thread(
            body["name"],
            owner=self.world.bot,
            private=kind == PRIVATE_THREAD,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            invitable=bool(body.get("invitable", True)),
        )
        return payloads.thread(thread, member_for=self.world.bot)

    def _thread(self, call: Call) -> Thread:
        channel = self._channel(call)
        if not isinstance(channel, Thread):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return channel

    def thread_members(self, call: Call) -> Any:
        thread = self._thread(call)
        return [payloads.thread_member(thread, u) for u in thread.members]

    def thread_member(self, call: Call) -> Any:
        thread = self._thread(call)
        user = self._user(call.params["user_id"])
        if user.id not in thread.member_ids:
            raise unknown("Member", UNKNOWN_MEMBER)
        return payloads.thread_member(thread, user)

    def join_thread(self, call: Call) -> Any:
        thread = self._thread(call)
        user = self._user(call.params["user_id"])
        if thread.guild.member(user) is None:
            raise unknown("Member", UNKNOWN_MEMBER)
        if thread.archived and thread.locked:
            raise ApiError(400, ARCHIVED_THREAD, "Thread is archived")
        thread.add_member(user)
        return Reply()

    def leave_thread(self, call: Call) -> Any:
        thread = self._thread(call)
        thread.remove_member(self._user(call.params["user_id"]))
        return Reply()

    # --- guilds -------------------------------------------------------------------------------

    def guild_channels(self, call: Call) -> Any:
        return [payloads.text_channel(c) for c in self._guild(call).channels.values()]

    def guild_roles(self, call: Call) -> Any:
        return [payloads.role(r) for r in self._guild(call).roles.values()]

    def guild_member(self, call: Call) -> Any:
        guild = self._guild(call)
        member = guild.member(self._user(call.params["user_id"]))
        if member is None:
            raise unknown("Member", UNKNOWN_MEMBER)
        return payloads.member(member)

    def active_threads(self, call: Call) -> Any:
        bot = self.world.bot
        threads = [t for t in self._guild(call).active_threads if t.can_see(bot)]
        return {
            "threads": [payloads.thread(t) for t in threads],
            "members": [payloads.thread_member(t, bot) for t in threads if bot.id in t.member_ids],
        }


def _int(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise invalid_form("id", f"Value {value!r} is not a snowflake.") from None
