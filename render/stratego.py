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
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.fonts import draw_text, fitting_size, text_width
from render.png import RGB, encode_png
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
from rules.stratego.board import FILES, SIZE, ZONES
from rules.stratego.board import name as square_name
from rules.stratego.pieces import ARMIES, NAMES, RANKS
from rules.stratego.view import Colour, MoveView, PieceView, RescueView, StrategoView

# --- layout (pixels) -----------------------------------------------------------------------------

MARGIN = 26
"""The frame around the board, holding the coordinates."""
PAD = 12
HEADER_H = 80
FRAME_X, FRAME_Y = PAD, HEADER_H
FRAME_W = SIZE * SQ + 2 * MARGIN
BOARD_X, BOARD_Y = FRAME_X + MARGIN, FRAME_Y + MARGIN
PANEL_X = FRAME_X + FRAME_W + 14
WIDTH = 960
PANEL_W = WIDTH - PAD - PANEL_X
HEIGHT = FRAME_Y + FRAME_W + PAD


# --- words (one place, so that a translation can follow; DESIGN §5) --------------------------------

COLOUR_NAME = {"red": "Red", "blue": "Blue"}
REASON = {
    "flag": "{loser}'s flag captured",
    "no_moves": "{loser} has no legal move",
    "resign": "{loser} resigned",
    "timeout": "{loser} ran out of time",
    "both_immobile": "neither side can move",
    "agreed_draw": "draw agreed",
    "move_limit": "{limit} moves without a battle",
}
BATTLE_RESULT = {"attacker": "attacker won", "defender": "defender held", "both": "both removed"}
OPTION_LABEL = {
    "silent_defence": "Silent defence",
    "attacker_advantage": "Attacker advantage",
    "rescue": "Rescue",
    "chase_rule": "Chase rule",
}


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
            draw_text(d, (x, cy), ranks[i], 18 if len(ranks[i]) == 1 else 16, FRAME_TEXT, "mm", bold=True)


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


def render_board(view: StrategoView) -> bytes:
    """The board image for ``view`` as PNG bytes (at most a few tens of KB, a few ms)."""
    return encode_png(compose(view), PALETTE)


def compose(view: StrategoView) -> Image.Image:
    """The board image for ``view`` in RGB (tests inspect pixels; :func:`render_board` encodes it)."""
    flipped = is_flipped(view)
    im = _background(flipped, _hidden_zones(view)).copy()
    draw = ImageDraw.Draw(im)
    last = view.last_move if view.phase != "setup" else None
    if last is not None:
        x, y = square_origin(last.frm, flipped)
        draw.rectangle((x + 1, y + 1, x + SQ - 2, y + SQ - 2), fill=MOVE_TINT)
    _pieces(im, view, flipped)
    if view.phase == "setup":
        _setup_labels(draw, view, flipped)
    else:
        _highlights(im, draw, view, flipped)
    _header(im, draw, view)
    _panel(im, draw, view)
    return im


def _hidden_zones(view: StrategoView) -> frozenset[str]:
    if view.phase != "setup":
        return frozenset()
    if view.viewer_colour is None:
        return frozenset(("red", "blue"))
    return frozenset((_other(view.viewer_colour),))


def _pieces(im: Image.Image, view: StrategoView, flipped: bool) -> None:
    own = view.viewer_colour if view.viewer is not None else None
    for sq, piece in enumerate(view.board):
        if piece is None:
            continue
        x, y = square_origin(sq, flipped)
        im.paste(_sprite_for(piece, own), (x + INSET, y + INSET))


def _sprite_for(piece: PieceView, own: Colour | None) -> Image.Image:
    """The eye marks the viewer's own pieces the opponent has identified; it means nothing on the
    opponent's pieces (their known ranks are simply shown)."""
    return tile_sprite(piece.colour, piece.rank, piece.moved, piece.colour == own and piece.revealed)


def _highlights(im: Image.Image, draw: ImageDraw.ImageDraw, view: StrategoView, flipped: bool) -> None:
    """Last move: tinted from-square, framed to-square, arrow between; a rescue made since (SG-8.3):
    its square framed too. Last battle: orange frame and a burst on its square, drawn last so that
    it wins where both fall on one square."""
    last, battle = view.last_move, view.last_battle
    if last is not None:
        _frame(draw, last.to, flipped, MOVE)
        _arrow(im, last, flipped)
    rescue = _latest_rescue(view)
    if rescue is not None and rescue.square is not None:
        _frame(draw, rescue.square, flipped, MOVE)
    if battle is not None and _battle_is_fresh(view, battle):
        _frame(draw, battle.to, flipped, BATTLE)
        x, y = square_origin(battle.to, flipped)
        burst = burst_sprite()
        im.paste(burst, (x + SQ - burst.width // 2 - 2, y + SQ - burst.height // 2 - 2), burst)


def _battle_is_fresh(view: StrategoView, battle: MoveView) -> bool:
    """A battle is marked on the board only if it was the last move or the one before (the
    player's own last attack, seen again when his turn comes): an older square may hold another
    piece by now. The side panel always shows the last battle."""
    latest = view.last_move.ply if view.last_move is not None else battle.ply
    return latest - battle.ply <= 1


def _latest_rescue(view: StrategoView) -> RescueView | None:
    """The rescue made after the last move, if any (SG-8.3: it ends the rescuer's turn)."""
    entry = view.history[-1] if view.history else None
    return entry if isinstance(entry, RescueView) else None


def _frame(draw: ImageDraw.ImageDraw, sq: int, flipped: bool, colour: RGB) -> None:
    x, y = square_origin(sq, flipped)
    draw.rectangle((x - 1, y - 1, x + SQ, y + SQ), outline=INK, width=1)
    draw.rectangle((x, y, x + SQ - 1, y + SQ - 1), outline=colour, width=4)
    draw.rectangle((x + 4, y + 4, x + SQ - 5, y + SQ - 5), outline=INK, width=1)


def _arrow(im: Image.Image, move: MoveView, flipped: bool) -> None:
    (fx, fy), (tx, ty) = _centre(move.frm, flipped), _centre(move.to, flipped)
    squares = max(abs(tx - fx), abs(ty - fy)) // SQ
    if squares == 0 or (fx != tx and fy != ty):
        return
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


def _setup_labels(draw: ImageDraw.ImageDraw, view: StrategoView, flipped: bool) -> None:
    """On each hidden zone: whose it is and whether it is ready — all anyone learns of it (SG-7.4)."""
    for colour in sorted(_hidden_zones(view)):
        x0, y0, x1, y1 = _zone_box(colour, flipped)
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        owner = "Opponent's" if view.viewer is not None else COLOUR_NAME[colour] + "'s"
        ready = view.ready[0 if colour == "red" else 1]
        box = (cx - 200, cy - 44, cx + 200, cy + 44)
        draw.rounded_rectangle(box, radius=10, fill=PAGE, outline=INK, width=2)
        draw_text(draw, (cx, cy - 14), f"{owner} setup is hidden", 24, INK, "mm", bold=True)
        draw_text(
            draw,
            (cx, cy + 18),
            "ready" if ready else "not ready yet",
            20,
            ARMY[colour][0] if ready else MUTED,
            "mm",
            bold=ready,
        )


# --- header --------------------------------------------------------------------------------------


def _header(im: Image.Image, draw: ImageDraw.ImageDraw, view: StrategoView) -> None:
    """Line 1: whose turn (or the result, or the setup state) in big type; line 2: whose view this
    is, the last move, and pending rescue / draw offers."""
    if view.phase == "over" and view.result is not None:
        _result_banner(draw, view)
        return
    x = PAD
    if view.phase == "setup":
        title = _setup_title(view)
    else:
        mover = view.to_move
        if mover is not None:
            im.paste(mini_tile(mover, None, 30, blank=True), (x, 10))
            x += 40
        title = _turn_title(view)
    draw_text(draw, (x, 25), title, fitting_size(title, WIDTH - PAD - x - 110, 27, 18, bold=True), INK, "lm", bold=True)
    if view.phase != "setup":
        draw_text(draw, (WIDTH - PAD, 25), f"Ply {view.ply}", 22, MUTED, "rm", bold=True)
    details = "  ·  ".join(_header_details(view))
    draw_text(draw, (PAD, 60), details, fitting_size(details, WIDTH - 2 * PAD, 18, 12), INK, "lm")


def _turn_title(view: StrategoView) -> str:
    mover = view.to_move
    if mover is None:
        return "Waiting"
    yours = view.viewer is not None and view.viewer_colour == mover
    who = f"Your move ({COLOUR_NAME[mover]})" if yours else f"{COLOUR_NAME[mover]} to move"
    if view.rescue_pending == mover:
        who += ": choose a piece to rescue" if yours else ": rescue pending"
    return who


def _setup_title(view: StrategoView) -> str:
    red, blue = view.ready

    def word(ready: bool) -> str:
        return "ready" if ready else "not ready"

    if view.viewer_colour is None:
        return f"Setup  ·  Red: {word(red)} / Blue: {word(blue)}"
    own = view.viewer_colour
    mine, theirs = (red, blue) if own == "red" else (blue, red)
    return f"Setup  ·  you: {word(mine)} / opponent: {word(theirs)}"


def _header_details(view: StrategoView) -> list[str]:
    parts = [
        f"Your pieces: {COLOUR_NAME[view.viewer_colour]}"
        if view.viewer_colour and view.viewer is not None
        else "Public board"
    ]
    if view.phase == "setup":
        zone = "ranks 1-4" if view.viewer_colour == "red" else "ranks 7-10"
        if view.viewer_colour and view.viewer is not None:
            parts.append(f"your zone: {zone} (bottom)")
        return parts
    if view.last_move is not None:
        parts.append(f"Last move: {COLOUR_NAME[view.last_move.colour]} {view.last_move.notation}")
    rescue = _latest_rescue(view)
    if rescue is not None:
        who = COLOUR_NAME[rescue.colour]
        if rescue.rank is not None and rescue.square is not None:
            parts.append(f"{who} rescued a {NAMES[rescue.rank]} to {square_name(rescue.square)}")
        else:
            parts.append(f"{who} declined a rescue")
    if view.draw_offer is not None:
        parts.append(f"{COLOUR_NAME[view.draw_offer]} offers a draw")
    if view.rescue_pending is not None and view.rescue_pending != view.to_move:
        parts.append(f"{COLOUR_NAME[view.rescue_pending]}: rescue pending")
    return parts


def _result_banner(draw: ImageDraw.ImageDraw, view: StrategoView) -> None:
    """The game-over line (SG-6.5) in the winner's colour, or grey for a draw."""
    result = view.result
    assert result is not None
    winner = result.winner
    loser = COLOUR_NAME[_other(winner)] if winner else ""
    limit = dict(view.options).get("no_capture_limit", view.moves_without_battle)
    reason = REASON.get(result.reason, result.reason.replace("_", " ")).format(loser=loser, limit=limit)
    colour = ARMY[winner][0] if winner else DRAW_BANNER
    draw.rounded_rectangle((PAD, 6, WIDTH - PAD - 1, HEADER_H - 8), radius=10, fill=colour)
    title = f"{COLOUR_NAME[winner]} wins" if winner else "Draw"
    if winner and view.viewer is not None:
        title += "  ·  you won" if winner == view.viewer_colour else "  ·  you lost"
    draw_text(draw, (PAD + 16, 26), title, 28, WHITE, "lm", bold=True)
    draw_text(draw, (PAD + 16, 56), f"Game over: {reason}", 19, WHITE, "lm")
    draw_text(draw, (WIDTH - PAD - 16, 26), f"Ply {view.ply}", 22, WHITE, "rm", bold=True)


# --- side panel ----------------------------------------------------------------------------------

MINI = 38
COLUMNS = 5
CELL_W = PANEL_W // COLUMNS
ROW_H = MINI + 8


def _panel(im: Image.Image, draw: ImageDraw.ImageDraw, view: StrategoView) -> None:
    """Beside the board: the last battle, the captured pieces of each army (SG-5.8), the variants
    in force and a legend of the markers. In setup: the pieces still to place."""
    x, y = PANEL_X, FRAME_Y
    if view.phase == "setup":
        y = _ready_box(im, draw, view, x, y)
        y = _to_place(im, draw, view, x, y)
    else:
        if view.last_battle is not None:
            y = _battle_box(im, draw, view.last_battle, x, y)
        y = _captured(im, draw, view, x, y)
    _footer(im, draw, view, x)


def _section(draw: ImageDraw.ImageDraw, x: int, y: int, title: str) -> int:
    draw_text(draw, (x, y), title, 20, INK, "la", bold=True)
    draw.line((x, y + 25, x + PANEL_W, y + 25), fill=MUTED, width=1)
    return y + 32


def _battle_box(im: Image.Image, draw: ImageDraw.ImageDraw, move: MoveView, x: int, y: int) -> int:
    """The last battle as attacker vs defender tiles, the loser crossed out (SG-5.2, SG-8.2: an
    unknown defender shows as ``?``)."""
    battle = move.battle
    y = _section(draw, x, y, f"Last battle  ·  ply {move.ply}")
    if battle is None:
        return y
    size = 44
    att_lost = battle.result in ("defender", "both")
    def_lost = battle.result in ("attacker", "both")
    im.paste(mini_tile(move.colour, battle.attacker_rank, size, att_lost), (x, y))
    draw_text(draw, (x + size + 16, y + size // 2), "vs", 18, MUTED, "mm", bold=True)
    im.paste(mini_tile(_other(move.colour), battle.defender_rank, size, def_lost), (x + size + 32, y))
    tx = x + 2 * size + 44
    room = PANEL_X + PANEL_W - tx
    outcome = BATTLE_RESULT[battle.result]
    draw_text(draw, (tx, y + 12), outcome, fitting_size(outcome, room - 2, 18, 12), INK, "lm")
    draw_text(draw, (tx, y + 34), move.notation, fitting_size(move.notation, room, 17, 11), MUTED, "lm")
    return y + size + 14


def _captured(im: Image.Image, draw: ImageDraw.ImageDraw, view: StrategoView, x: int, y: int) -> int:
    """Each army's lost pieces as mini tiles with counts, ordered by rank; the army at the top of
    the board is listed first so the panel reads like the board."""
    y = _section(draw, x, y, "Captured")
    bottom = view.viewer_colour if view.viewer is not None and view.viewer_colour else "red"
    for colour in (_other(bottom), bottom):
        lost = view.captured[0 if colour == "red" else 1]
        y = _army_line(im, draw, colour, f"{COLOUR_NAME[colour]} lost {len(lost)}", x, y)
        y = _rank_grid(im, draw, colour, lost, x, y) + 6
    return y


def _army_line(im: Image.Image, draw: ImageDraw.ImageDraw, colour: str, text: str, x: int, y: int) -> int:
    im.paste(mini_tile(colour, None, 20, blank=True), (x, y))
    draw_text(draw, (x + 28, y + 10), text, 18, INK, "lm")
    return y + 28


def _rank_grid(
    im: Image.Image,
    draw: ImageDraw.ImageDraw,
    colour: str,
    ranks: Sequence[str | None],
    x: int,
    y: int,
) -> int:
    counts = Counter(ranks)
    order = [r for r in RANKS if r in counts] + ([None] if None in counts else [])
    if not order:
        draw_text(draw, (x, y + 4), "none", 16, MUTED, "la")
        return y + 26
    for i, rank in enumerate(order):
        cx, cy = x + (i % COLUMNS) * CELL_W, y + (i // COLUMNS) * ROW_H
        im.paste(mini_tile(colour, rank, MINI), (cx, cy))
        if counts[rank] > 1:
            badge = count_badge(counts[rank])
            im.paste(badge, (cx + MINI - badge.width + 7, cy + MINI - badge.height + 6), badge)
    return y + ((len(order) + COLUMNS - 1) // COLUMNS) * ROW_H


def _ready_box(im: Image.Image, draw: ImageDraw.ImageDraw, view: StrategoView, x: int, y: int) -> int:
    """Who has confirmed a setup (SG-3.3), the only thing shown of the other player's (SG-7.4)."""
    y = _section(draw, x, y, "Players")
    bottom = view.viewer_colour if view.viewer is not None and view.viewer_colour else "red"
    for colour in (_other(bottom), bottom):
        ready = view.ready[0 if colour == "red" else 1]
        you = " (you)" if view.viewer is not None and colour == view.viewer_colour else ""
        state = "ready" if ready else "not ready"
        y = _army_line(im, draw, colour, f"{COLOUR_NAME[colour]}{you}: {state}", x, y)
    return y + 10


def _to_place(im: Image.Image, draw: ImageDraw.ImageDraw, view: StrategoView, x: int, y: int) -> int:
    """During setup, the viewer's pieces not yet on the board (the army minus the draft, SG-3.2)."""
    colour = view.viewer_colour
    army = ARMIES.get(view.army)
    if view.viewer is None or colour is None or army is None:
        return y
    placed = Counter(p.rank for p in view.board if p is not None and p.colour == colour)
    left = [r for r in RANKS for _ in range(max(0, army.get(r, 0) - placed.get(r, 0)))]
    total = sum(army.values())
    y = _section(draw, x, y, f"To place: {len(left)} of {total}")
    if not left:
        draw_text(draw, (x, y + 4), "All placed", 18, INK, "la")
        return y + 30
    return _rank_grid(im, draw, colour, left, x, y)


def _footer(im: Image.Image, draw: ImageDraw.ImageDraw, view: StrategoView, x: int) -> None:
    """Bottom of the panel: variants in force, counters, and the legend of markers."""
    lines = _option_lines(view)
    legend = _legend_items(view)
    rows = (len(legend) + 1) // 2
    y = FRAME_Y + FRAME_W - rows * 28 - len(lines) * 22 - 36
    draw.line((x, y, x + PANEL_W, y), fill=MUTED, width=1)
    y += 8
    for line in lines:
        draw_text(draw, (x, y), line, 16, INK, "la")
        y += 22
    y += 6
    for i, (icon, label) in enumerate(legend):
        lx, ly = x + (i % 2) * (PANEL_W // 2), y + (i // 2) * 28
        im.paste(icon, (lx, ly))
        draw_text(draw, (lx + icon.width + 6, ly + icon.height // 2), label, 15, INK, "lm")


def _option_lines(view: StrategoView) -> list[str]:
    opts = dict(view.options)
    army = "Barrage" if view.army == "barrage" else "Classic" if view.army == "classic" else view.army
    variants = [label for key, label in OPTION_LABEL.items() if opts.get(key)]
    if opts.get("two_square_limit", 3) != 3:
        variants.append(f"two-squares limit {opts['two_square_limit']}")
    lines = [f"{army} army" + ("" if variants else ", no variants")]
    lines += _wrap(variants, 16, PANEL_W)
    if opts.get("rescue"):
        lines.append(f"Rescues used: Red {view.rescues_used[0]}/2, Blue {view.rescues_used[1]}/2")
    limit = opts.get("no_capture_limit")
    if isinstance(limit, int) and limit > 0 and view.phase != "setup":
        lines.append(f"No battle for {view.moves_without_battle} of {limit} moves")
    return lines


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


def _legend_items(view: StrategoView) -> list[tuple[Image.Image, str]]:
    if view.phase == "setup":
        return []
    items = [
        (legend_icon("move"), "last move"),
        (legend_icon("battle"), "last battle"),
        (legend_icon("moved"), "has moved"),
    ]
    if view.viewer is not None:
        items.append((legend_icon("known"), "known to foe"))
    return items
