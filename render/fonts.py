"""Fonts for every renderer: Pillow's built-in scalable font, so nothing is downloaded at run time.

``ImageFont.load_default(size=...)`` is FreeType Aileron embedded in Pillow (>= 10.1). It covers
ASCII and a few punctuation marks (``·``, ``…``) but not dashes, arrows or symbols, so renderers
write plain ASCII and draw symbols (bombs, flags, arrows) as shapes.
"""

from __future__ import annotations

import functools
from typing import cast

from PIL import Image, ImageDraw, ImageFont


@functools.lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The built-in font at ``size`` pixels, loaded once per size (loading costs ~1 ms)."""
    loaded = ImageFont.load_default(size=size)
    if not isinstance(loaded, ImageFont.FreeTypeFont):
        raise RuntimeError("Pillow was built without FreeType; board images need it")
    return loaded


def text_width(text: str, size: int) -> float:
    """Advance width of ``text`` in pixels, for centring and right-aligning."""
    return font(size).getlength(text)


@functools.lru_cache(maxsize=256)
def fitting_size(text: str, max_width: float, largest: int, smallest: int) -> int:
    """The largest size in ``smallest..largest`` at which ``text`` fits ``max_width`` pixels
    (``smallest`` if none does): long labels shrink instead of overflowing their box."""
    for size in range(largest, smallest - 1, -1):
        if text_width(text, size) <= max_width:
            return size
    return smallest


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """Text in the built-in font at ``size`` px, placed by a Pillow ``anchor`` ("la", "mm", "lm",
    "rm", ...). There is no bold face; ``bold`` thickens the glyphs with a 1 px stroke, which reads
    well from about 20 px up.

    Rasterizing is most of a board's drawing time, and most labels recur (headings, legends, rank
    names, ply numbers), so each (text, size, anchor, bold) is rasterized once into a cached mask
    and then only blended in: much faster and pixel-identical every time.
    """
    mask, (dx, dy) = text_mask(text, size, anchor, bold)
    x, y = round(xy[0]) + dx, round(xy[1]) + dy
    draw.im.paste(fill, (x, y, x + mask.width, y + mask.height), mask.im)


@functools.lru_cache(maxsize=2048)
def text_mask(text: str, size: int, anchor: str, bold: bool) -> tuple[Image.Image, tuple[int, int]]:
    """The coverage mask ("L") of ``text`` and its offset from the anchor point."""
    face = font(size)
    stroke = 1 if bold else 0
    # FreeTypeFont's box is whole pixels; Pillow's annotation says float for every font kind.
    left, top, right, bottom = cast(tuple[int, int, int, int], face.getbbox(text, anchor=anchor, stroke_width=stroke))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, font=face, fill=255, anchor=anchor, stroke_width=stroke, stroke_fill=255
    )
    return mask, (left, top)
