"""A transcript of everything the bot shows in the local Discord (issue 45: every behaviour unchanged
as players see it): each post, edit and deletion in every channel, thread and DM — ephemeral
replies included — with its text, its buttons and selects (custom ids too) and its files (name and
a digest of the bytes), written the same way however the process numbers its ids.

Messages are recorded per channel, in the order each channel saw them (different channels are
told concurrently, so their relative order is not part of the behaviour); a channel's ephemeral
replies are a stream per reader. Snowflakes are replaced by who or what they name. An answer that
came late is deferred first ("thinking…", then edited): that depends on the machine's speed, not on
the bot's behaviour, so it is recorded as the answer it became."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord import FakeDiscord
from tests.fakediscord.messages import Message
from tests.fakediscord.model import Channel, DMChannel, Thread, World

SNOWFLAKE = re.compile(r"(?<!\d)\d{15,20}(?!\d)")
GAME_NUMBER = re.compile(r"#\d+")


@dataclass
class Transcript:
    fake: FakeDiscord | None = None
    """The Discord recorded (set once it exists)."""
    streams: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    _channel_names: dict[int, str] = field(default_factory=dict)
    _message_names: dict[int, str] = field(default_factory=dict)
    _thinking: set[int] = field(default_factory=set)

    def channel_name(self, channel: Channel) -> str:
        known = self._channel_names.get(channel.id)
        if known is None:
            if isinstance(channel, DMChannel):
                known = f"dm:{channel.recipient.name}"
            elif isinstance(channel, Thread):
                n = sum(1 for name in self._channel_names.values() if name.startswith("thread"))
                known = f"thread{n + 1}"
            else:
                known = f"#{getattr(channel, 'name', channel.id)}"
            self._channel_names[channel.id] = known
        return known

    @property
    def world(self) -> World:
        assert self.fake is not None, "the transcript's Discord is not set"
        return self.fake.world

    def name_of(self, snowflake: int) -> str:
        world = self.world
        if snowflake in world.users:
            return f"@{world.users[snowflake].name}"
        if snowflake in world.channels:
            return self.channel_name(world.channels[snowflake])
        if snowflake in self._message_names:
            return self._message_names[snowflake]
        if snowflake in world.guilds:
            return "guild"
        return "id"

    def words(self, text: str | None) -> str | None:
        if text is None:
            return None
        return SNOWFLAKE.sub(lambda m: self.name_of(int(m.group())), text)

    def components(self, message: Message) -> list[Any]:
        shown: list[Any] = []
        for c in message.walk_components():
            kind = c.get("type")
            if kind == 2:
                shown.append(
                    {
                        "button": self.words(c.get("label")),
                        "id": self.words(c.get("custom_id")),
                        "style": c.get("style"),
                        "disabled": bool(c.get("disabled", False)),
                        "url": self.words(c.get("url")),
                    }
                )
            elif kind in (3, 5, 6, 7, 8):
                shown.append(
                    {
                        "select": self.words(c.get("placeholder")),
                        "id": self.words(c.get("custom_id")),
                        "options": [
                            [self.words(o.get("label")), o.get("value"), self.words(o.get("description"))]
                            for o in c.get("options") or []
                        ],
                        "range": [c.get("min_values", 1), c.get("max_values", 1)],
                    }
                )
            elif kind == 10:
                shown.append({"text": self.words(c.get("content"))})
        return shown

    def digest(self, filename: str, data: bytes) -> str:
        """The file's bytes as a short digest; a text file's after naming its snowflakes."""
        if filename.endswith((".json", ".txt", ".xml")):
            data = (self.words(data.decode("utf-8")) or "").encode("utf-8")
        return hashlib.sha256(data).hexdigest()[:16]

    def shown(self, what: str, key: str, message: Message) -> dict[str, Any]:
        if message.id not in self._message_names:
            n = sum(1 for name in self._message_names.values() if name.rsplit("/", 1)[0] == key)
            self._message_names[message.id] = f"{key}/{n + 1}"
        return {
            "what": what,
            "message": self._message_names[message.id],
            "by": "bot" if message.author.bot else message.author.name,
            "text": self.words(message.content),
            "embeds": [
                json.loads(self.words(json.dumps(e, sort_keys=True, ensure_ascii=False)) or "{}")
                for e in message.embeds
            ],
            "components": self.components(message),
            "files": [
                [self.words(a.filename), self.digest(a.filename, a.data), a.description] for a in message.attachments
            ],
            "pinged": sorted(self.name_of(u) for u in message.pinged),
            "flags": message.flags,
        }

    def record(self, what: str, channel: Channel, message: Message) -> None:
        if message.loading:  # "thinking…": a late answer's defer, shown once it says something
            self._thinking.add(message.id)
            return
        if what == "edit" and message.id in self._thinking:
            self._thinking.discard(message.id)
            what = "post"  # as the reader sees it: the answer, however fast it came
        key = self.channel_name(channel)
        if message.ephemeral_for is not None:
            key += f" (only {message.ephemeral_for.name})"
        self.streams.setdefault(key, []).append(self.shown(what, key, message))

    def thread_names(self) -> dict[str, str]:
        return {self.channel_name(c): c.name for c in self.world.channels.values() if isinstance(c, Thread)}

    def as_json(self) -> str:
        whole = {"streams": dict(sorted(self.streams.items())), "threads": dict(sorted(self.thread_names().items()))}
        return json.dumps(whole, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


@contextmanager
def recording() -> Iterator[Transcript]:
    """Record every message the fake Discord keeps while the block runs (set the transcript's
    ``fake`` as soon as it exists)."""
    transcript = Transcript()
    post, edit, delete = Channel.post, Channel.edit, Channel.delete_message

    def posted(self: Channel, author: Any, **fields: Any) -> Message:
        message = post(self, author, **fields)
        transcript.record("post", self, message)
        return message

    def edited(self: Channel, message: Message, changes: dict[str, Any], *, mark_edited: bool = True) -> None:
        edit(self, message, changes, mark_edited=mark_edited)
        transcript.record("edit", self, message)

    def deleted(self: Channel, message: Message) -> None:
        delete(self, message)
        transcript.record("delete", self, message)

    Channel.post, Channel.edit, Channel.delete_message = posted, edited, deleted  # type: ignore[method-assign]
    try:
        yield transcript
    finally:
        Channel.post, Channel.edit, Channel.delete_message = post, edit, delete  # type: ignore[method-assign]
