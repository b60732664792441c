"""The league standings image (issue 47 §1: "an image, phone-readable, in the reader's language"):
a valid PNG 640 px wide whose height follows the players, its smallest text still 9 px on a phone
showing it 400 px wide (tests/render/test_phone_readable.py's measure) in English and Czech, the
column headings in the reader's language, long names shortened instead of overflowing, and up to
64 players shown."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from cogs.texts.images import image_words
from render import league_standings
from render.league_standings import MAX_ROWS, ROW, WIDTH, StandingRow, standings_image
from tests.render.test_phone_readable import check_readable

BREAKS = ("buchholz", "median_buchholz", "sonneborn_berger", "direct_encounter")


def rows(n: int) -> list[StandingRow]:
    names = ("Alžběta Nováková", "Bořivoj", "Čeněk Šťastný z Dlouhého Příjmení a Ještě Delšího", "Dana")
    return [
        StandingRow(
            place=str(i + 1) if i % 3 else f"{i + 1}–{i + 2}",
            name=names[i % len(names)],
            points=f"{30 - i}½",
            played=5,
            tie_breaks=("112½", "98", "77¼", "6"),
            withdrawn=i == n - 1,
            leader=i == 0,
        )
        for i in range(n)
    ]


def draw(locale: str, n: int = 9) -> bytes:
    words = image_words(locale, "img.lg.")
    return standings_image("Zimní liga 2026", words("img.lg.subheading", round=3, rounds=5), BREAKS, rows(n), words)


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_standings_image_is_a_png_of_its_width_and_one_row_per_player(locale: str) -> None:
    for n in (1, 9, 64):
        image = Image.open(io.BytesIO(draw(locale, n)))
        assert image.format == "PNG" and image.width == WIDTH
        assert image.height > ROW * n, (n, image.height)
    more = Image.open(io.BytesIO(draw(locale, 80)))
    assert more.height == Image.open(io.BytesIO(draw(locale, MAX_ROWS))).height, "at most 64 rows"


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_standings_image_is_readable_on_a_phone(locale: str) -> None:
    check_readable(f"league standings ({locale})", [league_standings], lambda: [draw(locale)])


def test_the_languages_draw_different_headings_and_the_same_numbers_alike() -> None:
    assert draw("en") != draw("cs"), "the column headings are the reader's"
    assert image_words("cs", "img.lg.")("img.lg.points") == "Body"
    assert image_words("en", "img.lg.")("img.lg.points") == "Pts"


def test_a_table_of_tables_shows_its_one_tie_break() -> None:
    words = image_words("en", "img.lg.")
    row = StandingRow("1", "a", "6", 1, ("3",))
    one = standings_image("L", "round 1 of 2", ("table_opponents",), [row], words)
    assert Image.open(io.BytesIO(one)).width == WIDTH
