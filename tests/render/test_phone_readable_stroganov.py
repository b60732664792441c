"""Issue 19 §4: every Stroganov image a player gets by default reads on a phone, where Discord shows
an image about 400 px wide: the smallest text drawn, scaled to 400 px, is at least 9 px.

The images a player gets by default are the table's public images (``public_files``: the turn page)
and the private ones (``private_files``: none in Stroganov, where nothing is hidden). The full board
and tableaux behind the "Full board" button may stay larger (they are opened and zoomed on purpose).
The renderers' caches are cleared first, so that every text of the image is drawn and measured."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import render.fonts as fonts
import render.stroganov as draw
import render.stroganov_sprites as sprites
from cogs.stroganov.ui import StroganovUI, image_words
from rules.stroganov import GAME, StroganovState
from tests.render.test_render_stroganov import NAMES, golden_view, solo_view
from tests.stroganov_positions import give_turn, started

PHONE = 400
SMALLEST = 9


class Rec:
    """The little of a game record the images use."""

    id = 7


def positions() -> dict[str, StroganovState]:
    """Representative states: the board choice, a turn at each phase, a winter song, the solo
    game, a game near the end of the row and a finished game."""
    out: dict[str, StroganovState] = {}
    out["boards"] = GAME.new(4, None, 3)
    for phase in (0, 1, 2, 4):
        st = started(3, seed=phase)
        give_turn(st, 1, phase)
        out[f"turn-phase{phase}"] = st
    st = started(4, seed=9, sides="BABB")
    st.cossacks[0].position = 11
    give_turn(st, 0, 1)
    out["end-of-row"] = st
    out["solo"] = started(1, seed=2)
    for label, steps in (("mid", 150), ("finished", None)):
        st = started(2, seed=21)
        rnd = random.Random(21)
        k = 0
        while GAME.outcome(st) is None and (steps is None or k < steps):
            seat = GAME.to_act(st)[0]
            GAME.apply(st, seat, rnd.choice([a for a in GAME.legal(st, seat) if a.notation() != "resign"]))
            k += 1
        out[label] = st
    return out


POSITIONS = positions()


def smallest_at_phone(render) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    """(smallest text size scaled to 400 px wide, image width) of the images ``render()`` returns."""
    fonts.clear_caches(fonts, draw, sprites)
    worst = float("inf")
    width = 0
    with fonts.text_sizes() as sizes:
        specs = render()
    for spec in specs:
        width = Image.open(io.BytesIO(spec.data)).width
        worst = min(worst, min(sizes) * PHONE / width)
    return worst, width


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("label", sorted(POSITIONS))
def test_default_images_read_on_a_phone(label: str, locale: str) -> None:
    ui = StroganovUI()
    st = POSITIONS[label]
    names = NAMES[: len(st.cossacks)]
    public, _ = smallest_at_phone(lambda: ui.public_files(Rec(), st, names, locale))  # type: ignore[arg-type]
    assert public >= SMALLEST, f"{label} {locale}: smallest text {public:.1f} px at {PHONE} px wide"
    for seat in range(len(names)):
        fonts.clear_caches(fonts, draw, sprites)
        with fonts.text_sizes() as sizes:
            private = ui.private_files(Rec(), st, seat, names, locale)  # type: ignore[arg-type]
        for spec in private:
            width = Image.open(io.BytesIO(spec.data)).width
            assert min(sizes) * PHONE / width >= SMALLEST


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_fixed_views_read_on_a_phone(locale: str) -> None:
    """The golden 4-player position (four cossacks, long names) and the solo one."""
    words = image_words(locale)
    for view in (golden_view(), solo_view()):
        names = tuple(NAMES[c.seat] if c.seat is not None else "" for c in view.cossacks)
        fonts.clear_caches(fonts, draw, sprites)
        with fonts.text_sizes() as sizes:
            data = draw.render_turn(view, words, names)
        width = Image.open(io.BytesIO(data)).width
        assert min(sizes) * PHONE / width >= SMALLEST
