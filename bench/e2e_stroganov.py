"""Stroganov end to end through the real bot (``tests/e2e/bot_process.py``) and the local Discord.

30 games of 1 player (solo against Ivan) and 30 of 4 (10 and 10 with ``--quick``) in one bot
process, each in its thread, made in the store before the bot starts: past the board choice, then
a random number of decisions in (0–30 solo, 0–120 with 4 players). Games are told as turn pages
(``cogs/table/turn_pages.py``): one thread message per turn, edited after each decision; a turn's end
posts a new page with the board and the tableaux.

A decision is made by the seat to act in one of two ways, measured apart:

- **slash**: ``/stroganov act action:<notation>``, the action drawn here at random among
  ``GAME.legal`` without ``resign`` and without the decisions that would end the game (as in
  ``bench/e2e_shitenno.py``). The bot defers (the first response), edits the page by REST (or
  posts the new one) and answers ephemerally: the final answer;
- **press**: a button or select option offered on the current turn page (the thread message whose
  components carry the game's current version, as ``tests/e2e/stroganov_players.py:page()`` finds
  it), drawn at random among those that do not end the game; the 3b fee selects (``fee_for``, a
  second, private picker) and ``more`` are left out. The bot answers by editing the page
  (``interaction.response.edit_message``): first response and final answer are the same call.

Per decision also **page ready**: from sending (or the due time) until a thread message carries
the components of the next version (the next decision can be made): after the page edit, or
after the new page with its two PNGs is posted. Each game waits for it before its next decision.

Per player count and way: decisions arriving open-loop at ``RATE``/s (``bench/e2e.py``'s
``open_loop``), then bursts (every game at once); REST calls besides the interaction responses
and the bot's CPU (from /proc) per decision, counted until ``IDLE`` s after the last answer.
Then capacity with the 4-player games and slash decisions, by the ramp of ``bench/e2e.py``.

``BENCH_PYSPY=file`` samples the bot with py-spy as in ``bench/e2e.py``.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from typing import Any

from bench import e2e, e2e_games
from bench.e2e import IDLE, Sample, pyspy, rss_mb
from bench.e2e_games import RATE, World, after, both, late, rest_row
from bench.stats import Row, median
from cogs.stroganov.ui import StroganovUI
from cogs.table.plan.pages import Page, fold
from rules.stroganov import GAME
from rules.stroganov.actions import parse_action
from tests.fakediscord import FakeDiscord, Message

GAMES = 30
"""Games per player count (``QUICK_GAMES`` with ``--quick``)."""
QUICK_GAMES = 10
COUNTS = (1, 4)
START = {1: 30, 4: 120}
"""At most this many random decisions past the board choice when a game is made."""
KINDS = ("slash", "press")
CAPACITY_PLAYERS = 4
"""Capacity (``bench/e2e.py``'s ramp, slash decisions: the final answer after the page) is
measured with the games of this many players."""


@dataclass(kw_only=True)
class Game(e2e_games.Game):
    id: int
    version: int

    @property
    def tag(self) -> str:
        """What the custom ids of this version's components begin with, after ``dk`` (buttons)
        or ``dks`` (selects)."""
        return f":{self.id}:{self.version}:"

    def ours(self, custom_id: str | None, verb: str = "") -> bool:
        return bool(custom_id) and str(custom_id).split(":", 1)[-1].startswith(self.tag[1:] + verb)

    def page(self) -> Message | None:
        """The current turn page: the thread message whose components carry this version."""
        for m in reversed(self.thread.messages):
            if not m.deleted and any(self.ours(c.get("custom_id")) for c in m.walk_components()):
                return m
        return None


@dataclass
class Plan:
    game: Game
    seat: int
    notation: str
    state: Any  # after the decision
    press: tuple[Any, str, str | None] | None = None  # (message, custom_id, select value)


@dataclass
class PageSample(Sample):
    ready: float  # sending (or the due time) to the page of the next version
    new_page: bool  # a new page was posted (the turn ended: board and tableaux images)


@dataclass
class Measured(e2e_games.Measured):
    fallbacks: int = 0  # press decisions made by slash: nothing suitable offered on the page

    def add(self, other: e2e.Measured) -> None:
        super().add(other)
        assert isinstance(other, Measured)
        self.fallbacks += other.fallbacks


class Bench(e2e_games.Bench):
    """``press`` (else slash) is the way decisions are made."""

    engine = GAME
    measured = Measured
    settle = IDLE  # what the last decisions still send (a ping) counts

    def __init__(self, fake: FakeDiscord, bot: asyncio.subprocess.Process, games: list[Game]) -> None:
        super().__init__(fake, bot, games)
        self.press = False
        self.fallbacks = 0

    def plan(self, games: list[e2e_games.Game], decisions: int) -> None:
        """Pressing, the decision is one the page offers, chosen when it is sent."""
        if not self.press:
            super().plan(games, decisions)

    def pick(self, game: Game, press: bool) -> Plan | None:
        seat = GAME.to_act(game.state)[0]
        if press:
            page = game.page()
            offered: list[tuple[str, str | None, str]] = []  # custom_id, select value, notation
            for c in page.walk_components() if page is not None else []:
                cid = str(c.get("custom_id"))
                if not game.ours(cid, "do:"):
                    continue  # another game's, or the fee picker (fee_for)
                if c.get("type") == 2:  # a button: the notation is its argument
                    offered.append((cid, None, cid.split(":", 4)[4].replace(".", " ")))
                else:
                    offered += [(cid, o["value"], o["value"]) for o in c.get("options", []) if o["value"] != "more"]
            game.rnd.shuffle(offered)
            for cid, value, notation in offered:
                nxt = after(GAME, game.state, seat, parse_action(notation))
                if nxt is not None:
                    return Plan(game, seat, notation, nxt, (page, cid, value))
            self.fallbacks += 1
        picked = self.draw(game, seat)
        if picked is None:
            return None
        return Plan(game, seat, picked[0].notation(), picked[1])

    async def send(self, plan: Plan, due: float | None = None) -> PageSample:
        game, user = plan.game, plan.game.users[plan.seat]
        before = game.page()
        start = time.perf_counter()
        if plan.press is None:
            i = await self.fake.slash(user, game.thread, "stroganov act", action=plan.notation)
        else:
            message, cid, value = plan.press
            if value is None:
                i = await self.fake.click(user, message, cid)
            else:
                i = await self.fake.select(user, message, cid, [value])
        answer = await i.response()
        final = time.perf_counter()
        game.version += 1
        page = await self.fake.wait_for(game.page, f"the page of game {game.id} version {game.version}")
        ready = time.perf_counter()
        origin = start if due is None else due
        if plan.press is None:
            assert answer.ephemeral and "Done" in answer.content, (plan.notation, answer.content)
        else:
            assert not answer.ephemeral, (plan.notation, answer.content)
        assert i.latency is not None
        game.state = plan.state
        return PageSample(i.latency, final - origin, ready - origin, before is None or page.id != before.id)

    async def decide(self, game: Game, due: float | None = None) -> PageSample | None:
        plan = self.pick(game, self.press)
        return None if plan is None else await self.send(plan, due)

    def sends(self, games: list[Game]) -> list[Any]:
        plans = [p for g in games if (p := self.pick(g, self.press)) is not None]  # drawn before sending
        return [self.send(p) for p in plans]

    async def measure(self, work: Any) -> e2e_games.Measured:
        fallbacks = self.fallbacks
        out = await super().measure(work)
        assert isinstance(out, Measured)
        out.fallbacks = self.fallbacks - fallbacks
        return out


async def made(w: World, n: int, seed: int, users: list[Any], rnd: random.Random) -> Game:
    """A game in the store (its thread, ``n`` seats): the boards chosen, then up to ``START[n]``
    random decisions."""
    rec, thread = await w.create("stroganov", {"difficulty": "normal"}, seed, users)
    version, state = rec.version, rec.load_state()
    ui = StroganovUI()
    page = Page(lines=[ui.start_text(rec, state, "en")], fresh=False)  # the start post is the first page
    extra = rnd.randrange(0, START[n] + 1)
    while True:
        if state.stage != "boards":
            if extra == 0:
                break
            extra -= 1
        seat = GAME.to_act(state)[0]
        picked = e2e_games.random_action(GAME, state, seat, rnd)
        if picked is None:
            break
        result = await w.store.games.append(rec.id, version, seat, picked[0])
        version, state = result.version, result.state
        page = Page.of(fold(page, ui.story(rec, state, result.events, "en"))[-1].stored())  # saved, loaded
    # The current page as the bot would have kept it (cogs/table/turn_pages.py), not yet shown: the
    # bot posts it with the first decision. (Without a page at all, that first post can be
    # empty and refused: see docs/PERFORMANCE.md.)
    page.message = None
    await w.store.pages.save(rec.id, page.stored())
    await w.store.outbox.told(rec.id, version)  # the page above told them: no catch-up at the bot's start
    return Game(thread, users, state, rnd, id=rec.id, version=version)


async def _run(quick: bool) -> dict[str, Any]:
    n_games = QUICK_GAMES if quick else GAMES
    async with e2e_games.world() as w:
        games = [await made(w, n, seed, users, random.Random(seed)) for n, seed, users in w.tables(COUNTS, n_games)]
        async with w.bot() as bot:
            bench = Bench(w.fake, bot, games)
            # Not measured: the first decision of a game posts its first page (none in the store
            # yet); both rounds open the players' DM channels (discord.py caches them).
            await bench.warm(COUNTS, 2)
            w.spy = pyspy(bot.pid)
            results: dict[tuple[int, str], dict[str, Any]] = {}
            for n in COUNTS:
                for kind in KINDS:
                    bench.press = kind == "press"
                    results[(n, kind)] = await bench.round(n, quick)
            bench.press = False
            steps = await bench.capacity(CAPACITY_PLAYERS, quick)
            memory, drawn_late = rss_mb(bot.pid), bench.drawn_late
            problems = w.fake.problems()
    return {
        "results": results,
        "states": [g.state for g in games],
        "steps": steps,
        "games": n_games,
        "rss": memory,
        "problems": problems,
        "stuck": sum(g.stuck for g in games),
        "drawn_late": drawn_late,
    }


def floor(states: list[Any]) -> float:
    """Median CPU ms, in this process, to draw the images a new page posts (the UI's public files:
    since issue 19 the turn image) on the positions the games reached: a decision that begins a
    page costs this much in images, the others nothing."""
    cpu = []
    ui = StroganovUI()

    class Rec:
        id = 1

    for st in [*states[:2], *states]:  # the first two warm the sprites and fonts up, not counted
        t0 = time.process_time()
        names = tuple(f"Player {k + 1}" for k in range(len(st.cossacks)))
        ui.public_files(Rec(), st, names, "en")  # type: ignore[arg-type]
        cpu.append(time.process_time() - t0)
    return median(cpu[2:]) * 1000


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}x" if b > 0 else "n/a"


def _who(n: int) -> str:
    return "1 player (solo)" if n == 1 else f"{n} players"


def run(quick: bool) -> list[Row]:
    r = asyncio.run(_run(quick))
    n_games = r["games"]
    images = floor(r["states"])
    rows = [
        Row(
            "stroganov e2e",
            "floor: the page's images (turn image) of the positions played here (a new page), CPU ms",
            f"{images:.1f}",
        )
    ]
    results: dict[tuple[int, str], dict[str, Measured]] = r["results"]
    for (n, kind), res in results.items():
        paced, burst, together = res["paced"], res["burst"], both(res)
        pages = [s.new_page for s in together.samples if isinstance(s, PageSample)]
        new_pages = sum(pages) / max(1, len(together.samples))
        who = f"{_who(n)}, {kind}"
        rows += [
            Row(
                "stroganov e2e",
                f"{who}: {RATE} decisions/s in {n_games} games: final answer p50 / p99, page ready p99 ms",
                f"{paced.ms('final', 50):.1f} / {paced.ms('final', 99):.1f}, {paced.ms('ready', 99):.1f}" + late(paced),
            ),
            Row(
                "stroganov e2e",
                f"{who}: burst of {n_games} at once: first p99; final p50 / p99; page ready p99 ms",
                f"{burst.ms('first', 99):.1f}; {burst.ms('final', 50):.1f} / {burst.ms('final', 99):.1f}; "
                f"{burst.ms('ready', 99):.1f}",
            ),
            rest_row("stroganov e2e", who, together),
            Row(
                "stroganov e2e",
                f"{who}: bot CPU per decision (steady; burst) ms; decisions posting a new page",
                f"{paced.cpu_ms:.1f}; {burst.cpu_ms:.1f}; {new_pages:.0%}",
            ),
            Row(
                "stroganov e2e",
                f"{who}: bot CPU per decision (steady and burst) against its image floor (floor x new pages)",
                f"{together.cpu_ms:.1f} / {images * new_pages:.1f} = {ratio(together.cpu_ms, images * new_pages)}",
                "<= 1.5x",
                together.cpu_ms <= 1.5 * images * new_pages,
            ),
        ]
        if together.fallbacks:
            rows.append(
                Row(
                    "stroganov e2e", f"{who}: decisions made by slash, nothing fit on the page", str(together.fallbacks)
                )
            )
    rows += e2e.capacity_rows("stroganov e2e", "decisions", r["steps"], who=f"{_who(CAPACITY_PLAYERS)}, slash: ")
    return rows + e2e_games.closing_rows("stroganov e2e", len(COUNTS) * n_games, r)
