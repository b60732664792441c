"""CPU of one decision in the bot, outside Discord, piece by piece, against its image floor (issue
18 §7: the bot's CPU per decision within 1.5x of the images it draws), for each registered game whose
decisions are many a turn (``Workload.decisions``, ``cogs/<game>/workload.py``: Shitenno and
Stroganov).

The pieces are those the bot runs for ``/<game> act`` in a game's thread (``cogs/table/table.py``
``play`` and ``tell``), on a real store (a file in a temporary directory, ``synchronous=FULL`` as the
bot runs): find the game (``store.games.get``; the command parses no state since issue 18's sixth pass);
``store.games.append``; then the telling, as each game is told (its UI's ``live_turn``):

- on its turn page (Stroganov; ``cogs/table/turn_pages.py``): ``hold_turn_page``, which reads the page,
  the planned page news (``cogs/table/plan/pages.py`` ``page_news``: the story, ``fold``, prompts,
  the decision components) and their ``discord.ui.View``,
  ``set_turn_page``, which marks the decision told;
- by posts and DMs (Shitenno), as :meth:`Shows.announce` tells a change, from the same plan (``cogs/table/plan/news.py``
  ``news``: the plan — every notice's and the thread's words and components), then what the table
  does with it: the DMs of the seats now waiting and of those
  whose hand changed (the notice or the hand in words, the DM's components, the state written as
  JSON for the render worker, the DM marked made), the thread's lines, prompts and buttons (and the
  state for the board's worker when the board changed), and the change marked told.

What discord.py and aiohttp do (the interaction, the posts and DMs) is left out: the end-to-end rows
have it, and ``library-floor`` has it alone. CPU is this process's (every thread: the SQLite one
included), by ``time.process_time``, so a loaded machine disturbs it less than wall time.

The floor is the images those decisions have the render workers draw (Stroganov: board and tableaux
on the decisions that begin a new page; Shitenno: the public images when the board changed, each DM's
hand), divided by all the decisions: the images' CPU per decision.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from bench.e2e_games import random_action
from bench.stats import Row
from cogs.games import ENGINES, GameKind, registered
from cogs.table import plan
from cogs.table.buttons import buttons
from cogs.table.core.change import Change
from cogs.table.plan.pages import Page, page_news
from cogs.table.ui import TurnPagesUI
from cogs.table.views_kept import views_kept
from db.json_text import dumps
from db.records import AppendResult, GameRecord, UserPrefs
from db.store import GameStore

NAMES = ("Ana", "Bo", "Cyril", "Dana")


class Clock:
    def __init__(self) -> None:
        self.cpu: dict[str, float] = defaultdict(float)
        self.new_pages = 0
        """Turn pages: the decisions timed that began a new page (their images are the floor)."""

    @contextmanager
    def piece(self, name: str) -> Iterator[None]:
        t0 = time.process_time()
        try:
            yield
        finally:
            self.cpu[name] += time.process_time() - t0


Tell = Callable[[GameStore, GameRecord, AppendResult, int, Clock, bool], Awaitable[None]]
"""How a game's decision is told: (store, record, the append's result, the seat, clock, whether its
images are drawn on the clock's "floor")."""


async def tell_page(
    store: GameStore, rec: GameRecord, result: AppendResult, seat: int, clock: Clock, floor: bool
) -> None:
    """A game told on turn pages (Stroganov)."""
    ui = cast(TurnPagesUI[Any], UIS[rec.kind])  # its UI's live_turn: a TurnPagesUI
    state, version = result.state, result.version
    change = Change.of_action(rec, result, None, seat)
    with clock.piece("turn page + told"), views_kept():  # as the table tells a change
        held = await store.pages.hold(rec.id)
        assert held is not None
        planned = page_news(ui, change, Page.of(held), "en")  # the table's own plan
        view = buttons(rec.id, planned.components)
        current = planned.current
        if current is not planned.first:
            current.message = 1
        text = "\n".join([current.text(), *planned.prompts])
        await store.pages.save(rec.id, current.stored(), told=version)
    del view, text
    if floor and len(planned.pages) > 1:
        clock.new_pages += 1
        with clock.piece("floor"):
            ui.public_files(rec, state, NAMES[: len(rec.players)], "en")


async def tell_news(
    store: GameStore, rec: GameRecord, result: AppendResult, seat: int, clock: Clock, floor: bool
) -> None:
    """A game told by posts and DMs (Shitenno)."""
    ui, state, version = UIS[rec.kind], result.state, result.version
    change = Change.of_action(rec, result, None, seat)
    names = NAMES[: len(rec.players)]
    with views_kept():  # as the table tells a change
        with clock.piece("plan"):
            prefs = {user: UserPrefs(user) for user in rec.players}  # the defaults: a DM for their turn
            telling = plan.news(ui, change, "en", prefs, lambda prefs, locale: "", frozenset())  # the table's plan
        for notice in telling.notices:
            if not isinstance(notice, plan.Dm):
                continue
            with clock.piece("DMs"):
                dm = buttons(rec.id, list(notice.components))
                sent = dumps(ui.engine.dump(state))  # the state as the render worker gets it
                await store.outbox.step(rec.id, version, notice.step)
            del dm, sent
            if floor and notice.seat is not None:
                with clock.piece("floor"):
                    ui.private_files(rec, state, notice.seat, names, "en")
        post = telling.post
        assert post is not None
        with clock.piece("thread"):
            sent = dumps(ui.engine.dump(state)) if post.images is not None else ""
            view = buttons(rec.id, list(post.components))
        del sent, view
        with clock.piece("told"):
            await store.outbox.told(rec.id, version)
        if floor and post.images is not None:
            with clock.piece("floor"):
                ui.public_files(rec, state, names, "en")


async def first_page(store: GameStore, game_id: int) -> None:
    """A game's turn page as the bot's start leaves it (posted, nothing on it yet)."""
    await store.pages.save(game_id, Page(lines=["start"], fresh=False, message=1).stored())


@dataclass(frozen=True)
class Kind:
    name: str
    options: dict[str, Any]
    players: tuple[int, ...]
    pieces: tuple[str, ...]
    tell: Tell
    warm_up: Callable[[int], int]
    """Decisions made before timing, by player count."""
    floor_words: str
    begin: Callable[[GameStore, int], Awaitable[None]] | None = None
    """What the table leaves in the store at a game's start that the telling reads."""


def kind_of(game: GameKind) -> Kind | None:
    """How the bench times a registered game's decisions (None: it does not: a game of few decisions
    a turn, Stratego), told as its UI tells them."""
    spec = game.bench.decisions if game.bench is not None else None
    if spec is None:
        return None
    pieces: tuple[str, ...]
    if game.ui.live_turn:
        pieces, tell, begin = ("get", "append", "turn page + told"), tell_page, first_page
    else:
        pieces, tell, begin = ("get", "append", "plan", "DMs", "thread", "told"), tell_news, None
    return Kind(game.name, dict(spec.options), spec.players, pieces, tell, spec.warm_up, spec.floor, begin)


UIS = {game.name: game.ui for game in registered()}
KINDS = {kind.name: kind for game in registered() if (kind := kind_of(game)) is not None}
"""Every registered game the bench times, by name."""


async def play(kind: Kind, path: Path, players: int, games: int, decisions: int, seed: int) -> tuple[Clock, int]:
    """``decisions`` random decisions (not ending the game) in each of ``games`` games of
    ``players``, after the warm-up's. Returns the clock and the decisions timed."""
    store = await GameStore.open(path, ENGINES)
    engine = ENGINES[kind.name]
    clock = Clock()
    timed = 0
    for g in range(games):
        users = list(range(1, players + 1))
        rec = await store.games.create(kind.name, users, kind.options, seed + g, guild_id=1, channel_id=2, creator_id=1)
        rnd = random.Random(seed + g)
        state = rec.load_state()
        if kind.begin is not None:
            await kind.begin(store, rec.id)
        for k in range(-kind.warm_up(players), decisions):
            seat = engine.to_act(state)[0]
            picked = random_action(engine, state, seat, rnd)
            if picked is None:
                break
            measuring = k >= 0
            c = clock if measuring else Clock()
            with c.piece("get"):
                rec = await store.games.get(rec.id)
            with c.piece("append"):
                result = await store.games.append(rec.id, rec.version, seat, picked[0])
            state = result.state
            await kind.tell(store, rec, result, seat, c, measuring)
            timed += measuring
    await store.close()
    return clock, timed


def run(quick: bool, kinds: tuple[str, ...] | None = None) -> list[Row]:
    """Every game of :data:`KINDS` (or those of ``kinds``), at each of its player counts."""
    rows = []
    for name in KINDS if kinds is None else kinds:
        kind = KINDS[name]
        for players in kind.players:
            with tempfile.TemporaryDirectory() as tmp:
                clock, n = asyncio.run(
                    play(kind, Path(tmp) / "d.db", players, 3 if quick else 8, 30 if quick else 60, 1_000)
                )
            per = {k: v / max(1, n) * 1000 for k, v in clock.cpu.items()}
            bot = sum(per.get(p, 0.0) for p in kind.pieces)
            who = "1 player (solo)" if players == 1 else f"{players} players"
            floor = kind.floor_words.format(new=clock.new_pages, n=n)
            rows += [
                Row(
                    "decision",
                    f"{name} {who}: CPU per decision outside Discord, ms: " + " + ".join(kind.pieces),
                    f"{bot:.2f} = " + " + ".join(f"{per.get(p, 0.0):.2f}" for p in kind.pieces),
                ),
                Row(
                    "decision", f"{name} {who}: image floor per decision ({floor}), ms", f"{per.get('floor', 0.0):.2f}"
                ),
            ]
    return rows
