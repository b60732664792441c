"""Persistent buttons (DESIGN §5): one DynamicItem whose custom id ``dk:{game}:{version}:{verb}[:{arg}]``
carries everything needed, so a button works after any number of restarts and no game state lives
in a View. A press loads the game and goes to the handler of ``(kind, verb)``, or of the generic
``verb`` (lobby, private view, resign, cancel) that every game shares."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from cogs.table.respond import Refusal, guarded, reply
from cogs.table.ui import ButtonSpec, Pick, SelectSpec
from cogs.texts import t

if TYPE_CHECKING:
    from db.records import GameRecord

ARG = r"[A-Za-z0-9_.+\-]{1,60}"
TEMPLATE = rf"dk:(?P<game>\d{{1,19}}):(?P<version>\d{{1,19}}):(?P<verb>[a-z_]{{1,20}})(?::(?P<arg>{ARG}))?"
MAX_CUSTOM_ID = 100

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


@dataclass(frozen=True, slots=True)
class Press:
    """One button press (or select choice): which game, the version the component was drawn at,
    what it does, and for a select the values picked."""

    game: int
    version: int
    verb: str
    arg: str | None = None
    values: tuple[str, ...] = ()


Handler = Callable[[discord.Interaction, "GameRecord", Press], Awaitable[None]]


def custom_id(game: int, version: int, verb: str, arg: str | None = None) -> str:
    cid = f"dk:{game}:{version}:{verb}" + (f":{arg}" if arg is not None else "")
    if len(cid) > MAX_CUSTOM_ID or not re.fullmatch(TEMPLATE, cid):
        raise ValueError(f"not a button id: {cid!r}")
    return cid


class Router:
    """Handlers by ``(kind, verb)``; a ``kind`` of ``None`` serves every game."""

    def __init__(self) -> None:
        self._handlers: dict[tuple[str | None, str], Handler] = {}
        self._after_end: set[str] = set()

    def on(self, verb: str, handler: Handler, kind: str | None = None, *, after_end: bool = False) -> None:
        """A game's verb may not shadow a generic one (a lobby's Accept would become the game's).
        ``after_end``: the button is for a game that is over (Rematch); others answer with the
        result once it is."""
        clash = (None, verb) in self._handlers if kind is not None else any(v == verb and k for k, v in self._handlers)
        if clash:
            raise ValueError(f"button verb {verb!r} is both generic and {kind or 'a game'}'s")
        self._handlers[(kind, verb)] = handler
        if after_end:
            self._after_end.add(verb)

    def after_end(self, verb: str) -> bool:
        """Whether ``verb`` is pressed on a game that is over (its handler checks the status)."""
        return verb in self._after_end

    def find(self, kind: str, verb: str) -> Handler | None:
        return self._handlers.get((kind, verb)) or self._handlers.get((None, verb))


class Pressing(Protocol):
    """What takes a pressed button or select (:class:`cogs.table.acting.Acting`)."""

    async def pressed(self, interaction: discord.Interaction, press: Press) -> None: ...


class PressTable(Protocol):
    """What a pressed button or select needs of the bot's table (:class:`cogs.table.table.Table`)."""

    @property
    def acting(self) -> Pressing: ...


class _ItemHost(Protocol):
    @property
    def table(self) -> PressTable: ...


def table_of(interaction: discord.Interaction) -> PressTable:
    """The table of the bot that got ``interaction``: only the bot (``bot.Deskovka``, which
    declares its ``table``) registers these items."""
    return cast(_ItemHost, interaction.client).table


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    def __init__(self, press: Press, label: str = "", style: str = "secondary") -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or press.verb)[:80],
                style=STYLES[style],
                custom_id=custom_id(press.game, press.version, press.verb, press.arg),
            )
        )
        self.press = press

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameButton:
        return cls(Press(int(match["game"]), int(match["version"]), match["verb"], match["arg"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        table = table_of(interaction)
        await guarded(interaction, lambda: table.acting.pressed(interaction, self.press))


SELECT_TEMPLATE = TEMPLATE.replace("dk:", "dks:", 1)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """The select twin of :class:`GameButton` (custom id ``dks:…``): its values reach the same
    router, in ``Press.values``."""

    def __init__(self, press: Press, spec: SelectSpec | None = None) -> None:
        spec = spec or SelectSpec(press.verb, "", [])
        options = [
            discord.SelectOption(label=o[0][:100], value=o[1][:100], description=(o[2] or None)) for o in spec.options
        ]
        super().__init__(
            discord.ui.Select(
                custom_id="dks:" + custom_id(press.game, press.version, press.verb, press.arg)[3:],
                placeholder=spec.placeholder[:150] or None,
                min_values=spec.min_values,
                max_values=min(spec.max_values, max(1, len(options))),
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.press = press

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameSelect:
        return cls(Press(int(match["game"]), int(match["version"]), match["verb"], match["arg"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, Any] = interaction.data or {}
        values = tuple(str(v) for v in data.get("values", []))
        press = Press(self.press.game, self.press.version, self.press.verb, self.press.arg, values)
        table = table_of(interaction)
        await guarded(interaction, lambda: table.acting.pressed(interaction, press))


def select_view(game: int, spec: SelectSpec, extra: Iterable[ButtonSpec] = ()) -> discord.ui.View:
    """A View with one game select (and buttons under it)."""
    view = discord.ui.View(timeout=None)
    view.add_item(GameSelect(Press(game, spec.version, spec.verb, spec.arg), spec))
    for b in extra:
        view.add_item(GameButton(Press(game, b.version, b.verb, b.arg), b.label, b.style))
    return view


def buttons(game: int, specs: Iterable[ButtonSpec | SelectSpec]) -> discord.ui.View | None:
    """A View of one game's buttons (never stored, never awaited); ``None`` when there are none."""
    return view_of((game, spec) for spec in specs)


def view_of(items: Iterable[tuple[int, ButtonSpec | SelectSpec]]) -> discord.ui.View | None:
    """A View of buttons (and selects, each on a row of its own) of possibly several games (e.g.
    "which game do you resign?")."""
    view = discord.ui.View(timeout=None)
    for game, spec in items:
        press = Press(game, spec.version, spec.verb, spec.arg)
        if isinstance(spec, SelectSpec):
            view.add_item(GameSelect(press, spec))
        else:
            view.add_item(GameButton(press, spec.label, spec.style))
    return view if view.children else None


def require_current(press: Press, version: int, locale: str) -> None:
    """A step of a private picker works on the game as it was drawn (its select values are
    indices of that version): refused once the game moved on."""
    if press.version != version:
        raise Refusal(t("stale_plain", locale))


async def show_pick(interaction: discord.Interaction, game: int, pick: Pick, *, edit: bool) -> None:
    """A picker privately: a new ephemeral reply, or the picker pressed edited into its next step;
    a pick with nothing to offer is a refusal in its own words."""
    if not pick.components:
        raise Refusal(pick.text)
    view = buttons(game, pick.components)
    if edit:
        await interaction.response.edit_message(content=pick.text, view=view)
    else:
        await reply(interaction, pick.text, ephemeral=True, view=view)
