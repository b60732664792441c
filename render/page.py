"""The plain page the text images share (the ratings' trend chart, a league's standings): paper,
ink, and a bold heading fitted to the page's width — smaller up to a floor, then shortened."""

from __future__ import annotations

from PIL import ImageDraw

from render.fonts import draw_text, fitting_size, text_width
from render.words import shorten

PAPER = (250, 248, 243)
INK = (40, 40, 40)


def heading(
    draw: ImageDraw.ImageDraw, text: str, at: tuple[float, float], inner: int, largest: int, least: int
) -> None:
    """``text`` in bold ink, its left middle at ``at``, within ``inner`` pixels: the largest size
    from ``largest`` down to ``least`` that fits, shortened with an ellipsis when even that does not."""
    size = fitting_size(text, inner, largest, least, True)
    text = shorten(text, lambda s: text_width(s, size, True) <= inner)
    draw_text(draw, at, text, size, INK, "lm", bold=True)
