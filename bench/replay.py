"""``/game replay`` (issue 20 §2): the time to replay, draw and encode a whole finished game, and the
GIF's size, for each registered game with a replay workload (``Workload.replay``,
``cogs/<game>/workload.py``: a long Stratego game, a four-player Stroganov game) — the same steps as
the bot (cogs/table/replaying.py), each drawing in this process instead of a render worker."""

from __future__ import annotations

import random
import time
from typing import Any

from bench.stats import Row
from cogs import games
from cogs.table import replays
from cogs.workload import Replay
from db.records import GameRecord, LoggedAction

NAMES = ("Alžběta Nováková", "Bořivoj", "Cyril", "Dana")
LIMIT_S = 15.0
"""The longest a replay may take before the player starts to wonder (the reply says "thinking")."""


def _played(
    kind: str, spec: Replay[Any, Any], seed: int, options: dict[str, Any]
) -> tuple[GameRecord, list[LoggedAction]]:
    """A whole seeded random game of the workload's decisions (Stratego's: moves only, no draw
    offers, no resignation) as a finished record and its log."""
    engine = games.ENGINES[kind]
    players = spec.players
    state = engine.new(players, options, seed)
    rnd = random.Random(seed)
    log: list[LoggedAction] = []
    while engine.outcome(state) is None:
        seat = engine.to_act(state)[0]
        action = spec.choose(engine, state, seat, rnd)
        log.append(LoggedAction(1, len(log) + 2, seat, action.notation(), 0.0))
        engine.apply(state, seat, action)
    rec = GameRecord(
        id=1,
        kind=kind,
        guild_id=1,
        channel_id=1,
        thread_id=None,
        message_id=None,
        creator_id=1,
        status="finished",
        options=options,
        seed=seed,
        version=len(log) + 1,
        players=tuple(range(1, players + 1)),
        outcome=engine.outcome(state),
        cancelled_by=None,
        created_at=0.0,
        updated_at=0.0,
        turn_since=None,
        engine=engine,
    )
    return rec, log


def _longest(kind: str, spec: Replay[Any, Any], quick: bool) -> tuple[GameRecord, list[LoggedAction]]:
    seeds = spec.quick_seeds if quick else spec.seeds
    return max((_played(kind, spec, seed, {}) for seed in seeds), key=lambda g: len(g[1]))


def _replay(label: str, rec: GameRecord, log: list[LoggedAction], locale: str) -> list[Row]:
    face = games.ui(rec.kind)
    names = NAMES[: len(rec.players)]
    t0 = time.perf_counter()
    part = replays.stretch(len(log), None, None)
    assert part is not None
    states = replays.positions(face.engine, rec, log, part)
    t1 = time.perf_counter()
    drawn = [[f.data for f in face.public_files(rec, state, names, locale)] for state in states]
    t2 = time.perf_counter()
    animation = replays.animate(drawn)
    t3 = time.perf_counter()
    total = t3 - t0
    size = len(animation.data)
    return [
        Row(
            "replay",
            f"{label} ({len(log)} moves, {len(states)} positions): seconds replay / draw / encode",
            f"{t1 - t0:.2f} / {t2 - t1:.2f} / {t3 - t2:.2f}",
        ),
        Row("replay", f"{label}: seconds in all", f"{total:.1f}", f"<= {LIMIT_S:g}", total <= LIMIT_S),
        Row(
            "replay",
            f"{label}: GIF MB, frames, scale",
            f"{size / 1024 / 1024:.2f}, {animation.frames}, {animation.scale:.2f}",
            f"<= {replays.UPLOAD_LIMIT / 1024 / 1024:g} MB",
            size <= replays.UPLOAD_LIMIT,
        ),
    ]


def run(quick: bool) -> list[Row]:
    rows = []
    for kind in games.registered():
        spec = kind.bench.replay if kind.bench is not None else None
        if spec is not None:
            rows += _replay(f"{kind.name}, {spec.label}", *_longest(kind.name, spec, quick), spec.locale)
    return rows
