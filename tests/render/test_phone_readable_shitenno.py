"""Issue 19 §4 for Shitenno (``test_phone_readable.py``): its board, sharing table and hand, at the
golden position and in every phase of random games, read on a phone in both languages."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from render import shitenno, shitenno_sprites
from rules.shitenno.view import ShitennoView
from tests.render import test_render_shitenno as sh
from tests.render.test_phone_readable import check_readable

Case = tuple[tuple[object, ...], Callable[[str], bytes]]


def _shitenno(draw: str, view: Callable[[], ShitennoView]) -> Case:
    return (shitenno, shitenno_sprites), lambda locale: sh.RENDERERS[draw](view(), locale)


CASES: dict[str, Case] = {
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
    check_readable(f"{kind} ({locale})", modules, lambda: [draw(locale)])
