"""Application commands as the bot synced them, and the option payloads a Discord client would send.

Interactions are built from the *synced* command tree, so a command or option the bot forgot
to sync (or synced with a different shape) fails here as it would for a real user.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import payloads
from . import permissions as perm
from .errors import UNKNOWN_COMMAND as UNKNOWN_COMMAND_CODE
from .errors import FakeDiscordError, invalid_form, unknown
from .messages import Upload
from .model import Channel, Role, TextChannel, Thread, User, World
from .signals import Signal

CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
OPTION_TYPE_NAMES = {
    1: "subcommand",
    2: "subcommand group",
    3: "string",
    4: "integer",
    5: "boolean",
    6: "user",
    7: "channel",
    8: "role",
    9: "mentionable",
    10: "number",
    11: "attachment",
}
_NAME = re.compile(r"^[-_\w]{1,32}$")
_LOCALIZED_NAME = re.compile(r"^[-_\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")
LOCALES = frozenset(
    (
        *("id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no"),
        *("pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th"),
        *("zh-CN", "ja", "zh-TW", "ko"),
    )
)
"""The locales Discord accepts as keys of ``name_localizations`` / ``description_localizations``."""
_STORED_KEYS = (
    "name",
    "name_localizations",
    "description",
    "description_localizations",
    "options",
    "default_member_permissions",
    "dm_permission",
    "contexts",
    "integration_types",
    "nsfw",
)


@dataclass
class ResolvedCommand:
    """A command path such as ``"stratego move"`` looked up in the synced tree."""

    command: dict[str, Any]
    chain: list[dict[str, Any]]
    guild_id: int | None

    @property
    def path(self) -> str:
        return " ".join([self.command["name"], *(c["name"] for c in self.chain)])

    @property
    def options(self) -> list[dict[str, Any]]:
        """The leaf's option specs (the ones a user fills in)."""
        return list((self.chain[-1] if self.chain else self.command).get("options") or [])

    def nest(self, leaf_options: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Wrap filled-in leaf options in the subcommand (group) options, as Discord sends them."""
        options = leaf_options
        for link in reversed(self.chain):
            options = [{"name": link["name"], "type": link["type"], "options": options}]
        return options


class CommandRegistry:
    def __init__(self, world: World) -> None:
        self.world = world
        self._scopes: dict[int | None, dict[int, dict[str, Any]]] = {None: {}}
        self._ids: dict[tuple[int | None, int, str], int] = {}
        self.signal = Signal()
        self.syncs = 0
        self.synced_scopes: set[int | None] = set()

    @property
    def application_id(self) -> int:
        return self.world.bot.id

    def in_scope(self, guild_id: int | None) -> list[dict[str, Any]]:
        return list(self._scopes.get(guild_id, {}).values())

    def get(self, guild_id: int | None, command_id: int) -> dict[str, Any]:
        try:
            return self._scopes.get(guild_id, {})[command_id]
        except KeyError:
            raise unknown("application command", UNKNOWN_COMMAND_CODE) from None

    def overwrite(self, guild_id: int | None, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if not isinstance(commands, list):
            raise invalid_form("_root", "Expected a list of commands.")
        seen: set[tuple[int, str]] = set()
        stored = []
        for i, payload in enumerate(commands):
            command = self._normalize(guild_id, payload, f"{i}")
            key = (command["type"], command["name"])
            if key in seen:
                raise invalid_form(f"{i}.name", f"Application command names must be unique ({command['name']!r})")
            seen.add(key)
            stored.append(command)
        if sum(1 for c in stored if c["type"] == CHAT_INPUT) > 100:
            raise invalid_form("_root", "Maximum number of application commands reached (100).")
        self._scopes[guild_id] = {int(c["id"]): c for c in stored}
        self._synced(guild_id)
        return stored

    def create(self, guild_id: int | None, payload: dict[str, Any]) -> dict[str, Any]:
        command = self._normalize(guild_id, payload, "_root")
        scope = self._scopes.setdefault(guild_id, {})
        scope[int(command["id"])] = command
        self._synced(guild_id)
        return command

    def edit(self, guild_id: int | None, command_id: int, payload: dict[str, Any]) -> dict[str, Any]:
        merged = {**self.get(guild_id, command_id), **payload}
        self._ids[(guild_id, int(merged.get("type") or CHAT_INPUT), merged["name"])] = command_id
        del self._scopes[guild_id][command_id]
        return self.create(guild_id, merged)

    def delete(self, guild_id: int | None, command_id: int) -> None:
        self.get(guild_id, command_id)
        del self._scopes[guild_id][command_id]
        self._synced(guild_id)

    def _synced(self, guild_id: int | None) -> None:
        self.syncs += 1
        self.synced_scopes.add(guild_id)
        self.signal.fire()
        self.world.changed()

    def _normalize(self, guild_id: int | None, payload: dict[str, Any], where: str) -> dict[str, Any]:
        kind = int(payload.get("type") or CHAT_INPUT)
        name = payload.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 32:
            raise invalid_form(f"{where}.name", "Must be between 1 and 32 in length.")
        description = payload.get("description") or ""
        if kind == CHAT_INPUT:
            _check_option_name(name, f"{where}.name")
            if not 1 <= len(description) <= 100:
                raise invalid_form(f"{where}.description", "Must be between 1 and 100 in length.")
            _check_localizations(payload, where)
            _check_options(payload.get("options") or [], f"{where}.options", parent=None)
        elif description:
            raise invalid_form(f"{where}.description", "Context menu commands cannot have a description.")
        permissions = payload.get("default_member_permissions")
        key = (guild_id, kind, name)
        command_id = self._ids.setdefault(key, self.world.new_id())
        command: dict[str, Any] = {k: payload[k] for k in _STORED_KEYS if k in payload}
        command.update(
            id=str(command_id),
            application_id=str(self.application_id),
            version=str(self.world.new_id()),
            type=kind,
            description=description,
            options=list(payload.get("options") or []),
            default_member_permissions=None if permissions is None else str(permissions),
            nsfw=bool(payload.get("nsfw", False)),
        )
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        return command

    def paths(self, guild_id: int | None) -> list[str]:
        """Every invocable chat-input path in a scope, e.g. ``["game board", "stratego move"]``."""
        found: list[str] = []
        for command in self.in_scope(guild_id):
            if command["type"] != CHAT_INPUT:
                continue
            subs = [o for o in command["options"] if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            if not subs:
                found.append(command["name"])
            for sub in subs:
                if sub["type"] == SUB_COMMAND:
                    found.append(f"{command['name']} {sub['name']}")
                else:
                    found += [f"{command['name']} {sub['name']} {leaf['name']}" for leaf in sub.get("options") or []]
        return found

    def resolve(self, path: str, channel: Channel) -> ResolvedCommand:
        """Look up ``path`` among the commands a user in ``channel`` is offered (guild ones first)."""
        head, *rest = path.lstrip("/").split()
        guild = channel.guild
        scopes: list[int | None] = [guild.id, None] if guild is not None else [None]
        for scope in scopes:
            for command in self.in_scope(scope):
                if command["type"] == CHAT_INPUT and command["name"] == head:
                    if guild is None and not _usable_in_dms(command):
                        continue
                    return ResolvedCommand(command, self._walk(command, rest, path), scope)
        offered = [p for scope in scopes for p in self.paths(scope)]
        raise FakeDiscordError(f"no synced command /{head} where {channel.label} is; synced: {offered}")

    def _walk(self, command: dict[str, Any], rest: list[str], path: str) -> list[dict[str, Any]]:
        chain: list[dict[str, Any]] = []
        node = command
        for name in rest:
            subs = {o["name"]: o for o in node.get("options") or [] if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)}
            if name not in subs:
                raise FakeDiscordError(f"/{path}: no subcommand {name!r}; have {sorted(subs)}")
            node = subs[name]
            chain.append(node)
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in node.get("options") or []):
            raise FakeDiscordError(f"/{path} is a group; name one of its subcommands")
        return chain


def _check_option_name(name: Any, field: str) -> None:
    if not isinstance(name, str) or not _NAME.match(name) or name != name.lower():
        raise invalid_form(field, f"Invalid command or option name {name!r} (lowercase, 1-32, no spaces).")


def _localized(item: dict[str, Any], key: str, where: str) -> dict[str, str]:
    value = item.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise invalid_form(f"{where}.{key}", "Must be an object.")
    for locale in value:
        if locale not in LOCALES:
            raise invalid_form(f"{where}.{key}.{locale}", f"Invalid locale {locale!r}.")
    return value


def _check_localizations(item: dict[str, Any], where: str, *, choice: bool = False) -> None:
    """``name_localizations`` and ``description_localizations`` as Discord checks them: known
    locales; a command's or option's name lower case, no spaces, 1-32 letters, digits, ``-`` or
    ``_``; a choice's name and a description 1-100 characters."""
    for locale, name in _localized(item, "name_localizations", where).items():
        field = f"{where}.name_localizations.{locale}"
        if choice:
            if not isinstance(name, str) or not 1 <= len(name) <= 100:
                raise invalid_form(field, "Must be between 1 and 100 in length.")
        elif not isinstance(name, str) or not _LOCALIZED_NAME.match(name) or name != name.lower():
            raise invalid_form(field, f"Invalid command or option name {name!r} (lowercase, 1-32, no spaces).")
    for locale, text in _localized(item, "description_localizations", where).items():
        if choice:
            raise invalid_form(f"{where}.description_localizations", "Choices have no description.")
        if not isinstance(text, str) or not 1 <= len(text) <= 100:
            raise invalid_form(f"{where}.description_localizations.{locale}", "Must be between 1 and 100 in length.")


def _check_unique_localized_names(options: list[dict[str, Any]], where: str) -> None:
    """In every locale, the names a user sees among one command's options (or a group's
    subcommands) are unique: the localized name, else the default one."""
    locales = {loc for o in options for loc in o.get("name_localizations") or {}}
    for locale in sorted(locales):
        seen: set[str] = set()
        for i, option in enumerate(options):
            name = (option.get("name_localizations") or {}).get(locale, option.get("name"))
            if name in seen:
                raise invalid_form(f"{where}.{i}.name_localizations.{locale}", "Option names must be unique.")
            seen.add(name)


def _check_options(options: list[dict[str, Any]], where: str, *, parent: int | None) -> None:
    """Options of a command (parent None), a subcommand group or a subcommand."""
    if len(options) > 25:
        raise invalid_form(where, "Must be 25 or fewer in length.")
    _check_unique_localized_names(options, where)
    names: set[str] = set()
    optional_seen = False
    nested = [o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options]
    if any(nested) and not all(nested):
        raise invalid_form(where, "Subcommands cannot be mixed with plain options.")
    for i, option in enumerate(options):
        field = f"{where}.{i}"
        kind = option.get("type")
        _check_option_name(option.get("name"), f"{field}.name")
        if option["name"] in names:
            raise invalid_form(f"{field}.name", "Option names must be unique.")
        names.add(option["name"])
        if not 1 <= len(option.get("description") or "") <= 100:
            raise invalid_form(f"{field}.description", "Must be between 1 and 100 in length.")
        _check_localizations(option, field)
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            allowed_parents = (None,) if kind == SUB_COMMAND_GROUP else (None, SUB_COMMAND_GROUP)
            if parent not in allowed_parents:
                raise invalid_form(f"{field}.type", "Subcommands nest at most as command > group > subcommand.")
            _check_options(option.get("options") or [], f"{field}.options", parent=kind)
            continue
        if parent == SUB_COMMAND_GROUP:
            raise invalid_form(f"{field}.type", "A subcommand group holds only subcommands.")
        if kind not in OPTION_TYPE_NAMES:
            raise invalid_form(f"{field}.type", f"Unknown option type {kind!r}.")
        if option.get("required"):
            if optional_seen:
                raise invalid_form(f"{field}.required", "Required options must be placed before non-required options.")
        else:
            optional_seen = True
        choices = option.get("choices") or []
        if choices and kind not in (STRING, INTEGER, NUMBER):
            raise invalid_form(f"{field}.choices", "Only string, integer and number options have choices.")
        if len(choices) > 25:
            raise invalid_form(f"{field}.choices", "Must be 25 or fewer in length.")
        for j, choice in enumerate(choices):
            _check_localizations(choice, f"{field}.choices.{j}", choice=True)
        if choices and option.get("autocomplete"):
            raise invalid_form(f"{field}.autocomplete", "Autocomplete cannot be set with choices.")


def _usable_in_dms(command: dict[str, Any]) -> bool:
    contexts = command.get("contexts")
    if contexts is not None:
        return 1 in contexts
    return command.get("dm_permission") is not False


def check_can_use(resolved: ResolvedCommand, user: User, channel: Channel) -> None:
    """Discord hides commands whose ``default_member_permissions`` the member lacks."""
    guild = channel.guild
    required = resolved.command.get("default_member_permissions")
    if guild is None or required is None:
        return
    assert isinstance(channel, TextChannel | Thread)
    have = guild.permissions_for(user, channel)
    needed = int(required)
    if (needed == 0 and not have & perm.ADMINISTRATOR) or have & needed != needed:
        raise FakeDiscordError(
            f"{user.name} is not offered /{resolved.path}: it needs permissions {needed:#x}, they have {have:#x}"
        )


def option_name(given: str, specs: Mapping[str, dict[str, Any]]) -> str:
    """Test code passes Python keywords with a trailing underscore (``from_=``)."""
    if given in specs:
        return given
    if given.endswith("_") and given[:-1] in specs:
        return given[:-1]
    raise FakeDiscordError(f"no option {given!r}; options are {sorted(specs)}")


class OptionBuilder:
    """Turns test values into Discord's option list and ``resolved`` map for one interaction."""

    def __init__(self, world: World, user: User, channel: Channel) -> None:
        self.world = world
        self.user = user
        self.channel = channel
        self.resolved: dict[str, dict[str, Any]] = {}

    def build(
        self, resolved: ResolvedCommand, given: Mapping[str, Any], *, focused: str | None = None
    ) -> list[dict[str, Any]]:
        specs = {o["name"]: o for o in resolved.options}
        values = {option_name(k, specs): v for k, v in given.items()}
        if focused is not None:
            focused = option_name(focused, specs)
            if not specs[focused].get("autocomplete"):
                raise FakeDiscordError(f"/{resolved.path} option {focused!r} was not synced with autocomplete")
        else:
            missing = [n for n, s in specs.items() if s.get("required") and n not in values]
            if missing:
                raise FakeDiscordError(f"/{resolved.path} needs the required option(s) {missing}")
        options = []
        for name, spec in specs.items():
            if name not in values:
                continue
            if name == focused:
                options.append({"name": name, "type": spec["type"], "value": str(values[name]), "focused": True})
            else:
                value = self.convert(spec, values[name], f"/{resolved.path} {name}")
                options.append({"name": name, "type": spec["type"], "value": value})
        return resolved.nest(options)

    def convert(self, spec: dict[str, Any], value: Any, where: str) -> Any:
        kind = spec["type"]
        choices = spec.get("choices") or []
        if choices:
            by_name = {c["name"]: c["value"] for c in choices}
            allowed = [c["value"] for c in choices]
            if value not in allowed and value in by_name:
                value = by_name[value]
            if value not in allowed:
                raise FakeDiscordError(f"{where}: {value!r} is not one of the choices {allowed}")
        if kind == STRING:
            _expect(isinstance(value, str), where, "a str", value)
            if not spec.get("min_length", 0) <= len(value) <= spec.get("max_length", 6000):
                raise FakeDiscordError(f"{where}: length {len(value)} is outside the synced min/max_length")
            return value
        if kind in (INTEGER, NUMBER):
            ok = isinstance(value, int) if kind == INTEGER else isinstance(value, int | float)
            _expect(ok and not isinstance(value, bool), where, OPTION_TYPE_NAMES[kind], value)
            low, high = spec.get("min_value"), spec.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise FakeDiscordError(f"{where}: {value} is outside [{low}, {high}]")
            return value
        if kind == BOOLEAN:
            _expect(isinstance(value, bool), where, "a bool", value)
            return value
        if kind == USER or (kind == MENTIONABLE and isinstance(value, User)):
            _expect(isinstance(value, User), where, "a fakediscord User", value)
            return self._resolve_user(value)
        if kind in (ROLE, MENTIONABLE):
            _expect(isinstance(value, Role), where, "a fakediscord Role", value)
            self.resolved.setdefault("roles", {})[str(value.id)] = payloads.role(value)
            return str(value.id)
        if kind == CHANNEL:
            _expect(isinstance(value, TextChannel | Thread), where, "a fakediscord channel or thread", value)
            types = spec.get("channel_types")
            if types and value.type not in types:
                raise FakeDiscordError(f"{where}: channel type {value.type} not in the synced channel_types {types}")
            data = payloads.channel_with_permissions(value, self.user)
            self.resolved.setdefault("channels", {})[str(value.id)] = data
            return str(value.id)
        if kind == ATTACHMENT:
            _expect(isinstance(value, tuple) and len(value) == 2, where, "a (filename, bytes) tuple", value)
            attachment = self.world.make_attachment(Upload(0, value[0], value[1]), {})
            self.resolved.setdefault("attachments", {})[str(attachment.id)] = payloads.attachment(attachment)
            return str(attachment.id)
        raise FakeDiscordError(f"{where}: option type {kind} is not supported by fakediscord")

    def _resolve_user(self, user: User) -> str:
        self.resolved.setdefault("users", {})[str(user.id)] = payloads.user(user)
        guild = self.channel.guild
        member = guild.member(user) if guild is not None else None
        if member is not None and guild is not None:
            assert isinstance(self.channel, TextChannel | Thread)
            permissions = guild.permissions_for(user, self.channel)
            member_data = payloads.member(member, with_user=False, permissions=permissions)
            self.resolved.setdefault("members", {})[str(user.id)] = member_data
        return str(user.id)


def _expect(ok: bool, where: str, expected: str, value: Any) -> None:
    if not ok:
        raise FakeDiscordError(f"{where}: expected {expected}, got {value!r}")
