"""Stroganov end to end through the real bot (``bench/bot_process.py``) and the local Discord.

30 games of 1 player (solo against Ivan) and 30 of 4 (10 and 10 with ``--quick``) in one bot
process, each in its thread, made in the store before the bot starts: past the board choice, then
a random number of decisions in (0–30 solo, 0–120 with 4 players). Games are told as turn pages
(``cogs/turn_pages.py``): one thread message per turn, edited after each decision; a turn's end
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

``BENCH_PYSPY=file`` samples the bot with py-spy as in ``bench/e2e.py``.
"""

from __future__ import annotations

import asyncio
import random
import signal
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.e2e import IDLE, cpu_seconds, launch, open_loop, pyspy, rss_mb
from bench.stats import Row, median, percentile
from cogs.pages import Page, fold
from cogs.stroganov_ui import StroganovUI
from cogs.turn_pages import page_key
from db.store import GameStore
from rules.errors import RuleError
from rules.stroganov import GAME
from rules.stroganov.actions import parse_action
from tests.fakediscord import FakeDiscord

GAMES = 30
"""Games per player count (``QUICK_GAMES`` with ``--quick``)."""
QUICK_GAMES = 10
COUNTS = (1, 4)
RATE = 20
"""Decisions per second of the steady part (the same for both ways)."""
START = {1: 30, 4: 120}
"""At most this many random decisions past the board choice when a game is made."""
USERS = 100
DM_CHANNELS = "/users/@me/channels"
KINDS = ("slash", "press")


def after(state: Any, seat: int, action: Any) -> Any | None:
    """The state after ``action``, or ``None`` when it ends the game (or is refused)."""
    out = GAME.load(GAME.dump(state))
    try:
        GAME.apply(out, seat, action)
    except RuleError:
        return None
    return None if out.stage == "finished" else out


def random_action(state: Any, seat: int, rnd: random.Random) -> tuple[Any, Any] | None:
    """A random legal decision (not resign) that does not end the game, and the state after it."""
    actions = [a for a in GAME.legal(state, seat) if a.notation() != "resign"]
    rnd.shuffle(actions)
    for a in actions:
        nxt = after(state, seat, a)
        if nxt is not None:
            return a, nxt
    return None


@dataclass
class Game:
    id: int
    thread: Any
    users: list[Any]  # by seat
    state: Any
    version: int
    rnd: random.Random
    stuck: bool = False

    @property
    def n(self) -> int:
        return len(self.users)

    @property
    def tag(self) -> str:
        """What the custom ids of this version's components begin with, after ``dk`` (buttons)
        or ``dks`` (selects)."""
        return f":{self.id}:{self.version}:"

    def ours(self, custom_id: str | None, verb: str = "") -> bool:
        return bool(custom_id) and str(custom_id).split(":", 1)[-1].startswith(self.tag[1:] + verb)

    def page(self) -> Any | None:
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
class Sample:
    first: float  # dispatch to the bot's first callback
    final: float  # sending (or the due time) to the answer
    ready: float  # sending (or the due time) to the page of the next version
    new_page: bool  # a new page was posted (the turn ended: board and tableaux images)


@dataclass
class Measured:
    samples: list[Sample] = field(default_factory=list)
    decisions: int = 0
    fallbacks: int = 0  # press decisions made by slash: nothing suitable offered on the page
    cpu: float = 0.0
    wall: float = 0.0
    rest: int = 0
    dm_opens: int = 0
    lag: float = 0.0

    def ms(self, what: str, p: float) -> float:
        values = [getattr(s, what) for s in self.samples]
        return (median(values) if p == 50 else percentile(values, p)) * 1000

    def add(self, other: Measured) -> None:
        self.samples += other.samples
        self.decisions += other.decisions
        self.fallbacks += other.fallbacks
        self.cpu += other.cpu
        self.wall += other.wall
        self.rest += other.rest
        self.dm_opens += other.dm_opens


class Bench:
    def __init__(self, fake: FakeDiscord, bot: asyncio.subprocess.Process, games: list[Game]) -> None:
        self.fake, self.bot, self.games = fake, bot, games
        self.decisions = 0
        self.fallbacks = 0

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
                nxt = after(game.state, seat, parse_action(notation))
                if nxt is not None:
                    return Plan(game, seat, notation, nxt, (page, cid, value))
            self.fallbacks += 1
        picked = random_action(game.state, seat, game.rnd)
        if picked is None:
            game.stuck = True
            return None
        return Plan(game, seat, picked[0].notation(), picked[1])

    async def send(self, plan: Plan, due: float | None = None) -> Sample:
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
        self.decisions += 1
        return Sample(i.latency, final - origin, ready - origin, before is None or page.id != before.id)

    async def decide(self, game: Game, press: bool, due: float | None = None) -> Sample | None:
        plan = self.pick(game, press)
        return None if plan is None else await self.send(plan, due)

    async def measure(self, work: Any) -> Measured:
        out = Measured()
        decisions, fallbacks = self.decisions, self.fallbacks
        t0, cpu0 = time.perf_counter(), cpu_seconds(self.bot.pid)
        out.samples = [s for s in await work(out) if s is not None]
        out.wall = time.perf_counter() - t0
        await asyncio.sleep(IDLE)  # what the last decisions still send (a ping) counts here
        out.cpu = cpu_seconds(self.bot.pid) - cpu0
        out.decisions, out.fallbacks = self.decisions - decisions, self.fallbacks - fallbacks
        calls = [r for r in self.fake.requests.records if r.started >= t0 and not r.interaction_response]
        out.rest = len(calls)
        out.dm_opens = sum(1 for r in calls if r.path.endswith(DM_CHANNELS))
        return out

    def of(self, n: int) -> list[Game]:
        return [g for g in self.games if g.n == n and not g.stuck]

    async def burst(self, n: int, press: bool) -> Measured:
        async def work(_: Measured) -> list[Sample | None]:
            plans = [p for g in self.of(n) if (p := self.pick(g, press)) is not None]  # drawn before sending
            return list(await asyncio.gather(*(self.send(p) for p in plans)))

        return await self.measure(work)

    async def paced(self, n: int, press: bool, rate: float, seconds: float) -> Measured:
        """Open loop as in ``bench/e2e.py``: decision k is due at ``k / rate`` s, in the game of
        ``n`` players idle longest; latency counts from the due time."""

        async def act(game: Game, due: float) -> Sample | None:
            return await self.decide(game, press, due)

        async def work(out: Measured) -> list[Sample | None]:
            return await open_loop(list(self.of(n)), rate, seconds, act, out)

        return await self.measure(work)


async def made(
    store: GameStore, n: int, seed: int, users: list[Any], where: tuple[Any, Any], rnd: random.Random
) -> Game:
    """A game in the store (its thread, ``n`` seats): the boards chosen, then up to ``START[n]``
    random decisions."""
    guild, channel = where
    thread = channel.create_thread(f"stroganov {seed}", owner=users[0])
    rec = await store.create(
        "stroganov",
        [u.id for u in users],
        {"difficulty": "normal"},
        seed,
        guild_id=guild.id,
        channel_id=channel.id,
        creator_id=users[0].id,
        thread_id=thread.id,
    )
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
        picked = random_action(state, seat, rnd)
        if picked is None:
            break
        result = await store.append(rec.id, version, seat, picked[0])
        version, state = result.version, result.state
        page = Page.load(fold(page, ui.story(rec, state, result.events, "en"))[-1].dump())  # saved, loaded
    # The current page as the bot would have kept it (cogs/turn_pages.py), not yet shown: the
    # bot posts it with the first decision. (Without a page at all, that first post can be
    # empty and refused: see docs/PERFORMANCE.md.)
    page.message = None
    await store.set_meta(page_key(rec.id), page.dump())
    return Game(rec.id, thread, users, state, version, rnd)


async def _run(quick: bool) -> dict[str, Any]:
    n_games = QUICK_GAMES if quick else GAMES
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        async with FakeDiscord(interaction_deadline=None, timeout=120) as fake:
            guild = fake.add_guild("bench")
            channel = guild.add_text_channel("games")
            users = [fake.add_user(f"p{i}") for i in range(USERS)]
            for u in users:
                guild.add_member(u)
            store = await GameStore.open(path, synchronous="OFF")
            games: list[Game] = []
            seed = 0
            for n in COUNTS:
                for g in range(n_games):
                    seat_users = [users[(n * g + i) % USERS] for i in range(n)]
                    games.append(await made(store, n, seed, seat_users, (guild, channel), random.Random(seed)))
                    seed += 1
            await store.close()
            bot = await launch(fake, path, guild, users[0], channel)
            bench = Bench(fake, bot, games)
            spy = None
            results: dict[tuple[int, str], dict[str, Any]] = {}
            try:
                # Not measured: the first decision of a game posts its first page (none in the store
                # yet); both rounds open the players' DM channels (discord.py caches them).
                for n in COUNTS:
                    for _ in range(2):
                        await bench.burst(n, False)
                spy = pyspy(bot.pid)
                for n in COUNTS:
                    for kind in KINDS:
                        press = kind == "press"
                        await asyncio.sleep(IDLE)
                        paced = await bench.paced(n, press, RATE, 2.0 if quick else 6.0)
                        bursts = Measured()
                        for _ in range(1 if quick else 3):
                            await asyncio.sleep(IDLE)
                            bursts.add(await bench.burst(n, press))
                        results[(n, kind)] = {"paced": paced, "burst": bursts}
                memory = rss_mb(bot.pid)
                problems = fake.problems()
            finally:
                if spy is not None and spy.poll() is None:
                    spy.send_signal(signal.SIGINT)
                    spy.wait(60)
                bot.terminate()
                await bot.wait()
    return {
        "results": results,
        "games": n_games,
        "rss": memory,
        "problems": problems,
        "stuck": sum(g.stuck for g in games),
    }


def _who(n: int) -> str:
    return "1 player (solo)" if n == 1 else f"{n} players"


def run(quick: bool) -> list[Row]:
    r = asyncio.run(_run(quick))
    n_games = r["games"]
    rows = []
    for (n, kind), res in r["results"].items():
        paced, burst = res["paced"], res["burst"]
        both = Measured()
        both.add(paced)
        both.add(burst)
        k = max(1, both.decisions)
        new_pages = sum(s.new_page for s in both.samples) / max(1, len(both.samples))
        who = f"{_who(n)}, {kind}"
        rows += [
            Row(
                "stroganov e2e",
                f"{who}: {RATE} decisions/s in {n_games} games: final answer p50 / p99, page ready p99 ms",
                f"{paced.ms('final', 50):.1f} / {paced.ms('final', 99):.1f}, {paced.ms('ready', 99):.1f}"
                + (f" (sent up to {paced.lag * 1000:.0f} ms late)" if paced.lag > 0.05 else ""),
            ),
            Row(
                "stroganov e2e",
                f"{who}: burst of {n_games} at once: first p99; final p50 / p99; page ready p99 ms",
                f"{burst.ms('first', 99):.1f}; {burst.ms('final', 50):.1f} / {burst.ms('final', 99):.1f}; "
                f"{burst.ms('ready', 99):.1f}",
            ),
            Row(
                "stroganov e2e",
                f"{who}: REST calls per decision besides the interaction response",
                f"{(both.rest - both.dm_opens) / k:.2f}"
                + (f" (+ {both.dm_opens} first DM channel opens)" if both.dm_opens else ""),
            ),
            Row(
                "stroganov e2e",
                f"{who}: bot CPU per decision (steady; burst) ms; decisions posting a new page",
                f"{paced.cpu / max(1, paced.decisions) * 1000:.1f}; {burst.cpu / max(1, burst.decisions) * 1000:.1f}; "
                f"{new_pages:.0%}",
            ),
        ]
        if both.fallbacks:
            rows.append(
                Row("stroganov e2e", f"{who}: decisions made by slash, nothing fit on the page", str(both.fallbacks))
            )
    rows.append(
        Row(
            "stroganov e2e", f"resident memory of the bot process, {len(COUNTS) * n_games} games, MB", f"{r['rss']:.0f}"
        )
    )
    if r["stuck"]:
        rows.append(Row("stroganov e2e", "games with only game-ending decisions left (left out)", str(r["stuck"])))
    if r["problems"]:
        rows.append(Row("stroganov e2e", "problems the stand-in recorded", str(len(r["problems"])), "0", False))
    return rows
