"""Stratego board image: a :class:`StrategoView` -> PNG bytes (SG-1, SG-5.8, SG-7, SG-8).

Everything drawn comes from the view, so a picture can never show more than its viewer may know.
The kind of picture follows from the view: the public board (Red at the bottom), a player's board
seen from his seat (Blue's is turned 180°), the setup board (own zone only, the other zone hidden)
and the final board with the result banner.

Speed: the static board (frame, coordinates, squares, lakes) is drawn once per orientation and the
tiles once per (colour, rank, markers); a render pastes cached sprites, writes a few lines of text
and encodes an 8-bit PNG (``render.png``). The sprites are in ``render.stratego_sprites``.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator, Sequence

from PIL import Image, ImageDraw

from render.fonts import draw_text, fitting_size, text_width
from render.png import RGB, Box, mapped, mapped_rows, paste_mapped, rows_png
from render.stratego_sprites import (
    ARMY,
    ARROW_PAD,
    BATTLE,
    DRAW_BANNER,
    FRAME,
    FRAME_TEXT,
    GRID,
    HATCH,
    HIDDEN,
    INK,
    INSET,
    LAND,
    MOVE,
    MOVE_TINT,
    MUTED,
    PAGE,
    PALETTE,
    SQ,
    WHITE,
    arrow_sprite,
    burst_sprite,
    count_badge,
    lake_sprite,
    legend_icon,
    mini_tile,
    tile_sprite,
)
from render.words import Words, shorten
from rules.stratego.board import FILES, SIZE, ZONES
from rules.stratego.board import name as square_name
from rules.stratego.pieces import ARMIES, RANKS
from rules.stratego.view import Colour, MoveView, PieceView, RescueView, StrategoView

# --- layout (pixels) -----------------------------------------------------------------------------

MARGIN = 26
"""The frame around the board, holding the coordinates."""
PAD = 12
HEADER_H = 96
FRAME_X, FRAME_Y = PAD, HEADER_H
FRAME_W = SIZE * SQ + 2 * MARGIN
BOARD_X, BOARD_Y = FRAME_X + MARGIN, FRAME_Y + MARGIN
WIDTH = FRAME_W + 2 * PAD
"""The board alone sets the width (716 px): everything else goes above or below it, so that a
phone showing the image 400 px wide still shows each square 36 px wide (issue 19 §4)."""
PANEL_X, PANEL_Y = PAD, FRAME_Y + FRAME_W + 16
PANEL_W = WIDTH - 2 * PAD
HEIGHT = PANEL_Y + 432
MIN_TEXT = 17
"""The smallest text drawn: 17 px of 716 is 9.5 px on a phone 400 px wide (issue 19 §4)."""


def _other(colour: Colour) -> Colour:
    return "blue" if colour == "red" else "red"


# --- geometry ------------------------------------------------------------------------------------


def is_flipped(view: StrategoView) -> bool:
    """A private view is drawn from its player's seat; Blue sits at rank 10, so Blue's board is
    turned 180° (SG-1.1). The public board keeps Red at the bottom."""
    return view.viewer is not None and view.viewer_colour == "blue"


def square_origin(sq: int, flipped: bool) -> tuple[int, int]:
    """Top-left pixel of square ``sq`` (A1 = 0 … J10 = 99) in the image.

    Unflipped: A1 bottom-left, J10 top-right. Flipped: J10 bottom-left, A1 top-right.
    """
    file, row = sq % SIZE, sq // SIZE
    col, line = (SIZE - 1 - file, row) if flipped else (file, SIZE - 1 - row)
    return BOARD_X + col * SQ, BOARD_Y + line * SQ


def _centre(sq: int, flipped: bool) -> tuple[int, int]:
    x, y = square_origin(sq, flipped)
    return x + SQ // 2, y + SQ // 2


@functools.lru_cache(maxsize=8)
def _background(flipped: bool, hidden: frozenset[str]) -> Image.Image:
    """The static board for one orientation: frame, coordinates on all four edges, squares, lakes,
    and in setup the hatched zones whose contents are hidden (SG-7.4)."""
    im = Image.new("RGB", (WIDTH, HEIGHT), PAGE)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((FRAME_X, FRAME_Y, FRAME_X + FRAME_W - 1, FRAME_Y + FRAME_W - 1), radius=8, fill=FRAME)
    d.rectangle((BOARD_X - 1, BOARD_Y - 1, BOARD_X + SIZE * SQ, BOARD_Y + SIZE * SQ), fill=GRID)
    for sq in range(SIZE * SIZE):
        x, y = square_origin(sq, flipped)
        d.rectangle((x + 1, y + 1, x + SQ - 2, y + SQ - 2), fill=LAND)
    for corner in (42, 46):  # C5 and G5, the lower-left squares of the lakes
        xs, ys = zip(*(square_origin(s, flipped) for s in (corner, corner + 1, corner + 10, corner + 11)), strict=True)
        im.paste(lake_sprite(), (min(xs) + 2, min(ys) + 2))
    for colour in sorted(hidden):
        _hatch_zone(im, colour, flipped)
    _coordinates(d, flipped)
    return im


def _zone_box(colour: str, flipped: bool) -> tuple[int, int, int, int]:
    """Pixel box (x0, y0, x1, y1), exclusive, of a colour's setup zone (SG-1.3)."""
    xs, ys = zip(*(square_origin(s, flipped) for s in ZONES[0 if colour == "red" else 1]), strict=True)
    return min(xs), min(ys), max(xs) + SQ, max(ys) + SQ


def _hatch_zone(im: Image.Image, colour: str, flipped: bool) -> None:
    """Grey diagonal hatching over a zone whose setup the viewer may not see (SG-7.4)."""
    x0, y0, x1, y1 = _zone_box(colour, flipped)
    w, h = x1 - x0, y1 - y0
    zone = Image.new("RGB", (w, h), HIDDEN)
    d = ImageDraw.Draw(zone)
    for off in range(-h, w, 16):
        d.line((off, h, off + h, 0), fill=HATCH, width=5)
    d.rectangle((0, 0, w - 1, h - 1), outline=GRID, width=2)
    im.paste(zone, (x0, y0))


def _coordinates(d: ImageDraw.ImageDraw, flipped: bool) -> None:
    """File letters above and below, rank numbers left and right, in the board's orientation."""
    files = FILES[::-1] if flipped else FILES
    ranks = [str(r) for r in (range(1, SIZE + 1) if flipped else range(SIZE, 0, -1))]
    mid = MARGIN // 2
    for i in range(SIZE):
        cx, cy = BOARD_X + i * SQ + SQ // 2, BOARD_Y + i * SQ + SQ // 2
        for y in (BOARD_Y - mid, BOARD_Y + SIZE * SQ + mid):
            draw_text(d, (cx, y), files[i], 18, FRAME_TEXT, "mm", bold=True)
        for x in (BOARD_X - mid, BOARD_X + SIZE * SQ + mid):
            draw_text(d, (x, cy), ranks[i], 18 if len(ranks[i]) == 1 else 17, FRAME_TEXT, "mm", bold=True)


# --- words and names ----------------------------------------------------------------------------


@functools.lru_cache(maxsize=1024)
def _fit(text: str, width: float, largest: int, bold: bool = False, smallest: int = MIN_TEXT) -> tuple[str, int]:
    """``text`` at the largest size in ``smallest..largest`` that fits ``width``, cut with "…"
    when even ``smallest`` is too wide. Cached: most labels recur from image to image."""
    size = fitting_size(text, width, largest, smallest, bold)
    return shorten(text, lambda s: text_width(s, size, bold) <= width), size


def _names(view: StrategoView, names: Sequence[str]) -> dict[str, str]:
    """Each army's player by display name (``names`` is by seat, the view says whose colour)."""
    return {colour: names[seat] if seat < len(names) else "?" for seat, colour in enumerate(view.seat_colours)}


@functools.lru_cache(maxsize=256)
def _short(name: str, size: int = 19, width: float = 190, bold: bool = False) -> str:
    """A name shortened to fit ``width`` at ``size`` px, for lines that hold other words too."""
    return shorten(name, lambda s: text_width(s, size, bold) <= width)


# --- the picture ---------------------------------------------------------------------------------


def warm_up() -> None:
    """Draw every sprite and background now (~0.1 s) instead of during the first renders, which
    otherwise take up to ~35 ms each: call once at bot start-up if first-image latency matters."""
    for colour in ("red", "blue"):
        for rank in (*RANKS, None):
            for moved in (False, True):
                for known in (False, True):
                    tile_sprite(colour, rank, moved, known)
            mini_tile(colour, rank, MINI)
    for flipped in (False, True):
        for hidden in (frozenset(), frozenset(("red",)), frozenset(("blue",)), frozenset(("red", "blue"))):
            _background(flipped, hidden)


HEADER_BAND: Box = (0, 0, WIDTH, FRAME_Y)
PANEL_BAND: Box = (0, FRAME_Y + FRAME_W, WIDTH, HEIGHT)
"""Above and below the board's frame: the header and the panel, drawn anew for every image."""


def render_board(view: StrategoView, words: Words, names: Sequence[str]) -> bytes:
    """The board image for ``view`` as PNG bytes (a few tens of KB, a few ms), its labels from
    ``words`` (:class:`render.words.Words`, the ``img.sg.*`` keys in one language) and its players
    by ``names`` (display names by seat).

    The same pixels as ``encode_png(compose(...), PALETTE)``, mapped to the palette in parts: the
    board's background and its tiles are mapped once and cached, so only what is drawn over them
    (the header, the panel and the board's marks) is mapped per image, about a third of it.
    """
    marks: list[Box] = []
    im = compose(view, words, names, marks)
    flipped = is_flipped(view)
    rows = _background_rows(flipped, _hidden_zones(view)).copy()
    for tile, (x, y) in _placed_tiles(view, flipped):
        rows.paste(_mapped_tile(*tile), (x + 1, y))
    paste_mapped(rows, im, (HEADER_BAND, PANEL_BAND, *marks), PALETTE)
    return rows_png(rows)


@functools.lru_cache(maxsize=8)
def _background_rows(flipped: bool, hidden: frozenset[str]) -> Image.Image:
    """:func:`_background` mapped to the palette, as PNG rows (``render.png.row_canvas``)."""
    return mapped_rows(_background(flipped, hidden), PALETTE)


@functools.cache
def _mapped_tile(colour: str, rank: str | None, moved: bool, known: bool) -> Image.Image:
    """:func:`tile_sprite` mapped to the palette (a tile is pasted opaque, so mapped alone it
    gives the indices it would get in the whole image)."""
    return mapped(tile_sprite(colour, rank, moved, known), PALETTE)


def compose(view: StrategoView, words: Words, names: Sequence[str], marks: list[Box] | None = None) -> Image.Image:
    """The board image for ``view`` in RGB (tests inspect pixels; :func:`render_board` encodes it).

    ``marks`` gets the box of everything drawn on the board over its background and tiles."""
    flipped = is_flipped(view)
    who = _names(view, names)
    marks = [] if marks is None else marks
    im = _background(flipped, _hidden_zones(view)).copy()
    draw = ImageDraw.Draw(im)
    last = view.last_move if view.phase != "setup" else None
    if last is not None:
        x, y = square_origin(last.frm, flipped)
        draw.rectangle((x + 1, y + 1, x + SQ - 2, y + SQ - 2), fill=MOVE_TINT)
        marks.append((x, y, x + SQ, y + SQ))
    _pieces(im, view, flipped)
    if view.phase == "setup":
        _setup_labels(draw, view, flipped, words, who, marks)
    else:
        _highlights(im, draw, view, flipped, marks)
    _header(im, draw, view, words, who)
    _panel(im, draw, view, words, who)
    return im


def _hidden_zones(view: StrategoView) -> frozenset[str]:
    if view.phase != "setup":
        return frozenset()
    if view.viewer_colour is None:
        return frozenset(("red", "blue"))
    return frozenset((_other(view.viewer_colour),))


def _pieces(im: Image.Image, view: StrategoView, flipped: bool) -> None:
    for tile, xy in _placed_tiles(view, flipped):
        im.paste(tile_sprite(*tile), xy)


Tile = tuple[Colour, str | None, bool, bool]
""":func:`tile_sprite`'s arguments: colour, rank, moved, known."""


def _placed_tiles(view: StrategoView, flipped: bool) -> Iterator[tuple[Tile, tuple[int, int]]]:
    """Each piece's tile (:func:`tile_sprite`'s arguments) and where it goes in the image."""
    own = view.viewer_colour if view.viewer is not None else None
    for sq, piece in enumerate(view.board):
        if piece is not None:
            x, y = square_origin(sq, flipped)
            yield _tile(piece, own), (x + INSET, y + INSET)


def _tile(piece: PieceView, own: Colour | None) -> Tile:
    """The tile of ``piece`` (:func:`tile_sprite`'s arguments). The eye marks the viewer's own
    pieces the opponent has identified; it means nothing on the opponent's pieces (their known
    ranks are simply shown)."""
    return piece.colour, piece.rank, piece.moved, piece.colour == own and piece.revealed


def _highlights(
    im: Image.Image, draw: ImageDraw.ImageDraw, view: StrategoView, flipped: bool, marks: list[Box]
) -> None:
    """Last move: tinted from-square, framed to-square, arrow between; a rescue made since (SG-8.3):
    its square framed too. Last battle: orange frame and a burst on its square, drawn last so that
    it wins where both fall on one square."""
    last, battle = view.last_move, view.last_battle
    if last is not None:
        marks.append(_frame(draw, last.to, flipped, MOVE))
        marks.extend(_arrow(im, last, flipped))
    rescue = _latest_rescue(view)
    if rescue is not None and rescue.square is not None:
        marks.append(_frame(draw, rescue.square, flipped, MOVE))
    if battle is not None and _battle_is_fresh(view, battle):
        marks.append(_frame(draw, battle.to, flipped, BATTLE))
        x, y = square_origin(battle.to, flipped)
        burst = burst_sprite()
        bx, by = x + SQ - burst.width // 2 - 2, y + SQ - burst.height // 2 - 2
        im.paste(burst, (bx, by), burst)
        marks.append((bx, by, bx + burst.width, by + burst.height))


def _battle_is_fresh(view: StrategoView, battle: MoveView) -> bool:
    """A battle is marked on the board only if it was the last move or the one before (the
    player's own last attack, seen again when his turn comes): an older square may hold another
    piece by now. The panel always shows the last battle."""
    latest = view.last_move.ply if view.last_move is not None else battle.ply
    return latest - battle.ply <= 1


def _latest_rescue(view: StrategoView) -> RescueView | None:
    """The rescue made after the last move, if any (SG-8.3: it ends the rescuer's turn)."""
    entry = view.history[-1] if view.history else None
    return entry if isinstance(entry, RescueView) else None


def _frame(draw: ImageDraw.ImageDraw, sq: int, flipped: bool, colour: RGB) -> Box:
    """Frames square ``sq``; returns the box drawn."""
    x, y = square_origin(sq, flipped)
    draw.rectangle((x - 1, y - 1, x + SQ, y + SQ), outline=INK, width=1)
    draw.rectangle((x, y, x + SQ - 1, y + SQ - 1), outline=colour, width=4)
    draw.rectangle((x + 4, y + 4, x + SQ - 5, y + SQ - 5), outline=INK, width=1)
    return x - 1, y - 1, x + SQ + 1, y + SQ + 1


def _arrow(im: Image.Image, move: MoveView, flipped: bool) -> list[Box]:
    """Draws the move's arrow; returns the box drawn (none for a move that is not straight)."""
    (fx, fy), (tx, ty) = _centre(move.frm, flipped), _centre(move.to, flipped)
    squares = max(abs(tx - fx), abs(ty - fy)) // SQ
    if squares == 0 or (fx != tx and fy != ty):
        return []
    direction = ("right" if tx > fx else "left") if fy == ty else ("down" if ty > fy else "up")
    arrow = arrow_sprite(direction, squares)
    half = 15
    pos = {
        "right": (fx - ARROW_PAD, fy - half),
        "left": (fx - (arrow.width - ARROW_PAD), fy - half),
        "down": (fx - half, fy - ARROW_PAD),
        "up": (fx - half, fy - (arrow.height - ARROW_PAD)),
    }[direction]
    im.paste(arrow, pos, arrow)
    return [(pos[0], pos[1], pos[0] + arrow.width, pos[1] + arrow.height)]


def _setup_labels(
    draw: ImageDraw.ImageDraw, view: StrategoView, flipped: bool, words: Words, who: dict[str, str], marks: list[Box]
) -> None:
    """On each hidden zone: whose it is and whether it is ready — all anyone learns of it (SG-7.4)."""
    for colour in sorted(_hidden_zones(view)):
        x0, y0, x1, y1 = _zone_box(colour, flipped)
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        ready = view.ready[0 if colour == "red" else 1]
        box = (cx - 220, cy - 46, cx + 220, cy + 46)
        draw.rounded_rectangle(box, radius=10, fill=PAGE, outline=INK, width=2)
        marks.append((box[0], box[1], box[2] + 1, box[3] + 1))
        owner, size = _fit(who[colour], 400, 26, bold=True, smallest=20)
        draw_text(draw, (cx, cy - 18), owner, size, ARMY[colour][0], "mm", bold=True)
        state = words("img.sg.hidden_ready" if ready else "img.sg.hidden_not_ready")
        state, size = _fit(state, 420, 22, bold=ready)
        draw_text(draw, (cx, cy + 18), state, size, INK if ready else MUTED, "mm", bold=ready)


# --- header --------------------------------------------------------------------------------------


def _header(im: Image.Image, draw: ImageDraw.ImageDraw, view: StrategoView, words: Words, who: dict[str, str]) -> None:
    """Line 1: whose turn (or the result, or the setup state) in big type; line 2: the last move,
    and pending rescue / draw offers."""
    if view.phase == "over" and view.result is not None:
        _result_banner(draw, view, words, who)
        return
    x = PAD
    right = ""
    if view.phase == "setup":
        title = words("img.sg.setup_title")
    else:
        mover = view.to_move
        if mover is not None:
            im.paste(mini_tile(mover, None, 34, blank=True), (x, 13))
            x += 44
        title = _turn_title(view, words, who)
        right = words("img.sg.ply", n=view.ply)
    room = WIDTH - PAD - x - (text_width(right, 22, True) + 16 if right else 0)
    title, size = _fit(title, room, 28, bold=True, smallest=20)
    draw_text(draw, (x, 30), title, size, INK, "lm", bold=True)
    if right:
        draw_text(draw, (WIDTH - PAD, 30), right, 22, MUTED, "rm", bold=True)
    details = "  ·  ".join(_header_details(view, words, who))
    if details:
        details, size = _fit(details, WIDTH - 2 * PAD, 20)
        draw_text(draw, (PAD, 72), details, size, INK, "lm")


def _turn_title(view: StrategoView, words: Words, who: dict[str, str]) -> str:
    mover = view.to_move
    if mover is None:
        return words("img.sg.waiting")
    yours = view.viewer is not None and view.viewer_colour == mover
    title = words("img.sg.your_move") if yours else words("img.sg.to_move", name=_short(who[mover], 28, 330, True))
    if view.rescue_pending == mover:
        title = words("img.sg.choose_rescue" if yours else "img.sg.rescue_pending", title=title)
    return title


def _header_details(view: StrategoView, words: Words, who: dict[str, str]) -> list[str]:
    if view.phase == "setup":
        if view.viewer_colour and view.viewer is not None:
            rows = "1–4" if view.viewer_colour == "red" else "7–10"
            return [words("img.sg.your_zone", rows=rows)]
        return [words("img.sg.setup_public")]
    parts = []
    if view.last_move is not None:
        name = _short(who[view.last_move.colour])
        frm, to = square_name(view.last_move.frm), square_name(view.last_move.to)
        parts.append(words("img.sg.last_move", name=name, frm=frm, to=to))
    rescue = _latest_rescue(view)
    if rescue is not None:
        name = _short(who[rescue.colour])
        if rescue.rank is not None and rescue.square is not None:
            rank = words(f"sg.rank.{rescue.rank}")
            parts.append(words("img.sg.rescued", name=name, rank=rank, square=square_name(rescue.square)))
        else:
            parts.append(words("img.sg.rescue_declined", name=name))
    if view.draw_offer is not None:
        parts.append(words("img.sg.draw_offer", name=_short(who[view.draw_offer])))
    if view.rescue_pending is not None and view.rescue_pending != view.to_move:
        parts.append(words("img.sg.rescue_pending_by", name=_short(who[view.rescue_pending])))
    return parts


def _result_banner(draw: ImageDraw.ImageDraw, view: StrategoView, words: Words, who: dict[str, str]) -> None:
    """The game-over line (SG-6.5) in the winner's colour, or grey for a draw."""
    result = view.result
    assert result is not None
    winner = result.winner
    loser = _short(who[_other(winner)]) if winner else ""
    limit = dict(view.options).get("no_capture_limit", view.moves_without_battle)
    key = f"img.sg.reason.{result.reason}"
    if result.reason == "move_limit":
        reason = words.n(key, int(limit) if isinstance(limit, int) else view.moves_without_battle)
    else:
        reason = words(key, loser=loser) if words.has(key) else result.reason.replace("_", " ")
    colour = ARMY[winner][0] if winner else DRAW_BANNER
    draw.rounded_rectangle((PAD, 6, WIDTH - PAD - 1, HEADER_H - 8), radius=10, fill=colour)
    ply = words("img.sg.ply", n=view.ply)
    ply_w = text_width(ply, 22, True)
    title = words("img.sg.wins", name=_short(who[winner], 28, 360, True)) if winner else words("img.sg.draw")
    if winner and view.viewer is not None:
        title = words("img.sg.you_won" if winner == view.viewer_colour else "img.sg.you_lost", title=title)
    title, size = _fit(title, WIDTH - 2 * PAD - 48 - ply_w, 28, bold=True, smallest=20)
    draw_text(draw, (PAD + 16, 30), title, size, WHITE, "lm", bold=True)
    line, size = _fit(words("img.sg.game_over", reason=reason), WIDTH - 2 * PAD - 32, 20)
    draw_text(draw, (PAD + 16, 66), line, size, WHITE, "lm")
    draw_text(draw, (WIDTH - PAD - 16, 30), ply, 22, WHITE, "rm", bold=True)


# --- the panel below the board --------------------------------------------------------------------

MINI = 38
CELL_W = MINI + 10
ROW_H = MINI + 10
COL_W = PANEL_W // 2


def _panel(im: Image.Image, draw: ImageDraw.ImageDraw, view: StrategoView, words: Words, who: dict[str, str]) -> None:
    """Below the board: each player by name with the army's colour and its captured pieces (SG-5.8)
    — in setup whether the setup is ready, and the pieces still to place — then the last battle,
    the variants in force and a legend of the markers."""
    y = PANEL_Y
    y = _players(im, draw, view, words, who, y)
    if view.phase == "setup":
        y = _to_place(im, draw, view, words, PANEL_X, y)
    elif view.last_battle is not None:
        y = _battle_box(im, draw, view.last_battle, words, PANEL_X, y)
    _footer(im, draw, view, words, who)


def _section(draw: ImageDraw.ImageDraw, x: int, y: int, title: str) -> int:
    title, size = _fit(title, PANEL_W, 21, bold=True)
    draw_text(draw, (x, y), title, size, INK, "la", bold=True)
    draw.line((x, y + 26, x + PANEL_W, y + 26), fill=MUTED, width=1)
    return y + 34


def _players(
    im: Image.Image, draw: ImageDraw.ImageDraw, view: StrategoView, words: Words, who: dict[str, str], y: int
) -> int:
    """Two columns, the army at the top of the board first (the panel reads like the board): the
    player's name beside the army's chip, then (in play) the pieces it lost, or (in setup) whether
    its setup is ready (SG-3.3) — all that is shown of the other player's (SG-7.4)."""
    bottom = view.viewer_colour if view.viewer is not None and view.viewer_colour else "red"
    bottom_y = y
    for i, colour in enumerate((_other(bottom), bottom)):
        x = PANEL_X + i * COL_W
        im.paste(mini_tile(colour, None, 26, blank=True), (x, y))
        name = who[colour]
        if view.viewer is not None and colour == view.viewer_colour:
            name = words("img.sg.you", name=_short(name, 21, COL_W - 110, True))
        name, size = _fit(name, COL_W - 46, 21, bold=True)
        draw_text(draw, (x + 34, y + 13), name, size, INK, "lm", bold=True)
        if view.phase == "setup":
            ready = view.ready[0 if colour == "red" else 1]
            state = words("img.sg.ready" if ready else "img.sg.not_ready")
            state, size = _fit(state, COL_W - 46, 19, bold=ready)
            draw_text(draw, (x + 34, y + 42), state, size, ARMY[colour][0] if ready else MUTED, "lm", bold=ready)
            bottom_y = max(bottom_y, y + 64)
            continue
        lost = view.captured[0 if colour == "red" else 1]
        line, size = _fit(words.n("img.sg.lost", len(lost)), COL_W - 46, 19)
        draw_text(draw, (x + 34, y + 42), line, size, MUTED, "lm")
        end = _rank_grid(im, draw, colour, lost, x, y + 62, COL_W - 12, words)
        bottom_y = max(bottom_y, end)
    return bottom_y + 10


def _battle_box(im: Image.Image, draw: ImageDraw.ImageDraw, move: MoveView, words: Words, x: int, y: int) -> int:
    """The last battle as attacker vs defender tiles, the loser crossed out (SG-5.2, SG-8.2: an
    unknown defender shows as ``?``)."""
    battle = move.battle
    y = _section(draw, x, y, words("img.sg.last_battle", n=move.ply))
    if battle is None:
        return y
    size = 44
    att_lost = battle.result in ("defender", "both")
    def_lost = battle.result in ("attacker", "both")
    im.paste(mini_tile(move.colour, battle.attacker_rank, size, att_lost), (x, y))
    vs = words("img.sg.vs")
    gap = round(text_width(vs, 19, True)) + 16  # "vs" in English, "proti" in Czech: the tiles make room
    draw_text(draw, (x + size + gap // 2, y + size // 2), vs, 19, MUTED, "mm", bold=True)
    im.paste(mini_tile(_other(move.colour), battle.defender_rank, size, def_lost), (x + size + gap, y))
    tx = x + 2 * size + gap + 16
    room = PANEL_X + PANEL_W - tx
    outcome, osize = _fit(words(f"img.sg.battle.{battle.result}"), room, 20, bold=True)
    draw_text(draw, (tx, y + 11), outcome, osize, INK, "lm", bold=True)
    squares, nsize = _fit(f"{square_name(move.frm)} → {square_name(move.to)}", room, 19)
    draw_text(draw, (tx, y + 34), squares, nsize, MUTED, "lm")
    return y + size + 14


def _rank_grid(
    im: Image.Image,
    draw: ImageDraw.ImageDraw,
    colour: str,
    ranks: Sequence[str | None],
    x: int,
    y: int,
    width: int,
    words: Words,
) -> int:
    counts = Counter(ranks)
    order = [r for r in RANKS if r in counts] + ([None] if None in counts else [])
    if not order:
        draw_text(draw, (x, y + 4), words("img.sg.none"), 18, MUTED, "la")
        return y + 28
    columns = max(1, width // CELL_W)
    for i, rank in enumerate(order):
        cx, cy = x + (i % columns) * CELL_W, y + (i // columns) * ROW_H
        im.paste(mini_tile(colour, rank, MINI), (cx, cy))
        if counts[rank] > 1:
            badge = count_badge(counts[rank])
            im.paste(badge, (cx + MINI - badge.width + 8, cy + MINI - badge.height + 7), badge)
    return y + ((len(order) + columns - 1) // columns) * ROW_H


def _to_place(im: Image.Image, draw: ImageDraw.ImageDraw, view: StrategoView, words: Words, x: int, y: int) -> int:
    """During setup, the viewer's pieces not yet on the board (the army minus the draft, SG-3.2)."""
    colour = view.viewer_colour
    army = ARMIES.get(view.army)
    if view.viewer is None or colour is None or army is None:
        return y
    placed = Counter(p.rank for p in view.board if p is not None and p.colour == colour)
    left = [r for r in RANKS for _ in range(max(0, army.get(r, 0) - placed.get(r, 0)))]
    total = sum(army.values())
    y = _section(draw, x, y, words("img.sg.to_place", n=len(left), total=total))
    if not left:
        draw_text(draw, (x, y + 4), words("img.sg.all_placed"), 19, INK, "la")
        return y + 30
    return _rank_grid(im, draw, colour, left, x, y, PANEL_W, words)


def _footer(im: Image.Image, draw: ImageDraw.ImageDraw, view: StrategoView, words: Words, who: dict[str, str]) -> None:
    """Bottom of the panel: variants in force, counters, and the legend of markers."""
    lines = _option_lines(view, words, who)
    legend = _legend_items(view, words)
    columns = 2
    rows = (len(legend) + columns - 1) // columns
    y = HEIGHT - PAD - rows * 30 - len(lines) * 24 - (18 if rows else 8)
    x = PANEL_X
    draw.line((x, y, x + PANEL_W, y), fill=MUTED, width=1)
    y += 8
    for line in lines:
        line, size = _fit(line, PANEL_W, 18)
        draw_text(draw, (x, y), line, size, INK, "la")
        y += 24
    y += 8
    for i, (icon, label) in enumerate(legend):
        lx, ly = x + (i % columns) * (PANEL_W // columns), y + (i // columns) * 30
        im.paste(icon, (lx, ly))
        label, size = _fit(label, PANEL_W // columns - icon.width - 14, 18)
        draw_text(draw, (lx + icon.width + 8, ly + icon.height // 2), label, size, INK, "lm")


def _option_lines(view: StrategoView, words: Words, who: dict[str, str]) -> list[str]:
    opts = dict(view.options)
    known = f"img.sg.army.{view.army}"
    army = words(known) if words.has(known) else words("img.sg.army.other", army=view.army)
    variants = [words(f"img.sg.option.{key}") for key in OPTIONS if opts.get(key)]
    if opts.get("two_square_limit", 3) != 3:
        variants.append(words("img.sg.two_squares", n=opts["two_square_limit"]))
    lines = [army if variants else words("img.sg.no_variants", army=army)]
    lines += _wrap(variants, 18, PANEL_W)
    if opts.get("rescue"):
        red, blue = (_short(who[c], 18, 200) for c in ("red", "blue"))
        used = view.rescues_used
        lines.append(words("img.sg.rescues_used", red=red, blue=blue, a=used[0], b=used[1]))
    limit = opts.get("no_capture_limit")
    if isinstance(limit, int) and limit > 0 and view.phase != "setup":
        lines.append(words("img.sg.no_battle", n=view.moves_without_battle, limit=limit))
    return lines


OPTIONS = ("silent_defence", "attacker_advantage", "rescue", "chase_rule")
"""The variants named on the image (``img.sg.option.*``), in this order."""


def _wrap(words: Sequence[str], size: int, width: int) -> list[str]:
    """Comma-separated ``words`` packed greedily into lines no wider than ``width`` pixels."""
    lines: list[str] = []
    for word in words:
        if lines and text_width(f"{lines[-1]}, {word}", size) <= width:
            lines[-1] = f"{lines[-1]}, {word}"
        else:
            if lines:
                lines[-1] += ","
            lines.append(word)
    return lines


def _legend_items(view: StrategoView, words: Words) -> list[tuple[Image.Image, str]]:
    if view.phase == "setup":
        return []
    items = [
        (legend_icon("move"), words("img.sg.legend.move")),
        (legend_icon("battle"), words("img.sg.legend.battle")),
        (legend_icon("moved"), words("img.sg.legend.moved")),
    ]
    if view.viewer is not None:
        items.append((legend_icon("known"), words("img.sg.legend.known")))
    return items
