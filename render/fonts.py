"""Fonts for every renderer: DejaVu Sans Condensed and its bold face, shipped in ``render/font_files/``.

The files are subsets (Latin-1, Latin Extended-A, the dashes, quotes, arrows and symbols a label
may use) made by ``render/font_files/make_subset.py``; docs/fonts.md says why this font and these ranges.
They cover every Czech letter, ō and ū, and nothing is downloaded at run time. Shapes that no font
should carry (bombs, flags) are still drawn as shapes.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from pathlib import Path
from typing import cast

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "font_files"
REGULAR = FONT_DIR / "DejaVuSansCondensed.ttf"
BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"
LICENCE = FONT_DIR / "LICENSE"
FACES = (REGULAR, BOLD)


@functools.lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The regular or bold face at ``size`` pixels, loaded once per size (loading costs ~1 ms)."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


@functools.lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> float:
    """Advance width of ``text`` in pixels, for centring, right-aligning and fitting. Kept per
    (text, size, face): fitting and clipping measure the same labels on every image, and measuring
    was the largest single part of drawing Stroganov's turn image (issue 18 §7)."""
    return font(size, bold).getlength(text)


@functools.lru_cache(maxsize=512)
def fitting_size(text: str, max_width: float, largest: int, smallest: int, bold: bool = False) -> int:
    """The largest size in ``smallest..largest`` at which ``text`` fits ``max_width`` pixels
    (``smallest`` if none does): long labels shrink instead of overflowing their box."""
    for size in range(largest, smallest - 1, -1):
        if text_width(text, size, bold) <= max_width:
            return size
    return smallest


@functools.lru_cache(maxsize=512)
def fitting_face(text: str, max_width: float, largest: int, smallest: int, bold: bool = True) -> tuple[int, bool]:
    """:func:`fitting_size`, and whether to draw bold: a bold label that is too wide even at
    ``smallest`` (a long word in a small chip) falls back to the narrower regular face."""
    size = fitting_size(text, max_width, largest, smallest, bold)
    if bold and text_width(text, size, bold) > max_width:
        return fitting_size(text, max_width, largest, smallest), False
    return size, bold


_recording: list[int] | None = None


@contextlib.contextmanager
def text_sizes() -> Iterator[list[int]]:
    """The size of every text drawn inside the block, for the phone check (issue 19 §4: the
    smallest text of an image, scaled to 400 px wide, is at least 9 px). Sprites drawn into a
    cache before the block are not seen: clear the renderers' caches first
    (:func:`clear_caches`)."""
    global _recording
    outer, _recording = _recording, []
    try:
        yield _recording
    finally:
        _recording = outer


def clear_caches(*modules: object) -> None:
    """Forget every cached drawing of ``modules`` (their ``functools`` caches), so that the next
    image draws all its text again."""
    for module in modules:
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """Text at ``size`` px in the regular or bold face, placed by a Pillow ``anchor`` ("la", "mm",
    "lm", "rm", ...). Measure bold text with ``bold=True`` too (:func:`text_width`,
    :func:`fitting_size`): the bold face is wider.

    Rasterizing is most of a board's drawing time, and most labels recur (headings, legends, rank
    names, ply numbers), so each (text, size, anchor, bold) is rasterized once into a cached mask
    and then only blended in: much faster and pixel-identical every time.
    """
    if _recording is not None:
        _recording.append(size)
    mask, (dx, dy) = text_mask(text, size, anchor, bold)
    x, y = round(xy[0]) + dx, round(xy[1]) + dy
    draw.im.paste(fill, (x, y, x + mask.width, y + mask.height), mask.im)


@functools.lru_cache(maxsize=2048)
def text_mask(text: str, size: int, anchor: str, bold: bool) -> tuple[Image.Image, tuple[int, int]]:
    """The coverage mask ("L") of ``text`` and its offset from the anchor point."""
    face = font(size, bold)
    # FreeTypeFont's box is whole pixels; Pillow's annotation says float for every font kind.
    left, top, right, bottom = cast(tuple[int, int, int, int], face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, (left, top)
