"""``/game replay`` (issue 20 §2): a finished game, or a stretch of it, as an animated GIF drawn from
its public views only (docs/replays.md says why GIF).

The positions come from replaying the action log from the game's start (DESIGN §4: ``new`` with
the seed, then every logged action), so the animation is exactly the game as it was played; each
position is drawn by the game's own UI (``public_files``: ``view(state, None)``), the same images
the thread showed. The last position of a whole game is the finished game's public view, which
shows everything (Stratego reveals every piece once the game is over).

Move numbers count the game's decisions as its record file lists them (``/game log``): move ``n``
is the ``n``-th action. A stretch ``first``–``last`` shows the position before move ``first`` and
the position after each move up to ``last``.

A long stretch is sampled: at most :data:`MAX_FRAMES` positions, the first and the last always,
and every ``k``-th between them (the reply says so). The file must fit Discord's upload limit
(:data:`UPLOAD_LIMIT`, under the 10 MB a bot may send anywhere): a larger one is drawn again
smaller, then with fewer frames. Nothing here touches Discord: these functions run in a thread
(:func:`positions`) and in a render worker (:func:`animate`), never on the event loop.
"""

from __future__ import annotations

import copy
import io
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from db.records import GameRecord, LoggedAction
from render.png import mapped
from rules.protocol import AnyGame

MAX_FRAMES = 120
"""Positions in one animation at most: a long Stratego game has ~1,000 moves, a four-player
Stroganov game ~700 decisions; drawing 120 positions takes a few seconds."""
UPLOAD_LIMIT = 8 * 1024 * 1024
"""Bytes: Discord lets a bot upload 10 MiB per message anywhere; 8 MiB leaves room for the rest."""
FRAME_MS = 800
FIRST_MS = 1500
LAST_MS = 5000
"""How long a position shows: the start and the end a while longer (a GIF loops forever)."""
MIN_SCALE = 0.5
"""Below this size the boards are unreadable on a phone: fewer frames instead."""


@dataclass(frozen=True, slots=True)
class Stretch:
    """The moves ``first``–``last`` of a game of ``moves`` moves, and which positions are shown:
    ``kept`` indexes the stretch's positions (0: before move ``first``; ``i``: after move
    ``first + i - 1``), every ``every``-th one with the first and the last."""

    first: int
    last: int
    moves: int
    kept: tuple[int, ...]
    every: int

    @property
    def positions(self) -> int:
        return self.last - self.first + 2

    @property
    def sampled(self) -> bool:
        return len(self.kept) < self.positions

    def move_of(self, index: int) -> int:
        """The number of the last move made in the stretch's position ``index`` (0 before any)."""
        return self.first - 1 + index


def keep(count: int, limit: int = MAX_FRAMES) -> tuple[tuple[int, ...], int]:
    """Which of ``count`` positions to show, at most ``limit``: the first, the last and every
    ``k``-th between (``k`` as small as fits); and ``k``."""
    if count <= limit:
        return tuple(range(count)), 1
    every = math.ceil((count - 1) / (limit - 1))
    while True:
        kept = sorted(set(range(0, count, every)) | {count - 1})
        if len(kept) <= limit:
            return tuple(kept), every
        every += 1


def stretch(moves: int, first: int | None, last: int | None, limit: int = MAX_FRAMES) -> Stretch | None:
    """The stretch a replay asked for (``None``: from the start, to the end), or ``None`` when it
    is not one: ``1 <= first <= last <= moves``."""
    first = 1 if first is None else first
    last = moves if last is None else last
    if not 1 <= first <= last <= moves:
        return None
    kept, every = keep(last - first + 2, limit)
    return Stretch(first, last, moves, kept, every)


def positions(game: AnyGame, rec: GameRecord, log: Sequence[LoggedAction], part: Stretch) -> list[Any]:
    """The states of ``part`` that are shown, in order: replayed from the game's start through the
    logged actions (a copy of each kept state). CPU work: run it in a thread."""
    if rec.seed is None:
        raise ValueError(f"game {rec.id} has no seed")
    state = game.new(len(rec.players), rec.options, rec.seed)
    kept = set(part.kept)
    out: list[Any] = []
    for done in range(part.last + 1):
        if done >= part.first - 1 and done - (part.first - 1) in kept:
            out.append(copy.deepcopy(state))
        if done < part.last:
            action = log[done]
            game.apply(state, action.seat, game.parse_action(action.notation, state))
    return out


# --- the animation ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Animation:
    data: bytes
    frames: int
    """Frames in the file (a position that looks like the one before it only lengthens it)."""
    scale: float
    """1.0, or the size the boards were drawn down to so that the file fits."""
    shown: tuple[int, ...]
    """Which of the given positions are in the file (all, unless it had to shed frames to fit)."""


def frame(images: Sequence[bytes]) -> Image.Image:
    """One position's public images (PNG) as one picture, stacked top to bottom (Shitenno's board
    and sharing table). Palette images that share their palette stay palette images (exact)."""
    opened: list[Image.Image] = [Image.open(io.BytesIO(data)) for data in images]
    for im in opened:
        im.load()
    if len(opened) == 1:
        return opened[0]
    width, height = max(im.width for im in opened), sum(im.height for im in opened)
    palette = opened[0].getpalette() if opened[0].mode == "P" else None
    same = palette is not None and all(im.mode == "P" and im.getpalette() == palette for im in opened)
    if same:
        canvas = Image.new("P", (width, height), _background(opened[0]))
        canvas.putpalette(palette or [])
    else:
        opened = [im.convert("RGB") for im in opened]
        canvas = Image.new("RGB", (width, height), _background(opened[0]))
    y = 0
    for im in opened:
        canvas.paste(im, (0, y))
        y += im.height
    return canvas


def _background(im: Image.Image) -> Any:
    """The colour (or palette index) of an image's top-left corner: its background."""
    return im.getpixel((0, 0))


@dataclass(frozen=True, slots=True)
class _Canvas:
    """One size for every frame (the largest of each side) and the palette they share, if any."""

    size: tuple[int, int]
    palette: list[int] | None


def _plan(positions: Sequence[Sequence[bytes]]) -> _Canvas:
    """Read one frame at a time (a long game's decoded frames would hold ~100 MB at once)."""
    width = height = 0
    palette: list[int] | None = None
    shared = True
    for n, images in enumerate(positions):
        f = frame(images)
        width, height = max(width, f.width), max(height, f.height)
        mine = f.getpalette() if f.mode == "P" else None
        if n == 0:
            palette = mine
        shared = shared and mine is not None and mine == palette
    return _Canvas((width, height), palette if shared else None)


def _on_canvas(f: Image.Image, canvas: _Canvas) -> Image.Image:
    """A frame on the shared canvas: a smaller one at the top left on its own background; a
    palette image of the shared palette as it is, anything else in RGB."""
    if canvas.palette is None and f.mode != "RGB":
        f = f.convert("RGB")
    if f.size != canvas.size:
        out = Image.new(f.mode, canvas.size, _background(f))
        if f.mode == "P":
            out.putpalette(canvas.palette or [])
        out.paste(f, (0, 0))
        f = out
    return f


def _scaled(f: Image.Image, scale: float) -> Image.Image:
    if scale >= 1.0:
        return f
    size = (max(1, round(f.width * scale)), max(1, round(f.height * scale)))
    small = f.convert("RGB").resize(size, Image.Resampling.LANCZOS)
    if f.mode != "P":
        return small
    palette = Image.new("P", (1, 1))  # back onto the game's palette: its colours, no dithering speckle
    palette.putpalette(f.getpalette() or [])
    return mapped(small, palette)


def durations(count: int) -> list[int]:
    """Milliseconds per position: the first and the last a while longer."""
    if count == 1:
        return [LAST_MS]
    return [FIRST_MS] + [FRAME_MS] * (count - 2) + [LAST_MS]


def _gif(
    positions: Sequence[Sequence[bytes]], chosen: Sequence[int], canvas: _Canvas, scale: float
) -> tuple[bytes, int]:
    """The GIF of the ``chosen`` positions and how many frames it has: Pillow lengthens a frame
    for a position that looks exactly like the one before it. Frames are decoded one at a time as
    Pillow asks for them."""
    distinct = 0
    previous: bytes | None = None

    def frames() -> Iterator[Image.Image]:
        nonlocal distinct, previous
        for i in chosen:
            f = _scaled(_on_canvas(frame(positions[i]), canvas), scale)
            pixels = f.tobytes()
            if pixels != previous:
                distinct += 1
            previous = pixels
            yield f

    it = frames()
    first = next(it)
    out = io.BytesIO()
    first.save(out, "GIF", save_all=True, append_images=it, duration=durations(len(chosen)), loop=0, disposal=1)
    return out.getvalue(), distinct


def animate(positions: Sequence[Sequence[bytes]], limit: int = UPLOAD_LIMIT) -> Animation:
    """The positions' public images (PNG bytes, one list per position) as one looping GIF of at
    most ``limit`` bytes: at full size if it fits, else drawn smaller (down to
    :data:`MIN_SCALE`), else with every second frame dropped (first and last kept) until it fits.
    A GIF holds 256 colours; the games draw their images on one 256-colour palette each, so the
    frames are the images exactly (unless drawn smaller)."""
    if not positions:
        raise ValueError("nothing to animate")
    canvas = _plan(positions)
    chosen = tuple(range(len(positions)))
    scale = 1.0
    while True:
        data, frames = _gif(positions, chosen, canvas, scale)
        if len(data) <= limit:
            return Animation(data, frames, scale, chosen)
        if scale > MIN_SCALE:
            scale = max(MIN_SCALE, scale * min(0.85, math.sqrt(limit / len(data)) * 0.95))
            continue
        if len(chosen) <= 2:
            raise ValueError(f"a replay of {len(chosen)} frames does not fit {limit} bytes")
        picked, _ = keep(len(chosen), max(2, (len(chosen) + 1) // 2))
        chosen = tuple(chosen[i] for i in picked)
