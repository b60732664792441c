"""Fast, small PNG encoding with a fixed palette, shared by the board renderers.

Boards are drawn in RGB (so text and shapes keep their anti-aliasing), then mapped to a fixed
256-colour palette and written as an 8-bit PNG: a third of the bytes to compress, which makes
encoding several times faster and the file several times smaller than RGB. The palette is fixed
(not computed per image) so that mapping is a cheap table lookup and output is deterministic.

The pixels are compressed by ISA-L's deflate (``isal``) rather than by Pillow's PNG writer (zlib):
on a Stratego board (716 x 1236 px) Pillow's writer took 2.8–3.0 ms at levels 1–3, ISA-L's level 1
0.4 ms for the same size (37 KB); the encoding was most of an image's CPU (docs/PERFORMANCE.md).
The PNG around them (four chunks) is written here, each row with filter 0 ("none"), as Pillow
writes palette images too.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable, Sequence

from isal import isal_zlib
from PIL import Image

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
"""A pixel box (x0, y0, x1, y1), x1 and y1 exclusive."""

COMPRESS_LEVEL = 1
"""ISA-L's deflate level (0–3): on boards 1 and 2 give the same bytes as zlib's 3 in a seventh of
its time; 3 is eight times slower for a larger file, 0 is ~20 % larger for no time saved."""

SIGNATURE = b"\x89PNG\r\n\x1a\n"


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
    return indexed_png(mapped(image, palette), compress_level)


def mapped(image: Image.Image, palette: Image.Image) -> Image.Image:
    """``image`` (RGB) as a "P" image, each pixel mapped to its nearest ``palette`` colour, no
    dithering. Pixel by pixel: a part of an image maps to the indices it has in the whole."""
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def mapped_rows(image: Image.Image, palette: Image.Image) -> Image.Image:
    """``image`` mapped to ``palette`` as a row canvas (:func:`row_canvas`): how a renderer keeps
    the static part of its picture, to paste the rest over (:func:`paste_mapped`)."""
    return row_canvas(mapped(image, palette))


def indexed_png(indexed: Image.Image, compress_level: int = COMPRESS_LEVEL) -> bytes:
    """A "P" image as an 8-bit PNG with its whole palette (PNG, ISO/IEC 15948: IHDR, PLTE, IDAT,
    IEND; colour type 3, no interlace)."""
    if indexed.mode != "P":
        raise ValueError(f"an indexed (P) image is needed, not {indexed.mode}")
    return rows_png(row_canvas(indexed), compress_level)


def row_canvas(indexed: Image.Image) -> Image.Image:
    """``indexed`` one column wider, pasted one pixel right of a column of 0s: PNG's rows as
    :func:`rows_png` writes them, each starting with its filter byte 0 ("none"). A renderer that
    keeps its static parts in this form pastes the rest at x + 1 and skips this copy."""
    rows = blank_rows(indexed.width, indexed.height, 0, indexed)
    rows.paste(indexed, (1, 0))
    return rows


def blank_rows(width: int, height: int, index: int, palette: Image.Image) -> Image.Image:
    """The row canvas (:func:`row_canvas`) of a ``width`` × ``height`` image of ``palette``'s
    colour ``index`` all over."""
    rows = Image.new("P", (width + 1, height), index)
    rows.putpalette(palette.getpalette() or [])
    if index:
        rows.paste(0, (0, 0, 1, height))  # each row's filter byte
    return rows


def paste_mapped(rows: Image.Image, image: Image.Image, boxes: Iterable[Box], palette: Image.Image) -> None:
    """Each of ``boxes`` of the RGB ``image``, mapped to ``palette`` (:func:`mapped`), into the row
    canvas ``rows`` (:func:`row_canvas`) at the same place."""
    for box in boxes:
        rows.paste(mapped(image.crop(box), palette), (box[0] + 1, box[1]))


def rows_png(rows: Image.Image, compress_level: int = COMPRESS_LEVEL) -> bytes:
    """The PNG of a row canvas (:func:`row_canvas`): its first column is the rows' filter bytes."""
    if rows.mode != "P":
        raise ValueError(f"an indexed (P) image is needed, not {rows.mode}")
    width, height = rows.width - 1, rows.height
    palette = rows.getpalette() or []
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", bytes(palette[: 3 * 256])),
            _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), compress_level)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
