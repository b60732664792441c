"""A local stand-in for Discord's REST API and gateway that unmodified discord.py bots log in to.

See README.md in this directory for the driver API.
"""

from __future__ import annotations

from .driver import FakeDiscord, discord_urls
from .errors import ApiError, FakeDiscordError
from .interactions import Choice, Interaction
from .messages import Attachment, Button, Message, SelectMenu
from .model import Channel, DMChannel, Guild, Member, Role, TextChannel, Thread, User, World
from .ratelimits import RateLimits, Refusal
from .server import Failure, RequestLog, RequestRecord

__all__ = [
    "ApiError",
    "Attachment",
    "Button",
    "Channel",
    "Choice",
    "DMChannel",
    "Failure",
    "FakeDiscord",
    "FakeDiscordError",
    "Guild",
    "Interaction",
    "Member",
    "Message",
    "RateLimits",
    "Refusal",
    "RequestLog",
    "RequestRecord",
    "Role",
    "SelectMenu",
    "TextChannel",
    "Thread",
    "User",
    "World",
    "discord_urls",
]
