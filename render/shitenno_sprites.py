"""The pieces of a Shitenno image, drawn once and cached: stones, cards, bonus tiles, chips.

Shapes are drawn at ``SS`` times their size and shrunk (Pillow does not anti-alias shapes); text is
drawn afterwards at full size through :mod:`render.fonts`, whose glyph masks are cached too. A
render is then mostly pasting cached sprites onto a cached background.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from render.fonts import draw_text, fitting_size
from render.png import RGB, palette_image

SS = 4
"""Supersampling factor for shapes."""

# --- colours -------------------------------------------------------------------------------------

PAGE: RGB = (246, 243, 236)
PANEL: RGB = (232, 226, 212)
SLOT: RGB = (214, 205, 184)
BORDER: RGB = (150, 136, 110)
INK: RGB = (28, 28, 30)
MUTED: RGB = (96, 90, 82)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (240, 188, 40)
KOKU: RGB = (250, 226, 140)
HILITE: RGB = (255, 204, 0)
ALERT: RGB = (196, 30, 30)
OFFER: RGB = (255, 244, 196)

GENERAL: dict[str, RGB] = {
    "red": (206, 44, 38),
    "black": (34, 34, 38),
    "blue": (36, 84, 200),
    "green": (34, 140, 64),
}
"""Stone colours of the four generals (SH-2.1)."""

TROOP: dict[str, RGB] = {
    "BU": (30, 96, 214),
    "SA": (30, 142, 62),
    "SH": (52, 52, 58),
    "SO": (244, 140, 24),
}
"""Troop type colours (SH-2.3): Bushi blue, Samurai green, Shinobi black, Sohei orange."""

TROOP_TEXT: dict[str, RGB] = {"BU": WHITE, "SA": WHITE, "SH": WHITE, "SO": INK}
"""Text on a troop colour: white except on orange, where dark ink contrasts better."""

MIN_TEXT = 12
"""The smallest text a sprite draws (the images are 507 px wide: 9.5 px on a phone, issue 19 §4)."""

_BASE = [PAGE, PANEL, SLOT, BORDER, INK, MUTED, WHITE, GOLD, KOKU, HILITE, ALERT, OFFER]
_BASE += list(GENERAL.values()) + list(TROOP.values())
_RAMPS: list[tuple[RGB, RGB]] = [
    (PAGE, INK),
    (PAGE, MUTED),
    (PAGE, ALERT),
    (PANEL, INK),
    (PANEL, MUTED),
    (PANEL, BORDER),
    (SLOT, INK),
    (SLOT, MUTED),
    (WHITE, INK),
    (WHITE, MUTED),
    (WHITE, BORDER),
    (KOKU, INK),
    (OFFER, INK),
    (HILITE, INK),
    (GOLD, INK),
    (ALERT, WHITE),
    (INK, WHITE),
    *((c, WHITE) for c in GENERAL.values()),
    *((c, SLOT) for c in GENERAL.values()),
    *((c, PANEL) for c in GENERAL.values()),
    *((c, GOLD) for c in GENERAL.values()),
    *((c, WHITE) for c in TROOP.values()),
    (TROOP["SO"], INK),
]
PALETTE = palette_image(_BASE, _RAMPS, steps=6)

STONE = 44
"""Stone diameter in pixels."""
CARD_W, CARD_H = 84, 116
TILE = 60
"""Bonus tile side in pixels."""


def _downsample(big: Image.Image, size: tuple[int, int]) -> Image.Image:
    return big.resize(size, Image.Resampling.BOX)


@functools.lru_cache(maxsize=16)
def stone_sprite(colour: str, golden: bool) -> Image.Image:
    """A general's stone (SH-2.1) as RGBA. The golden face (weight 2, SH-8.13) has a thick gold
    ring and a white "2", so it reads without colour too."""
    s = STONE * SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    fill = GENERAL.get(colour, MUTED)
    if golden:
        d.ellipse((0, 0, s - 1, s - 1), fill=GOLD, outline=INK, width=SS)
        d.ellipse((7 * SS, 7 * SS, s - 1 - 7 * SS, s - 1 - 7 * SS), fill=fill, outline=INK, width=SS)
    else:
        d.ellipse((0, 0, s - 1, s - 1), fill=INK)
        d.ellipse((SS, SS, s - 1 - SS, s - 1 - SS), fill=WHITE)
        d.ellipse((3 * SS, 3 * SS, s - 1 - 3 * SS, s - 1 - 3 * SS), fill=fill)
    im = _downsample(big, (STONE, STONE))
    if golden:
        draw_text(ImageDraw.Draw(im), (STONE / 2, STONE / 2), "2", 22, WHITE, "mm", bold=True)
    return im


@functools.lru_cache(maxsize=16)
def empty_slot_sprite() -> Image.Image:
    """An empty position: a hollow circle."""
    s = STONE * SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    ImageDraw.Draw(big).ellipse((SS, SS, s - 1 - SS, s - 1 - SS), outline=BORDER, width=2 * SS)
    return _downsample(big, (STONE, STONE))


@functools.lru_cache(maxsize=128)
def troop_chip(troop: str, text: str, width: int, height: int) -> Image.Image:
    """A rounded chip in a troop colour (SH-2.3) with ``text`` (the type, or type and count)."""
    big = Image.new("RGBA", (width * SS, height * SS), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, width * SS - 1, height * SS - 1), radius=6 * SS, fill=TROOP.get(troop, MUTED)
    )
    im = _downsample(big, (width, height))
    size = fitting_size(text, width - 6, min(20, height - 6), MIN_TEXT, bold=True)
    draw_text(ImageDraw.Draw(im), (width / 2, height / 2), text, size, TROOP_TEXT.get(troop, WHITE), "mm", bold=True)
    return im


def _card_base(fill: RGB) -> Image.Image:
    big = Image.new("RGBA", (CARD_W * SS, CARD_H * SS), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, CARD_W * SS - 1, CARD_H * SS - 1), radius=9 * SS, fill=fill, outline=INK, width=2 * SS
    )
    return _downsample(big, (CARD_W, CARD_H))


@functools.lru_cache(maxsize=128)
def card_sprite(label: str, kind: str, symbols: tuple[str, ...], koku: int, koku_word: str) -> Image.Image:
    """A card face: its label on top (players type it), then the troop symbols in troop colours
    (SH-2.5, in symbol order, so index 1 is on top) or the koku value on a gold card (SH-2.6)."""
    if kind == "koku":
        im = _card_base(KOKU)
        d = ImageDraw.Draw(im)
        draw_text(d, (CARD_W / 2, 20), label, fitting_size(label, CARD_W - 10, 24, 14, bold=True), INK, "mm", bold=True)
        draw_text(d, (CARD_W / 2, 64), str(koku), 44, INK, "mm", bold=True)
        draw_text(d, (CARD_W / 2, 98), koku_word, fitting_size(koku_word, CARD_W - 10, 17, MIN_TEXT), INK, "mm")
        return im
    im = _card_base(WHITE)
    d = ImageDraw.Draw(im)
    draw_text(d, (CARD_W / 2, 20), label, fitting_size(label, CARD_W - 10, 24, 14, bold=True), INK, "mm", bold=True)
    tops = {1: (52,), 2: (40, 76)}.get(len(symbols), tuple(36 + 22 * i for i in range(len(symbols))))
    h = 32 if len(symbols) <= 2 else 20
    for troop, top in zip(symbols, tops, strict=False):
        chip = troop_chip(troop, troop, CARD_W - 16, h)
        im.alpha_composite(chip, (8, top))
    return im


@functools.lru_cache(maxsize=64)
def tile_sprite(troop: str | None, effect: str, word: str, size: int = TILE) -> Image.Image:
    """A bonus tile (SH-2.7): its troop type's colour and letters with the effect below; a kept
    tile (``troop`` None, its face no longer matters, SH-4.1) is drawn plain with its effect only.
    ``word`` is the effect in the image's language, short enough for the tile."""
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    fill = TROOP.get(troop, MUTED) if troop else PANEL
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, size * SS - 1, size * SS - 1), radius=8 * SS, fill=fill, outline=INK, width=2 * SS
    )
    im = _downsample(big, (size, size))
    d = ImageDraw.Draw(im)
    ink = TROOP_TEXT.get(troop, WHITE) if troop else INK
    if troop:
        draw_text(d, (size / 2, size * 0.32), troop, 22, ink, "mm", bold=True)
        draw_text(
            d,
            (size / 2, size * 0.72),
            word,
            fitting_size(word, size - 8, 18, MIN_TEXT, bold=True),
            ink,
            "mm",
            bold=True,
        )
    else:
        draw_text(
            d, (size / 2, size / 2), word, fitting_size(word, size - 8, 22, MIN_TEXT, bold=True), ink, "mm", bold=True
        )
    return im


@functools.lru_cache(maxsize=16)
def hierarchy_sprite(title: str, seals: int) -> Image.Image:
    """A hierarchy tile (SH-2.2): the title's name and its seals as dots."""
    w, h = 112, 56
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=8 * SS, fill=ALERT, outline=INK, width=2 * SS)
    for i in range(seals):
        cx = (w / 2 + (i - (seals - 1) / 2) * 16) * SS
        cy = 40 * SS
        d.ellipse((cx - 5 * SS, cy - 5 * SS, cx + 5 * SS, cy + 5 * SS), fill=WHITE)
    im = _downsample(big, (w, h))
    draw_text(
        ImageDraw.Draw(im),
        (w / 2, 17),
        title,
        fitting_size(title, w - 10, 21, MIN_TEXT, bold=True),
        WHITE,
        "mm",
        bold=True,
    )
    return im
