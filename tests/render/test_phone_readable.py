"""Every image is readable on a phone (issue 19 §4): Discord on a phone shows an image about 400 px
wide, and there the smallest text an image draws must still be at least 9 px tall —
``min(sizes) * 400 / width >= 9`` — in every language.

Each case clears the renderer's caches (so that every sprite's text is drawn again, and seen) and
draws a representative view inside :func:`render.fonts.text_sizes`."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image

from render import fonts, shitenno, shitenno_sprites, stratego, stratego_sprites
from rules.shitenno.view import ShitennoView
from tests.render import test_render_shitenno as sh
from tests.render import test_render_stratego as sg

PHONE_WIDTH = 400
SMALLEST = 9

Case = tuple[tuple[object, ...], Callable[[str], bytes]]


def _stratego(sample: str) -> Case:
    return (stratego, stratego_sprites), lambda locale: sg.render_board(sg.sample_views()[sample], locale)


def _shitenno(draw: str, view: Callable[[], ShitennoView]) -> Case:
    return (shitenno, shitenno_sprites), lambda locale: sh.RENDERERS[draw](view(), locale)


CASES: dict[str, Case] = {
    "stratego-public": _stratego("stratego-public"),
    "stratego-private-red": _stratego("stratego-private-red"),
    "stratego-private-blue": _stratego("stratego-private-blue"),
    "stratego-setup": _stratego("stratego-setup"),
    "stratego-over": _stratego("stratego-over"),
    "shitenno-board": _shitenno("board", sh.golden_view),
    "shitenno-board-control": _shitenno("board", lambda: sh.random_view(5, 4, "control")),
    "shitenno-board-over": _shitenno("board", lambda: sh.random_view(5, 4, "finished")),
    "shitenno-board-2": _shitenno("board", lambda: sh.random_view(6, 2, "offer")),
    "shitenno-sharing": _shitenno("sharing", sh.golden_view),
    "shitenno-sharing-split": _shitenno("sharing", sh._split_view),
    "shitenno-sharing-form": _shitenno("sharing", lambda: sh.random_view(7, 3, "form")),
    "shitenno-hand": _shitenno("hand", sh.golden_view),
    "shitenno-hand-control": _shitenno("hand", lambda: sh.random_view(8, 3, "control", viewer=1)),
}


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("kind", sorted(CASES))
def test_smallest_text_is_readable_on_a_phone(kind: str, locale: str) -> None:
    modules, draw = CASES[kind]
    fonts.clear_caches(*modules)
    with fonts.text_sizes() as sizes:
        data = draw(locale)
    width = Image.open(io.BytesIO(data)).width
    assert sizes, "no text recorded"
    on_phone = min(sizes) * PHONE_WIDTH / width
    assert on_phone >= SMALLEST, (
        f"{kind} ({locale}): {width} px wide, smallest text {min(sizes)} px = {on_phone:.1f} px on a phone"
    )
