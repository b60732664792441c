"""A league's standings as a picture (issue 47 §1: "an image, phone-readable, in the reader's
language"): a heading with the league's name, then one row per player — place, name, points,
games played and the league's tie-breaks in the order they rank — with withdrawn players greyed.

Words come in as a :class:`render.words.Words` (``img.lg.*``) and the names and numbers as data
(no Discord, no store). The image is 640 px wide and its smallest text 18 px, so that a phone
showing it 400 px wide still shows 11 px letters (tests/render/test_league_standings.py).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import page
from render.fonts import draw_text, fitting_size, text_width
from render.page import INK, PAPER
from render.words import Words, shorten

WIDTH = 640
MARGIN = 16
HEADING = 78
HEADER_ROW = 34
ROW = 36
TEXT = 20
SMALL = 18
PLACE_COLUMN = 52
POINTS_COLUMN = 72
PLAYED_COLUMN = 44
BREAK_COLUMN = 66
MAX_ROWS = 64
"""The most players a league shows (the store's leagues are at most this big in the bench)."""

MUTED = (128, 128, 128)
BAND = (238, 233, 222)
LEADER = (252, 236, 180)
RULE = (200, 194, 180)


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One player's row as shown: ``place`` already worded ("1", "2–3"), points and tie-break
    values as short text ("7½", "12")."""

    place: str
    name: str
    points: str
    played: int
    tie_breaks: tuple[str, ...]
    withdrawn: bool = False
    leader: bool = False


def standings_image(
    heading: str, subheading: str, breaks: Sequence[str], rows: Sequence[StandingRow], words: Words
) -> bytes:
    """The PNG. ``breaks`` are the tie-breaks' keys (``buchholz`` …) in ranking order: their column
    headings are ``img.lg.tb.<key>``; every row holds one value per break."""
    shown = list(rows[:MAX_ROWS])
    height = HEADING + HEADER_ROW + ROW * max(1, len(shown)) + MARGIN
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    inner = WIDTH - 2 * MARGIN
    page.heading(draw, heading, (MARGIN, 28), inner, 28, 20)
    draw_text(draw, (MARGIN, 60), shorten(subheading, lambda s: text_width(s, SMALL) <= inner), SMALL, MUTED, "lm")

    right = WIDTH - MARGIN
    columns: list[tuple[float, str]] = []  # (right edge, heading) of the number columns, right to left
    for key in reversed(breaks):
        columns.append((right, words(f"img.lg.tb.{key}")))
        right -= BREAK_COLUMN
    columns.append((right, words("img.lg.played")))
    right -= PLAYED_COLUMN
    columns.append((right, words("img.lg.points")))
    right -= POINTS_COLUMN
    name_left = MARGIN + PLACE_COLUMN
    name_width = right - name_left - 8

    top = HEADING
    draw.rectangle((MARGIN, top, WIDTH - MARGIN, top + HEADER_ROW), fill=BAND)
    middle = top + HEADER_ROW / 2
    draw_text(draw, (MARGIN + PLACE_COLUMN - 12, middle), words("img.lg.place"), SMALL, INK, "rm", bold=True)
    draw_text(draw, (name_left, middle), words("img.lg.player"), SMALL, INK, "lm", bold=True)
    for edge, title in columns:
        draw_text(draw, (edge - 4, middle), title, SMALL, INK, "rm", bold=True)

    withdrawn_word = words("img.lg.withdrawn")
    for i, row in enumerate(shown):
        y = top + HEADER_ROW + i * ROW
        if row.leader:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW), fill=LEADER)
        draw.line((MARGIN, y + ROW, WIDTH - MARGIN, y + ROW), fill=RULE, width=1)
        ink = MUTED if row.withdrawn else INK
        middle = y + ROW / 2
        place_size = fitting_size(row.place, PLACE_COLUMN - 14, TEXT, SMALL, True)
        draw_text(draw, (MARGIN + PLACE_COLUMN - 12, middle), row.place, place_size, ink, "rm", bold=True)
        name = f"{row.name} ({withdrawn_word})" if row.withdrawn else row.name
        name = shorten(name, lambda s: text_width(s, TEXT) <= name_width)
        draw_text(draw, (name_left, middle), name, TEXT, ink, "lm")
        values = [row.points, str(row.played), *row.tie_breaks]
        edges = [edge for edge, _ in reversed(columns)]
        for j, (edge, value) in enumerate(zip(edges, values, strict=True)):
            draw_text(draw, (edge - 4, middle), value, TEXT, ink, "rm", bold=j == 0)
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=3)
    return out.getvalue()
