"""A player's rating over their latest rated games, one panel per game kind (issue 20 §1, ``/game
stats``). Words come in as a :class:`render.words.Words` (``img.rt.*``) and the names as data; the
image is 600 px wide and its smallest text 16 px, so it stays readable on a phone showing it 400
px wide (tests/db/test_ratings.py)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render import page
from render.fonts import draw_text, text_width
from render.page import INK, PAPER
from render.words import Words

WIDTH = 600
MARGIN = 16
HEADING = 52
PANEL = 230
PLOT_TOP = 44
PLOT_BOTTOM = 40
AXIS_LABEL = 16
TITLE = 22

GRID = (214, 210, 200)
MUTED = (110, 110, 110)
LINE = (37, 99, 168)
PROVISIONAL = (160, 160, 160)


@dataclass(frozen=True, slots=True)
class Trend:
    """One game kind's panel: its title (the game's name), the ratings shown after each of the
    latest rated games (oldest first; the first may be the starting rating), the rating now and
    whether it is still provisional."""

    title: str
    points: tuple[int, ...]
    rating: int
    provisional: bool
    games: int
    """How many rated games the points follow (the axis says so)."""


def trend_chart(player: str, trends: Sequence[Trend], words: Words) -> bytes:
    """The PNG: a heading with the player's name, then one panel per game kind."""
    height = HEADING + PANEL * max(1, len(trends)) + MARGIN
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    page.heading(draw, words("img.rt.heading", player=player), (MARGIN, HEADING / 2), WIDTH - 2 * MARGIN, 26, 18)
    for i, trend in enumerate(trends):
        _panel(draw, HEADING + i * PANEL, trend, words)
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=3)
    return out.getvalue()


def _panel(draw: ImageDraw.ImageDraw, top: int, trend: Trend, words: Words) -> None:
    colour = PROVISIONAL if trend.provisional else LINE
    key = "img.rt.title_provisional" if trend.provisional else "img.rt.title"
    title = words(key, kind=trend.title, rating=trend.rating)
    draw_text(draw, (MARGIN, top + 18), title, TITLE, INK, "lm", bold=True)
    points = trend.points or (trend.rating,)
    low, high = float(min(points)), float(max(points))
    if high - low < 40:  # a flat line sits in the middle of a band of 40 points
        mid = (high + low) / 2
        low, high = mid - 20, mid + 20
    pad = (high - low) * 0.1
    low, high = low - pad, high + pad
    label_width = max(text_width(str(round(v)), AXIS_LABEL) for v in (low, high)) + 8
    left, right = MARGIN + label_width, WIDTH - MARGIN
    y0, y1 = top + PLOT_TOP, top + PANEL - PLOT_BOTTOM

    def y(value: float) -> float:
        return y1 - (value - low) / (high - low) * (y1 - y0)

    for value in (low + (high - low) * f for f in (0.0, 0.5, 1.0)):
        draw.line([(left, y(value)), (right, y(value))], fill=GRID, width=1)
        draw_text(draw, (left - 6, y(value)), str(round(value)), AXIS_LABEL, MUTED, "rm")
    if len(points) == 1:
        xs = [(left + right) / 2]
    else:
        xs = [left + (right - left) * i / (len(points) - 1) for i in range(len(points))]
    line = [(x, y(v)) for x, v in zip(xs, points, strict=True)]
    if len(line) > 1:
        draw.line(line, fill=colour, width=3, joint="curve")
    x, v = line[-1]
    draw.ellipse([x - 5, v - 5, x + 5, v + 5], fill=colour)
    axis = words.n("img.rt.axis", trend.games)
    draw_text(draw, ((left + right) / 2, y1 + 20), axis, AXIS_LABEL, MUTED, "mm")
