"""render/png.py: the PNG written around ISA-L's deflate is a PNG every reader takes, holding
exactly the pixels and palette it was given."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image

from render.png import SIGNATURE, encode_png, indexed_png, palette_image


def chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    """The chunks of ``png`` as (type, data), each one's CRC checked."""
    assert png.startswith(SIGNATURE)
    out, at = [], len(SIGNATURE)
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, data = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", png[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + data)
        out.append((kind, data))
        at += 12 + length
    return out


def noisy(width: int, height: int, seed: int) -> Image.Image:
    """A "P" image of random indices over a random palette: nothing for the deflate to lean on."""
    rnd = random.Random(seed)
    im = Image.new("P", (width, height))
    im.putdata([rnd.randrange(256) for _ in range(width * height)])
    im.putpalette([rnd.randrange(256) for _ in range(768)])
    return im


@pytest.mark.parametrize(("width", "height"), [(1, 1), (3, 2), (17, 9), (716, 40)])
def test_an_indexed_image_comes_back_with_the_same_indices_and_palette(width: int, height: int) -> None:
    im = noisy(width, height, width * 1000 + height)
    png = indexed_png(im)
    back = Image.open(io.BytesIO(png))
    back.load()
    assert back.format == "PNG" and back.mode == "P" and back.size == (width, height)
    assert back.tobytes() == im.tobytes()
    assert back.getpalette() == im.getpalette()


def test_the_chunks_are_those_of_an_8_bit_palette_png_with_filter_none() -> None:
    im = noisy(5, 3, 1)
    found = chunks(indexed_png(im))
    assert [kind for kind, _ in found] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    assert struct.unpack(">IIBBBBB", found[0][1]) == (5, 3, 8, 3, 0, 0, 0)
    rows = zlib.decompress(found[2][1])
    assert [rows[r * 6] for r in range(3)] == [0, 0, 0]  # every row's filter byte: none
    assert b"".join(rows[r * 6 + 1 : r * 6 + 6] for r in range(3)) == im.tobytes()


def test_an_rgb_board_is_mapped_to_the_nearest_palette_colour() -> None:
    red, white = (200, 30, 30), (255, 255, 255)
    palette = palette_image([red, white], [(red, white)], 4)
    board = Image.new("RGB", (20, 10), white)
    board.paste((201, 29, 31), (0, 0, 10, 10))  # near red: mapped to it exactly
    back = Image.open(io.BytesIO(encode_png(board, palette))).convert("RGB")
    assert back.getpixel((2, 2)) == red and back.getpixel((15, 5)) == white


def test_an_image_that_is_not_indexed_is_refused() -> None:
    with pytest.raises(ValueError, match="indexed"):
        indexed_png(Image.new("RGB", (2, 2)))
