"""The model as Discord API v10 JSON (the shapes discord.py 2.7 parses)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .messages import Attachment, Message
from .model import Channel, DMChannel, Guild, Member, Role, TextChannel, Thread, User
from .snowflake import iso_from_ms, iso_from_snowflake

if TYPE_CHECKING:
    from .interactions import Interaction


def snowflake(value: int | None) -> str | None:
    return None if value is None else str(value)


def user(u: User) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(u.id),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.global_name,
        "avatar": None,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "public_flags": 0,
    }
    if u.bot:
        payload["bot"] = True
    return payload


def me(u: User) -> dict[str, Any]:
    return {**user(u), "verified": True, "mfa_enabled": False, "flags": 0, "email": None, "locale": u.locale}


def role(r: Role) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(r.id),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": r.managed,
        "mentionable": False,
        "flags": 0,
    }
    if r.bot_id is not None:
        payload["tags"] = {"bot_id": str(r.bot_id)}
    return payload


def member(m: Member, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "nick": m.nick,
        "avatar": None,
        "banner": None,
        "roles": [str(r) for r in m.role_ids],
        "joined_at": iso_from_ms(m.joined_ms),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_user:
        payload["user"] = user(m.user)
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


def text_channel(c: TextChannel) -> dict[str, Any]:
    return {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild.id),
        "name": c.name,
        "position": c.position,
        "permission_overwrites": [
            {"id": str(o.target_id), "type": o.kind, "allow": str(o.allow), "deny": str(o.deny)} for o in c.overwrites
        ],
        "topic": c.topic,
        "nsfw": False,
        "parent_id": None,
        "rate_limit_per_user": 0,
        "last_message_id": snowflake(c.last_message_id),
        "flags": 0,
    }


def thread_member(t: Thread, u: User) -> dict[str, Any]:
    return {
        "id": str(t.id),
        "user_id": str(u.id),
        "join_timestamp": iso_from_ms(t.member_ids.get(u.id, t.created_ms)),
        "flags": 0,
    }


def thread(t: Thread, *, member_for: User | None = None) -> dict[str, Any]:
    """A thread; ``member_for`` adds the ``member`` field if that user has joined it."""
    payload: dict[str, Any] = {
        "id": str(t.id),
        "type": t.type,
        "guild_id": str(t.guild.id),
        "parent_id": str(t.parent.id),
        "owner_id": str(t.owner.id),
        "name": t.name,
        "last_message_id": snowflake(t.last_message_id),
        "message_count": len(t.messages),
        "total_message_sent": len(t.log),
        "member_count": min(len(t.member_ids), 50),
        "rate_limit_per_user": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": t.archived,
            "auto_archive_duration": t.auto_archive_duration,
            "archive_timestamp": iso_from_ms(t.archive_ms),
            "locked": t.locked,
            "invitable": t.invitable,
            "create_timestamp": iso_from_ms(t.created_ms),
        },
    }
    if member_for is not None and member_for.id in t.member_ids:
        payload["member"] = thread_member(t, member_for)
    return payload


def dm_channel(c: DMChannel) -> dict[str, Any]:
    return {
        "id": str(c.id),
        "type": c.type,
        "last_message_id": snowflake(c.last_message_id),
        "recipients": [user(c.recipient)],
        "flags": 0,
    }


def channel(c: Channel, *, viewer: User | None = None) -> dict[str, Any]:
    if isinstance(c, Thread):
        return thread(c, member_for=viewer)
    if isinstance(c, TextChannel):
        return text_channel(c)
    if isinstance(c, DMChannel):
        return dm_channel(c)
    raise TypeError(f"no payload for {c!r}")


def channel_with_permissions(c: Channel, viewer: User) -> dict[str, Any]:
    """A channel as interactions carry it: with the viewer's computed ``permissions``."""
    payload = channel(c, viewer=viewer)
    guild = c.guild
    if guild is not None:
        assert isinstance(c, TextChannel | Thread)
        payload["permissions"] = str(guild.permissions_for(viewer, c))
    return payload


def attachment(a: Attachment) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(a.id),
        "filename": a.filename,
        "size": a.size,
        "url": a.url,
        "proxy_url": a.url,
    }
    if a.content_type:
        payload["content_type"] = a.content_type
    if a.description is not None:
        payload["description"] = a.description
    return payload


def interaction_metadata(i: Interaction) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(i.id),
        "type": i.type,
        "user": user(i.user),
        "authorizing_integration_owners": i.integration_owners,
    }
    if i.message is not None:
        payload["interacted_message_id"] = str(i.message.id)
    if i.original is not None:
        payload["original_response_message_id"] = str(i.original.id)
    return payload


def message(m: Message, *, with_content: bool = True) -> dict[str, Any]:
    """A message; ``with_content=False`` blanks what the MESSAGE_CONTENT intent guards."""
    c = m.channel
    payload: dict[str, Any] = {
        "id": str(m.id),
        "channel_id": str(c.id),
        "author": user(m.author),
        "content": m.content if with_content else "",
        "timestamp": iso_from_snowflake(m.id),
        "edited_timestamp": m.edited_at.isoformat() if m.edited_at else None,
        "tts": m.tts,
        "mention_everyone": False,
        "mentions": [user(c.world.users[uid]) for uid in m.mentions if uid in c.world.users],
        "mention_roles": [],
        "attachments": [attachment(a) for a in m.attachments] if with_content else [],
        "embeds": m.embeds if with_content else [],
        "components": m.components if with_content else [],
        "pinned": False,
        "type": m.type,
        "flags": m.flags,
    }
    if c.guild is not None:
        payload["guild_id"] = str(c.guild.id)
    if m.webhook_id is not None:
        payload["webhook_id"] = str(m.webhook_id)
        payload["application_id"] = str(m.webhook_id)
    if m.reference is not None:
        payload["message_reference"] = m.reference
    if m.interaction is not None:
        payload["interaction_metadata"] = interaction_metadata(m.interaction)
        payload["interaction"] = {
            "id": str(m.interaction.id),
            "type": m.interaction.type,
            "name": m.interaction.name,
            "user": user(m.interaction.user),
        }
    if m.thread is not None:
        payload["thread"] = thread(m.thread)
    return payload


def guild_create(g: Guild, *, viewer: User, all_members: bool) -> dict[str, Any]:
    """GUILD_CREATE as ``viewer`` (the bot) receives it; members only with the GUILD_MEMBERS intent."""
    members = list(g.members.values()) if all_members else [g.members[viewer.id]]
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(g.owner.id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "preferred_locale": g.preferred_locale,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "vanity_url_code": None,
        "application_id": None,
        "max_members": 500000,
        "max_video_channel_users": 25,
        "features": [],
        "emojis": [],
        "stickers": [],
        "roles": [role(r) for r in g.roles.values()],
        "joined_at": iso_from_ms(g.members[viewer.id].joined_ms),
        "large": False,
        "unavailable": False,
        "member_count": len(g.members),
        "members": [member(m) for m in members],
        "channels": [text_channel(c) for c in g.channels.values()],
        "threads": [thread(t, member_for=viewer) for t in g.active_threads if t.can_see(viewer)],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def guild_preview(g: Guild) -> dict[str, Any]:
    """GET /guilds/{id}: the guild without the GUILD_CREATE-only fields."""
    return {
        k: v
        for k, v in guild_create(g, viewer=g.world.bot, all_members=False).items()
        if k not in ("members", "channels", "threads", "voice_states", "presences", "joined_at", "large")
    }
