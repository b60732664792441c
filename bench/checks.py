"""The benches' own checks: ``python -m bench.checks NAME…`` runs each named check and prints
``ok NAME`` (or ``skipped NAME: why``); a failed check prints its traceback and the run exits 1.
``--list`` names them. Benches are not part of the suite, so these keep their drivers honest: a
stand-in that falls behind what the bot uses, a probe that stops probing, a plan that is not sent.

tests/bench/ runs them, each in a process of its own, as the benches are run: the tests import no
bench (bench/ imports tests/' fake Discord, PostgreSQL starter and bot process; the import graph
keeps that one way, tests/project/test_import_graph.py)."""

from __future__ import annotations

import asyncio
import gc
import math
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast
from unittest import mock

from bench import databases, e2e
from bench.catch_up import fill, sweep
from bench.disk import DiskProbe
from bench.e2e import Measured, Sample
from bench.e2e_games import Bench, Game, random_action
from bench.library_floor import MOVE, inputs, page_spec, spawn_floor
from bench.stats import collector_paused
from cogs.games import registered
from cogs.workload import random_move
from db.store import GameStore
from rules.protocol import AnyGame
from rules.stratego.actions import Move
from rules.stratego.computer.belief import colour_index
from tests import postgres
from tests.e2e.bot_process import answering, open_at
from tests.fakediscord import FakeDiscord
from tests.postgres import Server

SKIPPED = 77
"""The exit code of a run whose checks were all skipped (a PostgreSQL one without a server)."""


class Skipped(Exception):
    """A check that cannot run here, and why."""


@contextmanager
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="bench-check-") as name:
        yield Path(name)


@contextmanager
def server() -> Iterator[Server]:
    with databases.postgres() as (started, reason):
        if started is None:
            raise Skipped(reason)
        yield started


# -- the catch-up bench ----------------------------------------------------------------------------


def sweep_tells_every_untold_change() -> None:
    """The catch-up bench's stand-in for the table keeps up with what ``Teller.catch_up`` uses of it
    (a new attribute of the table broke the bench once, unseen)."""
    with folder() as tmp:

        async def run(kind: str) -> None:
            path = tmp / f"catch_up-{kind}.db"
            await fill(path, kind, 3)
            result = await sweep(path)
            assert (result.games, result.told, result.untold_after) == (3, 3, 0), kind

        caught_up = [k.name for k in registered() if k.bench is not None and k.bench.catch_up is not None]
        assert caught_up, "no registered game has a catch-up workload"
        for kind in caught_up:
            asyncio.run(run(kind))


# -- the benches' databases (bench/databases.py) ---------------------------------------------------


def without_postgresql_the_benches_get_the_reason() -> None:
    with mock.patch.object(postgres, "bindir", lambda: None), databases.postgres() as (started, reason):
        assert started is None
        assert "no PostgreSQL server programs" in reason
    row = databases.unavailable("database", "append", reason)
    assert row.measure == "append on PostgreSQL" and row.value.startswith("not available (PostgreSQL unavailable")


def a_new_database_is_migrated_and_open_at_opens_either() -> None:
    with server() as started, folder() as tmp:
        dsn = databases.new_database(started)
        assert dsn != databases.new_database(started), "a fresh database each time"

        async def run() -> None:
            for where in (dsn, tmp / "b.db"):
                store = await open_at(where)
                try:
                    assert isinstance(store, GameStore)
                    assert await store.games.find(status="active") == []
                finally:
                    await store.close()

        asyncio.run(run())


def the_server_names_its_first_process() -> None:
    with server() as started:
        pid = postgres.postmaster_pid(started)
        assert pid is not None and Path(f"/proc/{pid}").exists()


# -- the disk probe (bench/disk.py) and the ramp that uses it (bench/e2e.py) -----------------------


def the_probe_fsyncs_meanwhile_and_names_the_slowest_in_a_window() -> None:
    with folder() as tmp:
        with DiskProbe(str(tmp), every=0.01) as disk:
            deadline = time.perf_counter() + 5
            while len(disk.fsyncs) < 5 and time.perf_counter() < deadline:
                time.sleep(0.01)
        assert len(disk.fsyncs) >= 5 and not list(tmp.iterdir()), "fsyncs made, the file removed"
    disk.fsyncs = [(10.0, 0.002), (10.5, 0.300), (11.0, 0.004)]  # (start, seconds)
    assert disk.slowest(10.9, 11.2) == 0.004
    assert disk.slowest(10.7, 10.9) == 0.300, "a stall still under way when the window opened"
    assert disk.slowest(10.0, 10.4) == 0.002
    assert disk.slowest(12.0, 13.0) == 0.0


class StallsAt:
    """A disk probe whose slowest fsync is given per step, in the order the ramp asks."""

    def __init__(self, stalls: list[float]) -> None:
        self.stalls = stalls

    def __call__(self) -> StallsAt:
        return self

    def __enter__(self) -> StallsAt:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def slowest(self, start: float, end: float) -> float:
        return self.stalls.pop(0)


@contextmanager
def ramp_with(stalls: list[float]) -> Iterator[None]:
    """``e2e.ramp`` with the stalls given and no idling between steps."""
    with mock.patch.object(e2e, "DiskProbe", StallsAt(stalls)), mock.patch.object(e2e, "IDLE", 0.0):
        yield


def a_step_missed_while_the_disk_stalled_is_measured_again() -> None:
    """A ramp's step whose late answers came with a disk stall (``e2e.STALL`` or more) is kept,
    marked spoiled, and its rate measured again (at most ``e2e.AGAIN`` more times); the capacity
    is the last rate whose kept step met the p99. A miss without a stall ends the ramp."""
    finals = {10: [0.02], 25: [0.30, 0.02], 50: [0.30, 0.30, 0.30]}  # per rate, each attempt's answer (s)
    asked: list[int] = []

    async def paced(rate: float) -> Measured:
        asked.append(int(rate))
        final = finals[int(rate)].pop(0)
        return Measured(samples=[Sample(0.01, final)] * 10)

    # 10: fine; 25: missed in a stall, then fine; 50: missed in a stall twice, then missed in one
    # again with no measurement left (kept as the miss that ends the ramp).
    with ramp_with([0.0, 0.2, 0.0, 0.3, 0.3, 0.3]):
        steps = asyncio.run(e2e.ramp(paced, (10, 25, 50, 75)))
    assert asked == [10, 25, 25, 50, 50, 50]
    assert [m.spoiled for _, m in steps] == [False, True, False, True, True, False]
    assert e2e.highest(steps) == 25
    rows = e2e.capacity_rows("t", "moves", steps)
    assert sum("measured again" in r.value for r in rows) == 3


def a_miss_without_a_stall_ends_the_ramp() -> None:
    async def paced(rate: float) -> Measured:
        return Measured(samples=[Sample(0.01, 0.30 if rate >= 25 else 0.02)] * 10)

    with ramp_with([0.0, 0.01]):
        steps = asyncio.run(e2e.ramp(paced, (10, 25, 50)))
    assert [(rate, m.spoiled) for rate, m in steps] == [(10, False), (25, False)]
    assert e2e.highest(steps) == 10


# -- the turn-based games' plan (bench/e2e_games.py), the collector, the library floor --------------


def turn_based() -> list[AnyGame]:
    """The engines of every registered game of three players (Shitenno, Stroganov): the turn-based
    games' bench drives games of many decisions a turn."""
    return [k.engine for k in registered() if k.engine.min_players <= 3 <= k.engine.max_players]


def games_of(engine: AnyGame, n: int) -> list[Game]:
    """Games of three with no thread nor users: only their drawing is checked."""
    nobody: Any = None
    return [
        Game(thread=nobody, users=[nobody] * 3, state=engine.new(3, {}, seed), rnd=random.Random(seed))
        for seed in range(n)
    ]


def drawing_only(engine: AnyGame, games: list[Game]) -> Bench:
    """The bench of ``engine`` with no stand-in and no bot: only its drawing is checked."""
    nothing: Any = None
    bench = Bench(nothing, nothing, games)
    bench.engine = engine
    return bench


def planned_decisions_are_sent_in_order_and_none_is_drawn_on_the_clock() -> None:
    """The turn-based games' bench draws its decisions before the clock starts (``Bench.plan``): the
    decisions sent are those planned, in order, each legal where it is made, and none is drawn on
    the clock unless the plan was left."""
    assert turn_based(), "no registered game of three"
    for engine in turn_based():
        planned, fresh = games_of(engine, 4), games_of(engine, 4)
        bench = drawing_only(engine, planned)
        bench.plan(planned, 20)  # 5 each, and 2 to spare
        assert all(len(g.planned) == 7 for g in planned)
        for game, same in zip(planned, fresh, strict=True):
            for _ in range(7):
                seat = engine.to_act(game.state)[0]
                drawn = bench.draw(game, seat)
                expected = random_action(engine, same.state, seat, same.rnd)  # what the driver drew on the clock
                assert drawn is not None and expected is not None and drawn[0] == expected[0]
                assert engine.dump(drawn[1]) == engine.dump(expected[1])
                game.state, same.state = drawn[1], expected[1]
        assert bench.drawn_late == 0, engine.name


def a_game_that_left_its_plan_is_drawn_on_the_clock_and_counted() -> None:
    for engine in turn_based():
        (game,) = games_of(engine, 1)
        bench = drawing_only(engine, [game])
        bench.plan([game], 3)
        seat = engine.to_act(game.state)[0]
        drawn = bench.draw(game, seat)
        assert drawn is not None
        game.state = engine.load(engine.dump(drawn[1]))  # the same position, another object: not the planned one
        picked = bench.draw(game, engine.to_act(game.state)[0])
        assert picked is not None and bench.drawn_late == 1 and not game.planned, engine.name


def the_measuring_process_does_not_collect_while_it_times() -> None:
    """bench.stats.collector_paused: the local Discord's heap is not walked while answers are timed
    (a full collection there was counted as a 174 ms answer of the bot), and the collector comes back
    as it was."""
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled(), "left off when it was off"
    finally:
        gc.enable()


def the_library_floor_answers_as_the_bot_does() -> None:
    """bench/library_floor.py measures discord.py alone doing a decision's Discord work: its process
    must answer ``/stratego move`` with the board and the bot's two buttons and DM the private
    board, and answer ``/<game> act`` of the game told on turn pages (``/stroganov act``) with a
    turn page's words and the bot's components, or it would measure less than the bot's floor."""
    with folder() as tmp:
        asyncio.run(floor_answers(tmp))


async def floor_answers(tmp: Path) -> None:
    files = inputs(tmp)
    public, private = files[0].read_bytes(), files[1].read_bytes()
    assert public.startswith(b"\x89PNG") and private.startswith(b"\x89PNG") and public != private
    page = page_spec()
    async with FakeDiscord(interaction_deadline=None, timeout=30) as fake:
        guild = fake.add_guild("bench")
        channel = guild.add_text_channel("games")
        user = fake.add_user("p0")
        guild.add_member(user)
        process = await spawn_floor(fake, guild, files)
        try:
            await answering(fake, user, channel, guild=guild, timeout=30)
            thread = channel.create_thread("game", owner=user)
            move = await (await fake.slash(user, thread, MOVE, from_="I4", to="I5")).response()
            await fake.wait_for(lambda: len(fake.dms(user)) == 1, "the private board", timeout=30)
            turn = await (await fake.slash(user, thread, f"{page['game']} act", action="x")).response()
        finally:
            process.terminate()
            await process.wait()
    assert [a.data for a in move.attachments] == [public]
    assert [c["label"] for row in move.components for c in row["components"]] == ["Move…", "My pieces"]
    (dm,) = fake.dms(user)
    assert [a.data for a in dm.attachments] == [private] and "your move" in dm.content
    shown = [c.get("placeholder") or c.get("label") for row in turn.components for c in row["components"]]
    assert shown == [c["label"] for c in page["components"]] and len(shown) >= 3
    assert turn.content == page["content"] and not turn.attachments


# -- the computers' bench ---------------------------------------------------------------------------


def greedy_stratego_captures_what_it_surely_beats_else_advances() -> None:
    """bench/computers_stratego.py's greedy baseline, in seeded games against a random mover: whenever one of its
    pieces stands next to a revealed enemy it surely beats, it attacks; when it does not attack and
    a step towards the enemy exists, it steps forward; it wins those games."""
    from bench.computers_stratego import greedy as stratego
    from rules.stratego.board import BACK_RANK, NEIGHBOURS, rank_of
    from rules.stratego.pieces import battle
    from rules.stratego.view import StrategoView

    game = next(k for k in registered() if k.name == "stratego")
    engine = game.engine
    checked = 0
    for army in ("barrage", "classic"):
        for seed in range(2):
            state, rnd, hero = engine.new(2, {"army": army}, seed), random.Random(seed), seed % 2
            while engine.outcome(state) is None:
                seat = engine.to_act(state)[0]
                if seat != hero:
                    engine.apply(state, seat, random_move(engine, state, seat, rnd))
                    continue
                action = stratego(engine, state, seat, rnd)
                view: StrategoView = cast(StrategoView, engine.view(state, seat))
                if view.phase == "play" and isinstance(action, Move):
                    assert action in engine.legal(state, seat), action
                    me, board = view.viewer_colour, view.board
                    mine = [sq for sq, pv in enumerate(board) if pv is not None and pv.colour == me]
                    sure = any(
                        (t := board[n]) is not None
                        and t.colour != me
                        and t.rank is not None
                        and (m := board[sq]) is not None
                        and m.rank not in ("B", "F")
                        and battle(m.rank or "", t.rank, False) == "attacker"
                        for sq in mine
                        for n in NEIGHBOURS[sq]
                    )
                    attacked = board[action.to] is not None
                    if sure:
                        checked += 1
                        assert attacked, (army, seed, view.ply)
                    if not attacked:
                        back = BACK_RANK[1 - colour_index(me)]
                        forward = [
                            m
                            for m in engine.legal(state, seat)
                            if isinstance(m, Move)
                            and board[m.to] is None
                            and abs(rank_of(m.to) - back) < abs(rank_of(m.frm) - back)
                        ]
                        if forward:
                            assert abs(rank_of(action.to) - back) < abs(rank_of(action.frm) - back), view.ply
                engine.apply(state, seat, action)
            outcome = engine.outcome(state)
            assert outcome is not None and outcome.winners == (hero,), (army, seed, outcome)
    assert checked, "no sure capture was ever offered: the check checked nothing"


def greedy_players_decide_legally_and_beat_a_random_mover() -> None:
    """The other games' greedy baselines (one decision deep, :mod:`bench.greedy`): every decision
    legal and none a resignation, the same under the same seed, and two players' seeded games
    against a random mover won (each seat in turn)."""
    from bench.greedy import greedy_of

    for game in registered():
        greedy = greedy_of(game.name)
        if game.name == "stratego" or greedy is None:  # Stratego's has its own check (above)
            continue
        engine = game.engine
        resign = type(engine.parse_action("resign"))
        for seed in range(4):
            state, rnd, hero = engine.new(2, None, seed), random.Random(seed), seed % 2
            while engine.outcome(state) is None:
                seat = engine.to_act(state)[0]
                if seat != hero:
                    engine.apply(state, seat, random_move(engine, state, seat, rnd))
                    continue
                drawn = rnd.getrandbits(32)
                action = greedy(engine, state, seat, random.Random(drawn))
                twin = greedy(engine, state, seat, random.Random(drawn))
                assert action == twin and not isinstance(action, resign), (game.name, action)
                assert action in engine.legal(state, seat), (game.name, action)
                engine.apply(state, seat, action)  # the engine refuses an illegal one
            outcome = engine.outcome(state)
            assert outcome is not None and hero in outcome.winners, (game.name, seed, outcome)


def the_computers_bench_runs_quick_and_rotates_the_seats() -> None:
    """bench.computers: each deal of a match is played once with the hero in every seat, the issue's
    matches first and deal by deal; a quick run gives, for every registered game with a computer, a
    share with its interval for each match, its ladder and each level's think time."""
    from bench import computers

    games = computers.with_computer()
    assert games, "no registered game has a computer"
    todo = computers.tasks(games, 2, computers.MOVE_CAP)
    for game in games:
        for m in computers.matches(game, 2):
            mine = [(t.deal, t.seat) for t in todo if (t.setting, t.hero, t.rest) == (m.setting, m.hero, m.rest)]
            players = m.setting.players
            assert sorted(mine) == [(d, s) for d in range(m.deals) for s in range(players)], m
    assert [t.deal for t in todo] == sorted(t.deal for t in todo), "not deal by deal"
    low, high = computers.wilson(5, 10)
    assert math.isclose(low, 1 - high) and low < 0.5 < high and computers.wilson(0, 10)[0] == 0
    found = computers.run(quick=True)
    said = [r.measure for r in found]
    for game in games:
        name = game.name
        assert any(m.startswith(name) and "share of points" in m for m in said), name
        assert any(m.startswith(name) and "ladder" in m for m in said), name
        for level in computers.LEVELS:
            assert any(m.startswith(name) and f", {level}: CPU per decision" in m for m in said), (name, level)
    assert all(r.ok is None for r in found), "a quick run judges nothing"


CHECKS: dict[str, Callable[[], None]] = {
    check.__name__: check
    for check in (
        sweep_tells_every_untold_change,
        without_postgresql_the_benches_get_the_reason,
        a_new_database_is_migrated_and_open_at_opens_either,
        the_server_names_its_first_process,
        the_probe_fsyncs_meanwhile_and_names_the_slowest_in_a_window,
        a_step_missed_while_the_disk_stalled_is_measured_again,
        a_miss_without_a_stall_ends_the_ramp,
        planned_decisions_are_sent_in_order_and_none_is_drawn_on_the_clock,
        a_game_that_left_its_plan_is_drawn_on_the_clock_and_counted,
        the_measuring_process_does_not_collect_while_it_times,
        the_library_floor_answers_as_the_bot_does,
        greedy_stratego_captures_what_it_surely_beats_else_advances,
        greedy_players_decide_legally_and_beat_a_random_mover,
        the_computers_bench_runs_quick_and_rotates_the_seats,
    )
}


def main(argv: list[str]) -> int:
    if argv == ["--list"]:
        print("\n".join(CHECKS))
        return 0
    unknown = [name for name in argv if name not in CHECKS]
    if not argv or unknown:
        print(f"usage: python -m bench.checks NAME… | --list (unknown: {unknown})", file=sys.stderr)
        return 2
    failed = skipped = 0
    for name in argv:
        try:
            CHECKS[name]()
        except Skipped as why:
            skipped += 1
            print(f"skipped {name}: {why}", flush=True)
        except Exception:
            failed += 1
            print(f"FAILED {name}", flush=True)
            traceback.print_exc()
        else:
            print(f"ok {name}", flush=True)
    return 1 if failed else SKIPPED if skipped == len(argv) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
