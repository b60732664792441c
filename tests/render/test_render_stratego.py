"""Stratego board images (render/stratego.py): every kind of view renders to a small valid PNG,
the board is oriented from the viewer's seat (SG-1.1), and two fixed positions match golden images.

Regenerate the golden images and the sample images in docs/images after an intended change with
``UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_render_stratego.py`` — and look at them.
Time renders with ``PYTHONPATH=. .venv/bin/python tests/render/test_render_stratego.py``.
"""

from __future__ import annotations

import ast
import io
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from cogs.stratego.ui import image_words
from render import stratego
from render.stratego import BOARD_X, BOARD_Y, square_origin
from render.stratego_sprites import (
    ARMY,
    BATTLE,
    HATCH,
    HIDDEN,
    INSET,
    LAND,
    MOVE,
    MOVE_TINT,
    PALETTE,
    SQ,
    tile_sprite,
)
from rules.stratego.board import LAKES, ZONES, name, parse_square
from rules.stratego.pieces import ARMIES, IMMOBILE
from rules.stratego.view import (
    BattleView,
    Colour,
    MoveView,
    PieceView,
    RescueView,
    ResultView,
    StrategoView,
)
from tests.golden_images import GOLDEN, SAMPLES, check_golden

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Alice", "Bob")
"""The players' display names by seat."""


def render_board(view: StrategoView, locale: str = "en") -> bytes:
    return stratego.render_board(view, image_words(locale), NAMES)


def compose(view: StrategoView, locale: str = "en") -> Image.Image:
    return stratego.compose(view, image_words(locale), NAMES)


MAX_BYTES = 200 * 1024
COLOURS: tuple[Colour, Colour] = ("red", "blue")
OPTIONS = (
    ("attacker_advantage", False),
    ("silent_defence", False),
    ("rescue", False),
    ("two_square_limit", 3),
    ("chase_rule", False),
    ("no_capture_limit", 200),
)


# --- views built by hand ---------------------------------------------------------------------------


def _other(colour: Colour) -> Colour:
    return "blue" if colour == "red" else "red"


def _idx(colour: Colour) -> int:
    return COLOURS.index(colour)


def _options(**changes: object) -> tuple[tuple[str, object], ...]:
    return tuple((k, changes.get(k, v)) for k, v in OPTIONS)


def _view(**fields: object) -> StrategoView:
    """A StrategoView with quiet defaults: a public view in play, Red to move, empty board."""
    base: dict[str, object] = dict(
        viewer=None,
        viewer_colour=None,
        seat_colours=("red", "blue"),
        phase="play",
        army="classic",
        options=_options(),
        board=(None,) * 100,
        ready=(True, True),
        to_move="red",
        captured=((), ()),
        history=(),
        ply=0,
        last_move=None,
        last_battle=None,
        rescue_pending=None,
        rescues_used=(0, 0),
        draw_offer=None,
        moves_without_battle=0,
        result=None,
    )
    base.update(fields)
    return StrategoView(**base)  # type: ignore[arg-type]


def _move(
    ply: int, colour: Colour, frm: str, to: str, battle: BattleView | None = None, text: str | None = None
) -> MoveView:
    sq = {name(s): s for s in range(100)}
    notation = text or f"{frm}{'x' if battle else '-'}{to}"
    return MoveView(
        ply=ply, colour=colour, frm=sq[frm], to=sq[to], battle=battle, scout_revealed=False, notation=notation
    )


def random_view(rng: random.Random, kind: str, *, army: str = "classic", silent: bool = False) -> StrategoView:
    """A random but consistent view of one ``kind``: public, red, blue, setup-red, setup-blue,
    setup-public or over. Pieces stand in both zones and the middle (immobile ones at home and
    unmoved), some are captured, ranks unknown to the viewer are ``None`` (SG-7), and the last move
    and battle are real steps onto occupied or emptied squares."""
    if kind.startswith("setup"):
        return _random_setup(rng, kind, army)
    viewer_colour: Colour | None = {"red": "red", "blue": "blue"}.get(kind)
    over = kind == "over"
    if over and rng.random() < 0.5:
        viewer_colour = rng.choice(COLOURS)
    free = [s for s in range(100) if s not in LAKES]
    board: list[PieceView | None] = [None] * 100
    captured: list[list[str | None]] = [[], []]
    for colour in COLOURS:
        ranks = [r for r, n in ARMIES[army].items() for _ in range(n)]
        rng.shuffle(ranks)
        ranks.sort(key=lambda r: r not in IMMOBILE)  # immobile pieces first: they must get home squares
        home = [s for s in ZONES[_idx(colour)] if board[s] is None]
        away = [s for s in free if s not in ZONES[_idx(colour)] and board[s] is None]
        rng.shuffle(home)
        rng.shuffle(away)
        for rank in ranks:
            if rng.random() < 0.25 and rank != "F":
                known = over or colour == viewer_colour or rng.random() < (0.3 if silent else 0.7)
                captured[_idx(colour)].append(rank if known else None)
                continue
            outside = rank not in IMMOBILE and (rng.random() < 0.3 or not home) and bool(away)
            if not outside and not home:
                continue
            sq = away.pop() if outside else home.pop()
            moved = bool(outside) or (rank not in IMMOBILE and rng.random() < 0.4)
            revealed = over or rng.random() < 0.3
            shown = rank if (colour == viewer_colour or revealed) else None
            board[sq] = PieceView(colour=colour, rank=shown, moved=moved, revealed=revealed)
    last_colour: Colour = rng.choice(COLOURS)
    ply = rng.randint(2, 300)
    last = _random_step(rng, board, last_colour, ply)
    battle = (
        last
        if last is not None and last.battle
        else _random_step(rng, board, _other(last_colour), ply - 1, force_battle=True)
    )
    history: tuple[MoveView | RescueView, ...] = tuple(m for m in (battle, last) if m is not None and m is not last)
    history += (last,) if last else ()
    rescue = rng.random() < 0.3
    pending = rescue and rng.random() < 0.3
    if rescue and not pending and rng.random() < 0.5:
        ply += 1
        history += (_random_rescue(rng, board, last_colour, ply),)
    result = None
    if over:
        winner = rng.choice([*COLOURS, None])
        reasons = (
            ("flag", "no_moves", "resign", "timeout") if winner else ("agreed_draw", "move_limit", "both_immobile")
        )
        result = ResultView(winner=winner, reason=rng.choice(reasons))
    return _view(
        viewer=None if viewer_colour is None else rng.randint(0, 1),
        viewer_colour=viewer_colour,
        phase="over" if over else "play",
        army=army,
        options=_options(silent_defence=silent, rescue=rescue, attacker_advantage=rng.random() < 0.2),
        board=tuple(board),
        to_move=None if over else last_colour if pending else _other(last_colour),
        captured=(tuple(captured[0]), tuple(captured[1])),
        history=history,
        ply=ply,
        last_move=last,
        last_battle=battle,
        rescue_pending=last_colour if pending else None,
        rescues_used=(rng.randint(0, 2), rng.randint(0, 2)) if rescue else (0, 0),
        draw_offer=rng.choice([None, None, None, *COLOURS]),
        moves_without_battle=rng.randint(0, 199),
        result=result,
    )


def _random_rescue(rng: random.Random, board: list[PieceView | None], colour: Colour, ply: int) -> RescueView:
    """SG-8.3: a rescued piece placed on an empty square of the rescuer's half, or a declined rescue."""
    if rng.random() < 0.3:
        return RescueView(ply=ply, colour=colour, rank=None, square=None, notation="R:-")
    half = range(0, 50) if colour == "red" else range(50, 100)
    square = rng.choice([s for s in half if s not in LAKES and board[s] is None])
    rank = rng.choice("M98765432S")
    board[square] = PieceView(colour=colour, rank=rank, moved=False, revealed=True)
    return RescueView(ply=ply, colour=colour, rank=rank, square=square, notation=f"R:{rank}@{name(square)}")


def _random_step(
    rng: random.Random, board: list[PieceView | None], colour: Colour, ply: int, force_battle: bool = False
) -> MoveView | None:
    """A move that ended on a square now held by ``colour`` (a won attack or a plain step, the
    from-square now empty), or a lost or mutual battle (the to-square held by the defender or empty)."""
    movers = [s for s, p in enumerate(board) if p and p.colour == colour and p.moved]
    rng.shuffle(movers)
    for to in movers:
        for step in (1, -1, 10, -10):
            frm = to - step
            if (
                not 0 <= frm < 100
                or frm in LAKES
                or board[frm] is not None
                or (step in (1, -1) and frm // 10 != to // 10)
            ):
                continue
            piece = board[to]
            assert piece is not None
            if not force_battle and rng.random() < 0.5:
                return _move(ply, colour, name(frm), name(to), text=f"{name(frm)}-{name(to)}")
            result = rng.choice(["attacker", "defender", "both"])
            att = piece.rank or rng.choice("98765432")
            dfn = rng.choice([None, "B", "4", "S", "M"])
            if result == "defender":
                board[to] = PieceView(colour=_other(colour), rank=dfn, moved=False, revealed=dfn is not None)
            elif result == "both":
                board[to] = None
            view_battle = BattleView(attacker_rank=att, defender_rank=dfn, result=result)  # type: ignore[arg-type]
            return _move(
                ply,
                colour,
                name(frm),
                name(to),
                view_battle,
                f"{name(frm)}x{name(to)} ({att.replace('M', '10')}x{dfn or '?'})",
            )
    return None


def _random_setup(rng: random.Random, kind: str, army: str) -> StrategoView:
    """Setup (SG-3, SG-7.4): only the viewer's draft is on the board, possibly incomplete."""
    viewer_colour: Colour | None = {"setup-red": "red", "setup-blue": "blue"}.get(kind)
    board: list[PieceView | None] = [None] * 100
    if viewer_colour is not None:
        ranks = [r for r, n in ARMIES[army].items() for _ in range(n)]
        rng.shuffle(ranks)
        squares = sorted(ZONES[_idx(viewer_colour)])
        rng.shuffle(squares)
        for rank in ranks[: rng.randint(0, len(ranks))]:
            board[squares.pop()] = PieceView(colour=viewer_colour, rank=rank, moved=False, revealed=False)
    return _view(
        viewer=None if viewer_colour is None else 0,
        viewer_colour=viewer_colour,
        phase="setup",
        army=army,
        board=tuple(board),
        to_move=None,
        ready=(rng.random() < 0.5, rng.random() < 0.5),
    )


# --- every kind of view renders ------------------------------------------------------------------------

KINDS = ["public", "red", "blue", "setup-red", "setup-blue", "setup-public", "over"]


def _check_png(data: bytes) -> Image.Image:
    assert len(data) <= MAX_BYTES, f"PNG is {len(data)} bytes"
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.width == stratego.WIDTH
    image.load()
    return image


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", range(12))
def test_every_kind_of_view_renders_a_small_png(kind: str, seed: int) -> None:
    _check_png(render_board(random_view(random.Random(f"{kind}/{seed}"), kind)))


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("seed", range(12))
def test_the_image_words_moves_by_squares_never_in_notation(
    seed: int, locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The header's last move and the last battle's box say the squares ("E8 → E7"), not the
    engine's notation ("E8xE7 (8x6)"), which players do not read."""
    view = random_view(random.Random(f"notation/{seed}"), "public")
    moves = [m for m in (view.last_move, view.last_battle) if m is not None]
    assert moves and any("x" in m.notation or "-" in m.notation for m in moves)
    drawn: list[str] = []
    real = stratego.draw_text
    monkeypatch.setattr(
        stratego, "draw_text", lambda draw, at, text, *a, **k: drawn.append(text) or real(draw, at, text, *a, **k)
    )
    compose(view, locale)
    for m in moves:
        assert not any(m.notation in text for text in drawn), (m.notation, drawn)
        squares = f"{name(m.frm)} → {name(m.to)}"
        assert any(squares in text for text in drawn), (squares, drawn)


@pytest.mark.parametrize("kind", ["public", "red", "blue", "over"])
@pytest.mark.parametrize("seed", range(6))
def test_silent_defence_with_unknown_captured_ranks_renders(kind: str, seed: int) -> None:
    """SG-8.2: captured ranks the viewer does not know come as ``None`` and show as ``?`` tiles."""
    view = random_view(random.Random(f"silent/{kind}/{seed}"), kind, silent=True)
    _check_png(render_board(view))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", range(4))
def test_barrage_with_few_pieces_renders(kind: str, seed: int) -> None:
    """SG-2.3: 8 pieces a side."""
    _check_png(render_board(random_view(random.Random(f"barrage/{kind}/{seed}"), kind, army="barrage")))


def test_same_view_gives_the_same_bytes() -> None:
    """Golden images and Discord's attachment dedup need determinism."""
    view = random_view(random.Random(7), "blue")
    assert render_board(view) == render_board(view)


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("kind", KINDS)
def test_the_png_maps_every_pixel_as_the_whole_image_mapped_at_once(kind: str, locale: str) -> None:
    """render_board maps only what is drawn over the cached background and tiles (the header, the
    panel, the board's marks): a mark it forgot to map would show the square beneath it. Its pixels
    are those of the whole composed image mapped to the palette, in every kind of view."""
    for seed in range(8):
        for view in (
            random_view(random.Random(f"same/{kind}/{seed}"), kind),
            random_view(random.Random(f"same/silent/{kind}/{seed}"), kind, silent=True),
            random_view(random.Random(f"same/barrage/{kind}/{seed}"), kind, army="barrage"),
        ):
            fast = Image.open(io.BytesIO(render_board(view, locale)))
            whole = compose(view, locale).quantize(palette=PALETTE, dither=Image.Dither.NONE)
            assert fast.tobytes() == whole.tobytes(), (kind, seed)


# --- orientation (SG-1.1) -----------------------------------------------------------------------------


def _fill_at(image: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    """The tile body colour of the square whose top-left pixel is (x, y): a point left of the
    number, inside the border and the blue inner ring."""
    return image.convert("RGB").getpixel((x + INSET + 9, y + INSET + 24))  # type: ignore[return-value]


def _two_corner_pieces(**fields: object) -> StrategoView:
    board: list[PieceView | None] = [None] * 100
    board[0] = PieceView(colour="red", rank="9", moved=False, revealed=True)  # A1
    board[99] = PieceView(colour="blue", rank="9", moved=False, revealed=True)  # J10
    return _view(board=tuple(board), **fields)


def _png(view: StrategoView) -> Image.Image:
    return Image.open(io.BytesIO(render_board(view)))


BOTTOM_LEFT = (BOARD_X, BOARD_Y + 9 * SQ)
TOP_RIGHT = (BOARD_X + 9 * SQ, BOARD_Y)


def test_public_view_has_a1_bottom_left() -> None:
    image = _png(_two_corner_pieces())
    assert _fill_at(image, *BOTTOM_LEFT) == ARMY["red"][0]
    assert _fill_at(image, *TOP_RIGHT) == ARMY["blue"][0]


def test_blue_private_view_has_j10_bottom_left() -> None:
    """Blue sits at rank 10: its view is turned 180°, J10 at the bottom-left."""
    image = _png(_two_corner_pieces(viewer=1, viewer_colour="blue"))
    assert _fill_at(image, *BOTTOM_LEFT) == ARMY["blue"][0]
    assert _fill_at(image, *TOP_RIGHT) == ARMY["red"][0]


def test_red_private_view_is_not_turned() -> None:
    image = _png(_two_corner_pieces(viewer=0, viewer_colour="red"))
    assert _fill_at(image, *BOTTOM_LEFT) == ARMY["red"][0]


def test_square_origin_maps_the_board_onto_the_grid_and_flipping_turns_it() -> None:
    grid = {(BOARD_X + c * SQ, BOARD_Y + r * SQ) for c in range(10) for r in range(10)}
    for flipped in (False, True):
        assert {square_origin(sq, flipped) for sq in range(100)} == grid
    assert square_origin(0, False) == BOTTOM_LEFT and square_origin(99, True) == BOTTOM_LEFT
    assert square_origin(9, False) == (BOARD_X + 9 * SQ, BOARD_Y + 9 * SQ)  # J1 bottom-right
    for sq in range(100):
        x, y = square_origin(sq, False)
        assert square_origin(99 - sq, True) == (x, y)


# --- what is drawn -----------------------------------------------------------------------------------


def test_lakes_are_water() -> None:
    """SG-1.2: C5 D5 C6 D6 and G5 H5 G6 H6 are drawn as water, not land."""
    image = compose(_view())
    for sq in LAKES:
        x, y = square_origin(sq, False)
        assert image.getpixel((x + SQ // 2, y + SQ // 2)) not in (LAND, ARMY["blue"][0])
        assert image.getpixel((x + SQ // 2, y + SQ // 2))[2] > 150  # blue-ish water


def test_last_move_tints_the_from_square() -> None:
    board: list[PieceView | None] = [None] * 100
    board[31] = PieceView(colour="red", rank="5", moved=True, revealed=False)  # B4
    move = _move(1, "red", "B3", "B4")
    image = compose(_view(board=tuple(board), last_move=move, history=(move,), ply=1, to_move="blue"))
    x, y = square_origin(21, False)  # B3
    assert image.getpixel((x + 6, y + 6)) == MOVE_TINT


def test_only_a_recent_battle_is_marked_on_the_board() -> None:
    """The battle square gets the orange frame while the battle is the last or the previous move;
    an older battle square may hold another piece by now, so only the side panel shows it."""
    battle = _move(10, "red", "E4", "E5", BattleView("7", "5", "attacker"), "E4xE5 (7x5)")
    frame_pixel = (square_origin(44, False)[0] + 1, square_origin(44, False)[1] + 20)  # E5, left edge
    for last_ply, colour in ((11, BATTLE), (14, LAND)):
        last = _move(last_ply, "blue", "A7", "A6")
        view = _view(last_move=last, last_battle=battle, history=(battle, last), ply=last_ply, to_move="red")
        assert compose(view).getpixel(frame_pixel) == colour


def test_a_rescue_after_the_last_move_is_framed() -> None:
    """SG-8.3: the square the rescued piece was placed on is framed like a last move."""
    board = [None] * 100
    board[22] = PieceView("red", "7", False, True)  # C3
    rescue = RescueView(ply=12, colour="red", rank="7", square=22, notation="R:7@C3")
    last = _move(11, "red", "B9", "B10")
    view = _view(board=tuple(board), last_move=last, history=(last, rescue), ply=12, to_move="blue")
    x, y = square_origin(22, False)
    assert compose(view).getpixel((x + 1, y + 20)) == MOVE


def test_eye_marker_only_on_the_viewers_own_revealed_pieces() -> None:
    """The public and the opponent see a revealed rank; only its owner gets the eye (it tells him
    what he has given away). Here: Red's revealed Major in Red's view and in the public view."""
    piece = PieceView(colour="red", rank="7", moved=True, revealed=True)
    board = tuple(piece if sq == 44 else None for sq in range(100))  # E5
    x, y = square_origin(44, False)
    box = (x + INSET, y + INSET, x + SQ - INSET, y + SQ - INSET)
    private = compose(_view(board=board, viewer=0, viewer_colour="red")).crop(box)
    public = compose(_view(board=board)).crop(box)
    assert ImageChops.difference(private, tile_sprite("red", "7", True, True).convert("RGB")).getbbox() is None
    assert ImageChops.difference(public, tile_sprite("red", "7", True, False).convert("RGB")).getbbox() is None


def test_setup_hides_the_opponents_zone_and_shows_the_draft() -> None:
    """SG-7.4: the opponent's zone is hatched over; the viewer's draft is drawn in the own zone."""
    board = [None] * 100
    board[0] = PieceView(colour="red", rank="F", moved=False, revealed=False)
    image = compose(
        _view(phase="setup", viewer=0, viewer_colour="red", board=tuple(board), to_move=None, ready=(False, True))
    )
    x, y = square_origin(99, False)  # J10, Blue's zone, top-right
    assert image.getpixel((x + 4, y + 4)) in (HIDDEN, HATCH)
    assert _fill_at(image, *square_origin(0, False)) == ARMY["red"][0]


def test_game_over_banner_is_in_the_winners_colour() -> None:
    view = replace(random_view(random.Random(3), "over"), result=ResultView("blue", "flag"))
    assert compose(view).getpixel((stratego.PAD + 4, 40)) == ARMY["blue"][0]


def test_render_imports_no_discord_db_or_aiosqlite() -> None:
    """DESIGN §2: render/ may import rules/ (views only), never discord, aiosqlite or db."""
    for path in (ROOT / "render").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else ([node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            )
            for module in names:
                assert module.split(".")[0] not in {"discord", "aiosqlite", "db"}, f"{path.name}: {module}"


# --- golden images and samples -------------------------------------------------------------------------


GOLDEN_PIECES: dict[str, tuple[Colour, str, bool, bool]] = {
    # square: colour, rank, moved, revealed
    "A1": ("red", "F", False, False),
    "B1": ("red", "B", False, False),
    "A2": ("red", "B", False, True),
    "C1": ("red", "3", False, False),
    "D1": ("red", "S", False, False),
    "E1": ("red", "6", False, False),
    "F1": ("red", "5", False, False),
    "G1": ("red", "2", False, False),
    "H1": ("red", "4", False, False),
    "I1": ("red", "B", False, False),
    "J1": ("red", "3", False, False),
    "B2": ("red", "M", False, False),
    "C2": ("red", "7", False, False),
    "E2": ("red", "9", True, True),
    "H2": ("red", "5", False, False),
    "C3": ("red", "4", False, False),
    "D3": ("red", "2", True, False),
    "G3": ("red", "6", False, False),
    "J3": ("red", "B", False, False),
    "A4": ("red", "2", True, True),
    "B4": ("red", "7", False, False),
    "F4": ("red", "3", True, False),
    "I4": ("red", "5", True, False),
    "E7": ("red", "8", True, True),
    "J10": ("blue", "F", False, False),
    "I10": ("blue", "B", False, False),
    "J9": ("blue", "B", False, False),
    "H10": ("blue", "3", False, False),
    "G10": ("blue", "S", False, False),
    "F10": ("blue", "4", False, False),
    "E10": ("blue", "M", False, False),
    "A10": ("blue", "6", False, False),
    "B9": ("blue", "9", True, True),
    "C9": ("blue", "5", False, False),
    "F9": ("blue", "7", False, False),
    "H9": ("blue", "B", False, False),
    "A8": ("blue", "3", False, False),
    "D8": ("blue", "4", True, False),
    "G8": ("blue", "5", False, False),
    "I8": ("blue", "2", True, True),
    "B7": ("blue", "6", False, False),
    "H7": ("blue", "8", True, False),
    "J7": ("blue", "7", True, False),
    "E6": ("blue", "2", True, True),
    "B6": ("blue", "5", True, False),
}
"""The golden position: square -> colour, rank, moved, revealed."""


def golden_position(viewer_colour: Colour | None) -> StrategoView:
    """A fixed mid-game position: a won attack just happened (Red's Colonel took a Blue Captain on
    E7), Blue's Scout revealed itself earlier, some pieces moved, a few captured on each side."""
    board: list[PieceView | None] = [None] * 100
    squares = {name(s): s for s in range(100)}
    for sq_name, (colour, rank, moved, revealed) in GOLDEN_PIECES.items():
        known = colour == viewer_colour or revealed
        board[squares[sq_name]] = PieceView(colour, rank if known else None, moved, revealed)
    win = BattleView(attacker_rank="8", defender_rank="6", result="attacker")
    scout = _move(40, "blue", "E9", "E6", text="E9-E6")
    last = _move(41, "red", "E8", "E7", win, "E8xE7 (8x6)")
    blue_lost: tuple[str | None, ...] = ("6", "2", "2", "S")
    return _view(
        viewer=None if viewer_colour is None else ("red", "blue").index(viewer_colour),
        viewer_colour=viewer_colour,
        options=_options(rescue=True),
        board=tuple(board),
        to_move="blue",
        captured=(("2", "2", "4", "6", "B"), blue_lost),
        history=(scout, last),
        ply=41,
        last_move=last,
        last_battle=last,
        rescues_used=(0, 1),
        draw_offer="red",
        moves_without_battle=0,
    )


def test_golden_public() -> None:
    check_golden(render_board(golden_position(None)), GOLDEN / "stratego_public.png", __file__)


def test_golden_private_blue() -> None:
    check_golden(render_board(golden_position("blue")), GOLDEN / "stratego_private_blue.png", __file__)


def sample_views() -> dict[str, StrategoView]:
    """The pictures in docs/images: one of each kind, for people to look at."""
    setup_board: list[PieceView | None] = [None] * 100
    code = "FB3B24B5B3/B4M2356743/2S6682572B"  # SG-3.4 example, three rows placed so far
    for row, letters in enumerate(code.split("/")):
        for file, rank in enumerate(letters):
            setup_board[row * 10 + file] = PieceView("red", rank, False, False)
    return {
        "stratego-public": golden_position(None),
        "stratego-private-red": golden_position("red"),
        "stratego-private-blue": golden_position("blue"),
        "stratego-setup": _view(
            viewer=0, viewer_colour="red", phase="setup", board=tuple(setup_board), to_move=None, ready=(False, True)
        ),
        "stratego-over": over_position(),
    }


def over_position() -> StrategoView:
    """The golden position played on: Red's Miner took the Bomb on J9, then the Flag on J10 (SG-6.1).
    Game over, so the engine shows every rank."""
    start = golden_position(None)
    board = list(start.board)
    for sq, piece in enumerate(board):
        if piece is not None:
            board[sq] = PieceView(piece.colour, GOLDEN_PIECES[name(sq)][1], piece.moved, True)
    board[parse_square("F4")] = None  # the Miner, now on J10
    board[parse_square("J9")] = None
    board[parse_square("J10")] = PieceView("red", "3", True, True)
    flag = _move(57, "red", "J9", "J10", BattleView("3", "F", "attacker"), "J9xJ10 (3xF)")
    return replace(
        start,
        phase="over",
        board=tuple(board),
        to_move=None,
        result=ResultView("red", "flag"),
        captured=(("2", "2", "4", "6", "B"), ("6", "2", "2", "S", "B", "F")),
        history=(flag,),
        ply=57,
        last_move=flag,
        last_battle=flag,
        draw_offer=None,
    )


CZECH_GOLDEN = ("stratego-public", "stratego-private-blue", "stratego-setup", "stratego-over")


@pytest.mark.parametrize("sample", CZECH_GOLDEN)
def test_golden_czech(sample: str) -> None:
    """Every kind of image in Czech: the labels come from the Czech table (issue 19)."""
    path = GOLDEN / f"{sample.replace('-', '_')}_cs.png"
    check_golden(render_board(sample_views()[sample], "cs"), path, __file__)


@pytest.mark.parametrize("sample", sorted(sample_views()))
def test_docs_samples_are_current(sample: str) -> None:
    """The images in docs/images are what the renderer draws now (regenerated with UPDATE_GOLDEN=1)."""
    check_golden(render_board(sample_views()[sample]), SAMPLES / f"{sample}.png", __file__)


# --- timing (not a test: run this file as a script) ----------------------------------------------------


def benchmark(renders: int = 200) -> None:
    """Median and p95 render time and PNG sizes over random views of every kind (after warm-up, as
    in a running bot where the caches are filled)."""
    rng = random.Random(2024)
    views = [
        random_view(
            rng, rng.choice(KINDS), army=rng.choice(["classic", "classic", "barrage"]), silent=rng.random() < 0.3
        )
        for _ in range(renders)
    ]
    for view in views[:20]:
        render_board(view)
    times, sizes = [], []
    for view in views:
        start = time.perf_counter()
        data = render_board(view)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data))
    times.sort()
    sizes.sort()
    print(
        f"{renders} renders: median {statistics.median(times):.2f} ms, p95 {times[int(0.95 * renders)]:.2f} ms, "
        f"max {times[-1]:.2f} ms; PNG median {statistics.median(sizes) / 1024:.1f} KB, "
        f"max {sizes[-1] / 1024:.1f} KB"
    )


if __name__ == "__main__":
    benchmark(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
