"""Every game the bot plays, registered in one place (issue 18 §2, issue 45 §4): a game is one
registration, a :class:`GameKind` carrying everything of it — its engine (pure, in ``rules/``), its
UI (images and words, from views and events; its renderer is the UI's), its extension with its
slash commands, its automatic player for a seat whose player is away, its rematch options, the
options a league sets for fairness, its words in every language (``cogs/<game>/words/``: sentences
and slash commands, added to the tables as it registers) and its benchmark workload. The store, the
bot's cogs, the tables of words, the render workers, the benchmarks and the tests all read the
registered kinds.

A new game adds its engine, its package (UI, cog, words, workload) and one :func:`register` line in
:func:`_builtin`; the tests' toy game registers the same way from its own cog (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cogs.extension import Extension
from cogs.table.core.master import AutoPlayer
from cogs.table.ui import GameUI
from cogs.texts import add_game
from cogs.texts.tables import Words
from cogs.workload import Workload
from rules.computer import Computer
from rules.errors import BadOptions
from rules.protocol import PLAY_ON_OPTION, AnyGame, resolve_options

RematchOptions = Callable[[Mapping[str, Any], Any, Sequence[int]], dict[str, Any]]
"""A rematch's options from the finished game's options, final state and the rematch's seats (for
each, the seat its player had): Stratego swaps the colours. Without one a rematch keeps the options."""
AnyUI = GameUI[Any]
"""The UI of any game (each UI declares its own state type; the registry holds them all)."""


@dataclass(frozen=True, slots=True)
class GameKind:
    engine: AnyGame
    ui: AnyUI
    cog: Extension
    """The extension that adds the game's slash commands (``cogs/<game>/extension.py``: it loads
    the cog module, ``cogs.extension``; the bot loads it by its name)."""
    words: Mapping[str, Words] = field(default_factory=dict)
    """Its words by locale (``cogs/<game>/words/``): its sentences and its slash commands'."""
    auto: AutoPlayer | None = None
    """None: the game has no automatic player (Stratego: two players, a claim on time instead)."""
    rematch: RematchOptions | None = None
    """How a rematch changes the options (None: it keeps them)."""
    bench: Workload[Any, Any, Any] | None = None
    """What the benchmarks measure of it (None: nothing of its own, as the tests' toy game)."""
    computer: Computer[Any, Any] | None = None
    """Its computer player (``rules/<game>/computer.py``; None: the game has none yet)."""
    league_options: Mapping[str, Any] = field(default_factory=dict)
    """Options a league sets for fairness, never offered to its organizer: the pairing's first seat
    moves first (Stratego: the first seat plays Red). Empty: a league sets none of its own."""

    @property
    def name(self) -> str:
        return self.engine.name


KINDS: dict[str, GameKind] = {}
"""Every registered game by its kind name (as stored with each game)."""
ENGINES: dict[str, AnyGame] = {}
"""The engines by kind name: the store's mapping (kept in step with :data:`KINDS`)."""


def register(kind: GameKind) -> GameKind:
    """Seat a game at the table, its words in the tables; registering a kind again replaces it (a
    cog reloaded)."""
    if kind.ui.kind != kind.engine.name:
        raise ValueError(f"the UI of {kind.ui.kind!r} does not show the engine {kind.engine.name!r}")
    try:
        resolve_options(kind.engine.options, kind.league_options)
    except BadOptions as e:
        raise ValueError(f"the league options of {kind.name!r} are not options of its engine: {e}") from e
    add_game(kind.name, kind.words)
    KINDS[kind.name] = kind
    ENGINES[kind.name] = kind.engine
    return kind


def registered() -> list[GameKind]:
    """Every registered game, by name: what the benchmarks and the tests iterate."""
    return [KINDS[name] for name in sorted(KINDS)]


def kind(name: str) -> GameKind:
    return KINDS[name]


def ui(name: str) -> AnyUI:
    return KINDS[name].ui


def auto_player(name: str) -> AutoPlayer | None:
    entry = KINDS.get(name)
    return entry.auto if entry is not None else None


def has_computer(name: str) -> bool:
    """Whether the game ``name`` has a computer player (issue 46: it plays the seats the table
    plays; a game without one falls back on its automatic player)."""
    entry = KINDS.get(name)
    return entry is not None and entry.computer is not None


def table_options(name: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a game of ``name`` is opened with: ``options``, and ``PLAY_ON_OPTION`` set where the
    game has a computer and its engine can play a resigned seat on (issue 46 §1: in a game of three
    or more a resigner's seat goes to a computer; the engine ignores it for two). Without either,
    a resignation stays as the game's rules write it."""
    out = dict(options)
    if has_computer(name) and any(o.name == PLAY_ON_OPTION for o in KINDS[name].ui.engine.options):
        out[PLAY_ON_OPTION] = True
    return out


def rematch_options(name: str, options: Mapping[str, Any], state: Any, order: Sequence[int]) -> dict[str, Any]:
    """The options of a rematch of a game of ``name`` (see :data:`RematchOptions`), with the
    table's (:func:`table_options`)."""
    entry = KINDS[name]
    return table_options(name, entry.rematch(options, state, order) if entry.rematch is not None else dict(options))


def worker_modules() -> list[str]:
    """What a render worker imports before it draws: this registry (with it every built-in game's
    UI and words) and the module of each registered UI (a game registered elsewhere: its words
    register as its module loads)."""
    return [__name__, *dict.fromkeys(type(k.ui).__module__ for k in KINDS.values())]


def _builtin() -> None:
    import cogs.shitenno.extension
    import cogs.stratego.extension
    import cogs.stroganov.extension
    from cogs.shitenno.ui import ShitennoUI
    from cogs.shitenno.words import WORDS as SHITENNO_WORDS
    from cogs.shitenno.workload import WORKLOAD as SHITENNO_WORKLOAD
    from cogs.stratego.ui import StrategoUI
    from cogs.stratego.words import WORDS as STRATEGO_WORDS
    from cogs.stratego.workload import WORKLOAD as STRATEGO_WORKLOAD
    from cogs.stroganov.ui import StroganovUI
    from cogs.stroganov.words import WORDS as STROGANOV_WORDS
    from cogs.stroganov.workload import WORKLOAD as STROGANOV_WORKLOAD
    from rules.shitenno import GAME as SHITENNO
    from rules.shitenno.auto import auto_action as shitenno_auto
    from rules.shitenno.computer import COMPUTER as SHITENNO_COMPUTER
    from rules.stratego import GAME as STRATEGO
    from rules.stratego.computer import COMPUTER as STRATEGO_COMPUTER
    from rules.stratego.engine import LEAGUE_OPTIONS as STRATEGO_LEAGUE_OPTIONS
    from rules.stratego.engine import rematch_options as stratego_rematch
    from rules.stroganov import GAME as STROGANOV
    from rules.stroganov.auto import auto_action as stroganov_auto
    from rules.stroganov.computer import COMPUTER as STROGANOV_COMPUTER
    from rules.stroganov.engine import LEAGUE_OPTIONS as STROGANOV_LEAGUE_OPTIONS

    register(
        GameKind(
            STRATEGO,
            StrategoUI(),
            cogs.stratego.extension,
            STRATEGO_WORDS,
            rematch=stratego_rematch,
            bench=STRATEGO_WORKLOAD,
            computer=STRATEGO_COMPUTER,
            league_options=STRATEGO_LEAGUE_OPTIONS,
        )
    )
    register(
        GameKind(
            SHITENNO,
            ShitennoUI(),
            cogs.shitenno.extension,
            SHITENNO_WORDS,
            shitenno_auto,
            bench=SHITENNO_WORKLOAD,
            computer=SHITENNO_COMPUTER,
        )
    )
    register(
        GameKind(
            STROGANOV,
            StroganovUI(),
            cogs.stroganov.extension,
            STROGANOV_WORDS,
            stroganov_auto,
            bench=STROGANOV_WORKLOAD,
            computer=STROGANOV_COMPUTER,
            league_options=STROGANOV_LEAGUE_OPTIONS,
        )
    )


_builtin()
