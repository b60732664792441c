"""Every game the bot plays, registered in one place (issue 18 §2): its engine (pure, in ``rules/``),
its UI (images and words, from views and events), the extension with its slash commands, and its
automatic player for a seat whose player is away. Its words are found by the string tables
(``cogs/<game>/words/<locale>.py``), its renderer is its UI's.

A new game adds its engine, UI, cog and words, and one :func:`register` line in :func:`_builtin`;
the tests' toy game registers the same way from its own cog (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cogs.table.core.master import AutoPlayer
from cogs.table.ui import GameUI
from rules.protocol import AnyGame

RematchOptions = Callable[[Mapping[str, Any], Any, Sequence[int]], dict[str, Any]]
"""A rematch's options from the finished game's options, final state and the rematch's seats (for
each, the seat its player had): Stratego swaps the colours. Without one a rematch keeps the options."""


@dataclass(frozen=True, slots=True)
class GameKind:
    engine: AnyGame
    ui: GameUI
    cog: str
    """The extension (module) that adds the game's slash commands."""
    auto: AutoPlayer | None = None
    """None: the game has no automatic player (Stratego: two players, a claim on time instead)."""
    rematch: RematchOptions | None = None
    """How a rematch changes the options (None: it keeps them)."""

    @property
    def name(self) -> str:
        return self.engine.name


KINDS: dict[str, GameKind] = {}
"""Every registered game by its kind name (as stored with each game)."""
ENGINES: dict[str, AnyGame] = {}
"""The engines by kind name: the store's mapping (kept in step with :data:`KINDS`)."""


def register(kind: GameKind) -> GameKind:
    """Seat a game at the table; registering a kind again replaces it (a cog reloaded)."""
    if kind.ui.kind != kind.engine.name:
        raise ValueError(f"the UI of {kind.ui.kind!r} does not show the engine {kind.engine.name!r}")
    KINDS[kind.name] = kind
    ENGINES[kind.name] = kind.engine
    return kind


def kind(name: str) -> GameKind:
    return KINDS[name]


def ui(name: str) -> GameUI:
    return KINDS[name].ui


def auto_player(name: str) -> AutoPlayer | None:
    entry = KINDS.get(name)
    return entry.auto if entry is not None else None


def rematch_options(name: str, options: Mapping[str, Any], state: Any, order: Sequence[int]) -> dict[str, Any]:
    """The options of a rematch of a game of ``name`` (see :data:`RematchOptions`)."""
    entry = KINDS[name]
    return entry.rematch(options, state, order) if entry.rematch is not None else dict(options)


def _builtin() -> None:
    from cogs.shitenno.ui import ShitennoUI
    from cogs.stratego.ui import StrategoUI
    from cogs.stroganov.ui import StroganovUI
    from rules.shitenno import GAME as SHITENNO
    from rules.shitenno.auto import auto_action as shitenno_auto
    from rules.stratego import GAME as STRATEGO
    from rules.stratego.engine import rematch_options as stratego_rematch
    from rules.stroganov import GAME as STROGANOV
    from rules.stroganov.auto import auto_action as stroganov_auto

    register(GameKind(STRATEGO, StrategoUI(), "cogs.stratego.cog", rematch=stratego_rematch))
    register(GameKind(SHITENNO, ShitennoUI(), "cogs.shitenno.cog", shitenno_auto))
    register(GameKind(STROGANOV, StroganovUI(), "cogs.stroganov.cog", stroganov_auto))


_builtin()
