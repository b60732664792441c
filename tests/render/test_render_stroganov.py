"""Stroganov images (render/stroganov.py): board and tableaux of views from real random games render
to small valid PNGs, equal views give equal bytes, a visible change changes the image, and a fixed
seeded position matches its golden images.

Regenerate the golden images and the samples in docs/images after an intended change with
``UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_render_stroganov.py`` — and look at them.
Time renders with ``PYTHONPATH=. .venv/bin/python tests/render/test_render_stroganov.py``.
"""

from __future__ import annotations

import functools
import io
import random
import re
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

import pytest
from PIL import Image

from cogs.stroganov.ui import cossack_names, image_words
from render import stroganov as draw
from render.stroganov import Words, warm_up
from rules.stroganov import GAME
from rules.stroganov.view import StroganovView, tile_view, wish_view
from tests.golden_images import GOLDEN, SAMPLES, check_golden
from tests.stroganov_positions import give_turn, place, started

NAMES = ("Jana Nováková", "Kuba", "Přemysl Otakar II.", "Zdeňka")
"""Display names by seat: long, short and with Czech letters."""
EN = image_words("en")


def render_board(view: StroganovView, words: Words = EN) -> bytes:
    return draw.render_board(view, words, cossack_names(view, NAMES))


def render_tableaux(view: StroganovView, words: Words = EN) -> bytes:
    return draw.render_tableaux(view, words, cossack_names(view, NAMES))


def render_tableau(view: StroganovView, index: int, words: Words = EN) -> bytes:
    return draw.render_tableau(view, index, words, cossack_names(view, NAMES))


def render_turn(view: StroganovView, words: Words = EN) -> bytes:
    return draw.render_turn(view, words, cossack_names(view, NAMES))


MAX_BYTES = 200 * 1024
MIN_WIDTH = 1000
MAX_WIDTH = 1100
"""Discord shows an image about 400 px wide on a phone: the images are drawn for that (large text on a
narrow image), neither wider nor much narrower."""


def played(players: int, seed: int, steps: int | None, sides: str = "A") -> StroganovView:
    """The public view after ``steps`` random legal actions (``None``: until the game is over) of a
    seeded game past the board choice (board sides as in ``started``)."""
    st = started(players, seed=seed, sides=sides)
    rnd = random.Random(seed)
    k = 0
    while GAME.outcome(st) is None and (steps is None or k < steps):
        seat = GAME.to_act(st)[0]
        GAME.apply(st, seat, rnd.choice([a for a in GAME.legal(st, seat) if a.notation() != "resign"]))
        k += 1
    return GAME.view(st, None)


@functools.lru_cache(maxsize=32)
def view_of(players: int, seed: int, steps: int | None, sides: str = "A") -> StroganovView:
    return played(players, seed, steps, sides)


CASES = [(n, seed, steps) for n in (1, 2, 3, 4) for seed, steps in ((n, 0), (10 + n, 60), (20 + n, None))]
"""1–4 players (1 is the solo game against Ivan), each at the start, mid-game and finished."""


def _check_png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) <= MAX_BYTES, f"{len(data)} bytes"
    im = Image.open(io.BytesIO(data))
    im.load()
    assert MIN_WIDTH <= im.width <= MAX_WIDTH, im.width
    return im


@pytest.mark.parametrize(("players", "seed", "steps"), CASES)
def test_every_image_renders(players: int, seed: int, steps: int | None) -> None:
    view = view_of(players, seed, steps)
    if steps is None:
        assert view.result is not None and view.stage == "finished"
    assert view.solo == (players == 1)
    _check_png(render_board(view))
    whole = _check_png(render_tableaux(view))
    heights = []
    for i in range(len(view.cossacks)):
        heights.append(_check_png(render_tableau(view, i)).height)
    assert whole.height > max(heights)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_images_fit_a_phone(players: int) -> None:
    """Board and tableaux are equally wide and at most ~1100 px (so that at 400 px wide the text keeps
    40 % of its size); the board's two rows of regions keep it at most about twice as high as wide,
    and one tableau is compact (at most half the board's height)."""
    view = view_of(players, 10 + players, 60)
    board = _check_png(render_board(view))
    tableaux = _check_png(render_tableaux(view))
    one = _check_png(render_tableau(view, 0))
    assert board.width == tableaux.width == one.width <= MAX_WIDTH
    assert board.height <= 2.2 * board.width
    assert one.height <= board.height / 2


def test_deterministic() -> None:
    a, b = played(3, 7, 80), played(3, 7, 80)
    assert a == b
    assert render_board(a) == render_board(b)
    assert render_tableaux(a) == render_tableaux(b)
    assert render_tableau(a, 1) == render_tableau(b, 1)


def test_visible_changes_change_the_image() -> None:
    view = view_of(3, 13, 60)
    board, tableaux = render_board(view), render_tableaux(view)
    # a fur moved from the first position holding one into the market
    p = next(pos for pos in view.positions if pos.items and pos.items[0])
    fur = p.items[0]
    positions = tuple(replace(q, items=q.items[1:]) if q is p else q for q in view.positions)
    moved = replace(view, positions=positions, market=tuple(sorted((*view.market, fur))))
    assert render_board(moved) != board
    # a cossack's coins, stories and trophy marker
    c = view.cossacks[0]
    richer = replace(view, cossacks=(replace(c, coins=c.coins + 1), *view.cossacks[1:]))
    assert render_tableaux(richer) != tableaux
    advanced = replace(view, cossacks=(replace(c, trophy=c.trophy + 1), *view.cossacks[1:]))
    assert render_tableau(advanced, 0) != render_tableau(view, 0)
    # the tableaux are independent of the board's market
    assert render_tableaux(moved) == tableaux


def test_solo_shows_ivan() -> None:
    view = view_of(1, 11, 60)
    assert view.automa is not None
    assert any(c.seat is None for c in view.cossacks)
    other = replace(view, automa=replace(view.automa, deck=view.automa.deck + 1))
    assert render_board(other) != render_board(view)


# --- golden images and samples ---------------------------------------------------------------------


def golden_view() -> StroganovView:
    """A fixed 4-player position: a seeded game past the board choice (sides B, A, B, B), set by hand
    to year 3, summer, with cossacks spread over the row, claimed positions, outposts and filled
    tableaux, so that the golden images show every part. It does not depend on random play, so
    engine changes that alter random games leave it alone."""
    st = started(4, seed=5, sides="BABB")
    st.year, st.season = 3, "SUMMER"
    for ci, (pos, stamp) in enumerate(((4, 20), (4, 21), (2, 22), (7, 23))):
        st.cossacks[ci].position, st.cossacks[ci].stamp = pos, stamp
    place(st, 1, None)
    place(st, 4, st.row[3], [])
    st.outposts[0][1], st.outposts[0][2], st.outposts[1][1] = 0, 3, 1
    for ci in (0, 3):
        st.cossacks[ci].supply, st.cossacks[ci].reserve = 0, 4
    give_turn(st, 3, 2)
    st.order = [3, 0, 1, 2]
    v = GAME.view(st, None)
    c = list(v.cossacks)
    c[0] = replace(
        c[0],
        furs=(2, 3, 3, 5, 8),
        tigers=1,
        trophy=3,
        stories=17,
        fulfilled=(wish_view("TW-A09"), wish_view("TW-B14")),
        tiles=(tile_view("L05"), tile_view("L06"), tile_view("L20"), tile_view("L11")),
        songs=("SG05",),
    )
    c[2] = replace(c[2], trophy=3, furs=(4, 4, 6), fulfilled=(wish_view("TW-A10"),), tiles=(tile_view("L24"),))
    return replace(v, cossacks=tuple(c))


def solo_view() -> StroganovView:
    """A fixed solo position against Ivan, set by hand: three automa cards flipped, Ivan deep in the
    row with an outpost, the player behind him."""
    st = started(1, seed=2)
    st.flipped, st.automa = st.automa[:3], st.automa[3:]
    ivan = st.ivan
    assert ivan is not None
    st.cossacks[ivan].position, st.cossacks[ivan].stamp = 9, 10
    st.cossacks[0].position, st.cossacks[0].stamp = 5, 11
    st.outposts[3][1] = ivan
    st.cossacks[ivan].supply = 0
    st.season = "AUTUMN"
    give_turn(st, 0, 1)
    return GAME.view(st, None)


GOLDEN_KINDS: dict[str, Callable[[StroganovView, Words], bytes]] = {
    "turn": render_turn,
    "board": render_board,
    "tableaux": render_tableaux,
}


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("kind", sorted(GOLDEN_KINDS))
def test_golden(kind: str, locale: str) -> None:
    """Every image kind in both languages (English keeps the old file names)."""
    suffix = "" if locale == "en" else f"_{locale}"
    data = GOLDEN_KINDS[kind](golden_view(), image_words(locale))
    check_golden(data, GOLDEN / f"stroganov_{kind}{suffix}.png", __file__)


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_golden_turn_solo(locale: str) -> None:
    check_golden(render_turn(solo_view(), image_words(locale)), GOLDEN / f"stroganov_turn_solo_{locale}.png", __file__)


@pytest.mark.parametrize(("players", "seed", "steps"), CASES)
def test_turn_image_renders(players: int, seed: int, steps: int | None) -> None:
    """The turn image: 600 px wide, small, in both languages."""
    view = view_of(players, seed, steps)
    for locale in ("en", "cs"):
        data = render_turn(view, image_words(locale))
        assert data.startswith(b"\x89PNG") and len(data) <= MAX_BYTES
        im = Image.open(io.BytesIO(data))
        assert im.width == draw.TURN_W and im.height <= 2 * draw.TURN_W


def test_images_name_players_not_seats() -> None:
    """Names are display names: a change of a name changes every image; the words differ by
    language (the caches are per words object)."""
    view = golden_view()
    other = ("Eva", *NAMES[1:])
    for fn in (draw.render_turn, draw.render_board, draw.render_tableaux):
        a = fn(view, EN, cossack_names(view, NAMES))
        assert a != fn(view, EN, cossack_names(view, other))
        assert a != fn(view, image_words("cs"), cossack_names(view, NAMES))


SAMPLE_VIEWS: dict[str, Callable[[], bytes]] = {
    "stroganov-board": lambda: render_board(golden_view()),
    "stroganov-board-solo": lambda: render_board(solo_view()),
    "stroganov-tableaux": lambda: render_tableaux(golden_view()),
    "stroganov-turn": lambda: render_turn(golden_view()),
    "stroganov-turn-cs": lambda: render_turn(golden_view(), image_words("cs")),
}


@pytest.mark.parametrize("sample", sorted(SAMPLE_VIEWS))
def test_samples(sample: str) -> None:
    """The images in docs/images are what the renderer draws now (regenerated with UPDATE_GOLDEN=1)."""
    check_golden(SAMPLE_VIEWS[sample](), SAMPLES / f"{sample}.png", __file__)


# --- timing (not a test) -------------------------------------------------------------------------------


def main() -> None:
    """Median, p95 and p99 of renders of each image over random views, and the sizes."""
    rnd = random.Random(0)
    views = [played(1 + s % 4, s, rnd.choice((0, 40, 120, 250, None))) for s in range(60)]
    warm_up(EN)
    for label, render in (("turn", render_turn), ("board", render_board), ("tableaux", render_tableaux)):
        times, sizes = [], []
        for v in views:
            t = time.perf_counter()
            data = render(v)
            times.append((time.perf_counter() - t) * 1000)
            sizes.append(len(data))
        times.sort()
        p95, p99 = times[int(len(times) * 0.95)], times[min(len(times) - 1, int(len(times) * 0.99))]
        print(
            f"{label:8} median {statistics.median(times):5.1f} ms  p95 {p95:5.1f} ms  p99 {p99:5.1f} ms  "
            f"size median {statistics.median(sizes) / 1024:5.1f} KB  max {max(sizes) / 1024:5.1f} KB"
        )


if __name__ == "__main__":
    main()


ENGINE_IDS = re.compile(r"\bTW-|\bP[0-3]\b|\b[A-Z]+_[A-Z0-9]+\b|\bST-\d|\bSG\d|\bL\d\d\b|\bY[AB]\d|\bAU\d")
"""Seat labels, card, tile and ability ids, rule ids: never on an image (issue 19 §2)."""
ABILITIES = ("TRACKER", "NOMAD", "SCOUT", "KEENEYE", "ENVOY", "ELDER", "FASTHORSE", "TONGUE", "BARD")


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_images_show_words_not_engine_ids(locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text the three images of the golden position and the solo turn image draw (caches
    cleared, so that sprites draw theirs too) is words and names: no ``P0``, ``TW-A08``,
    ``W_TROPHY``, ``NOMAD``, ``L05``, ``SG03``, ``YA5``."""
    import render.fonts as fonts
    import render.stroganov_sprites as sprites

    drawn: list[str] = []
    real = fonts.draw_text

    def record(draw_, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return real(draw_, xy, text, *args, **kwargs)

    monkeypatch.setattr(draw, "draw_text", record)
    monkeypatch.setattr(sprites, "draw_text", record)
    fonts.clear_caches(fonts, draw, sprites)
    words = image_words(locale)
    for fn in (draw.render_turn, draw.render_board, draw.render_tableaux):
        fn(golden_view(), words, cossack_names(golden_view(), NAMES))
    for fn in (draw.render_turn, draw.render_board, draw.render_tableaux):
        fn(solo_view(), words, cossack_names(solo_view(), NAMES))
    fonts.clear_caches(fonts, draw, sprites)
    assert "Jana Nováková" in drawn and "Ivan" in drawn
    bad = sorted({s for s in drawn if ENGINE_IDS.search(s) or any(a in s for a in ABILITIES)})
    assert bad == [], bad
