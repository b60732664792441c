"""Render speed and PNG size per kind of view."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from bench.moves import random_move, stratego_mid_game
from bench.stats import Row, median, percentile
from cogs.stratego.ui import image_words
from render.stratego import render_board, warm_up
from rules.stratego import GAME, StrategoView

NAMES = ("Alžběta Nováková", "Bořivoj", "Cyril", "Dana")
"""Display names by seat (Czech, some long: the images shorten them)."""


def _rows(game: str, results: dict[str, tuple[list[float], list[int]]], limit_ms: float) -> list[Row]:
    """Median / p95 time (target: median within ``limit_ms``) and PNG sizes (at most 200 KB) per kind."""
    rows = []
    for kind, (times, sizes) in results.items():
        med = median(times)
        rows.append(
            Row(
                "render",
                f"{game} {kind}: median / p95 ms",
                f"{med:.1f} / {percentile(times, 95):.1f}",
                f"median <= {limit_ms:g}",
                med <= limit_ms,
            )
        )
        rows.append(
            Row(
                "render",
                f"{game} {kind}: PNG median / max KB",
                f"{median(sizes) / 1024:.0f} / {max(sizes) / 1024:.0f}",
                "<= 200",
                max(sizes) <= 200 * 1024,
            )
        )
    return rows


def _positions(n: int) -> list[tuple[str, StrategoView]]:
    out: list[tuple[str, StrategoView]] = []
    for seed in range(n):
        out.append(("setup", GAME.view(GAME.new(2, {"rescue": True}, seed), 0)))
        rnd = random.Random(seed)
        st = stratego_mid_game(seed, rnd, {"rescue": True})
        out.append(("public", GAME.view(st, None)))
        out.append(("private", GAME.view(st, rnd.randrange(2))))
    return out


def stratego(samples: int) -> list[Row]:
    warm_up()
    by_kind: dict[str, tuple[list[float], list[int]]] = {}
    for kind, view in _positions(samples):
        t0 = time.perf_counter()
        data = render_board(view, image_words("cs"), NAMES)
        ms = (time.perf_counter() - t0) * 1000
        times, sizes = by_kind.setdefault(kind, ([], []))
        times.append(ms)
        sizes.append(len(data))
    return _rows("stratego", by_kind, 15)


def _random_game_renders(
    kind: str, kinds: dict[str, Callable[[Any], bytes]], samples: int, players: tuple[int, ...], max_steps: int
) -> dict[str, tuple[list[float], list[int]]]:
    """Render times (ms) and PNG sizes of each image kind for views of seeded random games of ``kind``."""
    from cogs.games import ENGINES

    game = ENGINES[kind]
    results: dict[str, tuple[list[float], list[int]]] = {k: ([], []) for k in kinds}
    for seed in range(samples):
        n = players[seed % len(players)]
        st = game.new(n, None, seed)
        rnd = random.Random(seed)
        for _ in range(rnd.randrange(5, max_steps)):
            if game.outcome(st) is not None:
                break
            seat = game.to_act(st)[0]
            game.apply(st, seat, random_move(game, st, seat, rnd))
        view = game.view(st, rnd.randrange(n))
        for name, fn in kinds.items():
            t0 = time.perf_counter()
            data = fn(view)
            results[name][0].append((time.perf_counter() - t0) * 1000)
            results[name][1].append(len(data))
    return results


def shitenno(samples: int) -> list[Row]:
    """Board, sharing table and hand images of positions from random games (target: median <= 40 ms)."""
    from render import shitenno as draw

    draw.warm_up()
    from cogs.shitenno.ui import image_words as shitenno_words

    words = shitenno_words("cs")
    kinds: dict[str, Callable[[Any], bytes]] = {
        "board": lambda v: draw.render_board(v, words, NAMES),
        "sharing": lambda v: draw.render_sharing(v, words, NAMES),
        "hand": lambda v: draw.render_hand(v, words, NAMES),
    }
    return _rows("shitenno", _random_game_renders("shitenno", kinds, samples, (2, 3, 4), 120), 40)


def stroganov(samples: int) -> list[Row]:
    """Turn, board and tableaux images of positions from random games, 1–4 players, in English
    (target: median <= 40 ms); the turn image is what a new turn page posts (issue 19)."""
    from cogs.stroganov.ui import image_words
    from render import stroganov as draw

    words = image_words("en")
    names = ("Jana Nováková", "Kuba", "Přemysl Otakar II.", "Zdeňka")
    draw.warm_up(words)
    kinds: dict[str, Callable[[Any], bytes]] = {
        "turn": lambda v: draw.render_turn(v, words, names),
        "board": lambda v: draw.render_board(v, words, names),
        "tableaux": lambda v: draw.render_tableaux(v, words, names),
    }
    return _rows("stroganov", _random_game_renders("stroganov", kinds, samples, (1, 2, 3, 4), 400), 40)
