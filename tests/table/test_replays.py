"""``/game replay``'s pure parts (cogs/table/replays.py): which positions a stretch shows and how a
long one is sampled, the positions replayed from the log, and the GIF — exact frames, merged
repeats, one canvas, and within the upload limit by drawing smaller, then by shedding frames."""

from __future__ import annotations

import io
import itertools
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageSequence

from cogs.games import ENGINES
from cogs.table import replays
from db.records import GameRecord, LoggedAction
from rules.stratego.actions import Move, Ready

ROOT = Path(__file__).resolve().parents[2]
PALETTE = [v for i in range(256) for v in ((i * 37) % 256, (i * 91) % 256, (i * 53) % 256)]


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def picture(seed: int, size: tuple[int, int] = (60, 40), noise: bool = False) -> Image.Image:
    """A palette image on the shared palette: a flat background and a square, or noise."""
    rnd = random.Random(seed)
    im = Image.new("P", size, 7)
    im.putpalette(PALETTE)
    if noise:
        im.putdata([rnd.randrange(256) for _ in range(size[0] * size[1])])
    else:
        im.paste(seed % 256, (seed % 30, 5, seed % 30 + 10, 15))
    return im


def frames_of(data: bytes) -> list[Image.Image]:
    with Image.open(io.BytesIO(data)) as im:
        assert im.format == "GIF"
        return [f.convert("RGB") for f in ImageSequence.Iterator(im)]


def test_a_short_stretch_shows_every_position_a_long_one_first_last_and_every_kth() -> None:
    assert replays.keep(5, 10) == ((0, 1, 2, 3, 4), 1)
    kept, every = replays.keep(1000, 120)
    assert kept[0] == 0 and kept[-1] == 999 and len(kept) <= 120 and every == 9
    assert {b - a for a, b in itertools.pairwise(kept[:-1])} == {every}
    assert kept[-1] - kept[-2] <= every
    for count in range(2, 400):
        kept, every = replays.keep(count, 17)
        assert kept[0] == 0 and kept[-1] == count - 1 and len(kept) <= 17 and kept == tuple(sorted(set(kept)))


@pytest.mark.parametrize(
    ("moves", "first", "last", "ok"),
    [
        (10, None, None, (1, 10)),
        (10, 3, None, (3, 10)),
        (10, None, 4, (1, 4)),
        (10, 4, 4, (4, 4)),
        (10, 5, 4, None),
        (10, 0, 4, None),
        (10, 1, 11, None),
        (10, 11, None, None),
        (0, None, None, None),
    ],
)
def test_a_stretch_is_checked(moves: int, first: int | None, last: int | None, ok: tuple[int, int] | None) -> None:
    part = replays.stretch(moves, first, last)
    assert (None if part is None else (part.first, part.last)) == ok
    if part is not None:
        assert part.positions == part.last - part.first + 2 and not part.sampled
        assert part.move_of(0) == part.first - 1 and part.move_of(part.positions - 1) == part.last


def test_positions_are_the_game_replayed_from_its_log() -> None:
    engine = ENGINES["stratego"]
    state = engine.new(2, {}, 4)
    rnd = random.Random(4)
    log, dumps = [], [engine.dump(state)]
    for n in range(60):
        seat = engine.to_act(state)[0] if state.phase == "play" else n % 2
        action = Ready() if n < 2 else rnd.choice([a for a in engine.legal(state, seat) if isinstance(a, Move)])
        log.append(LoggedAction(1, n + 2, seat, action.notation(), 0.0))
        engine.apply(state, seat, action)
        dumps.append(engine.dump(state))
    rec = GameRecord(1, "stratego", 1, 1, None, None, 1, "finished", {}, 4, 61, (5, 6), None, None, 0.0, 0.0, None)
    part = replays.stretch(len(log), 10, 59, limit=8)
    assert part is not None and part.sampled and len(part.kept) <= 8
    states = replays.positions(engine, rec, log, part)
    assert [engine.dump(s) for s in states] == [dumps[part.move_of(i)] for i in part.kept]


def test_the_frames_are_the_images_exactly_and_repeats_lengthen_a_frame() -> None:
    images = [picture(1), picture(2), picture(2), picture(3)]
    animation = replays.animate([[png(im)] for im in images])
    assert animation.frames == 3 and animation.scale == 1.0 and animation.shown == (0, 1, 2, 3)
    got = frames_of(animation.data)
    assert [f.tobytes() for f in got] == [im.convert("RGB").tobytes() for im in (images[0], images[1], images[3])]
    with Image.open(io.BytesIO(animation.data)) as gif:
        times = []
        for f in ImageSequence.Iterator(gif):
            times.append(f.info["duration"])
    assert times == [replays.FIRST_MS, 2 * replays.FRAME_MS, replays.LAST_MS]


def test_images_of_one_position_stack_and_every_frame_shares_one_canvas() -> None:
    board, table, taller = picture(1, (60, 40)), picture(2, (50, 20)), picture(3, (60, 70))
    animation = replays.animate([[png(board), png(table)], [png(taller)]])
    first, second = frames_of(animation.data)
    assert first.size == second.size == (60, 70)
    assert first.crop((0, 0, 60, 40)).tobytes() == board.convert("RGB").tobytes()
    assert first.crop((0, 40, 50, 60)).tobytes() == table.convert("RGB").tobytes()
    assert second.tobytes() == taller.convert("RGB").tobytes()


def test_too_big_is_drawn_smaller_then_sheds_frames_and_keeps_the_ends() -> None:
    noisy = [[png(picture(seed, (200, 200), noise=True))] for seed in range(12)]
    full = len(replays.animate(noisy).data)
    smaller = replays.animate(noisy, limit=int(full * 0.6))
    assert smaller.scale < 1.0 and len(smaller.data) <= full * 0.6 and smaller.shown == tuple(range(12))
    assert frames_of(smaller.data)[0].size[0] < 200
    fewer = replays.animate(noisy, limit=int(full * 0.15))
    assert fewer.scale == replays.MIN_SCALE and len(fewer.data) <= full * 0.15
    assert fewer.shown[0] == 0 and fewer.shown[-1] == 11 and len(fewer.shown) < 12
    with pytest.raises(ValueError):
        replays.animate(noisy, limit=1000)


def test_the_replay_module_imports_no_discord() -> None:
    """It runs in render workers, which import no Discord."""
    code = "import sys, cogs.table.replays; print(sorted(m for m in sys.modules if m.split('.')[0] == 'discord'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"
