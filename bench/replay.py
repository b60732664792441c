"""``/game replay`` (issue 20 §2): the time to replay, draw and encode a whole finished game, and the
GIF's size, for a long Stratego game and a four-player Stroganov game — the same steps as the bot
(cogs/table/replaying.py), each drawing in this process instead of a render worker."""

from __future__ import annotations

import random
import time
from typing import Any

from bench.moves import random_move
from bench.stats import Row
from cogs import games
from cogs.table import replays
from db.records import GameRecord, LoggedAction

NAMES = ("Alžběta Nováková", "Bořivoj", "Cyril", "Dana")
LIMIT_S = 15.0
"""The longest a replay may take before the player starts to wonder (the reply says "thinking")."""


def _played(kind: str, players: int, seed: int, options: dict[str, Any]) -> tuple[GameRecord, list[LoggedAction]]:
    """A whole seeded random game (moves only for Stratego: no draw offers, no resignation) as a
    finished record and its log."""
    from rules.stratego.actions import Move, Ready

    engine = games.ENGINES[kind]
    state = engine.new(players, options, seed)
    rnd = random.Random(seed)
    log: list[LoggedAction] = []

    def act(seat: int, action: Any) -> None:
        log.append(LoggedAction(1, len(log) + 2, seat, action.notation(), 0.0))
        engine.apply(state, seat, action)

    if kind == "stratego":
        act(0, Ready())
        act(1, Ready())
    while engine.outcome(state) is None:
        seat = engine.to_act(state)[0]
        if kind == "stratego":
            act(seat, rnd.choice([a for a in engine.legal(state, seat) if isinstance(a, Move)]))
        else:
            act(seat, random_move(engine, state, seat, rnd))
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


def _longest_stratego(tries: int) -> tuple[GameRecord, list[LoggedAction]]:
    best = max((_played("stratego", 2, seed, {}) for seed in range(tries)), key=lambda g: len(g[1]))
    return best


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
    rows = _replay("stratego, long game", *_longest_stratego(2 if quick else 6), "cs")
    if "stroganov" in games.KINDS:
        rows += _replay("stroganov, 4 players", *_played("stroganov", 4, 1, {}), "en")
    return rows
