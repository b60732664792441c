"""Permission bits and Discord's permission computation (base, then channel overwrites)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import discord

PermissionsLike = int | discord.Permissions


def bits(value: PermissionsLike | None) -> int:
    if value is None:
        return 0
    return value.value if isinstance(value, discord.Permissions) else int(value)


_FLAGS = discord.Permissions.VALID_FLAGS
ALL = discord.Permissions.all().value
ADMINISTRATOR = _FLAGS["administrator"]
VIEW_CHANNEL = _FLAGS["read_messages"]
SEND_MESSAGES = _FLAGS["send_messages"]
SEND_MESSAGES_IN_THREADS = _FLAGS["send_messages_in_threads"]
ATTACH_FILES = _FLAGS["attach_files"]
MANAGE_MESSAGES = _FLAGS["manage_messages"]
MANAGE_CHANNELS = _FLAGS["manage_channels"]
MANAGE_THREADS = _FLAGS["manage_threads"]
CREATE_PUBLIC_THREADS = _FLAGS["create_public_threads"]
CREATE_PRIVATE_THREADS = _FLAGS["create_private_threads"]
READ_MESSAGE_HISTORY = _FLAGS["read_message_history"]

# What @everyone gets in a new server.
DEFAULT_EVERYONE = discord.Permissions(
    create_instant_invite=True,
    add_reactions=True,
    stream=True,
    read_messages=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    mention_everyone=True,
    use_external_emojis=True,
    connect=True,
    speak=True,
    use_voice_activation=True,
    change_nickname=True,
    use_application_commands=True,
    create_public_threads=True,
    create_private_threads=True,
    send_messages_in_threads=True,
    use_external_stickers=True,
).value

# What a bot invited with the permissions a board-game bot asks for gets on its managed role.
DEFAULT_BOT = discord.Permissions(
    read_messages=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    manage_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    add_reactions=True,
    use_external_emojis=True,
    manage_messages=True,
).value


@dataclass
class Overwrite:
    """A channel permission overwrite; ``kind`` 0 is a role, 1 a member."""

    target_id: int
    kind: int
    allow: int = 0
    deny: int = 0


def base_permissions(*, is_owner: bool, everyone: int, role_permissions: Iterable[int]) -> int:
    if is_owner:
        return ALL
    perms = everyone
    for role_perms in role_permissions:
        perms |= role_perms
    return ALL if perms & ADMINISTRATOR else perms


def apply_overwrites(
    base: int, overwrites: Iterable[Overwrite], *, guild_id: int, role_ids: set[int], member_id: int
) -> int:
    if base & ADMINISTRATOR:
        return ALL
    overwrites = list(overwrites)
    perms = base
    for ow in overwrites:
        if ow.kind == 0 and ow.target_id == guild_id:
            perms = (perms & ~ow.deny) | ow.allow
    allow = deny = 0
    for ow in overwrites:
        if ow.kind == 0 and ow.target_id in role_ids and ow.target_id != guild_id:
            allow |= ow.allow
            deny |= ow.deny
    perms = (perms & ~deny) | allow
    for ow in overwrites:
        if ow.kind == 1 and ow.target_id == member_id:
            perms = (perms & ~ow.deny) | ow.allow
    return perms
