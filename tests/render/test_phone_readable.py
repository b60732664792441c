"""Every image is readable on a phone (issue 19 §4): Discord on a phone shows an image about 400 px
wide, and there the smallest text an image draws must still be at least 9 px tall —
``min(sizes) * 400 / width >= 9`` — in every language.

Here the images every registered game (``tests/kinds.py``) gives a player by default — its public
and private files — at positions of random games of its fewest and most players. Each game's
representative views of each of its images (the setup, a split, a finished game) are in its own
``test_phone_readable_<game>.py``, through :func:`check_readable`.

Each case clears the renderers' caches (so that every sprite's text is drawn again, and seen) and
draws inside :func:`render.fonts.text_sizes`."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable, Iterable

import pytest
from PIL import Image

from cogs import games
from render import fonts
from tests import kinds
from tests.game_records import game_record

PHONE_WIDTH = 400
SMALLEST = 9
NAMES = ("Alžběta Nováková", "Bořivoj", "Cyril", "Dana")
"""Display names by seat (Czech, one long: the images shorten it)."""


def check_readable(what: str, modules: Iterable[object], draw: Callable[[], list[bytes]]) -> None:
    """The images ``draw`` makes, with the caches of ``modules`` cleared first: the smallest text
    drawn, on a phone showing the widest of them 400 px wide, is at least 9 px."""
    fonts.clear_caches(*modules)
    with fonts.text_sizes() as sizes:
        images = draw()
    assert images and sizes, f"{what}: no image or no text recorded"
    width = max(Image.open(io.BytesIO(data)).width for data in images)
    on_phone = min(sizes) * PHONE_WIDTH / width
    assert on_phone >= SMALLEST, (
        f"{what}: {width} px wide, smallest text {min(sizes)} px = {on_phone:.1f} px on a phone"
    )


def renderers() -> list[object]:
    """Every renderer module loaded (each game's drawing and sprites)."""
    return [m for name, m in list(sys.modules.items()) if name.startswith("render.")]


def positions(kind: str, players: int) -> list[object]:
    """A new game of ``players``, one a few decisions in, one 40 in and its end (random play)."""
    engine = games.kind(kind).engine
    state = engine.new(players, None, 3)
    out = [engine.load(engine.dump(state))]
    for n, (seat, action) in enumerate(kinds.random_decisions(kind, state, random.Random(3))):
        engine.apply(state, seat, action)
        if n in (3, 40):
            out.append(engine.load(engine.dump(state)))
    return [*out, state]


FEWEST_AND_MOST = [(k, n) for k in kinds.NAMES for n in sorted({kinds.player_counts(k)[0], kinds.player_counts(k)[-1]})]


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize(("kind", "players"), FEWEST_AND_MOST)
def test_every_game_s_images_read_on_a_phone(kind: str, players: int, locale: str) -> None:
    ui = games.ui(kind)
    rec, names = game_record(kind, players), NAMES[:players]
    for n, state in enumerate(positions(kind, players)):
        check_readable(
            f"{kind} {players}, position {n}, public ({locale})",
            renderers(),
            lambda state=state: [f.data for f in ui.public_files(rec, state, names, locale)],
        )
        if ui.has_private:
            for seat in range(players):
                check_readable(
                    f"{kind} {players}, position {n}, seat {seat}'s ({locale})",
                    renderers(),
                    lambda state=state, seat=seat: [f.data for f in ui.private_files(rec, state, seat, names, locale)],
                )
