"""Stroganov images: a :class:`StroganovView` -> PNG bytes (ST-4).

Nobody holds private information in Stroganov (ST-4.4), so every image is public and drawn from the
view alone:

- :func:`render_board`: the Siberia row. Tyumen (position 0) and the twelve positions grouped into
  the regions R1–R5 (ST-14.2) with their region furs; each position's landscape tile and item line
  (ST-1, tiger last); each region's village, yurt, wish slot and outpost slots; the cossacks; the
  market, the song display, the trade fur, supplies, bag and stack sizes (ST-4.2, ST-4.3); the
  season and who must act (ST-16); in the solo game Ivan's public automa information (ST-4.4).
- :func:`render_tableau`: one cossack's tableau (ST-3.4): resources, furs, stories, the trophy track
  with its marker (ST-14.9), wishes, tiles, outposts and songs.
- :func:`render_tableaux`: every cossack's tableau stacked in one image.

Both are sized for a phone, where Discord shows an image about 400 px wide: 1040 px wide, body text
of 20–24 px and key numbers of 24–32 px, so that they still read at 40 %. The row therefore takes two
rows of seven columns: Tyumen, R1, R2 and R3, then R4, R5 and a side panel (market, bag, stacks).

Speed: the static frames are drawn once per set of region furs and cached; chips, tokens, tiles and
cards are cached sprites (:mod:`render.stroganov_sprites`); the result is encoded as an 8-bit PNG
with a fixed palette (:mod:`render.png`).
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from render.fonts import draw_text, fitting_face, text_width
from render.png import encode_png
from render.stroganov_sprites import (
    ALERT,
    ANIMAL,
    BORDER,
    FUR_H,
    HILITE,
    INK,
    LAND,
    LAND_TEXT,
    MUTED,
    PAGE,
    PALETTE,
    PANEL,
    PLAYER,
    PLAYER_NAME,
    REGION,
    SONG_H,
    TILE_H,
    TIMING_WORD,
    TOKEN,
    WHITE,
    WISH_H,
    bag_chip,
    empty_tile_sprite,
    fur_chip,
    fur_square,
    outpost_slot,
    song_sprite,
    tile_sprite,
    token_sprite,
    wish_sprite,
)

if TYPE_CHECKING:
    from rules.stroganov.view import CossackView, RegionView, StroganovView

# --- layout (pixels) -----------------------------------------------------------------------------

WIDTH = 1040
PAD = 12
HEADER_H = 88
LEGEND_ROW = 58
"""One row of the legend: two cossack chips."""
COL_W = 134
"""A position's column; Tyumen and the side panel are about as wide."""
COL_GAP = 6
REGION_PAD = 6
REGION_GAP = 8
ROW_GAP = 10
TYUMEN_W = COL_W
BAND_H = 44
POS_Y = BAND_H + 18
"""Centre of the position numbers, from the top of a region."""
TILE_Y = BAND_H + 36
ITEMS_Y = TILE_Y + TILE_H + 8
ITEM_STEP = FUR_H + 3
MAX_ITEMS = 5
"""Item chips shown per position (a tile has at most four slots, then the tiger)."""
TOKENS_Y = ITEMS_Y + MAX_ITEMS * ITEM_STEP + 4
TOKEN_STEP = TOKEN + 1
INFO_Y = TOKENS_Y + TOKEN_STEP + 12
INFO_LINE = 28
SLOT_H = 58
REGION_H = INFO_Y + 4 * INFO_LINE + 8 + WISH_H + 10 + 24 + SLOT_H + 10
REGION_ROW = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1}
"""Which row each region is drawn in."""
SONG_GAP = 8
AUTOMA_H = 104

# --- words (one place, so that a translation can follow; DESIGN §5) --------------------------------

PHASE = {
    0: "movement",
    1: "silver action",
    2: "extra action 3a (free)",
    3: "extra action 3b (paid)",
    4: "free actions or end turn",
}
"""The turn phases (ST-7.1) as ``view.phase`` numbers them."""
PENDING = {
    "board": "choose a player board",
    "turn": "turn",
    "trophy": "trophy action (advance or not)",
    "song": "buy a song or pass",
}
STAGE = {"boards": "Setup", "turn": "", "income": "Winter income", "songs": "Winter songs", "finished": "Game over"}
STACK = {
    "landscapes": "landscapes",
    "wishes_a": "wishes A",
    "wishes_b": "wishes B",
    "yurts_a": "yurts A",
    "yurts_b": "yurts B",
    "songs": "songs",
}


def name(c: CossackView) -> str:
    """``P{seat}`` for a player, ``Ivan`` for the automa (ST-15)."""
    return "Ivan" if c.seat is None else f"P{c.seat}"


def short(c: CossackView) -> str:
    """The name on a token."""
    return "IV" if c.seat is None else f"P{c.seat}"


def _who(view: StroganovView, index: int | None) -> str:
    if index is None or not 0 <= index < len(view.cossacks):
        return "nobody"
    return f"{name(view.cossacks[index])} ({PLAYER_NAME[index % len(PLAYER_NAME)]})"


def _where(p: int) -> str:
    return "Tyumen" if p == 0 else f"pos {p}"


# --- shared pieces -------------------------------------------------------------------------------


def _fit(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, room: float, largest: int, **kw) -> None:
    """Text that shrinks (down to 14 px, bold text then in the regular face) to fit ``room``."""
    size, bold = fitting_face(text, room, largest, 14, kw.pop("bold", False))
    draw_text(draw, xy, text, size, kw.pop("fill", INK), bold=bold, **kw)


def _paste(im: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    im.paste(sprite, (round(x), round(y)), sprite)


def _status(view: StroganovView) -> tuple[str, str]:
    """The header's two lines: the season, and who must act and what (ST-16) or the result."""
    season = view.season.title()
    stage = STAGE.get(view.stage, view.stage)
    first = f"Stroganov  ·  Year {view.year} of 4  ·  {season}"
    if stage and view.stage != "finished":
        first += f"  ·  {stage}"
    if view.stage == "finished" or view.result is not None:
        if view.result:
            win, score = view.result[0]
            rest = ", ".join(f"{name(view.cossacks[i])} {s}" for i, s in view.result[1:])
            how = " by resignation" if view.reason == "resign" else ""
            second = f"Game over{how}: {_who(view, win)} wins with {score} VP" + (f"  ·  then {rest}" if rest else "")
        else:
            second = "Game over"
        return first, second
    if view.actor is None:
        return first, "The engine is playing (Ivan or an automatic step)"
    what = PENDING.get(view.pending or "", view.pending or "")
    if view.pending == "turn" and view.phase is not None:
        what += f", phase: {PHASE.get(view.phase, str(view.phase))}"
    return first, f"To act: {_who(view, view.actor)}  ·  {what}"


def _status_lines(draw: ImageDraw.ImageDraw, view: StroganovView, right: str = "") -> None:
    """The two status lines at the top of both images, with ``right`` (the turn order) beside the
    first."""
    first, second = _status(view)
    rw = text_width(right, 22, bold=True) + PAD if right else 0
    _fit(draw, (PAD, 24), first, WIDTH - 2 * PAD - rw, 30, anchor="lm", bold=True)
    if right:
        draw_text(draw, (WIDTH - PAD, 24), right, 22, INK, "rm", bold=True)
    colour = ALERT if view.stage != "finished" else INK
    _fit(draw, (PAD, 64), second, WIDTH - 2 * PAD, 26, fill=colour, anchor="lm", bold=True)


def _tags(view: StroganovView, c: CossackView) -> list[str]:
    tags = []
    if view.actor == c.index and view.stage != "finished":
        tags.append("TO ACT")
    if c.resigned:
        tags.append("RESIGNED")
    return tags


# --- board ---------------------------------------------------------------------------------------


def _top(view: StroganovView) -> int:
    """Top of the first row of regions: below the header and the legend (two cossacks a row)."""
    return HEADER_H + (max(1, len(view.cossacks)) + 1) // 2 * LEGEND_ROW + 4


def _legend(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView) -> None:
    """One chip per cossack, two a row: token, name and colour, VP, position; the one to act is
    framed."""
    w = (WIDTH - 2 * PAD - 10) // 2
    h = LEGEND_ROW - 6
    for c in view.cossacks:
        row, col = divmod(c.index, 2)
        x, y = PAD + col * (w + 10), HEADER_H + row * LEGEND_ROW
        acting = view.actor == c.index and view.stage != "finished"
        draw.rounded_rectangle(
            (x, y, x + w - 1, y + h - 1),
            radius=8,
            fill=PANEL,
            outline=HILITE if acting else BORDER,
            width=5 if acting else 2,
        )
        _paste(im, token_sprite(c.index, short(c)), x + 5, y + (h - TOKEN) / 2)
        tx = x + TOKEN + 14
        tags = "  ".join(_tags(view, c))
        tw = text_width(tags, 22, bold=True) + 12 if tags else 0
        text = f"{name(c)} ({PLAYER_NAME[c.index % len(PLAYER_NAME)]})  ·  {c.score} VP  ·  {_where(c.position)}"
        _fit(draw, (tx, y + h / 2), text, x + w - 10 - tw - tx, 24, anchor="lm", bold=True)
        if tags:
            draw_text(draw, (x + w - 10, y + h / 2), tags, 22, ALERT, "rm", bold=True)


REGION_POSITIONS = {1: (1, 2), 2: (3, 4), 3: (5, 6), 4: (7, 8, 9), 5: (10, 11, 12)}
"""ST-14.2's layout, used only for the frame geometry; the drawing follows ``view.regions``."""


@functools.lru_cache(maxsize=8)
def _region_w(number: int) -> int:
    k = len(REGION_POSITIONS.get(number, (0, 0)))
    return k * COL_W + (k - 1) * COL_GAP + 2 * REGION_PAD


@functools.lru_cache(maxsize=8)
def _region_x(number: int) -> int:
    """Left edge of region ``number`` (1-based): the first row starts after Tyumen, the second at
    the margin."""
    row = REGION_ROW.get(number, 1)
    x = PAD + TYUMEN_W + REGION_GAP if row == 0 else PAD
    for r in range(1, number):
        if REGION_ROW.get(r, 1) == row:
            x += _region_w(r) + REGION_GAP
    return x


def _row_dy(row: int) -> int:
    """Top of a row of regions below the first."""
    return row * (REGION_H + ROW_GAP)


def _region_dy(number: int) -> int:
    return _row_dy(REGION_ROW.get(number, 1))


SIDE_X = _region_x(5) + _region_w(5) + REGION_GAP
SIDE_W = WIDTH - PAD - SIDE_X
"""The side panel right of R5: market, bag and stacks."""
SIDE_CHIP_W = SIDE_W - 14


def _column(position: int) -> tuple[int, int]:
    """Left edge of a position's column (1–12; 0 is Tyumen) and the top of its row (below the
    first)."""
    for r, ps in REGION_POSITIONS.items():
        if position in ps:
            return _region_x(r) + REGION_PAD + ps.index(position) * (COL_W + COL_GAP), _region_dy(r)
    return PAD, 0


def _board_height(view: StroganovView) -> int:
    bottom = _top(view) + _row_dy(2)
    return bottom + 30 + SONG_H + 14 + (AUTOMA_H + 12 if view.automa is not None else 0)


def _frame(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int) -> None:
    """A panel with a dark band on top, for a region, Tyumen or the side panel."""
    d.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=10, fill=PANEL, outline=BORDER, width=2)
    d.rounded_rectangle((x + 2, y + 2, x + w - 3, y + BAND_H), radius=8, fill=REGION)


def _band_chip_w(region: int) -> int:
    """Width of the region fur chip in a region's band."""
    return min(150, _region_w(region) - 156)


@functools.lru_cache(maxsize=16)
def _board_background(furs: tuple[tuple[int, int, tuple[int, ...]], ...], top: int, height: int) -> Image.Image:
    """The static frames: Tyumen, region boxes with their number and region fur, position numbers,
    the side panel."""
    im = Image.new("RGB", (WIDTH, height), PAGE)
    d = ImageDraw.Draw(im)
    _frame(d, PAD, top, TYUMEN_W, REGION_H)
    draw_text(d, (PAD + TYUMEN_W / 2, top + BAND_H / 2 + 1), "Tyumen", 24, WHITE, "mm", bold=True)
    draw_text(d, (PAD + TYUMEN_W / 2, top + POS_Y), "pos 0", 24, INK, "mm", bold=True)
    for number, fur, positions in furs:
        x, y, w = _region_x(number), top + _region_dy(number), _region_w(number)
        _frame(d, x, y, w, REGION_H)
        draw_text(d, (x + 9, y + BAND_H / 2 + 1), f"R{number}", 28, WHITE, "lm", bold=True)
        chip_w = _band_chip_w(number)
        words_x = x + 9 + text_width(f"R{number}", 28, bold=True) + 8
        room = x + w - chip_w - 6 - 6 - words_x
        _fit(d, (x + w - chip_w - 12, y + BAND_H / 2 + 1), "region fur", room, 20, fill=WHITE, anchor="rm", bold=True)
        _paste(im, fur_chip(fur, chip_w), x + w - chip_w - 6, y + (BAND_H - FUR_H) / 2 + 1)
        for p in positions:
            cx, _ = _column(p)
            draw_text(d, (cx + COL_W / 2, y + POS_Y), f"pos {p}", 24, INK, "mm", bold=True)
        d.line((x + 8, y + INFO_Y - 7, x + w - 9, y + INFO_Y - 7), fill=BORDER, width=2)
    y = top + _row_dy(1)
    _frame(d, SIDE_X, y, SIDE_W, REGION_H)
    return im


def _tokens(im: Image.Image, view: StroganovView, position: int, x: int, y: int, width: int, per_row: int) -> None:
    """The cossacks on ``position``, deepest (lowest arrival stamp, ST-1) first, ``per_row`` a row
    from ``y``; a single row (``per_row`` 0) shrinks its tokens to fit."""
    here = sorted((c for c in view.cossacks if c.position == position), key=lambda c: c.stamp)
    if not here:
        return
    size, step = TOKEN, float(TOKEN_STEP)
    if not per_row:
        per_row = len(here)
        if per_row * step - 1 > width:
            # smaller tokens overlapping a little, every name still clear of the next token
            size = min(TOKEN, int(width / (1 + 0.8 * (per_row - 1))))
            step = (width - size) / (per_row - 1)
    for k, c in enumerate(here):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(here) - row * per_row)
        x0 = x + (width - (in_row - 1) * step - size) / 2
        _paste(im, token_sprite(c.index, short(c), size), x0 + col * step, y + row * step)


def _position(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, index: int, top: int) -> None:
    pos = view.positions[index]
    x, dy = _column(pos.number)
    y = top + dy
    t = pos.tile
    sprite = tile_sprite(t.id, t.type, t.s, t.reward, COL_W, TILE_H) if t else empty_tile_sprite(COL_W, TILE_H)
    _paste(im, sprite, x, y + TILE_Y)
    if t is not None and not pos.items:
        draw_text(draw, (x + COL_W / 2, y + ITEMS_Y + FUR_H / 2), "empty", 22, MUTED, "mm", bold=True)
    shown = pos.items if len(pos.items) <= MAX_ITEMS else pos.items[: MAX_ITEMS - 1]
    for k, v in enumerate(shown):
        _paste(im, fur_chip(v, COL_W), x, y + ITEMS_Y + k * ITEM_STEP)
    if len(shown) < len(pos.items):
        more = f"+{len(pos.items) - len(shown)} more"
        iy = y + ITEMS_Y + len(shown) * ITEM_STEP + FUR_H / 2
        draw_text(draw, (x + COL_W / 2, iy), more, 22, INK, "mm", bold=True)
    _tokens(im, view, pos.number, x, y + TOKENS_Y, COL_W, 0)


def _two_lines(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, title: str, text: str | None) -> None:
    """A heading (muted) and its reward (bold) under it."""
    _fit(draw, (x, y + INFO_LINE / 2), title, w, 21, fill=MUTED, anchor="lm", bold=True)
    if text:
        _fit(draw, (x, y + INFO_LINE * 1.5), text, w, 23, anchor="lm", bold=True)


def _slot_w(region: int, slots: int) -> int:
    w = _region_w(region) - 2 * REGION_PAD - 4
    return min(104, (w - (max(1, slots) - 1) * 8) // max(1, slots))


def _region_info(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, reg: RegionView, top: int) -> None:
    """Village, yurt, wish slot and outpost slots of a region (ST-3.2)."""
    x = _region_x(reg.number) + REGION_PAD + 2
    w = _region_w(reg.number) - 2 * REGION_PAD - 4
    y = top + _region_dy(reg.number) + INFO_Y
    _two_lines(draw, x, y, w, f"Village {reg.village_name}", reg.village_reward)
    y += 2 * INFO_LINE + 4
    if reg.yurt:
        _two_lines(draw, x, y, w, f"Yurt {reg.yurt}", reg.yurt_reward or "")
    else:
        _two_lines(draw, x, y, w, "Yurt: empty", None)
    y += 2 * INFO_LINE + 4
    card_w = min(w, 300)
    if reg.wish is not None:
        wv = reg.wish
        _paste(im, wish_sprite(wv.id, wv.required, wv.red, wv.vp, wv.ability, wv.timing, card_w), x, y)
    else:
        draw.rounded_rectangle((x, y, x + card_w - 1, y + WISH_H - 1), radius=8, outline=BORDER, width=2)
        draw_text(draw, (x + card_w / 2, y + WISH_H / 2), "wish slot empty", 22, MUTED, "mm", bold=True)
    y += WISH_H + 10
    draw_text(draw, (x, y + 10), "Outposts", 20, MUTED, "lm", bold=True)
    y += 24
    slot_w = _slot_w(reg.number, len(reg.slot_vp))
    for k, (owner, vp) in enumerate(zip(reg.outposts, reg.slot_vp, strict=False)):
        label = short(view.cossacks[owner]) if owner is not None and 0 <= owner < len(view.cossacks) else ""
        _paste(im, outpost_slot(owner, vp, label, slot_w, SLOT_H), x + k * (slot_w + 8), y)


def _tyumen(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, top: int) -> None:
    """Tyumen: the cossacks there (up to four, three a row), the trade fur and the tiger and banner
    supplies."""
    _tokens(im, view, 0, PAD + 1, top + TILE_Y, TYUMEN_W - 2, 3)
    x = PAD + 6
    w = TYUMEN_W - 12
    y = top + INFO_Y
    draw_text(draw, (x, y + 12), "Trade fur", 22, INK, "lm", bold=True)
    _paste(im, fur_chip(view.trade_fur, w), x, y + 28)
    y += 84
    draw_text(draw, (x, y + 12), "Supply", 22, INK, "lm", bold=True)
    _fit(draw, (x, y + 42), f"Tigers {view.tiger_supply}", w, 24, anchor="lm", bold=True)
    _fit(draw, (x, y + 72), f"Banners {view.banner_supply}", w, 24, anchor="lm", bold=True)


def _side(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, top: int) -> None:
    """The side panel: the market (in its band), the bag (ST-4.3) and the stack sizes (ST-4.2)."""
    x = SIDE_X + 7
    w = SIDE_CHIP_W
    y = top + _row_dy(1)
    _fit(
        draw,
        (SIDE_X + SIDE_W / 2, y + BAND_H / 2 + 1),
        f"Market {len(view.market)}/6",
        w,
        24,
        fill=WHITE,
        anchor="mm",
        bold=True,
    )
    y += BAND_H + 8
    for k, v in enumerate(view.market):
        _paste(im, fur_chip(v, w), x, y + k * ITEM_STEP)
    if not view.market:
        draw_text(draw, (x, y + FUR_H / 2), "empty", 22, MUTED, "lm", bold=True)
    y += 6 * ITEM_STEP + 8
    bag_total = sum(n for _, n in view.bag)
    _fit(draw, (x, y + 14), f"Bag {bag_total} furs", w, 22, anchor="lm", bold=True)
    y += 30
    for k, (v, n) in enumerate(view.bag):
        _paste(im, bag_chip(v, n, w), x, y + k * ITEM_STEP)
    y += max(7, len(view.bag)) * ITEM_STEP + 8
    draw_text(draw, (x, y + 14), "Stacks", 22, INK, "lm", bold=True)
    y += 30
    for k, (key, n) in enumerate(view.stacks):
        _fit(draw, (x, y + 13 + k * 27), f"{STACK.get(key, key)} {n}", w, 21, anchor="lm", bold=True)


def _bottom(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, top: int) -> None:
    """The song display and, in the solo game, Ivan's automa information."""
    y = top + _row_dy(2)
    draw_text(draw, (PAD, y + 14), "Song display (cost in stories)", 22, INK, "lm", bold=True)
    song_w = (WIDTH - 2 * PAD - 3 * SONG_GAP) // 4
    for k, s in enumerate(view.songs):
        _paste(im, song_sprite(s.id, s.cost, s.reward, song_w), PAD + k * (song_w + SONG_GAP), y + 30)
    if not view.songs:
        draw_text(draw, (PAD, y + 30 + SONG_H / 2), "no songs displayed", 22, MUTED, "lm", bold=True)
    y += 30 + SONG_H + 14
    a = view.automa
    if a is not None:
        draw.rounded_rectangle(
            (PAD, y, WIDTH - PAD - 1, y + AUTOMA_H - 1), radius=8, fill=PANEL, outline=BORDER, width=2
        )
        back = f"Move {a.move}, Hunt {a.hunt_from} {a.hunt}" if a.move is not None else "none"
        last = f"{a.flipped[-1][0]} {a.flipped[-1][1]}" if a.flipped else "none yet"
        strategy = a.strategy or "random"
        lines = (
            f"Ivan (automa)  ·  difficulty {a.difficulty}  ·  strategy {strategy}  ·  deck {a.deck} cards",
            f"Top card back (his latest Move and Hunt): {back}",
            f"Last flipped: {last}",
        )
        for k, line in enumerate(lines):
            _fit(
                draw,
                (PAD + 12, y + 21 + k * 31),
                line,
                WIDTH - 2 * PAD - 24,
                24 if k == 0 else 23,
                anchor="lm",
                bold=True,
            )


def compose_board(view: StroganovView) -> Image.Image:
    """The board image in RGB (:func:`render_board` encodes it)."""
    key = tuple((r.number, r.fur, r.positions) for r in view.regions)
    top = _top(view)
    im = _board_background(key, top, _board_height(view)).copy()
    draw = ImageDraw.Draw(im)
    order = "Order: " + "  ".join(name(view.cossacks[i]) for i in view.order if 0 <= i < len(view.cossacks))
    _status_lines(draw, view, order)
    _legend(im, draw, view)
    _tyumen(im, draw, view, top)
    for i in range(len(view.positions)):
        _position(im, draw, view, i, top)
    for reg in view.regions:
        _region_info(im, draw, view, reg, top)
    _side(im, draw, view, top)
    _bottom(im, draw, view, top)
    return im


def render_board(view: StroganovView) -> bytes:
    """The Siberia row and everything public around it (ST-3.2, ST-3.3) as PNG bytes."""
    return encode_png(compose_board(view), PALETTE)


# --- tableaux ------------------------------------------------------------------------------------

TAB_X = PAD + 22
"""Left edge of a tableau's content (right of the cossack's colour bar)."""
TAB_W = WIDTH - PAD - 12 - TAB_X
LABEL_W = 104
"""The label column (Furs, Stories, Trophy, Wishes, Tiles); the content starts right of it."""
BODY_X = TAB_X + LABEL_W
BODY_W = TAB_W - LABEL_W
TAB_HEAD_H = 58
STATS_H = 44
LINE_H = 36
FUR_ROW = FUR_H + 6
FUR_CHIP_W = (BODY_W - 4 * 6) // 5
FURS_PER_ROW = (BODY_W + 6) // (FUR_CHIP_W + 6)
STORY_CELL = 28
TROPHY_TOKEN = 32
WISHES_PER_ROW = 4
WISH_GAP = 8
WISH_W = (BODY_W - (WISHES_PER_ROW - 1) * WISH_GAP) // WISHES_PER_ROW
WISH_STEP = 24 + WISH_H + 8
TILES_PER_ROW = 5
TILE_GAP = 6
TILE_CHIP_W = (BODY_W - (TILES_PER_ROW - 1) * TILE_GAP) // TILES_PER_ROW
TILE_STEP = 42
TITLE_H = 88


def _rows(count: int, per_row: int) -> int:
    return max(1, (count + per_row - 1) // per_row)


def _fur_chips(c: CossackView) -> list[tuple[int, str]]:
    counts = Counter(c.furs)
    chips = [(v, f"{ANIMAL.get(v, '?')} x{counts[v]}") for v in sorted(counts)]
    if c.tigers:
        chips.append((0, f"TIGER x{c.tigers}"))
    return chips


def _track_h(c: CossackView) -> int:
    return 32 + FUR_H + 6 + 2 * 28 + (26 if c.track.entry else 0) + 6


def _tile_summary(c: CossackView) -> str:
    kinds = Counter(t.type for t in c.tiles)
    return "   ".join(f"{k} {kinds[k]}" for k in LAND if kinds[k])


def _tile_rows(c: CossackView) -> int:
    """Rows of tile chips, and of the count per type after them (on the last row if it fits)."""
    n = len(c.tiles)
    rows = _rows(n, TILES_PER_ROW)
    if n:
        used = (n - (rows - 1) * TILES_PER_ROW) * (TILE_CHIP_W + TILE_GAP) + 12
        if text_width(_tile_summary(c), 20, bold=True) > BODY_W - used:
            rows += 1
    return rows


def _tableau_height(c: CossackView) -> int:
    wishes = len(c.held) + len(c.fulfilled)
    return (
        TAB_HEAD_H
        + STATS_H
        + LINE_H
        + _rows(len(_fur_chips(c)), FURS_PER_ROW) * FUR_ROW
        + 4
        + LINE_H
        + 4
        + _track_h(c)
        + 10
        + _rows(wishes, WISHES_PER_ROW) * WISH_STEP
        + _tile_rows(c) * TILE_STEP
        + 14
    )


def _pairs(draw: ImageDraw.ImageDraw, x: float, y: float, pairs: list[tuple[str, str]], right: float) -> None:
    """``label value`` pairs on one line, the values large; spacing shrinks to fit up to ``right``."""
    widths = [text_width(k, 22, bold=True) + 7 + text_width(v, 30, bold=True) for k, v in pairs]
    gap = max(12, min(32, (right - x - sum(widths)) / max(1, len(pairs) - 1)))
    for (k, v), w in zip(pairs, widths, strict=True):
        draw_text(draw, (x, y), k, 22, INK, "lm", bold=True)
        draw_text(draw, (x + text_width(k, 22, bold=True) + 7, y), v, 30, INK, "lm", bold=True)
        x += w + gap


def _tableau(im: Image.Image, view: StroganovView, c: CossackView, y0: int) -> int:
    """One cossack's tableau (ST-3.4) from ``y0``; returns the y below it."""
    draw = ImageDraw.Draw(im)
    h = _tableau_height(c)
    acting = view.actor == c.index and view.stage != "finished"
    rank = next((k for k, (i, _) in enumerate(view.result or ()) if i == c.index), None)
    draw.rounded_rectangle(
        (PAD, y0, WIDTH - PAD - 1, y0 + h - 8),
        radius=10,
        fill=PANEL,
        outline=HILITE if acting else BORDER,
        width=5 if acting else 2,
    )
    draw.rectangle((PAD + 6, y0 + 10, PAD + 13, y0 + h - 18), fill=PLAYER[c.index % len(PLAYER)])
    x = TAB_X
    right = x + TAB_W
    _paste(im, token_sprite(c.index, short(c)), x, y0 + 7)
    side = f"board {c.board}, side {c.side}" if c.board else "no board yet"
    track = f"{c.track.id} {c.track.name}".strip()
    head = f"{name(c)} ({PLAYER_NAME[c.index % len(PLAYER_NAME)]})  ·  {side}  ·  track {track}"
    tags = _tags(view, c)
    if rank is not None:
        tags.insert(len(tags) - c.resigned, "WINNER" if rank == 0 else f"place {rank + 1}")
    vp = f"{c.score} VP"
    rw = text_width(vp, 32, bold=True) + 12
    if tags:
        tag = "  ".join(tags)
        draw_text(draw, (right - rw, y0 + 30), tag, 22, ALERT, "rm", bold=True)
        rw += text_width(tag, 22, bold=True) + 16
    _fit(draw, (x + TOKEN + 10, y0 + 30), head, right - x - TOKEN - 10 - rw, 26, anchor="lm", bold=True)
    draw_text(draw, (right, y0 + 30), vp, 32, INK, "rm", bold=True)
    y = y0 + TAB_HEAD_H
    stats = [
        ("Coins", str(c.coins)),
        ("Horses", str(c.horses)),
        ("Tigers", str(c.tigers)),
        ("Banners", str(c.banners)),
        ("Stories", str(c.stories)),
        ("Trophy", str(c.trophy)),
        ("at", _where(c.position)),
    ]
    _pairs(draw, x, y + STATS_H / 2, stats, right)
    y += STATS_H
    built = " ".join(f"R{r}" for r in c.built) or "none"
    outposts = f"Outposts: supply {c.supply}, reserve {c.reserve}, built {built}"
    songs = "Songs: " + (" ".join(c.songs) if c.songs else "none")
    sw = min(text_width(songs, 22, bold=True), TAB_W * 0.4)
    _fit(draw, (x, y + LINE_H / 2), outposts, TAB_W - sw - 24, 22, anchor="lm", bold=True)
    _fit(draw, (right, y + LINE_H / 2), songs, sw, 22, anchor="rm", bold=True)
    y += LINE_H
    y = _furs(im, draw, c, y) + 4
    _stories(draw, y, c.stories)
    y += LINE_H + 4
    _track(im, draw, c, y)
    y += _track_h(c) + 10
    y = _wishes(im, draw, c, y)
    _tiles(draw, c, y)
    return y0 + h


def _label(draw: ImageDraw.ImageDraw, y: float, text: str, fill: tuple[int, int, int] = INK, size: int = 22) -> None:
    """A line of the label column."""
    _fit(draw, (TAB_X, y), text, LABEL_W - 8, size, fill=fill, anchor="lm", bold=True)


def _furs(im: Image.Image, draw: ImageDraw.ImageDraw, c: CossackView, y: int) -> int:
    """The furs held, as a count per value (ST-3.4), then the tigers; returns the y below them."""
    _label(draw, y + FUR_ROW / 2, "Furs")
    chips = _fur_chips(c)
    for k, (v, label) in enumerate(chips):
        row, col = divmod(k, FURS_PER_ROW)
        _paste(im, fur_chip(v, FUR_CHIP_W, label), BODY_X + col * (FUR_CHIP_W + 6), y + 3 + row * FUR_ROW)
    if not chips:
        draw_text(draw, (BODY_X, y + FUR_ROW / 2), "none", 22, MUTED, "lm", bold=True)
    return y + _rows(len(chips), FURS_PER_ROW) * FUR_ROW


def _stories(draw: ImageDraw.ImageDraw, y: int, stories: int) -> None:
    """The story track 0–30 (ST-11.6): 31 cells, the marker's cell filled."""
    _label(draw, y + LINE_H / 2, "Stories")
    cx = TAB_X + TAB_W - 31 * STORY_CELL
    for k in range(31):
        x0 = cx + k * STORY_CELL
        on = k == stories
        draw.rectangle(
            (x0, y + 3, x0 + STORY_CELL - 2, y + LINE_H - 3), fill=INK if on else WHITE, outline=INK if on else BORDER
        )
        if k % 5 == 0 or on:
            size = 21 if on else 16
            draw_text(
                draw, (x0 + STORY_CELL / 2 - 1, y + LINE_H / 2), str(k), size, WHITE if on else MUTED, "mm", bold=on
            )


def _track(im: Image.Image, draw: ImageDraw.ImageDraw, c: CossackView, y: int) -> None:
    """The trophy track (ST-14.9): per space the fur to enter, the row reward, the end VP and any
    entry bonus; the marker's space is highlighted and holds the cossack's token."""
    t = c.track
    entry = dict(t.entry)
    h = _track_h(c)
    fur_y, row_y = y + 30, y + 30 + FUR_H + 6
    _label(draw, y + 16, "Trophy")
    for ly, text in ((fur_y + FUR_H / 2, "fur"), (row_y + 14, "row"), (row_y + 42, "end")):
        _label(draw, ly, text, MUTED, 21)
    if entry:
        _label(draw, row_y + 68, "entry", MUTED, 21)
    n = len(t.furs)
    box_w = (BODY_W + 4) // max(1, n) - 4
    for k in range(n):
        x0 = BODY_X + k * (box_w + 4)
        here = k == c.trophy
        draw.rounded_rectangle(
            (x0, y, x0 + box_w - 1, y + h - 1),
            radius=8,
            fill=WHITE,
            outline=HILITE if here else BORDER,
            width=5 if here else 2,
        )
        draw_text(draw, (x0 + 9, y + 17), str(k), 26, INK, "lm", bold=True)
        if here:
            _paste(im, token_sprite(c.index, short(c), TROPHY_TOKEN), x0 + box_w - TROPHY_TOKEN - 6, y + 3)
        fur = t.furs[k]
        if fur is None:
            draw_text(draw, (x0 + 9, fur_y + FUR_H / 2), "start", 21, MUTED, "lm", bold=True)
        else:
            _paste(im, fur_chip(fur, box_w - 10), x0 + 5, fur_y)
        row = t.rows[k] if k < len(t.rows) else ""
        _fit(draw, (x0 + 8, row_y + 14), row, box_w - 14, 21, anchor="lm", bold=True)
        end = t.ends[k] if k < len(t.ends) else 0
        _fit(draw, (x0 + 8, row_y + 42), f"{end} VP", box_w - 14, 21, anchor="lm", bold=True)
        if k in entry:
            _fit(draw, (x0 + 8, row_y + 68), entry[k], box_w - 14, 20, fill=ALERT, anchor="lm", bold=True)


def _wishes(im: Image.Image, draw: ImageDraw.ImageDraw, c: CossackView, y: int) -> int:
    """Held and fulfilled wishes (for Ivan: the wishes he took, ST-15.9) with their timing; returns
    the y below them."""
    items = [("HELD", w) for w in c.held] + [("FULFILLED", w) for w in c.fulfilled]
    done = "taken" if c.seat is None else "fulfilled"
    _label(draw, y + 14, "Wishes")
    _label(draw, y + 44, f"{len(c.held)} held", MUTED, 21)
    _label(draw, y + 70, f"{len(c.fulfilled)} {done}", MUTED, 21)
    if not items:
        draw_text(draw, (BODY_X, y + 14), "none", 22, MUTED, "lm", bold=True)
    for k, (kind, w) in enumerate(items):
        row, col = divmod(k, WISHES_PER_ROW)
        wx = BODY_X + col * (WISH_W + WISH_GAP)
        wy = y + row * WISH_STEP
        draw_text(draw, (wx + 2, wy + 11), kind, 19, ALERT if kind == "HELD" else INK, "lm", bold=True)
        timing = TIMING_WORD.get(w.timing, w.timing)
        room = WISH_W - 6 - text_width(kind, 19, bold=True) - 8
        _fit(draw, (wx + WISH_W - 4, wy + 11), timing, room, 19, fill=MUTED, anchor="rm", bold=True)
        _paste(im, wish_sprite(w.id, w.required, w.red, w.vp, w.ability, w.timing, WISH_W), wx, wy + 24)
    return y + _rows(len(items), WISHES_PER_ROW) * WISH_STEP


def _tiles(draw: ImageDraw.ImageDraw, c: CossackView, y: int) -> None:
    """Claimed landscape tiles (type and id), then the count per type for the sets of ST-13.2."""
    _label(draw, y + 18, f"Tiles {len(c.tiles)}")
    if not c.tiles:
        draw_text(draw, (BODY_X, y + 18), "none", 22, MUTED, "lm", bold=True)
        return
    for k, t in enumerate(c.tiles):
        row, col = divmod(k, TILES_PER_ROW)
        x0 = BODY_X + col * (TILE_CHIP_W + TILE_GAP)
        y0 = y + row * TILE_STEP
        draw.rounded_rectangle(
            (x0, y0, x0 + TILE_CHIP_W - 1, y0 + TILE_STEP - 7), radius=6, fill=LAND.get(t.type, MUTED), outline=INK
        )
        label = f"{t.type} {t.id}"
        size, bold = fitting_face(label, TILE_CHIP_W - 10, 21, 14)
        ink = LAND_TEXT.get(t.type, WHITE)
        draw_text(draw, (x0 + TILE_CHIP_W / 2, y0 + (TILE_STEP - 7) / 2), label, size, ink, "mm", bold=bold)
    rows = _rows(len(c.tiles), TILES_PER_ROW)
    in_last = len(c.tiles) - (rows - 1) * TILES_PER_ROW
    sx, sy = BODY_X + in_last * (TILE_CHIP_W + TILE_GAP) + 6, y + (rows - 1) * TILE_STEP
    if _tile_rows(c) > rows:
        sx, sy = BODY_X, sy + TILE_STEP
    _fit(
        draw,
        (sx, sy + (TILE_STEP - 7) / 2),
        _tile_summary(c),
        BODY_X + BODY_W - sx,
        20,
        fill=MUTED,
        anchor="lm",
        bold=True,
    )


def compose_tableaux(view: StroganovView, indices: tuple[int, ...]) -> Image.Image:
    """The tableaux of ``indices`` stacked, under the two status lines."""
    cossacks = [view.cossacks[i] for i in indices if 0 <= i < len(view.cossacks)]
    height = TITLE_H + sum(_tableau_height(c) for c in cossacks) + 4
    im = Image.new("RGB", (WIDTH, height), PAGE)
    draw = ImageDraw.Draw(im)
    _status_lines(draw, view)
    y = TITLE_H
    for c in cossacks:
        y = _tableau(im, view, c, y)
    return im


def render_tableau(view: StroganovView, index: int) -> bytes:
    """Cossack ``index``'s tableau (ST-3.4) as PNG bytes."""
    return encode_png(compose_tableaux(view, (index,)), PALETTE)


def render_tableaux(view: StroganovView) -> bytes:
    """Every cossack's tableau in one image, in cossack order, as PNG bytes."""
    return encode_png(compose_tableaux(view, tuple(range(len(view.cossacks)))), PALETTE)


def warm_up() -> None:
    """Draw the common sprites now instead of during the first renders."""
    for i in range(len(PLAYER)):
        for label in (f"P{i}", "IV"):
            token_sprite(i, label)
            token_sprite(i, label, TROPHY_TOKEN)
    for v in ANIMAL:
        for w in (COL_W, SIDE_CHIP_W, *(_band_chip_w(r) for r in (1, 4))):
            fur_chip(v, w)
        for red in (False, True):
            fur_square(v, red)
    for region in (1, 4):
        for owner in (None, -1, *range(len(PLAYER))):
            for vp in range(1, 8):
                label = "" if owner is None or owner < 0 else f"P{owner}"
                outpost_slot(owner, vp, label, _slot_w(region, 3), SLOT_H)
