"""One user interaction: the payload the bot receives, the bot's answers, and waiting for them.

The bot side (``handle_*``, called by the REST layer) follows Discord's rules: one initial
callback within the deadline; the first follow-up after a deferred reply replaces the
'thinking' message and keeps the defer's ephemerality; ``@original`` of a component
interaction answered with 6/7 is the message the component is on.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass
from typing import Any

from . import payloads, validate
from . import permissions as perm
from .errors import (
    ALREADY_ACKNOWLEDGED,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    ApiError,
    FakeDiscordError,
)
from .messages import CHAT_INPUT_COMMAND, DEFAULT, EPHEMERAL, LOADING, Message, Upload, changes_from_body
from .model import Channel, TextChannel, Thread, User, World

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = 4, 5, 6, 7, 8, 9
CALLBACK_NAMES = {
    1: "pong",
    4: "message",
    5: "deferred message",
    6: "deferred update",
    7: "update message",
    8: "autocomplete result",
    9: "modal",
    10: "premium required",
    12: "launch activity",
}
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


@dataclass(frozen=True)
class Choice:
    name: str
    value: str | int | float


class Interaction:
    """What a test gets back from ``slash``/``click``/…; await its answers with ``response()`` etc."""

    def __init__(
        self,
        world: World,
        *,
        type: int,
        user: User,
        channel: Channel,
        name: str,
        data: dict[str, Any],
        message: Message | None = None,
        deadline: float | None = 3.0,
    ) -> None:
        self.world = world
        self.id = world.new_id()
        self.token = f"fake-{self.id}-{secrets.token_hex(8)}"
        self.type = type
        self.user = user
        self.channel = channel
        self.name = name
        self.data = data
        self.message = message
        self.deadline = deadline
        loop = asyncio.get_running_loop()
        self._clock = loop.time
        self.created = loop.time()
        self.responded_at: float | None = None
        self.response_type: int | None = None
        self.original: Message | None = None
        self.answer: Message | None = None
        self.followups: list[Message] = []
        self.choices: list[Choice] | None = None
        self.modal: dict[str, Any] | None = None
        self.problems: list[str] = []
        self.lost: str | None = None
        """Why the bot never received it (the gateway lost it: ``Gateway.drop``), or None."""
        self._message_edits = message.edit_count if message is not None else 0
        self.payload = self._payload()

    def __repr__(self) -> str:
        return f"<Interaction {self.id} {self.describe()}>"

    def describe(self) -> str:
        return f"{self.user.name}'s {self.name} in {self.channel.label}"

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the bot's initial callback."""
        return None if self.responded_at is None else self.responded_at - self.created

    @property
    def integration_owners(self) -> dict[str, str]:
        guild = self.channel.guild
        # A guild-installed app: key 0 (guild install) maps to the guild, or to "0" in the bot's DMs.
        return {"0": str(guild.id) if guild is not None else "0"}

    def _payload(self) -> dict[str, Any]:
        world, user, channel = self.world, self.user, self.channel
        guild = channel.guild
        payload: dict[str, Any] = {
            "id": str(self.id),
            "application_id": str(world.bot.id),
            "type": self.type,
            "data": self.data,
            "token": self.token,
            "version": 1,
            "channel_id": str(channel.id),
            "channel": payloads.channel_with_permissions(channel, user),
            "locale": user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": self.integration_owners,
            "context": 0 if guild is not None else 1,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if guild is not None:
            assert isinstance(channel, TextChannel | Thread)
            member = guild.member(user)
            if member is None:
                raise FakeDiscordError(f"{user.name} is not a member of {guild.name}")
            payload.update(
                guild_id=str(guild.id),
                guild_locale=guild.preferred_locale,
                guild={"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                member=payloads.member(member, permissions=guild.permissions_for(user, channel)),
                app_permissions=str(guild.permissions_for(world.bot, channel)),
            )
        else:
            payload.update(user=payloads.user(user), app_permissions=str(perm.DEFAULT_BOT))
        if self.message is not None:
            payload["message"] = payloads.message(self.message)
        return payload

    # --- the bot's side -------------------------------------------------------------------

    def handle_callback(self, kind: int, data: dict[str, Any], uploads: list[Upload]) -> dict[str, Any]:
        """POST /interactions/{id}/{token}/callback; returns the ``with_response`` body."""
        if self.response_type is not None:
            self._problem(f"acknowledged twice (first {self._callback_name()}, then {CALLBACK_NAMES.get(kind, kind)})")
            raise ApiError(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
        elapsed = self._clock() - self.created
        if self.deadline is not None and elapsed > self.deadline:
            self._problem(f"first answered after {elapsed:.2f} s; Discord allows {self.deadline:g} s")
            raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        if kind not in ALLOWED_CALLBACKS[self.type]:
            self._problem(f"answered with callback type {kind} ({CALLBACK_NAMES.get(kind, '?')}), not allowed here")
            raise ApiError(400, 50035, "Invalid Form Body", {"type": {"_errors": [{"message": "Invalid type"}]}})
        resource: dict[str, Any] = {"type": kind}
        if kind == MESSAGE:
            self.original = self.answer = self._post(data, uploads)
        elif kind == DEFERRED_MESSAGE:
            ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            self.original = self.channel.post(
                self.world.bot,
                flags=LOADING | (EPHEMERAL if ephemeral else 0),
                ephemeral_for=self.user if ephemeral else None,
                **self._message_fields(),
            )
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if self.message is None:
                raise ApiError(400, 50035, "Invalid Form Body", {"type": {"_errors": [{"message": "No message"}]}})
            self.original = self.message
            if kind == UPDATE_MESSAGE:
                self._edit(self.message, data, uploads)
                self.answer = self.message
        elif kind == AUTOCOMPLETE_RESULT:
            validate.check_choices(data.get("choices"))
            self.choices = [Choice(c["name"], c["value"]) for c in data["choices"]]
        elif kind == MODAL:
            validate.check_modal(data)
            self.modal = data
        else:
            raise ApiError(400, 50035, f"fakediscord: callback type {kind} is not supported")
        self.response_type = kind
        self.responded_at = self._clock()
        if self.original is not None and kind in (MESSAGE, DEFERRED_MESSAGE, UPDATE_MESSAGE):
            resource["message"] = payloads.message(self.original)
        self._changed()
        return {
            "interaction": {
                "id": str(self.id),
                "type": self.type,
                "response_message_id": payloads.snowflake(self.original.id if self.original else None),
                "response_message_loading": kind == DEFERRED_MESSAGE,
                "response_message_ephemeral": bool(self.original and self.original.ephemeral),
            },
            "resource": resource,
        }

    def handle_followup(self, body: dict[str, Any], uploads: list[Upload]) -> Message:
        """POST /webhooks/{app}/{token}."""
        self._require_acknowledged()
        original = self.original
        if self.response_type == DEFERRED_MESSAGE and original is not None and original.loading:
            self._resolve(original, body, uploads)
            return original
        message = self._post(body, uploads)
        self.followups.append(message)
        if self.answer is None:
            self.answer = message
        self._changed()
        return message

    def handle_get(self, target: str) -> Message:
        return self._target(target)

    def handle_edit(self, target: str, body: dict[str, Any], uploads: list[Upload]) -> Message:
        """PATCH /webhooks/{app}/{token}/messages/{@original|id}."""
        message = self._target(target)
        if message.loading:
            self._resolve(message, body, uploads)
        else:
            self._edit(message, body, uploads)
            if self.answer is None and message is self.original:
                self.answer = message
        self._changed()
        return message

    def handle_delete(self, target: str) -> None:
        message = self._target(target)
        message.channel.delete_message(message)
        self._changed()

    def _require_acknowledged(self) -> None:
        if self.response_type is None:
            self._problem("sent a follow-up or edit before acknowledging")
            raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")

    def _target(self, target: str) -> Message:
        self._require_acknowledged()
        if target == "@original":
            message = self.original
        else:
            wanted = int(target)
            candidates = ([self.original] if self.original else []) + self.followups
            message = next((m for m in candidates if m.id == wanted), None)
        if message is None or message.deleted:
            raise ApiError(404, UNKNOWN_MESSAGE, "Unknown Message")
        return message

    def _message_fields(self) -> dict[str, Any]:
        return {
            "interaction": self,
            "webhook_id": self.world.bot.id,
            "type": CHAT_INPUT_COMMAND if self.type == APPLICATION_COMMAND else DEFAULT,
        }

    def _post(self, body: dict[str, Any], uploads: list[Upload]) -> Message:
        changes = changes_from_body(body, uploads, existing=None, make_attachment=self.world.make_attachment)
        ephemeral = bool(changes.get("flags", 0) & EPHEMERAL)
        return self.channel.post(
            self.world.bot, ephemeral_for=self.user if ephemeral else None, **self._message_fields(), **changes
        )

    def _edit(self, message: Message, body: dict[str, Any], uploads: list[Upload]) -> None:
        changes = changes_from_body(body, uploads, existing=message, make_attachment=self.world.make_attachment)
        message.channel.edit(message, changes)

    def _resolve(self, message: Message, body: dict[str, Any], uploads: list[Upload]) -> None:
        """Replace a deferred 'thinking' message with its real content (ephemeral iff the defer was)."""
        changes = changes_from_body(body, uploads, existing=message, make_attachment=self.world.make_attachment)
        changes["flags"] = changes.get("flags", message.flags) & ~LOADING
        message.channel.edit(message, changes, mark_edited=False)
        self.answer = message
        self._changed()

    def lose(self, reason: str) -> None:
        """The gateway never delivered it (Discord would show the user "This interaction failed")."""
        self.lost = reason
        self._changed()

    def _problem(self, text: str) -> None:
        self.problems.append(text)
        self._changed()

    def _changed(self) -> None:
        # Waiters for this interaction watch its channel: the answer may also be a channel edit.
        self.channel.changed()

    def _callback_name(self) -> str:
        return "nothing yet" if self.response_type is None else CALLBACK_NAMES.get(self.response_type, "?")

    # --- the test's side ------------------------------------------------------------------

    def _state(self) -> str:
        if self.lost is not None:
            text = f"lost: {self.lost}"
        elif self.response_type is None:
            text = "not acknowledged yet"
        else:
            text = f"acknowledged with {self._callback_name()}"
            if self.original is not None and self.original.loading:
                text += ", still thinking"
        return text + (f"; problems: {self.problems}" if self.problems else "")

    async def acknowledged(self, *, timeout: float | None = None) -> int:
        """Wait for the initial callback; returns its type (4 message, 5 deferred, 6, 7, 8, 9)."""
        return await self.world.wait(
            lambda: self.response_type, self.channel.signal, lambda: f"{self.describe()} to be acknowledged", timeout
        )

    async def response(self, *, timeout: float | None = None) -> Message:
        """The message the user sees as the answer, once there is one.

        4 → the reply; 5 → the deferred message once it stops thinking; 7 → the updated message;
        6 → the component's message once edited (through the webhook or the channel), or the first follow-up.
        """

        def check() -> Message | None:
            if self.response_type in (AUTOCOMPLETE_RESULT, MODAL):
                raise FakeDiscordError(f"{self.describe()} was answered with a {self._callback_name()}, not a message")
            edited = self.message is not None and self.message.edit_count > self._message_edits
            if self.answer is None and self.response_type == DEFERRED_UPDATE and edited:
                self.answer = self.message
            return self.answer

        return await self.world.wait(
            check, self.channel.signal, lambda: f"the response to {self.describe()} ({self._state()})", timeout
        )

    async def followup(self, index: int = 0, *, timeout: float | None = None) -> Message:
        """The ``index``-th follow-up message that is not the resolution of a deferred reply."""
        return await self.world.wait(
            lambda: self.followups[index] if len(self.followups) > index else None,
            self.channel.signal,
            lambda: f"follow-up #{index} to {self.describe()} ({self._state()}, {len(self.followups)} so far)",
            timeout,
        )

    async def autocomplete_choices(self, *, timeout: float | None = None) -> list[Choice]:
        return await self.world.wait(
            lambda: self.choices,
            self.channel.signal,
            lambda: f"autocomplete choices for {self.describe()} ({self._state()})",
            timeout,
        )

    async def shown_modal(self, *, timeout: float | None = None) -> dict[str, Any]:
        """The modal the bot opened (``custom_id``, ``title``, ``components``)."""
        return await self.world.wait(
            lambda: self.modal, self.channel.signal, lambda: f"a modal for {self.describe()} ({self._state()})", timeout
        )
