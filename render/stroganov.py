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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from render.fonts import draw_text, fitting_face, text_width
from render.png import RGB, encode_png
from render.stroganov_sprites import (
    ALERT,
    BORDER,
    FUR_H,
    FUR_VALUES,
    HILITE,
    INK,
    LAND,
    LAND_TEXT,
    MUTED,
    PAGE,
    PALETTE,
    PANEL,
    PLAYER,
    REGION,
    SONG_H,
    TILE_H,
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
    wrap,
)

if TYPE_CHECKING:
    from rules.stroganov.view import CossackView, RegionView, StroganovView, WishView

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

# --- words (DESIGN §5: renderers take their words as a parameter) ------------------------------------


@dataclass(frozen=True, eq=False)
class Words:
    """Every word of the Stroganov images in one language, given by the UI (like ``colors`` in
    python-chess's ``chess.svg.board``): the renderer imports no string table.

    ``labels`` are templates by key (the ``img.sv.*`` keys without the prefix, plus ``animal.<v>``,
    ``season.<name>``, ``difficulty.<d>``, ``ivan``); ``count(key, n)`` is a counted phrase in the
    language's plural form ("3 stories", "3 příběhy", "5 příběhů") for ``coins``, ``horses``,
    ``stories``, ``vp``. The UI builds one per language and keeps it, so the renderers' caches (keyed
    by the object: ``eq=False`` hashes by identity) are per language and never mix two."""

    labels: Mapping[str, str]
    count: Callable[[str, int], str]

    def __call__(self, key: str, **params: object) -> str:
        return self.labels[key].format(**params)

    def get(self, key: str, default: str) -> str:
        return self.labels.get(key, default)


Names = Sequence[str]
"""The display name of each cossack, by cossack index (Ivan's is the word for Ivan)."""


def name(c: CossackView) -> str:
    """``P{seat}``, ``Ivan`` for the automa: the label the text messages used before issue 19 (kept
    for them; the images show display names)."""
    return "Ivan" if c.seat is None else f"P{c.seat}"


def display(words: Words, names: Names, c: CossackView) -> str:
    """Cossack ``c``'s display name: ``names[c.index]``, Ivan's word for the automa."""
    if c.seat is None:
        return words("ivan")
    if 0 <= c.index < len(names) and names[c.index].strip():
        return " ".join(names[c.index].split())
    return words("player", n=c.index + 1)


def initials(text: str) -> str:
    """The token's label: the first two letters of a name (``Ja`` for Jana, ``Iv`` for Ivan)."""
    letters = [ch for ch in text if ch.isalnum()]
    return (letters[0].upper() + (letters[1] if len(letters) > 1 else "")) if letters else "?"


def short(words: Words, names: Names, c: CossackView) -> str:
    return initials(display(words, names, c))


def clip(text: str, room: float, size: int, bold: bool = True) -> str:
    """``text`` cut to fit ``room`` px at ``size``, with "…" when cut."""
    if text_width(text, size, bold) <= room:
        return text
    while text and text_width(text + "…", size, bold) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _who(view: StroganovView, words: Words, names: Names, index: int | None) -> str:
    if index is None or not 0 <= index < len(view.cossacks):
        return words("nobody")
    return display(words, names, view.cossacks[index])


def _where(words: Words, p: int) -> str:
    return words("tyumen") if p == 0 else words("pos", n=p)


def animal(words: Words, v: int) -> str:
    return words("tiger") if v == 0 else words.get(f"animal.{v}", str(v))


def reward(words: Words, text: str | None) -> str:
    """A reward (a tile's, village's, yurt's, song's, trophy row's) in words: the UI translates
    every reward of the game's content (``reward.<text>``); a text it lacks is shown as it is."""
    return words.get(f"reward.{text}", text) if text else ""


def village(words: Words, name: str) -> str:
    return words.get(f"village.{name}", name)


def land(words: Words, kind: str) -> str:
    return words.get(f"land.{kind}", kind)


# --- shared pieces -------------------------------------------------------------------------------


def _fit(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    room: float,
    largest: int,
    *,
    fill: RGB = INK,
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """Text that shrinks (down to 14 px, bold text then in the regular face) to fit ``room``."""
    size, bold = fitting_face(text, room, largest, 14, bold)
    draw_text(draw, xy, text, size, fill, anchor, bold=bold)


def _paste(im: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    im.paste(sprite, (round(x), round(y)), sprite)


def _season(view: StroganovView, words: Words) -> str:
    """The season's word; "" outside the four seasons (the board choice, the end: the stage says)."""
    return words.get(f"season.{view.season.lower()}", "")


def _status(view: StroganovView, words: Words, names: Names) -> tuple[str, str]:
    """The header's two lines: the season, and who must act and what (ST-16) or the result."""
    season = _season(view, words)
    first = words("year", year=view.year) + (f"  ·  {season}" if season else "")
    if view.stage in ("boards", "income", "songs"):
        first += "  ·  " + words(f"stage.{view.stage}")
    if view.stage == "finished" or view.result is not None:
        if view.result:
            win, score = view.result[0]
            rest = ", ".join(f"{_who(view, words, names, i)} {s}" for i, s in view.result[1:])
            key = "over_resign" if view.reason == "resign" else "over_win"
            second = words(key, who=_who(view, words, names, win), vp=words.count("vp", score))
            if rest:
                second += "  ·  " + words("then", rest=rest)
        else:
            second = words("over")
        return first, second
    if view.actor is None:
        return first, words("engine_playing")
    what = words.get(f"pending.{view.pending}", view.pending or "")
    if view.pending == "turn" and view.phase is not None:
        what = words("phase", phase=words.get(f"phase.{view.phase}", str(view.phase)))
    return first, words("to_act", who=_who(view, words, names, view.actor), what=what)


def _status_lines(draw: ImageDraw.ImageDraw, view: StroganovView, words: Words, names: Names, right: str = "") -> None:
    """The two status lines at the top of both images, with ``right`` (the turn order) beside the
    first."""
    first, second = _status(view, words, names)
    right = clip(right, WIDTH * 0.45, 22)
    rw = text_width(right, 22, bold=True) + PAD if right else 0
    _fit(draw, (PAD, 24), first, WIDTH - 2 * PAD - rw, 30, anchor="lm", bold=True)
    if right:
        draw_text(draw, (WIDTH - PAD, 24), right, 22, INK, "rm", bold=True)
    colour = ALERT if view.stage != "finished" else INK
    second = clip(second, WIDTH - 2 * PAD, 20)
    _fit(draw, (PAD, 64), second, WIDTH - 2 * PAD, 26, fill=colour, anchor="lm", bold=True)


def _tags(view: StroganovView, words: Words, c: CossackView) -> list[str]:
    tags = []
    if view.actor == c.index and view.stage != "finished":
        tags.append(words("tag.to_act"))
    if c.resigned:
        tags.append(words("tag.resigned"))
    return tags


# --- board ---------------------------------------------------------------------------------------


def _top(view: StroganovView) -> int:
    """Top of the first row of regions: below the header and the legend (two cossacks a row)."""
    return HEADER_H + (max(1, len(view.cossacks)) + 1) // 2 * LEGEND_ROW + 4


def _legend(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, words: Words, names: Names) -> None:
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
        _paste(im, token_sprite(c.index, short(words, names, c)), x + 5, y + (h - TOKEN) / 2)
        tx = x + TOKEN + 14
        tags = "  ".join(_tags(view, words, c))
        tw = text_width(tags, 22, bold=True) + 12 if tags else 0
        tail = f"  ·  {words.count('vp', c.score)}  ·  {_where(words, c.position)}"
        room = x + w - 10 - tw - tx
        who = clip(display(words, names, c), max(60, room - text_width(tail, 20, bold=True)), 20)
        _fit(draw, (tx, y + h / 2), who + tail, room, 24, anchor="lm", bold=True)
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
def _board_background(
    furs: tuple[tuple[int, int, tuple[int, ...]], ...], top: int, height: int, words: Words
) -> Image.Image:
    """The static frames: Tyumen, region boxes with their number and region fur, position numbers,
    the side panel."""
    im = Image.new("RGB", (WIDTH, height), PAGE)
    d = ImageDraw.Draw(im)
    _frame(d, PAD, top, TYUMEN_W, REGION_H)
    _fit(
        d,
        (PAD + TYUMEN_W / 2, top + BAND_H / 2 + 1),
        words("tyumen"),
        TYUMEN_W - 10,
        24,
        fill=WHITE,
        anchor="mm",
        bold=True,
    )
    _fit(d, (PAD + TYUMEN_W / 2, top + POS_Y), words("pos", n=0), TYUMEN_W - 10, 24, anchor="mm", bold=True)
    for number, fur, positions in furs:
        x, y, w = _region_x(number), top + _region_dy(number), _region_w(number)
        _frame(d, x, y, w, REGION_H)
        draw_text(d, (x + 9, y + BAND_H / 2 + 1), f"R{number}", 28, WHITE, "lm", bold=True)
        chip_w = _band_chip_w(number)
        words_x = x + 9 + text_width(f"R{number}", 28, bold=True) + 8
        room = x + w - chip_w - 6 - 6 - words_x
        if text_width(words("region_fur"), 16, bold=True) <= room:
            _fit(
                d,
                (x + w - chip_w - 12, y + BAND_H / 2 + 1),
                words("region_fur"),
                room,
                20,
                fill=WHITE,
                anchor="rm",
                bold=True,
            )
        _paste(im, fur_chip(fur, chip_w, animal(words, fur)), x + w - chip_w - 6, y + (BAND_H - FUR_H) / 2 + 1)
        for p in positions:
            cx, _ = _column(p)
            _fit(d, (cx + COL_W / 2, y + POS_Y), words("pos", n=p), COL_W - 8, 24, anchor="mm", bold=True)
        d.line((x + 8, y + INFO_Y - 7, x + w - 9, y + INFO_Y - 7), fill=BORDER, width=2)
    y = top + _row_dy(1)
    _frame(d, SIDE_X, y, SIDE_W, REGION_H)
    return im


def _tokens(
    im: Image.Image,
    view: StroganovView,
    words: Words,
    names: Names,
    position: int,
    x: int,
    y: int,
    width: int,
    per_row: int,
) -> None:
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
        _paste(im, token_sprite(c.index, short(words, names, c), size), x0 + col * step, y + row * step)


def _position(
    im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, words: Words, names: Names, index: int, top: int
) -> None:
    pos = view.positions[index]
    x, dy = _column(pos.number)
    y = top + dy
    t = pos.tile
    sprite = (
        tile_sprite(t.type, land(words, t.type), t.s, reward(words, t.reward), words("claim"), COL_W, TILE_H)
        if t
        else empty_tile_sprite(words("no_tile"), COL_W, TILE_H)
    )
    _paste(im, sprite, x, y + TILE_Y)
    if t is not None and not pos.items:
        _fit(
            draw,
            (x + COL_W / 2, y + ITEMS_Y + FUR_H / 2),
            words("empty"),
            COL_W - 8,
            22,
            fill=MUTED,
            anchor="mm",
            bold=True,
        )
    shown = pos.items if len(pos.items) <= MAX_ITEMS else pos.items[: MAX_ITEMS - 1]
    for k, v in enumerate(shown):
        _paste(im, fur_chip(v, COL_W, animal(words, v)), x, y + ITEMS_Y + k * ITEM_STEP)
    if len(shown) < len(pos.items):
        more = words("more", n=len(pos.items) - len(shown))
        iy = y + ITEMS_Y + len(shown) * ITEM_STEP + FUR_H / 2
        draw_text(draw, (x + COL_W / 2, iy), more, 22, INK, "mm", bold=True)
    _tokens(im, view, words, names, pos.number, x, y + TOKENS_Y, COL_W, 0)


def _wish(words: Words, wv: WishView, width: int) -> Image.Image:
    """A wish card in words: its timing, VP, furs and what its ability does (no card or ability
    ids)."""
    timing = words.get(f"timing.{wv.timing}", "")
    ability = words.get(f"ability.{wv.ability}", "")
    return wish_sprite(timing, wv.required, wv.red, words.count("vp", wv.vp), ability, width)


def _slot(
    view: StroganovView,
    words: Words,
    names: Names,
    owner: int | None,
    vp: int,
    w: int,
    h: int,
    big: int = 24,
    small: int = 20,
) -> Image.Image:
    """An outpost slot: free, a dummy, or a cossack's (his name, shortened to fit)."""
    if owner is None:
        label = words("free")
    elif owner < 0 or not owner < len(view.cossacks):
        label = words("dummy")
    else:
        label = clip(display(words, names, view.cossacks[owner]), w - 8, 14)
    return outpost_slot(owner, words.count("vp", vp), label, w, h, big, small)


def _two_lines(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, title: str, text: str | None) -> None:
    """A heading (muted) and its reward (bold) under it."""
    _fit(draw, (x, y + INFO_LINE / 2), title, w, 21, fill=MUTED, anchor="lm", bold=True)
    if text:
        _fit(draw, (x, y + INFO_LINE * 1.5), text, w, 23, anchor="lm", bold=True)


def _slot_w(region: int, slots: int) -> int:
    w = _region_w(region) - 2 * REGION_PAD - 4
    return min(104, (w - (max(1, slots) - 1) * 8) // max(1, slots))


def _region_info(
    im: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: StroganovView,
    words: Words,
    names: Names,
    reg: RegionView,
    top: int,
) -> None:
    """Village, yurt, wish slot and outpost slots of a region (ST-3.2)."""
    x = _region_x(reg.number) + REGION_PAD + 2
    w = _region_w(reg.number) - 2 * REGION_PAD - 4
    y = top + _region_dy(reg.number) + INFO_Y
    _two_lines(
        draw, x, y, w, words("village", name=village(words, reg.village_name)), reward(words, reg.village_reward)
    )
    y += 2 * INFO_LINE + 4
    if reg.yurt:
        _two_lines(draw, x, y, w, words("yurt"), reward(words, reg.yurt_reward))
    else:
        _two_lines(draw, x, y, w, words("yurt_empty"), None)
    y += 2 * INFO_LINE + 4
    card_w = min(w, 300)
    if reg.wish is not None:
        wv = reg.wish
        _paste(im, _wish(words, wv, card_w), x, y)
    else:
        draw.rounded_rectangle((x, y, x + card_w - 1, y + WISH_H - 1), radius=8, outline=BORDER, width=2)
        _fit(
            draw,
            (x + card_w / 2, y + WISH_H / 2),
            words("wish_empty"),
            card_w - 10,
            22,
            fill=MUTED,
            anchor="mm",
            bold=True,
        )
    y += WISH_H + 10
    _fit(draw, (x, y + 10), words("outposts"), w, 20, fill=MUTED, anchor="lm", bold=True)
    y += 24
    slot_w = _slot_w(reg.number, len(reg.slot_vp))
    for k, (owner, vp) in enumerate(zip(reg.outposts, reg.slot_vp, strict=False)):
        _paste(im, _slot(view, words, names, owner, vp, slot_w, SLOT_H), x + k * (slot_w + 8), y)


def _tyumen(
    im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, words: Words, names: Names, top: int
) -> None:
    """Tyumen: the cossacks there (up to four, three a row), the trade fur and the tiger and banner
    supplies."""
    _tokens(im, view, words, names, 0, PAD + 1, top + TILE_Y, TYUMEN_W - 2, 3)
    x = PAD + 6
    w = TYUMEN_W - 12
    y = top + INFO_Y
    _fit(draw, (x, y + 12), words("trade_fur"), w, 22, anchor="lm", bold=True)
    _paste(im, fur_chip(view.trade_fur, w, animal(words, view.trade_fur)), x, y + 28)
    y += 84
    _fit(draw, (x, y + 12), words("supply"), w, 22, anchor="lm", bold=True)
    _fit(draw, (x, y + 42), words("tigers_n", n=view.tiger_supply), w, 24, anchor="lm", bold=True)
    _fit(draw, (x, y + 72), words("banners_n", n=view.banner_supply), w, 24, anchor="lm", bold=True)


def _side(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, words: Words, top: int) -> None:
    """The side panel: the market (in its band), the bag (ST-4.3) and the stack sizes (ST-4.2)."""
    x = SIDE_X + 7
    w = SIDE_CHIP_W
    y = top + _row_dy(1)
    _fit(
        draw,
        (SIDE_X + SIDE_W / 2, y + BAND_H / 2 + 1),
        words("market", n=len(view.market)),
        w,
        24,
        fill=WHITE,
        anchor="mm",
        bold=True,
    )
    y += BAND_H + 8
    for k, v in enumerate(view.market):
        _paste(im, fur_chip(v, w, animal(words, v)), x, y + k * ITEM_STEP)
    if not view.market:
        _fit(draw, (x, y + FUR_H / 2), words("empty"), w, 22, fill=MUTED, anchor="lm", bold=True)
    y += 6 * ITEM_STEP + 8
    bag_total = sum(n for _, n in view.bag)
    _fit(draw, (x, y + 14), words("bag", n=bag_total), w, 22, anchor="lm", bold=True)
    y += 30
    for k, (v, n) in enumerate(view.bag):
        _paste(im, bag_chip(v, n, animal(words, v), w), x, y + k * ITEM_STEP)
    y += max(7, len(view.bag)) * ITEM_STEP + 8
    _fit(draw, (x, y + 14), words("stacks"), w, 22, anchor="lm", bold=True)
    y += 30
    for k, (key, n) in enumerate(view.stacks):
        line = words("stack", stack=words.get(f"stack.{key}", key), n=n)
        _fit(draw, (x, y + 13 + k * 27), line, w, 21, anchor="lm", bold=True)


def _bottom(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, words: Words, top: int) -> None:
    """The song display and, in the solo game, Ivan's automa information."""
    y = top + _row_dy(2)
    draw_text(draw, (PAD, y + 14), words("songs_display"), 22, INK, "lm", bold=True)
    song_w = (WIDTH - 2 * PAD - 3 * SONG_GAP) // 4
    for k, s in enumerate(view.songs):
        sprite = song_sprite(words.count("stories", s.cost), reward(words, s.reward), song_w)
        _paste(im, sprite, PAD + k * (song_w + SONG_GAP), y + 30)
    if not view.songs:
        draw_text(draw, (PAD, y + 30 + SONG_H / 2), words("no_songs"), 22, MUTED, "lm", bold=True)
    y += 30 + SONG_H + 14
    a = view.automa
    if a is not None:
        draw.rounded_rectangle(
            (PAD, y, WIDTH - PAD - 1, y + AUTOMA_H - 1), radius=8, fill=PANEL, outline=BORDER, width=2
        )
        if a.move is not None:
            side = words.get(f"hunt_from.{a.hunt_from}", "")
            back = words("automa_back", move=a.move, side=side, hunt=a.hunt)
        else:
            back = words("none")
        last = words.get(f"extended.{a.flipped[-1][1]}", "") if a.flipped else words("none_yet")
        difficulty = words.get(f"difficulty.{a.difficulty}", "")
        strategy = " + ".join(words.get(f"strategy.{k}", "") for k in a.strategy) or words("random")
        lines = (
            words("automa_head", difficulty=difficulty, strategy=strategy, deck=a.deck),
            words("automa_top", back=back),
            words("automa_last", last=last),
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


def compose_board(view: StroganovView, words: Words, names: Names) -> Image.Image:
    """The board image in RGB (:func:`render_board` encodes it)."""
    key = tuple((r.number, r.fur, r.positions) for r in view.regions)
    top = _top(view)
    im = _board_background(key, top, _board_height(view), words).copy()
    draw = ImageDraw.Draw(im)
    order = words(
        "order", names=", ".join(_who(view, words, names, i) for i in view.order if 0 <= i < len(view.cossacks))
    )
    _status_lines(draw, view, words, names, order)
    _legend(im, draw, view, words, names)
    _tyumen(im, draw, view, words, names, top)
    for i in range(len(view.positions)):
        _position(im, draw, view, words, names, i, top)
    for reg in view.regions:
        _region_info(im, draw, view, words, names, reg, top)
    _side(im, draw, view, words, top)
    _bottom(im, draw, view, words, top)
    return im


def render_board(view: StroganovView, words: Words, names: Names = ()) -> bytes:
    """The Siberia row and everything public around it (ST-3.2, ST-3.3) as PNG bytes, in ``words``'
    language, the cossacks by ``names``."""
    return encode_png(compose_board(view, words, tuple(names)), PALETTE)


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


def _fur_chips(words: Words, c: CossackView) -> list[tuple[int, str]]:
    counts = Counter(c.furs)
    chips = [(v, f"{animal(words, v)} ×{counts[v]}") for v in sorted(counts)]
    if c.tigers:
        chips.append((0, f"{animal(words, 0)} ×{c.tigers}"))
    return chips


def _track_h(c: CossackView) -> int:
    return 32 + FUR_H + 6 + 2 * 28 + (26 if c.track.entry else 0) + 6


def _tile_summary(words: Words, c: CossackView) -> str:
    kinds = Counter(t.type for t in c.tiles)
    return "   ".join(f"{land(words, k)} {kinds[k]}" for k in LAND if kinds[k])


def _tile_rows(words: Words, c: CossackView) -> int:
    """Rows of tile chips, and of the count per type after them (on the last row if it fits)."""
    n = len(c.tiles)
    rows = _rows(n, TILES_PER_ROW)
    if n:
        used = (n - (rows - 1) * TILES_PER_ROW) * (TILE_CHIP_W + TILE_GAP) + 12
        if text_width(_tile_summary(words, c), 20, bold=True) > BODY_W - used:
            rows += 1
    return rows


def _tableau_height(words: Words, c: CossackView) -> int:
    wishes = len(c.held) + len(c.fulfilled)
    return (
        TAB_HEAD_H
        + STATS_H
        + LINE_H
        + _rows(len(_fur_chips(words, c)), FURS_PER_ROW) * FUR_ROW
        + 4
        + LINE_H
        + 4
        + _track_h(c)
        + 10
        + _rows(wishes, WISHES_PER_ROW) * WISH_STEP
        + _tile_rows(words, c) * TILE_STEP
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


def _tableau(im: Image.Image, view: StroganovView, words: Words, names: Names, c: CossackView, y0: int) -> int:
    """One cossack's tableau (ST-3.4) from ``y0``; returns the y below it."""
    draw = ImageDraw.Draw(im)
    h = _tableau_height(words, c)
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
    _paste(im, token_sprite(c.index, short(words, names, c)), x, y0 + 7)
    side = words("board_side", board=c.board, side=c.side) if c.board else words("no_board")
    tags = _tags(view, words, c)
    if rank is not None:
        tags.insert(len(tags) - c.resigned, words("tag.winner") if rank == 0 else words("tag.place", n=rank + 1))
    vp = words.count("vp", c.score)
    rw = text_width(vp, 32, bold=True) + 12
    if tags:
        tag = "  ".join(tags)
        draw_text(draw, (right - rw, y0 + 30), tag, 22, ALERT, "rm", bold=True)
        rw += text_width(tag, 22, bold=True) + 16
    room = right - x - TOKEN - 10 - rw
    tail = f"  ·  {side}"
    who = clip(display(words, names, c), max(80, room - text_width(tail, 18, bold=True)), 22)
    _fit(draw, (x + TOKEN + 10, y0 + 30), who + tail, room, 26, anchor="lm", bold=True)
    draw_text(draw, (right, y0 + 30), vp, 32, INK, "rm", bold=True)
    y = y0 + TAB_HEAD_H
    stats = [
        (words("coins"), str(c.coins)),
        (words("horses"), str(c.horses)),
        (words("tigers"), str(c.tigers)),
        (words("banners"), str(c.banners)),
        (words("stories"), str(c.stories)),
        (words("trophy"), str(c.trophy)),
        (words("at"), _t_where(words, c.position)),
    ]
    _pairs(draw, x, y + STATS_H / 2, stats, right)
    y += STATS_H
    built = " ".join(f"R{r}" for r in c.built) or words("none")
    outposts = words("outposts_line", supply=c.supply, reserve=c.reserve, built=built)
    songs = words("songs_line", songs=len(c.songs))
    sw = min(text_width(songs, 22, bold=True), TAB_W * 0.4)
    _fit(draw, (x, y + LINE_H / 2), outposts, TAB_W - sw - 24, 22, anchor="lm", bold=True)
    _fit(draw, (right, y + LINE_H / 2), songs, sw, 22, anchor="rm", bold=True)
    y += LINE_H
    y = _furs(im, draw, words, c, y) + 4
    _stories(draw, words, y, c.stories)
    y += LINE_H + 4
    _track(im, draw, words, names, c, y)
    y += _track_h(c) + 10
    y = _wishes(im, draw, words, c, y)
    _tiles(draw, words, c, y)
    return y0 + h


def _label(draw: ImageDraw.ImageDraw, y: float, text: str, fill: tuple[int, int, int] = INK, size: int = 22) -> None:
    """A line of the label column."""
    _fit(draw, (TAB_X, y), text, LABEL_W - 8, size, fill=fill, anchor="lm", bold=True)


def _furs(im: Image.Image, draw: ImageDraw.ImageDraw, words: Words, c: CossackView, y: int) -> int:
    """The furs held, as a count per value (ST-3.4), then the tigers; returns the y below them."""
    _label(draw, y + FUR_ROW / 2, words("furs"))
    chips = _fur_chips(words, c)
    for k, (v, label) in enumerate(chips):
        row, col = divmod(k, FURS_PER_ROW)
        _paste(im, fur_chip(v, FUR_CHIP_W, label), BODY_X + col * (FUR_CHIP_W + 6), y + 3 + row * FUR_ROW)
    if not chips:
        draw_text(draw, (BODY_X, y + FUR_ROW / 2), words("none"), 22, MUTED, "lm", bold=True)
    return y + _rows(len(chips), FURS_PER_ROW) * FUR_ROW


def _stories(draw: ImageDraw.ImageDraw, words: Words, y: int, stories: int) -> None:
    """The story track 0–30 (ST-11.6): 31 cells, the marker's cell filled."""
    _label(draw, y + LINE_H / 2, words("stories"))
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


def _track(im: Image.Image, draw: ImageDraw.ImageDraw, words: Words, names: Names, c: CossackView, y: int) -> None:
    """The trophy track (ST-14.9): per space the fur to enter, the row reward, the end VP and any
    entry bonus; the marker's space is highlighted and holds the cossack's token."""
    t = c.track
    entry = dict(t.entry)
    h = _track_h(c)
    fur_y, row_y = y + 30, y + 30 + FUR_H + 6
    _label(draw, y + 16, words("trophy"))
    for ly, text in (
        (fur_y + FUR_H / 2, words("track_fur")),
        (row_y + 14, words("track_row")),
        (row_y + 42, words("track_end")),
    ):
        _label(draw, ly, text, MUTED, 21)
    if entry:
        _label(draw, row_y + 68, words("track_entry"), MUTED, 21)
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
            _paste(
                im, token_sprite(c.index, short(words, names, c), TROPHY_TOKEN), x0 + box_w - TROPHY_TOKEN - 6, y + 3
            )
        fur = t.furs[k]
        if fur is None:
            _fit(draw, (x0 + 9, fur_y + FUR_H / 2), words("start"), box_w - 14, 21, fill=MUTED, anchor="lm", bold=True)
        else:
            _paste(im, fur_chip(fur, box_w - 10, animal(words, fur)), x0 + 5, fur_y)
        row = reward(words, t.rows[k]) if k < len(t.rows) else ""
        _fit(draw, (x0 + 8, row_y + 14), row, box_w - 14, 21, anchor="lm", bold=True)
        end = t.ends[k] if k < len(t.ends) else 0
        _fit(draw, (x0 + 8, row_y + 42), words.count("vp", end), box_w - 14, 21, anchor="lm", bold=True)
        if k in entry:
            _fit(
                draw, (x0 + 8, row_y + 68), reward(words, entry[k]), box_w - 14, 20, fill=ALERT, anchor="lm", bold=True
            )


def _wishes(im: Image.Image, draw: ImageDraw.ImageDraw, words: Words, c: CossackView, y: int) -> int:
    """Held and fulfilled wishes (for Ivan: the wishes he took, ST-15.9) with their timing; returns
    the y below them."""
    items = [(True, w) for w in c.held] + [(False, w) for w in c.fulfilled]
    _label(draw, y + 14, words("wishes"))
    _label(draw, y + 44, words("held_n", n=len(c.held)), MUTED, 21)
    _label(draw, y + 70, words("taken_n" if c.seat is None else "fulfilled_n", n=len(c.fulfilled)), MUTED, 21)
    if not items:
        draw_text(draw, (BODY_X, y + 14), words("none"), 22, MUTED, "lm", bold=True)
    for k, (held, w) in enumerate(items):
        row, col = divmod(k, WISHES_PER_ROW)
        wx = BODY_X + col * (WISH_W + WISH_GAP)
        wy = y + row * WISH_STEP
        kind = words("held" if held else "fulfilled")
        draw_text(draw, (wx + 2, wy + 11), kind, 19, ALERT if held else INK, "lm", bold=True)
        _paste(im, _wish(words, w, WISH_W), wx, wy + 24)
    return y + _rows(len(items), WISHES_PER_ROW) * WISH_STEP


def _tiles(draw: ImageDraw.ImageDraw, words: Words, c: CossackView, y: int) -> None:
    """Claimed landscape tiles (type and id), then the count per type for the sets of ST-13.2."""
    _label(draw, y + 18, words("tiles_n", n=len(c.tiles)))
    if not c.tiles:
        draw_text(draw, (BODY_X, y + 18), words("none"), 22, MUTED, "lm", bold=True)
        return
    for k, t in enumerate(c.tiles):
        row, col = divmod(k, TILES_PER_ROW)
        x0 = BODY_X + col * (TILE_CHIP_W + TILE_GAP)
        y0 = y + row * TILE_STEP
        draw.rounded_rectangle(
            (x0, y0, x0 + TILE_CHIP_W - 1, y0 + TILE_STEP - 7), radius=6, fill=LAND.get(t.type, MUTED), outline=INK
        )
        label = land(words, t.type)
        size, bold = fitting_face(label, TILE_CHIP_W - 10, 21, 14)
        ink = LAND_TEXT.get(t.type, WHITE)
        draw_text(draw, (x0 + TILE_CHIP_W / 2, y0 + (TILE_STEP - 7) / 2), label, size, ink, "mm", bold=bold)
    rows = _rows(len(c.tiles), TILES_PER_ROW)
    in_last = len(c.tiles) - (rows - 1) * TILES_PER_ROW
    sx, sy = BODY_X + in_last * (TILE_CHIP_W + TILE_GAP) + 6, y + (rows - 1) * TILE_STEP
    if _tile_rows(words, c) > rows:
        sx, sy = BODY_X, sy + TILE_STEP
    _fit(
        draw,
        (sx, sy + (TILE_STEP - 7) / 2),
        _tile_summary(words, c),
        BODY_X + BODY_W - sx,
        20,
        fill=MUTED,
        anchor="lm",
        bold=True,
    )


def compose_tableaux(view: StroganovView, words: Words, names: Names, indices: tuple[int, ...]) -> Image.Image:
    """The tableaux of ``indices`` stacked, under the two status lines."""
    cossacks = [view.cossacks[i] for i in indices if 0 <= i < len(view.cossacks)]
    height = TITLE_H + sum(_tableau_height(words, c) for c in cossacks) + 4
    im = Image.new("RGB", (WIDTH, height), PAGE)
    draw = ImageDraw.Draw(im)
    _status_lines(draw, view, words, names)
    y = TITLE_H
    for c in cossacks:
        y = _tableau(im, view, words, names, c, y)
    return im


def render_tableau(view: StroganovView, index: int, words: Words, names: Names = ()) -> bytes:
    """Cossack ``index``'s tableau (ST-3.4) as PNG bytes."""
    return encode_png(compose_tableaux(view, words, tuple(names), (index,)), PALETTE)


def render_tableaux(view: StroganovView, words: Words, names: Names = ()) -> bytes:
    """Every cossack's tableau in one image, in cossack order, as PNG bytes."""
    return encode_png(compose_tableaux(view, words, tuple(names), tuple(range(len(view.cossacks)))), PALETTE)


def warm_up(words: Words | None = None) -> None:
    """Draw the common sprites now instead of during the first renders (the fur chips in ``words``'
    language)."""
    for i in range(len(PLAYER)):
        token_sprite(i, "Iv")
    if words is None:
        return
    for v in FUR_VALUES:
        for w in (COL_W, SIDE_CHIP_W, *(_band_chip_w(r) for r in (1, 4))):
            fur_chip(v, w, animal(words, v))
        for red in (False, True):
            fur_square(v, red)


# --- the turn image: what matters now, readable on a phone -------------------------------------------

TURN_W = 600
"""The turn image's width: a phone shows it about 400 px wide, so text of at least 14 px (the
smallest here) keeps 9.3 px there (issue 19 §4)."""
TURN_MIN = 14
TP = 10
"""The turn image's margin."""
T_INNER = TURN_W - 2 * TP
T_ROW_H = 34
T_COLS = 6
"""Positions shown of the row: the acting cossack's and the five it can move to (ST-7.2)."""
T_COL_GAP = 6
T_COL_W = (T_INNER - (T_COLS - 1) * T_COL_GAP) // T_COLS
T_SQ = 34
T_TOKEN = 30
T_CHIP_W = (T_INNER - 2 * 8) // 3
T_CARD_W = (T_INNER - 10) // 2


def _t_fit(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    room: float,
    largest: int,
    *,
    fill: RGB = INK,
    anchor: str = "la",
    bold: bool = True,
) -> None:
    """Text that shrinks to fit ``room``, never below :data:`TURN_MIN`; then it is cut with "…"."""
    size = fitting_size_min(text, room, largest, bold)
    draw_text(draw, xy, clip(text, room, size, bold), size, fill, anchor, bold=bold)


def fitting_size_min(text: str, room: float, largest: int, bold: bool) -> int:
    size, _ = fitting_face(text, room, largest, TURN_MIN, bold)
    return max(TURN_MIN, size)


def _t_wrap(
    draw: ImageDraw.ImageDraw, x: float, y: float, text: str, room: float, size: int, lines: int, *, fill: RGB = INK
) -> int:
    """``text`` in at most ``lines`` lines of ``size`` px from ``y`` (the last cut with "…"); returns
    the y below it."""
    parts = wrap(text, room, size)
    if len(parts) > lines:
        parts = [*parts[: lines - 1], clip(" ".join(parts[lines - 1 :]), room, size)]
    for line in parts:
        draw_text(draw, (x, y + size * 0.65), clip(line, room, size), size, fill, "lm", bold=True)
        y += size + 6
    return round(y)


def _focus(view: StroganovView) -> CossackView | None:
    """Whose turn image: the cossack to act, after the game the winner."""
    if view.actor is not None and 0 <= view.actor < len(view.cossacks):
        return view.cossacks[view.actor]
    if view.result:
        return view.cossacks[view.result[0][0]]
    return None


def _window(position: int) -> range:
    """The positions shown: the cossack's and the five east of it (Tyumen is position 0), shifted
    west near the end of the row so that six are always shown."""
    start = max(0, min(position, 12 - (T_COLS - 1)))
    return range(start, start + T_COLS)


def _t_overview(
    im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, words: Words, names: Names, y: int
) -> int:
    """Everyone in one table: name (in the cossack's colour), where, furs, coins, horses, stories,
    VP; the one to act on a yellow band."""
    keys = ("col.where", "col.furs", "col.coins", "col.horses", "col.stories", "col.vp")
    where = max(text_width(_t_where(words, 0), 19, bold=True), 30)
    cols = [(k, round(max(text_width(words(k), 15, bold=True), where if k == "col.where" else 30)) + 12) for k in keys]
    right = TP + T_INNER
    xs = []
    x = right
    for _, w in reversed(cols):
        xs.append(x)
        x -= w
    xs.reverse()
    name_right = x - 6
    for (key, w), xr in zip(cols, xs, strict=True):
        _t_fit(draw, (xr - 4, y + 11), words(key), w - 6, 15, fill=MUTED, anchor="rm")
    y += 24
    for c in view.cossacks:
        acting = view.actor == c.index and view.stage != "finished"
        if acting:
            draw.rounded_rectangle((TP, y, right, y + T_ROW_H - 2), radius=6, fill=HILITE)
        _paste(im, token_sprite(c.index, short(words, names, c), 28), TP + 3, y + 2)
        who = display(words, names, c)
        tag = "  ".join(_tags(view, words, c)[1 if acting else 0 :])
        if tag:
            who += f"  ({tag})"
        _t_fit(draw, (TP + 38, y + T_ROW_H / 2), who, name_right - TP - 38, 18, anchor="lm")
        values = (
            _t_where(words, c.position),
            str(len(c.furs) + c.tigers),
            str(c.coins),
            str(c.horses),
            str(c.stories),
            str(c.score),
        )
        for (_, w), xr, v in zip(cols, xs, values, strict=True):
            _t_fit(draw, (xr - 4, y + T_ROW_H / 2), v, w - 6, 19, anchor="rm")
        y += T_ROW_H
    return y + 6


def _t_where(words: Words, p: int) -> str:
    return words("tyumen") if p == 0 else str(p)


def _t_row(
    im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, words: Words, names: Names, focus: int, y: int
) -> int:
    """The acting cossack's position and the five east of it: number and region, landscape type,
    the items (fur values, T for the tiger) and the cossacks there."""
    shown = _window(focus)
    crowd = max((sum(1 for c in view.cossacks if c.position == p) for p in shown), default=0)
    token_rows = max(1, (crowd + 2) // 3)
    h = 30 + 28 + 3 * (T_SQ + 4) + 6 + token_rows * (T_TOKEN + 2) + 6
    for k, p in enumerate(shown):
        x = TP + k * (T_COL_W + T_COL_GAP)
        here = p == focus
        draw.rounded_rectangle(
            (x, y, x + T_COL_W - 1, y + h - 1),
            radius=8,
            fill=PANEL,
            outline=HILITE if here else BORDER,
            width=4 if here else 2,
        )
        band = HILITE if here else REGION
        draw.rounded_rectangle((x + 2, y + 2, x + T_COL_W - 3, y + 28), radius=6, fill=band)
        ink = INK if here else WHITE
        if p == 0:
            title = words("tyumen")
        else:
            region = next((r.number for r in view.regions if p in r.positions), 0)
            title = f"{p} · R{region}"
        _t_fit(draw, (x + T_COL_W / 2, y + 16), title, T_COL_W - 8, 18, fill=ink, anchor="mm")
        ty = y + 32
        pos = view.positions[p - 1] if 0 < p <= len(view.positions) else None
        tile = pos.tile if pos is not None else None
        if tile is not None:
            draw.rounded_rectangle((x + 4, ty, x + T_COL_W - 5, ty + 24), radius=4, fill=LAND.get(tile.type, MUTED))
            label = land(words, tile.type) + (" S" if tile.s else "")
            _t_fit(
                draw,
                (x + T_COL_W / 2, ty + 12),
                label,
                T_COL_W - 14,
                16,
                fill=LAND_TEXT.get(tile.type, WHITE),
                anchor="mm",
            )
        elif p:
            _t_fit(draw, (x + T_COL_W / 2, ty + 12), words("no_tile"), T_COL_W - 10, 15, fill=MUTED, anchor="mm")
        iy = ty + 30
        items = pos.items if pos is not None else ()
        for i, v in enumerate(items[:6]):
            row, col = divmod(i, 2)
            sx = x + (T_COL_W - 2 * T_SQ - 6) / 2 + col * (T_SQ + 6)
            _paste(im, fur_square(v, False, T_SQ), sx, iy + row * (T_SQ + 4))
        if pos is not None and tile is not None and not items:
            _t_fit(draw, (x + T_COL_W / 2, iy + T_SQ / 2), words("empty"), T_COL_W - 10, 15, fill=MUTED, anchor="mm")
        here_now = sorted((c for c in view.cossacks if c.position == p), key=lambda c: c.stamp)
        ky = y + h - 6 - token_rows * (T_TOKEN + 2)
        for i, c in enumerate(here_now):
            row, col = divmod(i, 3)
            in_row = min(3, len(here_now) - row * 3)
            kx = x + (T_COL_W - in_row * T_TOKEN) / 2 + col * T_TOKEN
            _paste(im, token_sprite(c.index, short(words, names, c), T_TOKEN), kx, ky + row * (T_TOKEN + 2))
    return y + h + 8


def _t_here(
    im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, words: Words, names: Names, p: int, y: int
) -> int:
    """Where the acting cossack stands: the landscape to claim and the region's village, yurt, wish
    and outposts (ST-3.2); Tyumen: the trade fur."""
    x, room = TP + 8, T_INNER - 16
    top = y
    y += 8
    if p == 0:
        y = _t_wrap(draw, x, y, words("here_tyumen"), room, 17, 1)
        return _t_box(draw, top, y)
    pos = view.positions[p - 1]
    reg = next((r for r in view.regions if p in r.positions), None)
    if reg is not None:
        head = words("here", position=p, region=reg.number, fur=f"{animal(words, reg.fur)} {reg.fur}")
        y = _t_wrap(draw, x, y, head, room, 18, 1)
    if pos.tile is not None:
        t = pos.tile
        line = words("here_tile", tile=land(words, t.type), reward=reward(words, t.reward))
        y = _t_wrap(draw, x, y, line, room, 16, 2)
    if reg is None:
        return _t_box(draw, top, y)
    name = village(words, reg.village_name)
    y = _t_wrap(draw, x, y, f"{words('village', name=name)}: {reward(words, reg.village_reward)}", room, 16, 2)
    yurt = f"{words('yurt')}: {reward(words, reg.yurt_reward)}" if reg.yurt else words("yurt_empty")
    y = _t_wrap(draw, x, y, yurt, room, 16, 2)
    y += 4
    card_w = T_CARD_W - 8
    if reg.wish is not None:
        _paste(im, _wish(words, reg.wish, card_w), x, y)
    else:
        draw.rounded_rectangle((x, y, x + card_w - 1, y + WISH_H - 1), radius=8, outline=BORDER, width=2)
        _t_fit(draw, (x + card_w / 2, y + WISH_H / 2), words("wish_empty"), card_w - 10, 17, fill=MUTED, anchor="mm")
    sx = x + card_w + 10
    _t_fit(draw, (sx, y + 10), words("outposts"), TP + T_INNER - 8 - sx, 16, fill=MUTED, anchor="lm")
    n = max(1, len(reg.slot_vp))
    slot_w = min(90, (TP + T_INNER - 8 - sx - (n - 1) * 6) // n)
    for k, (owner, vp) in enumerate(zip(reg.outposts, reg.slot_vp, strict=False)):
        _paste(im, _slot(view, words, names, owner, vp, slot_w, 60, 18, 15), sx + k * (slot_w + 6), y + 26)
    y += WISH_H + 8
    return _t_box(draw, top, y)


def _t_box(draw: ImageDraw.ImageDraw, top: int, bottom: float) -> int:
    """A frame around a section drawn from ``top`` (drawn after its text, as an outline)."""
    draw.rounded_rectangle((TP, top, TP + T_INNER, round(bottom) + 4), radius=8, outline=BORDER, width=2)
    return round(bottom) + 12


def _t_market(im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, words: Words, y: int) -> int:
    """The market (three chips a row), the trade fur and, when songs are bought, the song display."""
    trade = words("trade_line", fur=f"{animal(words, view.trade_fur)} {view.trade_fur}")
    head = words("market", n=len(view.market))
    _t_fit(draw, (TP, y + 12), head, T_INNER / 2 - 8, 19, anchor="lm")
    _t_fit(draw, (TP + T_INNER, y + 12), trade, T_INNER / 2 - 8, 17, fill=MUTED, anchor="rm")
    y += 28
    for k, v in enumerate(view.market):
        row, col = divmod(k, 3)
        _paste(im, fur_chip(v, T_CHIP_W, animal(words, v)), TP + col * (T_CHIP_W + 8), y + row * (FUR_H + 6))
    if not view.market:
        _t_fit(draw, (TP, y + FUR_H / 2), words("empty"), T_INNER, 17, fill=MUTED, anchor="lm")
    y += max(1, (len(view.market) + 2) // 3) * (FUR_H + 6) + 4
    if view.pending == "song" or view.stage == "songs":
        _t_fit(draw, (TP, y + 12), words("songs_display"), T_INNER, 18, anchor="lm")
        y += 28
        for k, s in enumerate(view.songs):
            row, col = divmod(k, 2)
            sprite = song_sprite(words.count("stories", s.cost), reward(words, s.reward), T_CARD_W)
            _paste(im, sprite, TP + col * (T_CARD_W + 10), y + row * (SONG_H + 6))
        y += max(1, (len(view.songs) + 1) // 2) * (SONG_H + 6)
    return y + 6


def _t_tableau(
    im: Image.Image, draw: ImageDraw.ImageDraw, view: StroganovView, words: Words, names: Names, c: CossackView, y: int
) -> int:
    """The acting cossack's tableau, compact: resources, furs, held wishes, outposts, landscapes,
    songs, trophy space."""
    top = y
    x, room = TP + 16, T_INNER - 24
    draw.rectangle((TP + 5, y + 8, TP + 10, y + 40), fill=PLAYER[c.index % len(PLAYER)])
    _paste(im, token_sprite(c.index, short(words, names, c), 34), x, y + 6)
    vp = words.count("vp", c.score)
    vw = text_width(vp, 24, bold=True)
    draw_text(draw, (TP + T_INNER - 8, y + 23), vp, 24, INK, "rm", bold=True)
    _t_fit(draw, (x + 42, y + 23), display(words, names, c), room - 42 - vw - 12, 22, anchor="lm")
    y += 46
    stats = (
        f"{words('coins')} {c.coins}  ·  {words('horses')} {c.horses}  ·  {words('tigers')} {c.tigers}"
        f"  ·  {words('banners')} {c.banners}  ·  {words('stories')} {c.stories}  ·  {words('trophy')} {c.trophy}"
    )
    y = _t_wrap(draw, x, y, stats, room, 17, 2)
    chips = _fur_chips(words, c)
    for k, (v, label) in enumerate(chips):
        row, col = divmod(k, 3)
        _paste(im, fur_chip(v, (room - 16) // 3, label), x + col * ((room - 16) // 3 + 8), y + row * (FUR_H + 6))
    if not chips:
        y = _t_wrap(draw, x, y, f"{words('furs')}: {words('none')}", room, 17, 1, fill=MUTED)
    else:
        y += ((len(chips) + 2) // 3) * (FUR_H + 6)
    if c.held:
        card_w = (room - 10) // 2
        for k, w in enumerate(c.held):
            row, col = divmod(k, 2)
            _paste(im, _wish(words, w, card_w), x + col * (card_w + 10), y + row * (WISH_H + 6))
        y += ((len(c.held) + 1) // 2) * (WISH_H + 6)
    built = " ".join(f"R{r}" for r in c.built) or words("none")
    y = _t_wrap(draw, x, y, words("outposts_line", supply=c.supply, reserve=c.reserve, built=built), room, 16, 2)
    tiles = _tile_summary(words, c)
    done = [words.get(f"ability.{w.ability}", "") for w in c.fulfilled]
    fulfilled = "  ·  ".join([words("fulfilled_n", n=len(c.fulfilled)), *(d for d in done if d)])
    line = words("tiles_n", n=len(c.tiles)) + (f"  ·  {tiles}" if tiles else "")
    y = _t_wrap(draw, x, y, line, room, 16, 2)
    y = _t_wrap(draw, x, y, fulfilled, room, 16, 2)
    if c.songs:
        y = _t_wrap(draw, x, y, words("songs_line", songs=len(c.songs)), room, 16, 1)
    return _t_box(draw, top, y)


def compose_turn(view: StroganovView, words: Words, names: Names) -> Image.Image:
    """The turn image in RGB (:func:`render_turn` encodes it)."""
    im = Image.new("RGB", (TURN_W, 2400), PAGE)
    draw = ImageDraw.Draw(im)
    first, second = _status(view, words, names)
    _t_fit(draw, (TP, 20), first, T_INNER, 22, anchor="lm")
    _t_fit(draw, (TP, 48), second, T_INNER, 19, fill=ALERT if view.stage != "finished" else INK, anchor="lm")
    y = _t_overview(im, draw, view, words, names, 66)
    c = _focus(view)
    if c is not None and view.stage != "finished":
        y = _t_row(im, draw, view, words, names, c.position, y)
        y = _t_here(im, draw, view, words, names, c.position, y)
    y = _t_market(im, draw, view, words, y)
    if c is not None:
        y = _t_tableau(im, draw, view, words, names, c, y)
    _t_fit(draw, (TURN_W / 2, y + 10), words("full_hint"), T_INNER, 15, fill=MUTED, anchor="mm")
    return im.crop((0, 0, TURN_W, y + 24))


def render_turn(view: StroganovView, words: Words, names: Names = ()) -> bytes:
    """What matters on this turn, readable on a phone (issue 19 §4), as PNG bytes: everyone at a
    glance; the acting cossack's surroundings on the row and what it can claim, visit or take
    there; the market; its tableau. The full board and tableaux stay one press away."""
    return encode_png(compose_turn(view, words, tuple(names)), PALETTE)
