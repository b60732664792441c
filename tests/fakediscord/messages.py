"""Messages as users see them: content, embeds, components, attachments, edits and deletion."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import validate
from .errors import FakeDiscordError, invalid_form
from .snowflake import snowflake_ms

if TYPE_CHECKING:
    from .interactions import Interaction
    from .model import Channel, Thread, User

SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12
COMPONENTS_V2 = validate.COMPONENTS_V2
SETTABLE_FLAGS = SUPPRESS_EMBEDS | EPHEMERAL | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2
EDITABLE_FLAGS = SUPPRESS_EMBEDS | COMPONENTS_V2

DEFAULT, REPLY, CHAT_INPUT_COMMAND, THREAD_CREATED = 0, 19, 20, 18


@dataclass(frozen=True)
class Upload:
    """One ``files[n]`` part of a multipart request."""

    index: int
    filename: str
    data: bytes
    content_type: str | None = None


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def spoiler(self) -> bool:
        return self.filename.startswith("SPOILER_")


@dataclass(frozen=True)
class Button:
    custom_id: str | None
    label: str | None
    style: int
    disabled: bool
    url: str | None = None
    emoji: dict[str, Any] | None = None


@dataclass(frozen=True)
class SelectMenu:
    custom_id: str
    type: int
    options: list[dict[str, Any]]
    placeholder: str | None
    disabled: bool
    min_values: int
    max_values: int


_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(eq=False)
class Message:
    """A message in a channel, thread or DM; edits change it in place, deletion only flags it."""

    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = DEFAULT
    tts: bool = False
    ephemeral_for: User | None = None
    interaction: Interaction | None = None
    webhook_id: int | None = None
    reference: dict[str, Any] | None = None
    thread: Thread | None = None
    allowed_mentions: dict[str, Any] | None = None
    """As sent; ``None`` means Discord's default (every mention in the content notifies)."""
    edited_at: datetime.datetime | None = None
    edit_count: int = 0
    deleted: bool = False

    def __repr__(self) -> str:
        state = " deleted" if self.deleted else " loading" if self.loading else ""
        eph = f" ephemeral-for={self.ephemeral_for.name}" if self.ephemeral_for else ""
        return f"<Message {self.id} in {self.channel.label}{eph}{state} {self.text[:60]!r}>"

    @property
    def created_at(self) -> datetime.datetime:
        return datetime.datetime.fromtimestamp(snowflake_ms(self.id) / 1000, tz=datetime.UTC)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred response still showing 'Bot is thinking…'."""
        return bool(self.flags & LOADING)

    @property
    def mentions(self) -> list[int]:
        return [int(m) for m in _MENTION.findall(self.content)]

    @property
    def pinged(self) -> list[int]:
        """The users this message notified: mentions in the content that ``allowed_mentions``
        lets through (Discord's rules: ``parse: ["users"]`` or the ``users`` list); mentions in
        ephemeral messages and DMs notify nobody here."""
        if self.ephemeral or self.channel.guild is None:
            return []
        allowed = self.allowed_mentions
        if allowed is None:
            return self.mentions
        if "users" in (allowed.get("parse") or []):
            return self.mentions
        users = {int(u) for u in allowed.get("users") or []}
        return [m for m in self.mentions if m in users]

    @property
    def text(self) -> str:
        """Content plus every embed's and text display's visible text, for easy assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for f in embed.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
            parts.append((embed.get("footer") or {}).get("text") or "")
        parts += [c.get("content") or "" for c in self.walk_components() if c.get("type") == 10]
        return "\n".join(p for p in parts if p)

    def walk_components(self) -> Iterator[dict[str, Any]]:
        return validate.walk_components(self.components)

    @property
    def buttons(self) -> list[Button]:
        return [
            Button(
                custom_id=c.get("custom_id"),
                label=c.get("label"),
                style=c.get("style", 1),
                disabled=bool(c.get("disabled", False)),
                url=c.get("url"),
                emoji=c.get("emoji"),
            )
            for c in self.walk_components()
            if c.get("type") == validate.BUTTON
        ]

    @property
    def selects(self) -> list[SelectMenu]:
        return [
            SelectMenu(
                custom_id=c["custom_id"],
                type=c["type"],
                options=list(c.get("options") or []),
                placeholder=c.get("placeholder"),
                disabled=bool(c.get("disabled", False)),
                min_values=c.get("min_values", 1),
                max_values=c.get("max_values", 1),
            )
            for c in self.walk_components()
            if c.get("type") in validate.SELECT_TYPES
        ]

    def button(self, label: str | None = None, *, custom_id: str | None = None) -> Button:
        """The one button with this label (or custom_id); FakeDiscordError if none or several."""
        found = [
            b
            for b in self.buttons
            if (label is None or b.label == label) and (custom_id is None or b.custom_id == custom_id)
        ]
        if len(found) != 1:
            labels = [(b.label, b.custom_id) for b in self.buttons]
            raise FakeDiscordError(
                f"expected one button label={label!r} custom_id={custom_id!r} on {self!r}, "
                f"found {len(found)}; buttons: {labels}"
            )
        return found[0]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in self.walk_components() if c.get("custom_id") == custom_id), None)

    def attachment(self, filename: str | None = None) -> Attachment:
        """The attachment named ``filename`` (or the only one)."""
        found = [a for a in self.attachments if filename is None or a.filename == filename]
        if len(found) != 1:
            raise FakeDiscordError(
                f"expected one attachment {filename or ''!r} on {self!r}, have {[a.filename for a in self.attachments]}"
            )
        return found[0]

    def visible_to(self, user: User) -> bool:
        if self.deleted:
            return False
        if self.ephemeral_for is not None:
            return self.ephemeral_for is user
        return self.channel.can_see(user)


def changes_from_body(
    body: dict[str, Any],
    uploads: list[Upload],
    *,
    existing: Message | None,
    make_attachment: Callable[[Upload, dict[str, Any]], Attachment],
) -> dict[str, Any]:
    """The Message fields a create (existing=None) or edit request sets, validated like Discord.

    An edit can only change the SUPPRESS_EMBEDS and IS_COMPONENTS_V2 flags (never ephemerality).
    ``attachments`` in the body lists the attachments to keep by id and new uploads by their
    ``files[n]`` index; without it, an edit keeps the old attachments and adds any uploads.
    """
    changes: dict[str, Any] = {}
    if "content" in body:
        changes["content"] = body["content"] or ""
    if "embeds" in body:
        changes["embeds"] = list(body["embeds"] or [])
    if "components" in body:
        changes["components"] = list(body["components"] or [])
    if body.get("flags") is not None:
        requested = int(body["flags"])
        if existing is None:
            changes["flags"] = requested & SETTABLE_FLAGS
        else:
            changes["flags"] = (existing.flags & ~EDITABLE_FLAGS) | (requested & EDITABLE_FLAGS)
    if "tts" in body:
        changes["tts"] = bool(body["tts"])
    if "allowed_mentions" in body:
        changes["allowed_mentions"] = body["allowed_mentions"]

    by_index = {u.index: u for u in uploads}
    old = {a.id: a for a in (existing.attachments if existing else [])}
    if body.get("attachments") is not None:
        attachments: list[Attachment] = []
        for spec in body["attachments"]:
            key = int(spec["id"])
            if key in old:
                attachments.append(old[key])
            elif key in by_index:
                attachments.append(make_attachment(by_index.pop(key), spec))
            else:
                raise invalid_form("attachments", f"Attachment {key} is neither an upload nor an existing attachment.")
        changes["attachments"] = attachments
    elif uploads:
        changes["attachments"] = list(old.values()) + [make_attachment(u, {}) for u in uploads]

    def final(name: str, default: Any) -> Any:
        if name in changes:
            return changes[name]
        return getattr(existing, name) if existing else default

    validate.check_message(
        content=final("content", ""),
        embeds=final("embeds", []),
        components=final("components", []),
        flags=final("flags", 0),
        attachment_count=len(final("attachments", [])),
        creating=existing is None or existing.loading,
        has_stickers=bool(body.get("sticker_ids")),
    )
    return changes
