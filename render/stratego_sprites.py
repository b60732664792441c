"""The pieces of a Stratego board image, drawn once and cached: tiles, markers, lakes, arrows.

Pillow draws shapes without anti-aliasing, so every sprite is drawn at ``SS`` times its size and
shrunk (area averaging smooths the edges); text is drawn afterwards at full size, where FreeType
anti-aliases it. The caches are small (a few hundred sprites of a few KB) and live for the process,
which makes a render mostly a matter of pasting.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.fonts import draw_text
from render.png import RGB, mix, palette_image
from rules.stratego.pieces import IMMOBILE, NUMBER

SQ = 64
"""One square. 64 px keeps a rank number ~13 pt tall on a phone showing the image ~400 pt wide."""
INSET = 3
"""Land left around a tile inside its square, where the last-move and battle frames go."""
TILE = SQ - 2 * INSET
SS = 4
"""Supersampling factor for shapes."""

# --- colours -------------------------------------------------------------------------------------

PAGE: RGB = (246, 243, 236)
INK: RGB = (28, 28, 30)
MUTED: RGB = (104, 98, 90)
WHITE: RGB = (255, 255, 255)
FRAME: RGB = (78, 62, 44)
FRAME_TEXT: RGB = (246, 236, 214)
LAND: RGB = (224, 211, 172)
GRID: RGB = (186, 168, 126)
WATER: RGB = (92, 170, 222)
WAVE: RGB = (206, 234, 252)
WATER_EDGE: RGB = (40, 104, 164)
HIDDEN: RGB = (158, 154, 146)
HATCH: RGB = (136, 132, 124)
MOVE: RGB = (255, 204, 0)
MOVE_TINT: RGB = (246, 222, 110)
BATTLE: RGB = (236, 76, 16)
BOMB: RGB = (34, 34, 38)
GOLD: RGB = (255, 206, 64)
DRAW_BANNER: RGB = (92, 92, 100)

ARMY: dict[str, tuple[RGB, RGB, RGB]] = {
    "red": ((214, 52, 44), (120, 18, 14), (246, 164, 150)),
    "blue": ((22, 66, 156), (8, 30, 84), (150, 188, 246)),
}
"""Fill, border and accent of each army. Red is lighter than Blue (relative luminance 0.17 vs
0.06; white text contrasts 4.8:1 and 9:1), and the tile shapes differ (rounded square with a dark
foot vs. octagon with an inner ring), so the armies differ without colour vision too."""

_BASE = [
    PAGE,
    INK,
    MUTED,
    WHITE,
    FRAME,
    FRAME_TEXT,
    LAND,
    GRID,
    WATER,
    WAVE,
    WATER_EDGE,
    HIDDEN,
    HATCH,
    MOVE,
    MOVE_TINT,
    BATTLE,
    BOMB,
    GOLD,
    DRAW_BANNER,
]
for _fill, _dark, _light in ARMY.values():
    _BASE += [_fill, _dark, _light]
_RAMPS: list[tuple[RGB, RGB]] = [
    (WHITE, ARMY["red"][0]),
    (WHITE, ARMY["blue"][0]),
    (LAND, ARMY["red"][1]),
    (LAND, ARMY["blue"][1]),
    (PAGE, ARMY["red"][1]),
    (PAGE, ARMY["blue"][1]),
    (PAGE, INK),
    (PAGE, MUTED),
    (FRAME, FRAME_TEXT),
    (LAND, INK),
    (WATER, WAVE),
    (LAND, WATER_EDGE),
    (LAND, MOVE),
    (INK, MOVE),
    (INK, BATTLE),
    (WHITE, ARMY["red"][1]),
    (WHITE, ARMY["blue"][1]),
    (WHITE, DRAW_BANNER),
    (BOMB, ARMY["red"][0]),
    (BOMB, ARMY["blue"][0]),
    (GOLD, INK),
    (HIDDEN, WHITE),
    (ARMY["red"][0], ARMY["red"][1]),
    (ARMY["blue"][0], ARMY["blue"][1]),
    (LAND, BATTLE),
    (MOVE_TINT, INK),
]
PALETTE = palette_image(_BASE, _RAMPS, steps=8)


# --- shapes and symbols (drawn supersampled) ---------------------------------------------------


def _downsample(big: Image.Image, size: tuple[int, int]) -> Image.Image:
    """Shrink a supersampled drawing: averaging gives the anti-aliased edges Pillow does not draw."""
    return big.resize(size, Image.Resampling.BOX)


def _army_shape(draw: ImageDraw.ImageDraw, box: Sequence[float], colour: str, k: float) -> None:
    """The tile body: Red a rounded square, Blue an octagon with an inner ring — shapes that tell
    the armies apart for colour-blind players too. ``k`` scales design units (tile = 58) to pixels."""
    fill, dark, light = ARMY[colour]
    x0, y0, x1, y1 = box
    border = 2.2 * k
    if colour == "red":
        draw.rounded_rectangle((x0, y0, x1, y1), radius=10 * k, fill=dark)
        draw.rounded_rectangle((x0 + border, y0 + border, x1 - border, y1 - border), radius=10 * k - border, fill=fill)
        band = (y1 - y0) * 0.09
        draw.rounded_rectangle(
            (x0 + border, y1 - border - band, x1 - border, y1 - border), radius=8 * k - border, fill=dark
        )
        draw.rectangle((x0 + border, y1 - border - band, x1 - border, y1 - border - band + 3 * k), fill=dark)
        return
    c = 13 * k
    draw.polygon(_octagon(x0, y0, x1, y1, c), fill=dark)
    draw.polygon(_octagon(x0 + border, y0 + border, x1 - border, y1 - border, c - border * 0.42), fill=fill)
    ring = 3.8 * k
    draw.polygon(
        _octagon(x0 + ring, y0 + ring, x1 - ring, y1 - ring, c - ring * 0.42),
        outline=light,
        width=max(1, round(1.3 * k)),
    )


def _octagon(x0: float, y0: float, x1: float, y1: float, c: float) -> list[tuple[float, float]]:
    return [
        (x0 + c, y0),
        (x1 - c, y0),
        (x1, y0 + c),
        (x1, y1 - c),
        (x1 - c, y1),
        (x0 + c, y1),
        (x0, y1 - c),
        (x0, y0 + c),
    ]


def _bomb(draw: ImageDraw.ImageDraw, cx: float, cy: float, k: float) -> None:
    """A round black bomb with a fuse and a spark: Bomb has no number (SG-2.1)."""
    r = 11.5 * k
    draw.line((cx + 5 * k, cy - 7 * k, cx + 11 * k, cy - 15 * k), fill=GOLD, width=round(3 * k))
    _star(draw, cx + 12.5 * k, cy - 16.5 * k, 5.5 * k, 2.4 * k, 8, WHITE, None, k)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=BOMB, outline=INK, width=round(k))
    draw.rounded_rectangle((cx + 2 * k, cy - 13 * k, cx + 9 * k, cy - 6 * k), radius=1.5 * k, fill=BOMB)
    draw.ellipse((cx - 7 * k, cy - 7 * k, cx - 2 * k, cy - 2 * k), fill=WHITE)


def _flag(draw: ImageDraw.ImageDraw, cx: float, cy: float, k: float) -> None:
    """A gold pennant on a white pole: the Flag has no number (SG-2.1)."""
    draw.rounded_rectangle((cx - 12 * k, cy - 15 * k, cx - 9 * k, cy + 12 * k), radius=k, fill=WHITE)
    draw.polygon(
        [
            (cx - 9 * k, cy - 15 * k),
            (cx + 15 * k, cy - 15 * k),
            (cx + 9 * k, cy - 8 * k),
            (cx + 15 * k, cy - 1 * k),
            (cx - 9 * k, cy - 1 * k),
        ],
        fill=GOLD,
        outline=INK,
        width=max(1, round(0.9 * k)),
    )
    draw.rounded_rectangle((cx - 17 * k, cy + 10 * k, cx - 4 * k, cy + 14 * k), radius=k, fill=WHITE)


def _star(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    outer: float,
    inner: float,
    points: int,
    fill: RGB,
    outline: RGB | None,
    k: float,
) -> None:
    pts = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / points - math.pi / 2
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    draw.polygon(pts, fill=fill, outline=outline, width=max(1, round(1.2 * k)) if outline else 1)


def _moved_mark(draw: ImageDraw.ImageDraw, x: float, y: float, k: float, fill: RGB) -> None:
    """Two small chevrons (">>"): the piece has moved, so it is neither Bomb nor Flag."""
    w = round(1.9 * k)
    for dx in (0.0, 5.5 * k):
        draw.line(
            [(x + dx, y), (x + dx + 4.5 * k, y + 4.5 * k), (x + dx, y + 9 * k)], fill=fill, width=w, joint="curve"
        )


def _eye_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float, k: float) -> None:
    """An open eye: the opponent knows this piece's rank."""
    draw.ellipse((cx - 8 * k, cy - 5 * k, cx + 8 * k, cy + 5 * k), fill=WHITE, outline=INK, width=round(k))
    draw.ellipse((cx - 3 * k, cy - 3 * k, cx + 3 * k, cy + 3 * k), fill=INK)


# --- sprites (cached) ----------------------------------------------------------------------------


def _label(rank: str) -> str:
    return NUMBER.get(rank, "")


@functools.cache
def tile_sprite(colour: str, rank: str | None, moved: bool, known: bool) -> Image.Image:
    """A board tile (TILE x TILE, RGB on LAND): the rank number big (no name: a name small enough to
    fit a tile could not be read on a phone, issue 19 §4), Bomb and Flag as symbols; ``None`` is a
    blank tile of the army (SG-7). ``moved`` and ``known`` add the corner markers."""
    n = TILE
    k = SS
    big = Image.new("RGBA", (n * k, n * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    _army_shape(d, (0, 0, n * k - 1, n * k - 1), colour, k)
    fill, dark, _light = ARMY[colour]
    if rank is None:
        d.rounded_rectangle((19 * k, 19 * k, 39 * k, 39 * k), radius=4 * k, fill=mix(fill, dark, 0.35))
    elif rank == "B":
        _bomb(d, 29 * k, 31 * k, k * 1.15)
    elif rank == "F":
        _flag(d, 30 * k, 29 * k, k * 1.15)
    if moved:
        _moved_mark(d, 10 * k, 6.5 * k, k, WHITE)
    if known:  # Bomb and Flag never move, so their eye takes the free top-left corner
        _eye_mark(d, (14 if rank in IMMOBILE else 44) * k, 11 * k, k)
    body = _downsample(big, (n, n))
    tile = Image.new("RGB", (n, n), LAND)
    tile.paste(body, (0, 0), body)
    if rank is not None:
        draw = ImageDraw.Draw(tile)
        label = _label(rank)
        if label:
            draw_text(draw, (n / 2, 30), label, 33 if len(label) > 1 else 38, WHITE, "mm", bold=True)
    return tile


@functools.cache
def mini_tile(colour: str, rank: str | None, size: int, lost: bool = False, blank: bool = False) -> Image.Image:
    """A small tile for the side panel and header: number or symbol only, ``?`` for an unknown rank
    (SG-8.2) unless ``blank`` (an army chip); ``lost`` fades it and adds a cross badge, for the
    loser of the last battle (the rank stays readable)."""
    k = SS * size / 58
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    _army_shape(d, (0, 0, size * SS - 1, size * SS - 1), colour, k)
    if rank == "B":
        _bomb(d, 29 * k, 31 * k, k * 1.05)
    elif rank == "F":
        _flag(d, 31 * k, 30 * k, k * 1.05)
    small = _downsample(big, (size, size))
    out = Image.new("RGB", (size, size), PAGE)
    out.paste(small, (0, 0), small)
    draw = ImageDraw.Draw(out)
    label = "" if blank else "?" if rank is None else _label(rank)
    if label:
        draw_text(
            draw,
            (size / 2, size / 2 - 1),
            label,
            round(size * (0.5 if len(label) > 1 else 0.58)),
            WHITE,
            "mm",
            bold=True,
        )
    if lost:
        out = Image.blend(out, Image.new("RGB", out.size, PAGE), 0.3)
        cross = _lost_mark()
        out.paste(cross, (size - cross.width, size - cross.height), cross)
    return out


@functools.lru_cache(maxsize=1)
def _lost_mark() -> Image.Image:
    """A white cross on a dark disc: this piece was removed in the battle (SG-5.3)."""
    n = 20
    big = Image.new("RGBA", (n * SS, n * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, n * SS - 1, n * SS - 1), fill=INK, outline=WHITE, width=round(1.5 * SS))
    a, b = 6 * SS, (n - 6) * SS
    d.line((a, a, b, b), fill=WHITE, width=round(2.5 * SS))
    d.line((a, b, b, a), fill=WHITE, width=round(2.5 * SS))
    return _downsample(big, (n, n))


@functools.cache
def burst_sprite() -> Image.Image:
    """The battle marker: an orange burst, as RGBA to paste over any square corner."""
    r = 15
    big = Image.new("RGBA", (2 * r * SS, 2 * r * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    _star(d, r * SS, r * SS, (r - 0.5) * SS, 7 * SS, 10, BATTLE, INK, SS)
    _star(d, r * SS, r * SS, 6.5 * SS, 3.5 * SS, 5, WHITE, None, SS)
    return _downsample(big, (2 * r, 2 * r))


ARROW_PAD = 8


@functools.cache
def arrow_sprite(direction: str, squares: int) -> Image.Image:
    """The last move's arrow from the centre of the from-square to the edge of the to-square's tile
    (moves are straight, SG-4.2/4.4, and pass only empty squares, so it covers no tile)."""
    length = squares * SQ - (SQ // 2 - INSET - 2)
    w, h = length + 2 * ARROW_PAD, 2 * 15
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    y, x0, tip = h / 2 * SS, ARROW_PAD * SS, (ARROW_PAD + length) * SS
    for grow, colour in ((2.0, INK), (0.0, MOVE)):
        g = grow * SS
        head = 17 * SS
        d.rectangle((x0, y - (4 * SS + g), tip - head, y + 4 * SS + g), fill=colour)
        d.polygon(
            [(tip - head - g, y - 12 * SS - g * 1.6), (tip + g * 1.3, y), (tip - head - g, y + 12 * SS + g * 1.6)],
            fill=colour,
        )
        d.ellipse((x0 - 6 * SS - g, y - 6 * SS - g, x0 + 6 * SS + g, y + 6 * SS + g), fill=colour)
    arrow = _downsample(big, (w, h))
    turn = {
        "right": None,
        "left": Image.Transpose.FLIP_LEFT_RIGHT,
        "up": Image.Transpose.ROTATE_90,
        "down": Image.Transpose.ROTATE_270,
    }[direction]
    return arrow if turn is None else arrow.transpose(turn)


@functools.cache
def lake_sprite() -> Image.Image:
    """One lake (2 x 2 squares) as water with waves, clearly not land and not a blue piece (SG-1.2)."""
    n = 2 * SQ - 4
    big = Image.new("RGB", (n * SS, n * SS), LAND)
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, n * SS - 1, n * SS - 1), radius=22 * SS, fill=WATER_EDGE)
    d.rounded_rectangle((3 * SS, 3 * SS, (n - 3) * SS, (n - 3) * SS), radius=19 * SS, fill=WATER)
    for row in range(5):
        y = (22 + row * 21) * SS
        shift = 10 * SS if row % 2 else 0
        for col in range(3):
            x = (14 + col * 36) * SS + shift
            if x + 22 * SS > (n - 10) * SS:
                continue
            d.arc((x, y - 6 * SS, x + 11 * SS, y + 6 * SS), 200, 340, fill=WAVE, width=2 * SS)
            d.arc((x + 11 * SS, y - 6 * SS, x + 22 * SS, y + 6 * SS), 20, 160, fill=WAVE, width=2 * SS)
    return _downsample(big, (n, n))


@functools.lru_cache(maxsize=64)
def count_badge(count: int) -> Image.Image:
    """A count on a dark disc at a mini tile's corner: how many of that rank (shown from 2 up)."""
    text = str(count)
    w, h = (23 if len(text) == 1 else 30), 23
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, w * SS - 1, h * SS - 1), radius=h * SS // 2, fill=INK, outline=WHITE, width=round(1.5 * SS)
    )
    badge = _downsample(big, (w, h))
    draw_text(ImageDraw.Draw(badge), (w / 2, h / 2), text, 17, WHITE, "mm", bold=True)
    return badge


@functools.cache
def legend_icon(kind: str) -> Image.Image:
    """22 px samples of the markers, drawn the same way as on the board."""
    size = 22
    if kind in ("moved", "known"):
        big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
        d = ImageDraw.Draw(big)
        k = SS * size / 30
        _army_shape(d, (0, 0, size * SS - 1, size * SS - 1), "blue", k * 0.5)
        if kind == "moved":
            _moved_mark(d, 7 * k, 6 * k, k * 1.5, WHITE)
        else:
            _eye_mark(d, 15 * k, 15 * k, k * 1.3)
        small = _downsample(big, (size, size))
        out = Image.new("RGB", (size, size), PAGE)
        out.paste(small, (0, 0), small)
        return out
    out = Image.new("RGB", (size, size), LAND)
    d = ImageDraw.Draw(out)
    if kind == "move":
        d.rectangle((0, 0, size - 1, size - 1), outline=INK, width=1)
        d.rectangle((1, 1, size - 2, size - 2), outline=MOVE, width=4)
        d.rectangle((5, 5, size - 6, size - 6), outline=INK, width=1)
        return out
    d.rectangle((0, 0, size - 1, size - 1), outline=INK, width=1)
    d.rectangle((1, 1, size - 2, size - 2), outline=BATTLE, width=4)
    burst = burst_sprite().resize((18, 18), Image.Resampling.LANCZOS)
    out.paste(burst, (2, 2), burst)
    return out
