"""Issue 19 §4 for Stratego (``test_phone_readable.py``): its board, public and private (either
colour), in setup and over, reads on a phone in both languages."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from render import stratego, stratego_sprites
from tests.render import test_render_stratego as sg
from tests.render.test_phone_readable import check_readable

Case = tuple[tuple[object, ...], Callable[[str], bytes]]


def _stratego(sample: str) -> Case:
    return (stratego, stratego_sprites), lambda locale: sg.render_board(sg.sample_views()[sample], locale)


CASES: dict[str, Case] = {
    "stratego-public": _stratego("stratego-public"),
    "stratego-private-red": _stratego("stratego-private-red"),
    "stratego-private-blue": _stratego("stratego-private-blue"),
    "stratego-setup": _stratego("stratego-setup"),
    "stratego-over": _stratego("stratego-over"),
}


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("kind", sorted(CASES))
def test_smallest_text_is_readable_on_a_phone(kind: str, locale: str) -> None:
    modules, draw = CASES[kind]
    check_readable(f"{kind} ({locale})", modules, lambda: [draw(locale)])
