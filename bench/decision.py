"""CPU of one Stroganov decision in the bot, outside Discord, piece by piece, against its image
floor (issue 18 §7: the bot's CPU per decision within 1.5x of the images it draws).

The pieces are those the bot runs for ``/stroganov act`` in a game's thread (``cogs/table/table.py``
``play`` and ``tell``, ``cogs/table/turn_pages.py``), on a real store (a file in a temporary directory,
``synchronous=FULL`` as the bot runs): find the game (``store.get``; the command parses no state
since issue 18's sixth pass); ``store.append``; the turn page and the telling's end (``hold_turn_page``, which
reads the page, the story, ``fold``, prompts, the decision components and their
``discord.ui.View``, ``set_turn_page``, which marks the decision told). What discord.py and
aiohttp do (the interaction, the page edit or post) is left out: the end-to-end rows have it. CPU
is this process's (every thread: the SQLite one included), by ``time.process_time``, so a loaded
machine disturbs it less than wall time.

The floor is the public images (board and tableaux) drawn for the decisions that begin a new page,
divided by all the decisions: the images' CPU per decision.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.e2e_games import random_action
from bench.stats import Row
from cogs.games import ENGINES
from cogs.stroganov.ui import StroganovUI
from cogs.table.buttons import buttons
from cogs.table.pages import Page, fold
from cogs.table.views_kept import views_kept
from db.store import GameStore
from rules.stroganov import GAME

PIECES = ("get", "append", "turn page + told")


class Clock:
    def __init__(self) -> None:
        self.cpu: dict[str, float] = defaultdict(float)

    @contextmanager
    def piece(self, name: str) -> Iterator[None]:
        t0 = time.process_time()
        try:
            yield
        finally:
            self.cpu[name] += time.process_time() - t0


async def play(path: Path, players: int, games: int, decisions: int, seed: int) -> tuple[Clock, int, int]:
    """``decisions`` random decisions (not ending the game) in each of ``games`` games of
    ``players``, 40 decisions in (4 players; 10 solo) before timing. Returns the clock, the
    decisions timed and how many began a new page (their images timed as "floor")."""
    store = await GameStore.open(path, ENGINES)
    ui = StroganovUI()
    clock = Clock()
    timed = new_pages = 0
    for g in range(games):
        users = list(range(1, players + 1))
        rec = await store.create(
            "stroganov", users, {"difficulty": "normal"}, seed + g, guild_id=1, channel_id=2, creator_id=1
        )
        rnd = random.Random(seed + g)
        state, version = rec.load_state(), rec.version
        await store.set_turn_page(rec.id, Page(lines=["start"], fresh=False, message=1).stored())
        for k in range(-(40 if players > 1 else 10), decisions):
            seat = GAME.to_act(state)[0]
            picked = random_action(GAME, state, seat, rnd)
            if picked is None:
                break
            action = picked[0]
            measuring = k >= 0
            c = clock if measuring else Clock()
            with c.piece("get"):
                rec = await store.get(rec.id)
            with c.piece("append"):
                result = await store.append(rec.id, rec.version, seat, action)
            state, version = result.state, result.version
            with c.piece("turn page + told"), views_kept():  # as the table tells a change
                held = await store.hold_turn_page(rec.id)
                assert held is not None
                page = Page.of(held)
                pages = fold(page, ui.story(rec, state, list(result.events), "en"))
                prompts = [p for s in result.to_act if (p := ui.prompt(rec, state, s, "en"))]
                view = buttons(rec.id, ui.public_buttons(rec, state, version, "en"))
                current = pages[-1]
                if current is not pages[0]:
                    current.message = 1
                text = "\n".join([current.text(), *prompts])
                await store.set_turn_page(rec.id, current.stored(), told=version)
            del view, text
            if measuring:
                timed += 1
                if len(pages) > 1:
                    new_pages += 1
                    with clock.piece("floor"):
                        ui.public_files(rec, state, ("Ana", "Bo", "Cyril", "Dana")[: len(rec.players)], "en")
    await store.close()
    return clock, timed, new_pages


def run(quick: bool) -> list[Row]:
    rows = []
    for players in (1, 4):
        with tempfile.TemporaryDirectory() as tmp:
            clock, n, new = asyncio.run(
                play(Path(tmp) / "d.db", players, 3 if quick else 8, 30 if quick else 60, 1_000)
            )
        per = {k: v / max(1, n) * 1000 for k, v in clock.cpu.items()}
        bot = sum(per[p] for p in PIECES)
        who = "1 player (solo)" if players == 1 else f"{players} players"
        rows += [
            Row(
                "decision",
                f"stroganov {who}: CPU per decision outside Discord, ms: " + " + ".join(PIECES),
                f"{bot:.2f} = " + " + ".join(f"{per[p]:.2f}" for p in PIECES),
            ),
            Row(
                "decision",
                f"stroganov {who}: image floor per decision (board + tableaux x {new}/{n} new pages), ms",
                f"{per.get('floor', 0.0):.2f}",
            ),
        ]
    return rows
