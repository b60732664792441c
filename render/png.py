"""Fast, small PNG encoding with a fixed palette, shared by the board renderers.

Boards are drawn in RGB (so text and shapes keep their anti-aliasing), then mapped to a fixed
256-colour palette and written as an 8-bit PNG: a third of the bytes to compress, which makes
encoding several times faster and the file several times smaller than RGB. The palette is fixed
(not computed per image) so that mapping is a cheap table lookup and output is deterministic.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence

from PIL import Image

RGB = tuple[int, int, int]

COMPRESS_LEVEL = 3
"""zlib level: measured on boards, 1–3 cost ~1.5 ms, 6 costs twice that for ~15 % fewer bytes,
9 costs ~25 ms. 3 is the knee."""


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (what anti-aliasing produces on edges)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def palette_image(colours: Sequence[RGB], ramps: Iterable[tuple[RGB, RGB]], steps: int) -> Image.Image:
    """A "P" image whose palette holds ``colours`` exactly, then ``steps - 1`` blends between each
    pair in ``ramps``: the edge colours that anti-aliased text and shapes produce between them.

    Exact base colours keep flat areas true (tests check pixel colours); the ramps keep edges smooth.
    """
    entries: list[RGB] = []
    seen: set[RGB] = set()

    def add(c: RGB) -> None:
        if c not in seen:
            seen.add(c)
            entries.append(c)

    for c in colours:
        add(c)
    for a, b in ramps:
        for i in range(1, steps):
            add(mix(a, b, i / steps))
    if len(entries) > 256:
        raise ValueError(f"palette needs {len(entries)} colours, at most 256 fit")
    entries += [entries[0]] * (256 - len(entries))
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in entries for v in c])
    return pal


def encode_png(image: Image.Image, palette: Image.Image, compress_level: int = COMPRESS_LEVEL) -> bytes:
    """``image`` (RGB) as PNG bytes, each pixel mapped to its nearest ``palette`` colour, no dithering
    (dithering would speckle flat areas and bloat the file)."""
    indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, "PNG", compress_level=compress_level, optimize=False)
    return out.getvalue()
