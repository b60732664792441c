"""The pieces of a Stroganov image, drawn once and cached: fur chips, cossack tokens, outpost slots,
landscape tiles, wish cards and song cards.

As in :mod:`render.shitenno_sprites`, shapes are drawn at ``SS`` times their size and shrunk (Pillow
does not anti-alias shapes), text is drawn at full size through :mod:`render.fonts`, and every sprite
is cached, so a render is mostly pasting sprites onto a cached background.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from render.fonts import draw_text, fitting_face, fitting_size, text_width
from render.png import RGB, palette_image

SS = 4
"""Supersampling factor for shapes."""

# --- colours -------------------------------------------------------------------------------------

PAGE: RGB = (246, 243, 236)
PANEL: RGB = (232, 226, 212)
SLOT: RGB = (214, 205, 184)
BORDER: RGB = (150, 136, 110)
INK: RGB = (28, 28, 30)
MUTED: RGB = (92, 86, 78)
WHITE: RGB = (255, 255, 255)
HILITE: RGB = (255, 204, 0)
ALERT: RGB = (200, 30, 30)
DUMMY: RGB = (120, 120, 124)
REGION: RGB = (60, 52, 44)
"""Region header band (white text)."""

PLAYER: tuple[RGB, ...] = (
    (0, 114, 178),
    (230, 159, 0),
    (0, 158, 115),
    (204, 121, 167),
)
"""Cossack colours by cossack index (Okabe–Ito: blue, orange, bluish green, reddish purple), told
apart by colourblind viewers too; every token also carries its name."""
PLAYER_TEXT: tuple[RGB, ...] = (WHITE, INK, INK, INK)

FUR: dict[int, RGB] = {
    2: (226, 226, 230),
    3: (247, 236, 196),
    4: (250, 196, 150),
    5: (214, 186, 156),
    6: (188, 212, 238),
    7: (200, 232, 190),
    8: (196, 166, 136),
    0: (255, 140, 20),
}
"""Fur chip colours by value; 0 is the tiger (orange with black stripes). The value is always
written on the chip, so the colour is only a help."""
FUR_VALUES = (2, 3, 4, 5, 6, 7, 8, 0)
"""The fur values (ST-14.1) and the tiger; their names are words the renderer is given."""

LAND: dict[str, RGB] = {
    "Taiga": (38, 104, 58),
    "Tundra": (160, 196, 214),
    "Steppe": (228, 200, 96),
    "Mountains": (112, 100, 92),
}
"""Landscape types (ST-14.3); the type is always written too."""
LAND_TEXT: dict[str, RGB] = {"Taiga": WHITE, "Tundra": INK, "Steppe": INK, "Mountains": WHITE}

_BASE = [PAGE, PANEL, SLOT, BORDER, INK, MUTED, WHITE, HILITE, ALERT, DUMMY, REGION]
_BASE += list(PLAYER) + list(FUR.values()) + list(LAND.values())
_RAMPS: list[tuple[RGB, RGB]] = [
    (PAGE, INK),
    (PAGE, MUTED),
    (PAGE, ALERT),
    (PANEL, INK),
    (PANEL, MUTED),
    (PANEL, BORDER),
    (PANEL, ALERT),
    (SLOT, INK),
    (WHITE, INK),
    (WHITE, MUTED),
    (WHITE, ALERT),
    (WHITE, BORDER),
    (HILITE, INK),
    (ALERT, WHITE),
    (DUMMY, WHITE),
    (REGION, WHITE),
    (INK, PANEL),
    *((c, PLAYER_TEXT[i]) for i, c in enumerate(PLAYER)),
    *((c, PANEL) for c in PLAYER),
    *((c, PAGE) for c in PLAYER),
    *((c, INK) for c in FUR.values()),
    *((c, LAND_TEXT[k]) for k, c in LAND.items()),
    *((c, WHITE) for c in LAND.values()),
]
PALETTE = palette_image(_BASE, _RAMPS, steps=5)

TOKEN = 44
"""Cossack token diameter in pixels."""
FUR_H = 34
"""Fur chip height in pixels."""


def _downsample(big: Image.Image, size: tuple[int, int]) -> Image.Image:
    return big.resize(size, Image.Resampling.BOX)


def _rounded(width: int, height: int, fill: RGB, outline: RGB | None, radius: int, line: int = 2) -> Image.Image:
    big = Image.new("RGBA", (width * SS, height * SS), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * SS - 1, height * SS - 1),
        radius=radius * SS,
        fill=fill,
        outline=outline,
        width=line * SS if outline else 0,
    )
    return _downsample(big, (width, height))


def player_colour(index: int) -> RGB:
    return PLAYER[index % len(PLAYER)]


def player_text(index: int) -> RGB:
    return PLAYER_TEXT[index % len(PLAYER_TEXT)]


def fit_bold(
    d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, room: float, largest: int, fill: RGB, anchor: str
) -> None:
    """Bold text that shrinks (down to 14 px, then in the regular face) to fit ``room``, and is cut
    with "…" if it still does not."""
    size, bold = fitting_face(text, room, largest, 14)
    if text_width(text, size, bold) > room:
        while text and text_width(text + "…", size, bold) > room:
            text = text[:-1]
        text = text.rstrip() + "…"
    draw_text(d, xy, text, size, fill, anchor, bold=bold)


@functools.lru_cache(maxsize=64)
def token_sprite(index: int, label: str, size: int = TOKEN) -> Image.Image:
    """A cossack token: a disc in the cossack's colour, ringed in ink, with its short name
    (``P0``..``P3`` or ``IV``) so it reads without colour."""
    s = size * SS
    ring = 3 if size >= 36 else 2
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((0, 0, s - 1, s - 1), fill=INK)
    d.ellipse((ring * SS, ring * SS, s - 1 - ring * SS, s - 1 - ring * SS), fill=player_colour(index))
    im = _downsample(big, (size, size))
    text_size = fitting_size(label, size - 2 * ring - 6, max(14, size // 2), 14, bold=True)
    draw_text(ImageDraw.Draw(im), (size / 2, size / 2), label, text_size, player_text(index), "mm", bold=True)
    return im


@functools.lru_cache(maxsize=128)
def fur_chip(value: int, width: int, label: str) -> Image.Image:
    """A fur (or the tiger, value 0) as a chip: the value in bold and ``label`` (the animal's name,
    or a count)."""
    fill = FUR.get(value, PANEL)
    im = _rounded(width, FUR_H, fill, INK, 6, 1 if value else 2)
    d = ImageDraw.Draw(im)
    if value == 0:
        for x in range(8, width - 8, 14):
            d.line((x, 4, x + 6, FUR_H - 5), fill=INK, width=3)
        words = label
        size = fitting_size(words, width - 10, 22, 14, bold=True)
        w = text_width(words, size, bold=True) + 10
        d.rectangle(((width - w) / 2, 5, (width + w) / 2, FUR_H - 6), fill=FUR[0])
        draw_text(d, (width / 2, FUR_H / 2), words, size, INK, "mm", bold=True)
        return im
    words = label
    draw_text(d, (8, FUR_H / 2), str(value), 26, INK, "lm", bold=True)
    if words:
        fit_bold(d, (29, FUR_H / 2 + 1), words, width - 34, 21, INK, "lm")
    return im


@functools.lru_cache(maxsize=64)
def fur_square(value: int, red: bool, size: int = 34) -> Image.Image:
    """A required fur on a wish (ST-10.3): its value in a square; a red one (spent) has a thick red
    frame and a red dot, so it reads without colour too."""
    im = _rounded(size, size, FUR.get(value, PANEL), ALERT if red else INK, 5, 4 if red else 1)
    d = ImageDraw.Draw(im)
    draw_text(d, (size / 2 - (2 if red else 0), size / 2), str(value) if value else "T", 24, INK, "mm", bold=True)
    if red:
        d.ellipse((size - 12, 3, size - 4, 11), fill=ALERT)
    return im


@functools.lru_cache(maxsize=128)
def outpost_slot(
    owner: int | None, vp: str, label: str, width: int = 84, height: int = 58, big: int = 24, small: int = 20
) -> Image.Image:
    """An outpost slot (ST-14.2) with its VP (``vp``, in words): free (hollow, ``label`` the word for
    free), a dummy (grey, ``label`` its word) or a cossack's outpost (his colour, ``label`` his
    name)."""
    top, bottom = round(height * 0.32), round(height * 0.73)
    if owner is None:
        im = _rounded(width, height, WHITE, BORDER, 6, 2)
        d = ImageDraw.Draw(im)
        fit_bold(d, (width / 2, top), vp, width - 8, big, INK, "mm")
        fit_bold(d, (width / 2, bottom), label, width - 8, small, MUTED, "mm")
        return im
    fill, ink = (DUMMY, WHITE) if owner < 0 else (player_colour(owner), player_text(owner))
    im = _rounded(width, height, fill, INK, 6, 2)
    d = ImageDraw.Draw(im)
    fit_bold(d, (width / 2, top), vp, width - 8, big, ink, "mm")
    fit_bold(d, (width / 2, bottom), label, width - 8, small + 2, ink, "mm")
    return im


def wrap(text: str, width: float, size: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` px at ``size`` in bold: after commas where that
    suffices ("3 stories, | 1 horse"), else at spaces (a word longer than a line stays whole)."""
    lines: list[str] = []
    line = ""
    parts = [p + "," for p in text.split(",")]
    parts[-1] = parts[-1][:-1]
    if any(text_width(p.strip(), size, bold=True) > width for p in parts):
        parts = text.split()
    for part in (p.strip() for p in parts):
        trial = f"{line} {part}" if line else part
        if line and text_width(trial, size, bold=True) > width:
            lines.append(line)
            line = part
        else:
            line = trial
    if line:
        lines.append(line)
    return lines or [""]


TILE_H = 118
"""Landscape tile height in pixels."""


@functools.lru_cache(maxsize=64)
def tile_sprite(
    kind: str, kind_word: str, s: bool, reward: str, claim: str, width: int, height: int = TILE_H
) -> Image.Image:
    """A landscape tile (ST-14.3): a band in the type's colour with the type (``kind_word``) and the
    S marker, then the id and the claim reward under ``claim``'s word."""
    im = _rounded(width, height, WHITE, INK, 8, 2)
    d = ImageDraw.Draw(im)
    band = LAND.get(kind, MUTED)
    d.rounded_rectangle((2, 2, width - 3, 36), radius=6, fill=band)
    d.rectangle((2, 20, width - 3, 36), fill=band)
    ink = LAND_TEXT.get(kind, WHITE)
    fit_bold(d, (7, 19), kind_word, width - (42 if s else 14), 22, ink, "lm")
    if s:
        d.ellipse((width - 33, 5, width - 6, 32), fill=WHITE, outline=INK, width=2)
        draw_text(d, (width - 19.5, 19), "S", 20, INK, "mm", bold=True)
    fit_bold(d, (7, 52), claim, width - 14, 20, MUTED, "lm")
    lines = wrap(reward, width - 12, 20)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    for i, line in enumerate(lines):
        fit_bold(d, (7, 78 + i * 24), line, width - 12, 21, INK, "lm")
    return im


@functools.lru_cache(maxsize=16)
def empty_tile_sprite(label: str, width: int, height: int = TILE_H) -> Image.Image:
    im = _rounded(width, height, PANEL, BORDER, 8, 2)
    fit_bold(ImageDraw.Draw(im), (width / 2, height / 2), label, width - 10, 22, MUTED, "mm")
    return im


WISH_H = 104
"""Wish card height in pixels."""


@functools.lru_cache(maxsize=256)
def wish_sprite(
    timing: str, required: tuple[int, ...], red: tuple[int, ...], vp: str, ability: str, width: int
) -> Image.Image:
    """A tsar wish card (ST-14.5), all in words: when its ability acts and its VP, the required furs
    with the red (spent) ones marked, and what the ability does."""
    im = _rounded(width, WISH_H, WHITE, INK, 8, 2)
    d = ImageDraw.Draw(im)
    vw = min(text_width(vp, 26, bold=True), width * 0.45)
    fit_bold(d, (width - 9, 17), vp, vw, 26, INK, "rm")
    fit_bold(d, (9, 17), timing, width - 26 - vw, 19, MUTED, "lm")
    left = list(red)
    x = 8
    for v in required:
        is_red = v in left
        if is_red:
            left.remove(v)
        sq = fur_square(v, is_red)
        im.alpha_composite(sq, (x, 33))
        x += sq.width + 4
    fit_bold(d, (9, 85), ability, width - 16, 20, INK, "lm")
    return im


SONG_H = 78
"""Song card height in pixels."""


@functools.lru_cache(maxsize=64)
def song_sprite(cost: str, reward: str, width: int, height: int = SONG_H) -> Image.Image:
    """A song (ST-14.8): id, cost in stories (in words) and reward."""
    im = _rounded(width, height, WHITE, INK, 8, 2)
    d = ImageDraw.Draw(im)
    fit_bold(d, (10, 20), cost, width - 20, 22, ALERT, "lm")
    fit_bold(d, (10, height - 24), reward, width - 20, 26, INK, "lm")
    return im


@functools.lru_cache(maxsize=128)
def bag_chip(value: int, count: int, animal: str, width: int) -> Image.Image:
    """A fur value in the bag (ST-4.3): the chip with the value and the animal's name, and the
    count right-aligned so that it stays large when the name has to shrink."""
    im = _rounded(width, FUR_H, FUR.get(value, PANEL), INK, 6, 1)
    d = ImageDraw.Draw(im)
    draw_text(d, (8, FUR_H / 2), str(value), 26, INK, "lm", bold=True)
    count_text = f"x{count}"
    draw_text(d, (width - 7, FUR_H / 2), count_text, 22, INK, "rm", bold=True)
    room = width - 29 - 7 - text_width(count_text, 22, bold=True) - 6
    fit_bold(d, (29, FUR_H / 2 + 1), animal, room, 20, INK, "lm")
    return im
