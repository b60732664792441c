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

Speed: the static frames are drawn once per set of region furs and cached; chips, tokens, tiles and
cards are cached sprites (:mod:`render.stroganov_sprites`); the result is encoded as an 8-bit PNG
with a fixed palette (:mod:`render.png`).
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from render.fonts import draw_text, fitting_size, text_width
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
    TIMING_WORD,
    TOKEN,
    WHITE,
    empty_tile_sprite,
    fur_chip,
    outpost_slot,
    song_sprite,
    tile_sprite,
    token_sprite,
    wish_sprite,
)

if TYPE_CHECKING:
    from rules.stroganov.view import CossackView, RegionView, StroganovView

# --- layout (pixels) -----------------------------------------------------------------------------

WIDTH = 1760
PAD = 16
HEADER_H = 92
LEGEND_Y = HEADER_H
LEGEND_H = 62
ROW_Y = LEGEND_Y + LEGEND_H + 8
COL_W = 122
"""A position's column."""
COL_GAP = 6
REGION_PAD = 6
REGION_GAP = 10
TYUMEN_W = 118
BAND_H = 34
TILE_Y = 62
TILE_H = 96
ITEMS_Y = TILE_Y + TILE_H + 8
ITEM_STEP = FUR_H + 3
MAX_ITEMS = 5
TOKENS_Y = ITEMS_Y + MAX_ITEMS * ITEM_STEP + 6
TOKENS_PER_ROW = 3
TOKEN_STEP = TOKEN + 3
INFO_Y = TOKENS_Y + 2 * TOKEN_STEP + 8
SLOT_W, SLOT_H = 70, 42
REGION_H = INFO_Y + 42 + 42 + 96 + 8 + 22 + SLOT_H + 10
BOTTOM_Y = ROW_Y + REGION_H + 14
MARKET_CHIP_W = 124
SONG_W = 220

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


def _fur_name(value: int) -> str:
    return f"{value} {ANIMAL.get(value, '?')}"


# --- shared pieces -------------------------------------------------------------------------------


def _fit(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, room: float, largest: int, **kw) -> None:
    """Text that shrinks (down to 14 px) to fit ``room``."""
    draw_text(draw, xy, text, fitting_size(text, room, largest, 14), kw.pop("fill", INK), **kw)


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


def _header(draw: ImageDraw.ImageDraw, view: StroganovView) -> None:
    first, second = _status(view)
    order = "Order: " + "  ".join(name(view.cossacks[i]) for i in view.order if 0 <= i < len(view.cossacks))
    ow = text_width(order, 20)
    _fit(draw, (PAD, 26), first, WIDTH - 3 * PAD - ow, 30, anchor="lm", bold=True)
    draw_text(draw, (WIDTH - PAD, 26), order, 20, MUTED, "rm", bold=True)
    colour = ALERT if view.stage != "finished" else INK
    _fit(draw, (PAD, 66), second, WIDTH - 2 * PAD, 24, fill=colour, anchor="lm", bold=True)


def _where(p: int) -> str:
    return "Tyumen" if p == 0 else f"pos {p}"


def _legend(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView) -> None:
    """One chip per cossack: token, name and colour, VP, position; the one to act is framed."""
    n = max(1, len(view.cossacks))
    w = (WIDTH - 2 * PAD - (n - 1) * 10) // n
    for c in view.cossacks:
        x = PAD + c.index * (w + 10)
        y = LEGEND_Y
        acting = view.actor == c.index and view.stage != "finished"
        draw.rounded_rectangle(
            (x, y, x + w - 1, y + LEGEND_H - 6),
            radius=8,
            fill=PANEL,
            outline=HILITE if acting else BORDER,
            width=4 if acting else 2,
        )
        _paste(im, token_sprite(c.index, short(c)), x + 8, y + (LEGEND_H - 6 - TOKEN) / 2)
        text = f"{name(c)} ({PLAYER_NAME[c.index % len(PLAYER_NAME)]})  ·  {c.score} VP  ·  {_where(c.position)}"
        if acting:
            text += "  ·  TO ACT"
        if c.resigned:
            text += "  ·  RESIGNED"
        _fit(draw, (x + TOKEN + 16, y + (LEGEND_H - 6) / 2), text, w - TOKEN - 26, 20, anchor="lm", bold=True)


def _region_x(number: int) -> int:
    """Left edge of region ``number`` (1-based)."""
    x = PAD + TYUMEN_W + REGION_GAP
    for r in range(1, number):
        x += _region_w(r) + REGION_GAP
    return x


@functools.lru_cache(maxsize=8)
def _region_w(number: int) -> int:
    k = len(REGION_POSITIONS.get(number, (0, 0)))
    return k * COL_W + (k - 1) * COL_GAP + 2 * REGION_PAD


REGION_POSITIONS = {1: (1, 2), 2: (3, 4), 3: (5, 6), 4: (7, 8, 9), 5: (10, 11, 12)}
"""ST-14.2's layout, used only for the frame geometry; the drawing follows ``view.regions``."""


def _column_x(position: int) -> int:
    """Left edge of a position's column (1–12)."""
    for r, ps in REGION_POSITIONS.items():
        if position in ps:
            return _region_x(r) + REGION_PAD + ps.index(position) * (COL_W + COL_GAP)
    return PAD + (TYUMEN_W - COL_W) // 2


def _board_height(view: StroganovView) -> int:
    return BOTTOM_Y + 120 + 64 + (78 if view.automa is not None else 0)


@functools.lru_cache(maxsize=16)
def _board_background(furs: tuple[tuple[int, int, tuple[int, ...]], ...], height: int) -> Image.Image:
    """The static frames: Tyumen, region boxes with their number and region fur, position numbers."""
    im = Image.new("RGB", (WIDTH, height), PAGE)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((PAD, ROW_Y, PAD + TYUMEN_W - 1, ROW_Y + REGION_H - 1), radius=10, fill=PANEL, outline=BORDER)
    d.rounded_rectangle((PAD + 2, ROW_Y + 2, PAD + TYUMEN_W - 3, ROW_Y + BAND_H), radius=8, fill=REGION)
    draw_text(d, (PAD + TYUMEN_W / 2, ROW_Y + BAND_H / 2 + 1), "Tyumen", 18, WHITE, "mm", bold=True)
    draw_text(d, (PAD + TYUMEN_W / 2, ROW_Y + 48), "pos 0", 16, MUTED, "mm", bold=True)
    for number, fur, positions in furs:
        x = _region_x(number)
        w = _region_w(number)
        d.rounded_rectangle((x, ROW_Y, x + w - 1, ROW_Y + REGION_H - 1), radius=10, fill=PANEL, outline=BORDER)
        d.rounded_rectangle((x + 2, ROW_Y + 2, x + w - 3, ROW_Y + BAND_H), radius=8, fill=REGION)
        head = f"R{number}   region fur {_fur_name(fur)}"
        _fit(d, (x + 10, ROW_Y + BAND_H / 2 + 1), head, w - 20, 19, fill=WHITE, anchor="lm", bold=True)
        for p in positions:
            cx = _column_x(p)
            draw_text(d, (cx + COL_W / 2, ROW_Y + 48), f"pos {p}", 16, MUTED, "mm", bold=True)
        d.line((x + 8, ROW_Y + INFO_Y - 6, x + w - 9, ROW_Y + INFO_Y - 6), fill=BORDER, width=2)
    return im


def _tokens(im: Image.Image, view: StroganovView, position: int, x: int, width: int) -> None:
    """The cossacks on ``position``, deepest (lowest arrival stamp, ST-1) first."""
    here = sorted((c for c in view.cossacks if c.position == position), key=lambda c: c.stamp)
    per_row = max(1, min(TOKENS_PER_ROW, (width + 3) // TOKEN_STEP))
    for k, c in enumerate(here):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(here) - row * per_row)
        x0 = x + (width - in_row * TOKEN_STEP + 3) / 2
        _paste(im, token_sprite(c.index, short(c)), x0 + col * TOKEN_STEP, ROW_Y + TOKENS_Y + row * TOKEN_STEP)


def _position(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, index: int) -> None:
    pos = view.positions[index]
    x = _column_x(pos.number)
    t = pos.tile
    sprite = tile_sprite(t.id, t.type, t.s, t.reward, COL_W, TILE_H) if t else empty_tile_sprite(COL_W, TILE_H)
    _paste(im, sprite, x, ROW_Y + TILE_Y)
    if t is not None and not pos.items:
        draw_text(draw, (x + COL_W / 2, ROW_Y + ITEMS_Y + FUR_H / 2), "empty", 16, MUTED, "mm", bold=True)
    shown = pos.items if len(pos.items) <= MAX_ITEMS else pos.items[: MAX_ITEMS - 1]
    for k, v in enumerate(shown):
        _paste(im, fur_chip(v, COL_W), x, ROW_Y + ITEMS_Y + k * ITEM_STEP)
    if len(shown) < len(pos.items):
        more = f"+{len(pos.items) - len(shown)} more"
        y = ROW_Y + ITEMS_Y + len(shown) * ITEM_STEP + FUR_H / 2
        draw_text(draw, (x + COL_W / 2, y), more, 15, INK, "mm", bold=True)
    _tokens(im, view, pos.number, x, COL_W)


def _region_info(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, reg: RegionView) -> None:
    """Village, yurt, wish slot and outpost slots of a region (ST-3.2)."""
    x = _region_x(reg.number) + REGION_PAD + 2
    w = _region_w(reg.number) - 2 * REGION_PAD - 4
    y = ROW_Y + INFO_Y
    _fit(draw, (x, y + 10), f"Village {reg.village_name}", w, 17, anchor="lm", bold=True)
    _fit(draw, (x, y + 30), reg.village_reward, w, 16, anchor="lm")
    y += 42
    if reg.yurt:
        _fit(draw, (x, y + 10), f"Yurt {reg.yurt}", w, 17, anchor="lm", bold=True)
        _fit(draw, (x, y + 30), reg.yurt_reward or "", w, 16, anchor="lm")
    else:
        draw_text(draw, (x, y + 10), "Yurt: empty", 17, MUTED, "lm", bold=True)
    y += 42
    card_w = min(w, 260)
    if reg.wish is not None:
        wv = reg.wish
        _paste(im, wish_sprite(wv.id, wv.required, wv.red, wv.vp, wv.ability, wv.timing, card_w), x, y)
    else:
        draw.rounded_rectangle((x, y, x + card_w - 1, y + 89), radius=8, outline=BORDER, width=2)
        draw_text(draw, (x + card_w / 2, y + 45), "wish slot empty", 16, MUTED, "mm", bold=True)
    y += 96 + 8
    draw_text(draw, (x, y + 9), "Outposts", 15, MUTED, "lm", bold=True)
    y += 22
    for k, (owner, vp) in enumerate(zip(reg.outposts, reg.slot_vp, strict=False)):
        label = short(view.cossacks[owner]) if owner is not None and 0 <= owner < len(view.cossacks) else ""
        _paste(im, outpost_slot(owner, vp, label, SLOT_W, SLOT_H), x + k * (SLOT_W + 8), y)


def _tyumen_extras(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView) -> None:
    """Under Tyumen: the trade fur and the tiger and banner supplies."""
    x = PAD + 6
    w = TYUMEN_W - 12
    y = ROW_Y + INFO_Y
    draw_text(draw, (x, y + 10), "Trade fur", 16, INK, "lm", bold=True)
    _paste(im, fur_chip(view.trade_fur, w), x, y + 22)
    y += 62
    draw_text(draw, (x, y + 10), "Supply", 16, INK, "lm", bold=True)
    draw_text(draw, (x, y + 32), f"Tigers {view.tiger_supply}", 16, INK, "lm")
    draw_text(draw, (x, y + 54), f"Banners {view.banner_supply}", 16, INK, "lm")


def _bottom(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView) -> None:
    """Market, song display, bag, stacks, and Ivan's automa information (solo)."""
    y = BOTTOM_Y
    draw_text(draw, (PAD, y + 12), f"Market ({len(view.market)} of 6)", 20, INK, "lm", bold=True)
    for k, v in enumerate(view.market):
        _paste(im, fur_chip(v, MARKET_CHIP_W), PAD + k * (MARKET_CHIP_W + 6), y + 30)
    if not view.market:
        draw_text(draw, (PAD, y + 44), "empty", 18, MUTED, "lm", bold=True)
    sx = PAD + 6 * (MARKET_CHIP_W + 6) + 24
    draw_text(draw, (sx, y + 12), "Song display (cost in stories)", 20, INK, "lm", bold=True)
    for k, s in enumerate(view.songs):
        _paste(im, song_sprite(s.id, s.cost, s.reward, SONG_W), sx + k * (SONG_W + 8), y + 30)
    if not view.songs:
        draw_text(draw, (sx, y + 52), "no songs displayed", 18, MUTED, "lm", bold=True)
    y += 30 + 62 + 14
    bag_total = sum(n for _, n in view.bag)
    bag = f"Bag {bag_total} furs:  " + "   ".join(f"{_fur_name(v)} x{n}" for v, n in view.bag)
    _fit(draw, (PAD, y + 12), bag, WIDTH - 2 * PAD, 18, anchor="lm")
    stacks = "Stacks:  " + "   ".join(f"{STACK.get(k, k)} {n}" for k, n in view.stacks)
    _fit(draw, (PAD, y + 38), stacks, WIDTH - 2 * PAD, 18, fill=MUTED, anchor="lm")
    y += 60
    a = view.automa
    if a is not None:
        draw.rounded_rectangle((PAD, y, WIDTH - PAD - 1, y + 70), radius=8, fill=PANEL, outline=BORDER, width=2)
        back = f"Move {a.move}, Hunt {a.hunt_from} {a.hunt}" if a.move is not None else "none"
        last = f"{a.flipped[-1][0]} {a.flipped[-1][1]}" if a.flipped else "none yet"
        strategy = a.strategy or "random"
        line1 = f"Ivan (automa)  ·  difficulty {a.difficulty}  ·  strategy {strategy}  ·  deck {a.deck} cards"
        line2 = f"Top card back (his latest Move and Hunt): {back}  ·  last flipped: {last}"
        _fit(draw, (PAD + 12, y + 20), line1, WIDTH - 2 * PAD - 24, 20, anchor="lm", bold=True)
        _fit(draw, (PAD + 12, y + 50), line2, WIDTH - 2 * PAD - 24, 19, anchor="lm")


def compose_board(view: StroganovView) -> Image.Image:
    """The board image in RGB (:func:`render_board` encodes it)."""
    key = tuple((r.number, r.fur, r.positions) for r in view.regions)
    im = _board_background(key, _board_height(view)).copy()
    draw = ImageDraw.Draw(im)
    _header(draw, view)
    _legend(im, draw, view)
    _tokens(im, view, 0, PAD + 4, TYUMEN_W - 8)
    _tyumen_extras(im, draw, view)
    for i in range(len(view.positions)):
        _position(im, draw, view, i)
    for reg in view.regions:
        _region_info(im, draw, view, reg)
    _bottom(im, draw, view)
    return im


def render_board(view: StroganovView) -> bytes:
    """The Siberia row and everything public around it (ST-3.2, ST-3.3) as PNG bytes."""
    return encode_png(compose_board(view), PALETTE)


# --- tableaux ------------------------------------------------------------------------------------

TAB_HEAD_H = 50
LINE_H = 40
TRACK_BOX_H = 120
LEFT_W = 1236
"""Width of a tableau's left column (resources, furs, stories, trophy track); wishes and tiles go right."""
RIGHT_X = PAD + 20 + LEFT_W + 14
RIGHT_W = WIDTH - PAD - 12 - RIGHT_X
WISH_W = (RIGHT_W - 10) // 2
WISH_H = 90
WISH_STEP = WISH_H + 24
TILE_CHIP_W = (RIGHT_W - 12) // 3
TILE_STEP = 36
STORY_CELL = 22


def _rows(count: int, per_row: int) -> int:
    return max(1, (count + per_row - 1) // per_row)


def _right_height(c: CossackView) -> int:
    wishes = len(c.held) + len(c.fulfilled)
    return 28 + _rows(wishes, 2) * WISH_STEP + 30 + _rows(len(c.tiles), 3) * TILE_STEP


def _tableau_height(c: CossackView) -> int:
    left = 3 * LINE_H + TRACK_BOX_H
    return TAB_HEAD_H + max(left, _right_height(c)) + 18


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
        width=4 if acting else 2,
    )
    draw.rectangle((PAD + 4, y0 + 10, PAD + 10, y0 + h - 18), fill=PLAYER[c.index % len(PLAYER)])
    x = PAD + 20
    _paste(im, token_sprite(c.index, short(c), 40), x, y0 + 6)
    side = f"board {c.board}, side {c.side}" if c.board else "no board yet"
    track = f"{c.track.id} {c.track.name}".strip()
    head = f"{name(c)} ({PLAYER_NAME[c.index % len(PLAYER_NAME)]})  ·  {side}  ·  track {track}"
    tags = []
    if acting:
        tags.append("TO ACT")
    if rank is not None:
        tags.append("WINNER" if rank == 0 else f"place {rank + 1}")
    if c.resigned:
        tags.append("RESIGNED")
    right = f"{c.score} VP"
    rw = text_width(right, 28) + 12
    if tags:
        tag = "  ".join(tags)
        draw_text(draw, (WIDTH - PAD - 16 - rw, y0 + 26), tag, 22, ALERT, "rm", bold=True)
        rw += text_width(tag, 22) + 16
    _fit(draw, (x + 52, y0 + 26), head, WIDTH - PAD - x - 80 - rw, 26, anchor="lm", bold=True)
    draw_text(draw, (WIDTH - PAD - 16, y0 + 26), right, 28, INK, "rm", bold=True)
    y = y0 + TAB_HEAD_H
    built = " ".join(f"R{r}" for r in c.built) or "none"
    stats = (
        f"Coins {c.coins}   Horses {c.horses}   Tigers {c.tigers}   Banners {c.banners}   "
        f"Outposts: supply {c.supply}, reserve {c.reserve}, built {built}   ·   at {_where(c.position)}"
    )
    _fit(draw, (x, y + 16), stats, LEFT_W, 21, anchor="lm", bold=True)
    _furs(im, draw, c, x, y + LINE_H)
    _stories(draw, x, y + 2 * LINE_H, c.stories)
    songs = "Songs: " + (" ".join(c.songs) if c.songs else "none")
    sx = x + 110 + 31 * STORY_CELL + 24
    _fit(draw, (sx, y + 2 * LINE_H + 14), songs, x + LEFT_W - sx, 19, anchor="lm", bold=True)
    _track(im, draw, c, x, y + 3 * LINE_H)
    draw.line((RIGHT_X - 8, y, RIGHT_X - 8, y0 + h - 20), fill=BORDER, width=2)
    ry = _wishes(im, draw, c, RIGHT_X, y - 4)
    _tiles(draw, c, RIGHT_X, ry)
    return y0 + h


def _furs(im: Image.Image, draw: ImageDraw.ImageDraw, c: CossackView, x: int, y: int) -> None:
    """The furs held, as a count per value (ST-3.4), then the tigers."""
    draw_text(draw, (x, y + 14), "Furs", 19, INK, "lm", bold=True)
    counts = Counter(c.furs)
    fx = x + 70
    chips = [(v, f"{ANIMAL.get(v, '?')} x{counts[v]}") for v in sorted(counts)]
    if c.tigers:
        chips.append((0, f"TIGER x{c.tigers}"))
    chip_w = min(152, (LEFT_W - 70) // max(1, len(chips)) - 6)
    for v, label in chips:
        _paste(im, fur_chip(v, chip_w, label), fx, y + 1)
        fx += chip_w + 6
    if not chips:
        draw_text(draw, (fx, y + 14), "none", 18, MUTED, "lm", bold=True)


def _stories(draw: ImageDraw.ImageDraw, x: int, y: int, stories: int) -> None:
    """The story track 0–30 (ST-11.6): 31 cells, the marker's cell filled."""
    draw_text(draw, (x, y + 14), f"Stories {stories}", 19, INK, "lm", bold=True)
    cx = x + 110
    for k in range(31):
        x0 = cx + k * STORY_CELL
        on = k == stories
        draw.rectangle(
            (x0, y + 2, x0 + STORY_CELL - 2, y + 26), fill=INK if on else WHITE, outline=INK if on else BORDER
        )
        if k % 5 == 0 or on:
            draw_text(draw, (x0 + STORY_CELL / 2 - 1, y + 14), str(k), 14, WHITE if on else MUTED, "mm", bold=on)


def _track(im: Image.Image, draw: ImageDraw.ImageDraw, c: CossackView, x: int, y: int) -> None:
    """The trophy track (ST-14.9): per space the fur to enter, the row reward, the end VP and any
    entry bonus; the marker's space is highlighted and holds the cossack's token."""
    t = c.track
    entry = dict(t.entry)
    draw_text(draw, (x, y + 14), "Trophy", 19, INK, "lm", bold=True)
    draw_text(draw, (x, y + 36), "track", 19, INK, "lm", bold=True)
    draw_text(draw, (x, y + 62), f"at {c.trophy}", 17, MUTED, "lm", bold=True)
    bx = x + 76
    n = len(t.furs)
    box_w = (x + LEFT_W - bx) // max(1, n) - 4
    for k in range(n):
        x0 = bx + k * (box_w + 4)
        here = k == c.trophy
        draw.rounded_rectangle(
            (x0, y, x0 + box_w - 1, y + TRACK_BOX_H - 1),
            radius=8,
            fill=WHITE,
            outline=HILITE if here else BORDER,
            width=5 if here else 2,
        )
        draw_text(draw, (x0 + 9, y + 15), str(k), 20, INK, "lm", bold=True)
        if here:
            _paste(im, token_sprite(c.index, short(c), 28), x0 + box_w - 34, y + 4)
        fur = t.furs[k]
        if fur is None:
            draw_text(draw, (x0 + 8, y + 40), "start", 16, MUTED, "lm", bold=True)
        else:
            _paste(im, fur_chip(fur, box_w - 14), x0 + 7, y + 27)
        row = t.rows[k] if k < len(t.rows) else ""
        _fit(draw, (x0 + 8, y + 68), f"row: {row}", box_w - 14, 16, anchor="lm", bold=True)
        end = t.ends[k] if k < len(t.ends) else 0
        _fit(draw, (x0 + 8, y + 89), f"end: {end} VP", box_w - 14, 16, anchor="lm")
        if k in entry:
            _fit(draw, (x0 + 8, y + 108), f"entry: {entry[k]}", box_w - 14, 15, fill=ALERT, anchor="lm", bold=True)


def _wishes(im: Image.Image, draw: ImageDraw.ImageDraw, c: CossackView, x: int, y: int) -> int:
    """Held and fulfilled wishes (for Ivan: the wishes he took, ST-15.9) with their timing; returns
    the y below them."""
    items = [("HELD", w) for w in c.held] + [("FULFILLED", w) for w in c.fulfilled]
    done = "taken" if c.seat is None else "fulfilled"
    draw_text(draw, (x, y + 14), f"Wishes: {len(c.held)} held, {len(c.fulfilled)} {done}", 19, INK, "lm", bold=True)
    y += 28
    if not items:
        draw_text(draw, (x, y + 14), "none", 18, MUTED, "lm", bold=True)
    for k, (kind, w) in enumerate(items):
        row, col = divmod(k, 2)
        wx = x + col * (WISH_W + 10)
        wy = y + row * WISH_STEP
        draw_text(draw, (wx, wy + 8), kind, 15, ALERT if kind == "HELD" else INK, "lm", bold=True)
        draw_text(draw, (wx + WISH_W - 4, wy + 8), TIMING_WORD.get(w.timing, w.timing), 15, MUTED, "rm")
        _paste(im, wish_sprite(w.id, w.required, w.red, w.vp, w.ability, w.timing, WISH_W), wx, wy + 18)
    return y + _rows(len(items), 2) * WISH_STEP


def _tiles(draw: ImageDraw.ImageDraw, c: CossackView, x: int, y: int) -> None:
    """Claimed landscape tiles (type and id), with the count per type for the sets of ST-13.2."""
    kinds = Counter(t.type for t in c.tiles)
    summary = "  ".join(f"{k} {kinds[k]}" for k in LAND if kinds[k])
    draw_text(draw, (x, y + 12), f"Tiles {len(c.tiles)}", 19, INK, "lm", bold=True)
    if summary:
        _fit(draw, (x + 90, y + 12), summary, RIGHT_W - 90, 16, fill=MUTED, anchor="lm")
    y += 28
    if not c.tiles:
        draw_text(draw, (x, y + 14), "none", 18, MUTED, "lm", bold=True)
    for k, t in enumerate(c.tiles):
        row, col = divmod(k, 3)
        x0 = x + col * (TILE_CHIP_W + 6)
        y0 = y + row * TILE_STEP
        draw.rounded_rectangle(
            (x0, y0, x0 + TILE_CHIP_W - 1, y0 + 30), radius=6, fill=LAND.get(t.type, MUTED), outline=INK
        )
        label = f"{t.type} {t.id}"
        size = fitting_size(label, TILE_CHIP_W - 10, 17, 14)
        draw_text(draw, (x0 + TILE_CHIP_W / 2, y0 + 15), label, size, LAND_TEXT.get(t.type, WHITE), "mm", bold=True)


def compose_tableaux(view: StroganovView, indices: tuple[int, ...]) -> Image.Image:
    """The tableaux of ``indices`` stacked, under a one-line header."""
    cossacks = [view.cossacks[i] for i in indices if 0 <= i < len(view.cossacks)]
    height = 50 + sum(_tableau_height(c) for c in cossacks) + 4
    im = Image.new("RGB", (WIDTH, height), PAGE)
    draw = ImageDraw.Draw(im)
    first, second = _status(view)
    title = f"{first}  ·  {second}"
    _fit(draw, (PAD, 26), title, WIDTH - 2 * PAD, 24, anchor="lm", bold=True)
    y = 50
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
    for v in (*ANIMAL,):
        fur_chip(v, COL_W)
        fur_chip(v, MARKET_CHIP_W)
    for owner in (None, -1):
        for vp in range(1, 8):
            outpost_slot(owner, vp, "", SLOT_W, SLOT_H)
