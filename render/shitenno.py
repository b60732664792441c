"""Shitenno images: a :class:`ShitennoView` -> PNG bytes (SH-4).

Three pictures, all drawn from the view alone, so none can show more than its viewer may know:

- :func:`render_board`: the eight provinces (SH-2.4) with their positions, values and stones
  (golden faces marked, SH-8.13), home type and figures, the top bonus tile of each stack and the
  tiles left (SH-4.1), the next conquest's cost (SH-8.4), and every player's public state.
- :func:`render_sharing`: the sharing table (SH-7): pool, unplaced hierarchy tiles, the lot on
  offer, refusals, pending players, the Tairó and the split lots.
- :func:`render_hand`: a player's private image (SH-4.2): his hand, kept tiles, title and power.

The public images never read ``view.hand``. Speed: the static board (province frames, names,
values) is drawn once and cached; stones, cards and tiles are cached sprites
(:mod:`render.shitenno_sprites`); the result is encoded as an 8-bit PNG (:mod:`render.png`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from render.fonts import draw_text, fitting_size, text_width
from render.png import RGB, Box, blank_rows, encode_png, mapped, mapped_rows, paste_mapped, rows_png
from render.shitenno_sprites import (
    ALERT,
    BORDER,
    CARD_H,
    CARD_W,
    GENERAL,
    HILITE,
    INK,
    MUTED,
    OFFER,
    PAGE,
    PALETTE,
    PANEL,
    SLOT,
    STONE,
    TILE,
    card_sprite,
    empty_slot_sprite,
    hierarchy_sprite,
    stone_sprite,
    tile_sprite,
    troop_chip,
)
from render.words import Words, shorten

if TYPE_CHECKING:
    from rules.shitenno.view import CardView, LotView, PlayerView, ProvinceView, ShitennoView, TileView

# --- layout (pixels) -----------------------------------------------------------------------------

PAD = 12
PROV_W = 483
"""A province: four positions, the top bonus tile and the next conquest's cost."""
WIDTH = PROV_W + 2 * PAD
"""One column of provinces sets the width (507 px, was 1000 with two), so that a phone showing the
image 400 px wide still shows its smallest text 9.5 px tall (issue 19 §4)."""
MIN_TEXT = 12
"""The smallest text drawn: 12 px of 507 is 9.5 px on a phone 400 px wide."""
HEADER_H = 92
PLAYER_H = 150
PROV_H = 156
PROV_GAP = 10
FOOTER_H = 58
SLOT_W, SLOT_H = 66, 100
SLOT_GAP = 5
SLOT_X0 = 10
SLOT_Y0 = 46
CARD_GAP = 10

SEALS = {"Daimyo": 4, "Shomyo": 3, "Sensei": 2, "Hatamoto": 1}


# --- words and names ------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1024)
def _fit(text: str, width: float, largest: int, bold: bool = False, smallest: int = MIN_TEXT) -> tuple[str, int]:
    """``text`` at the largest size in ``smallest..largest`` that fits ``width``, cut with "…"
    when even ``smallest`` is too wide. Cached: most labels recur from image to image."""
    size = fitting_size(text, width, largest, smallest, bold)
    return shorten(text, lambda s: text_width(s, size, bold) <= width), size


def _line(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    width: float,
    largest: int,
    fill: RGB = INK,
    bold: bool = False,
    smallest: int = MIN_TEXT,
) -> None:
    """One line of text, left-aligned and vertically centred on ``xy``, fitted into ``width``."""
    text, size = _fit(text, width, largest, bold, smallest)
    draw_text(draw, xy, text, size, fill, "lm", bold=bold)


def _general(p: PlayerView) -> str:
    """The general's family name (SH-2.1): short enough for every line."""
    return p.general.split()[0] if p.general else "?"


def _name(names: Sequence[str], seat: int, width: float = 150, size: int = 16) -> str:
    """The player's display name, shortened to ``width`` pixels at ``size``."""
    return _shortened(names[seat] if 0 <= seat < len(names) else "?", width, size)


@functools.lru_cache(maxsize=256)
def _shortened(name: str, width: float, size: int) -> str:
    return shorten(name, lambda s: text_width(s, size) <= width)


def _who(view: ShitennoView, words: Words, names: Sequence[str], seat: int | None) -> str:
    """``Jana (Honda)``: the player by name, with the general the board shows."""
    if seat is None or not 0 <= seat < len(view.players):
        return words("img.sh.nobody")
    return words("img.sh.who", name=_name(names, seat), general=_general(view.players[seat]))


def _join(items: Sequence[str], words: Words) -> str:
    if len(items) <= 1:
        return "".join(items)
    return words("img.sh.and", head=", ".join(items[:-1]), last=items[-1])


def _effects(tiles: Sequence[TileView], words: Words) -> str:
    return ", ".join(words(f"sh.effect.{t.effect}") if words.has(f"sh.effect.{t.effect}") else t.effect for t in tiles)


# --- shared pieces -------------------------------------------------------------------------------


def _new(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    im = Image.new("RGB", (WIDTH, height), PAGE)
    return im, ImageDraw.Draw(im)


def _status_line(view: ShitennoView, words: Words, names: Sequence[str]) -> tuple[str, str, RGB]:
    """The header: round and phase, and LAST ROUND when the flag is set (SH-9.1)."""
    text = words("img.sh.round_phase", round=view.round, phase=words(f"img.sh.phase.{view.phase}"))
    if view.phase == "finished":
        if view.outcome is not None and view.outcome.winners:
            won = _join([_name(names, s, 120) for s in view.outcome.winners], words)
            text += "  ·  " + words("img.sh.won", names=won)
        return text, "", MUTED
    return text, (words("img.sh.last_round") if view.last_round else ""), ALERT


def _to_act_lines(view: ShitennoView, words: Words, names: Sequence[str]) -> list[str]:
    """Who must act (SH-10) and what; in the control phase, the order of turns."""
    if view.phase == "finished":
        if view.outcome is None:
            return []
        scores = ", ".join(
            f"{_name(names, p.seat, 110)} {v}" for p, v in zip(view.players, view.outcome.scores, strict=False)
        )
        key = "img.sh.scores_resign" if view.outcome.reason == "resign" else "img.sh.final_scores"
        return [words(key, scores=scores)]
    if not view.to_act:
        return [words("img.sh.waiting")]
    seat = view.to_act[0]
    who = _who(view, words, names, seat)
    sh = view.sharing
    if view.phase == "sharing" and sh is not None:
        if sh.split is not None:
            return [words("img.sh.must_choose", who=who)]
        if sh.offer is not None:
            return [words("img.sh.must_accept", who=who)]
        if len(sh.pending) == 2:
            return [words("img.sh.must_split", who=who)]
        return [words("img.sh.must_form", who=who)]
    p = view.players[seat] if 0 <= seat < len(view.players) else None
    lines = [words("img.sh.control_turn", who=who, n=p.conquests if p else 0)]
    if view.control is not None:
        lines.append(words("img.sh.order", order=", ".join(_name(names, s, 100) for s in view.control.order)))
    return lines


def _header(draw: ImageDraw.ImageDraw, view: ShitennoView, words: Words, names: Sequence[str]) -> None:
    text, right, fill = _status_line(view, words, names)
    room: float = WIDTH - 2 * PAD
    if right:
        right, rsize = _fit(right, 170, 20, bold=True)
        draw_text(draw, (WIDTH - PAD, 24), right, rsize, fill, "rm", bold=True)
        room -= text_width(right, rsize, True) + 12
    _line(draw, (PAD, 24), text, room, 26, bold=True)
    for i, line in enumerate(_to_act_lines(view, words, names)[:2]):
        _line(draw, (PAD, 56 + i * 24), line, WIDTH - 2 * PAD, 18)


def _player_box(
    im: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: ShitennoView,
    words: Words,
    names: Sequence[str],
    p: PlayerView,
    box: tuple[int, int, int, int],
) -> None:
    """One player's public state (SH-4.1): name, general, title and seals, score, stones in supply,
    hand counts, kept tiles; marked when the player must act, is Tairó, has resigned, or (finished)
    won."""
    x0, y0, x1, y1 = box
    acting = view.phase != "finished" and bool(view.to_act) and view.to_act[0] == p.seat
    won = view.outcome is not None and p.seat in view.outcome.winners
    outline = HILITE if acting or won else BORDER
    draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=outline, width=5 if acting or won else 2)
    colour = GENERAL.get(p.colour, MUTED)
    draw.rectangle((x0 + 5, y0 + 8, x0 + 10, y1 - 8), fill=colour)
    stone = stone_sprite(p.colour, False)
    im.paste(stone, (x0 + 16, y0 + 8), stone)
    name = names[p.seat] if p.seat < len(names) else "?"
    nx = x0 + 16 + STONE + 8
    if view.viewer == p.seat:
        name = words("img.sh.you", name=_name(names, p.seat, x1 - nx - 60, 20))
    _line(draw, (nx, y0 + 20), name, x1 - nx - 8, 20, bold=True, smallest=17)
    tags = []
    if acting:
        tags.append("to_act")
    if p.tairo:
        tags.append("tairo")
    if won:
        tags.append("winner")
    if p.resigned:
        tags.append("resigned")
    if view.phase == "control" and p.flipped:
        tags.append("flipped")
    if view.phase == "control" and p.joker_used:
        tags.append("joker_used")
    if tags:
        tag = " · ".join(words(f"img.sh.tag.{t}") for t in tags)
        _line(draw, (nx, y0 + 42), tag, x1 - nx - 8, 15, ALERT, bold=True)
    if p.title:
        general = words("img.sh.general_title", general=_general(p), title=p.title, seals=p.seals)
    else:
        general = f"{_general(p)}  ·  {words('img.sh.no_title')}"
    lines = [
        general,
        f"{words('img.sh.vp', n=p.score)}  ·  {words.n('img.sh.stones', p.stones)}",
        words("img.sh.cards", troop=p.troop_cards, koku=p.koku_cards),
        words("img.sh.tiles", tiles=_effects(p.kept_tiles, words) if p.kept_tiles else words("img.sh.none")),
    ]
    if view.outcome is not None and p.seat < len(view.outcome.provinces_won):
        o = view.outcome
        lines[3] = words("img.sh.provinces_won", n=o.provinces_won[p.seat], weight=o.weights[p.seat])
    y = y0 + 66
    for i, line in enumerate(lines):
        _line(draw, (x0 + 16, y + i * 21), line, x1 - x0 - 24, 17, INK if i < 2 else MUTED, bold=i < 2)


def _players_height(view: ShitennoView) -> int:
    return ((len(view.players) + 1) // 2) * PLAYER_H


def _players(
    im: Image.Image, draw: ImageDraw.ImageDraw, view: ShitennoView, words: Words, names: Sequence[str], y: int
) -> None:
    """The players two by two, in seat order."""
    w = (WIDTH - 2 * PAD - 8) // 2
    for i, p in enumerate(view.players):
        x = PAD + (i % 2) * (w + 8)
        top = y + (i // 2) * PLAYER_H
        _player_box(im, draw, view, words, names, p, (x, top, x + w - 1, top + PLAYER_H - 8))


Placed = list[tuple[int, int, "CardView"]]
"""Cards to paste already mapped (:func:`_cards_row`), with their places."""


def _cards_row(
    im: Image.Image,
    cards: Sequence[CardView],
    x0: int,
    y0: int,
    x1: int,
    words: Words,
    placed: Placed | None = None,
) -> int:
    """Cards laid left to right from (x0, y0), wrapping before x1; returns the y below them.
    With ``placed``, the cards are not pasted but listed there with their places (the caller
    pastes them already mapped: :func:`_mapped_card`)."""
    per_row = max(1, (x1 - x0 + CARD_GAP) // (CARD_W + CARD_GAP))
    koku = words("img.sh.koku")
    for i, c in enumerate(cards):
        x = x0 + (i % per_row) * (CARD_W + CARD_GAP)
        y = y0 + (i // per_row) * (CARD_H + CARD_GAP)
        if placed is not None:
            placed.append((x, y, c))
            continue
        sprite = card_sprite(c.label, c.kind, tuple(c.symbols), c.koku, koku)
        im.paste(sprite, (x, y), sprite)
    rows = (len(cards) + per_row - 1) // per_row
    return y0 + rows * (CARD_H + CARD_GAP)


@functools.lru_cache(maxsize=128)
def _mapped_card(label: str, kind: str, symbols: tuple[str, ...], koku: int, koku_word: str) -> Image.Image:
    """A card lying on the page, mapped to the palette: the same indices as the card's pixels in
    a whole image mapped at once (mapping is pixel by pixel)."""
    sprite = card_sprite(label, kind, symbols, koku, koku_word)
    on_page = Image.new("RGB", sprite.size, PAGE)
    on_page.paste(sprite, (0, 0), sprite)
    return mapped(on_page, PALETTE)


@functools.cache
def _page_index() -> int:
    """The palette index the page's colour maps to."""
    index = mapped(Image.new("RGB", (1, 1), PAGE), PALETTE).getpixel((0, 0))
    assert isinstance(index, int)
    return index


def _cards_height(count: int, width: int) -> int:
    per_row = max(1, (width + CARD_GAP) // (CARD_W + CARD_GAP))
    return ((count + per_row - 1) // per_row) * (CARD_H + CARD_GAP)


def _wrap(text: str, size: int, width: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` pixels at ``size``."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


# --- the board -----------------------------------------------------------------------------------


def _province_origin(index: int, top: int) -> tuple[int, int]:
    """Provinces in SH-2.4 order, one under another from ``top``."""
    return PAD, top + index * (PROV_H + PROV_GAP)


def _provinces_top(view: ShitennoView) -> int:
    return HEADER_H + _players_height(view) + 6


@functools.lru_cache(maxsize=16)
def _board_background(
    provinces: tuple[tuple[str, str, int, tuple[int, ...]], ...], top: int, words: Words
) -> Image.Image:
    """The static board: province frames, names, home type and figures, position slots with their
    numbers and values (SH-2.4). Keyed by the provinces' fixed data, where they start (below the
    players) and the words."""
    im, d = _new(top + len(provinces) * (PROV_H + PROV_GAP) + FOOTER_H)
    for i, (pid, home, figures, values) in enumerate(provinces):
        x, y = _province_origin(i, top)
        d.rounded_rectangle((x, y, x + PROV_W - 1, y + PROV_H - 1), radius=10, fill=PANEL, outline=BORDER, width=2)
        draw_text(d, (x + 12, y + 22), pid, 26, INK, "lm", bold=True)
        chip = troop_chip(home, f"{home} x{figures}", 76, 28)
        im.paste(chip, (x + 200, y + 8), chip)
        troop = words(f"img.sh.troop.{home}") if words.has(f"img.sh.troop.{home}") else home
        _line(d, (x + 284, y + 22), troop, PROV_W - 292, 17, MUTED)
        for n, value in enumerate(values):
            sx, sy = x + SLOT_X0 + n * (SLOT_W + SLOT_GAP), y + SLOT_Y0
            d.rounded_rectangle((sx, sy, sx + SLOT_W - 1, sy + SLOT_H - 1), radius=8, fill=SLOT)
            vp, size = _fit(words("img.sh.vp", n=value), SLOT_W - 6, 19, bold=True)
            draw_text(d, (sx + SLOT_W / 2, sy + 14), vp, size, INK, "mm", bold=True)
            pos, size = _fit(words("img.sh.position", n=n + 1), SLOT_W - 6, 14)
            draw_text(d, (sx + SLOT_W / 2, sy + 88), pos, size, MUTED, "mm")
    return im


def _province_key(view: ShitennoView) -> tuple[tuple[str, str, int, tuple[int, ...]], ...]:
    return tuple((p.id, p.home, p.figures, tuple(pos.value for pos in p.positions)) for p in view.provinces)


def _province(
    im: Image.Image, draw: ImageDraw.ImageDraw, view: ShitennoView, words: Words, index: int, prov: ProvinceView
) -> None:
    """Stones on the positions, the target position framed, the top bonus tile and tiles left, and
    the next conquest's cost: troop requirement or koku (SH-8.4)."""
    x, y = _province_origin(index, _provinces_top(view))
    target = next((i for i, pos in enumerate(prov.positions) if pos.stone is None), None)
    for n, pos in enumerate(prov.positions):
        sx, sy = x + SLOT_X0 + n * (SLOT_W + SLOT_GAP), y + SLOT_Y0
        if n == target and view.phase != "finished":
            draw.rounded_rectangle((sx, sy, sx + SLOT_W - 1, sy + SLOT_H - 1), radius=8, outline=HILITE, width=4)
        if pos.stone is not None:
            owner = view.players[pos.stone.owner] if 0 <= pos.stone.owner < len(view.players) else None
            sprite = stone_sprite(owner.colour if owner else "", pos.stone.golden)
        else:
            sprite = empty_slot_sprite()
        im.paste(sprite, (sx + (SLOT_W - STONE) // 2, sy + 29), sprite)
    rx = x + SLOT_X0 + 4 * (SLOT_W + SLOT_GAP) + 4
    ty = y + SLOT_Y0
    room = x + PROV_W - 8 - rx
    if prov.top_tile is not None:
        t = prov.top_tile
        sprite = tile_sprite(t.troop, t.effect, _short_effect(words, t.effect))
        im.paste(sprite, (rx, ty), sprite)
        tx = rx + TILE + 8
        effect = words(f"sh.effect.{t.effect}") if words.has(f"sh.effect.{t.effect}") else t.effect
        draw_text(draw, (tx, ty + 11), t.label, 24, INK, "lm", bold=True)
        _line(draw, (tx, ty + 33), effect, x + PROV_W - 8 - tx, 16, bold=True)
        _line(draw, (tx, ty + 52), words.n("img.sh.tiles_left", prov.tiles_left), x + PROV_W - 8 - tx, 16, MUTED)
    else:
        _line(draw, (rx, ty + 28), words("img.sh.no_tiles"), room, 18, MUTED)
    if view.phase == "finished":
        return
    if prov.koku_cost is None:
        _line(draw, (rx, ty + 84), words("img.sh.full"), room, 20, MUTED, bold=True)
        return
    _line(draw, (rx, ty + 74), words("img.sh.need", troops=" ".join(prov.requirement)), room, 17, bold=True)
    _line(draw, (rx, ty + 94), words("img.sh.or_koku", n=prov.koku_cost), room, 17)


def _short_effect(words: Words, effect: str) -> str:
    key = f"img.sh.effect_short.{effect}"
    return words(key) if words.has(key) else effect


def _footer(draw: ImageDraw.ImageDraw, view: ShitennoView, words: Words, y: int) -> None:
    """Pile sizes (SH-4.1)."""
    decks = words("img.sh.decks", deck=view.troop_deck, discard=len(view.troop_discard))
    koku = words("img.sh.koku_decks", koku=view.koku_deck, removed=len(view.koku_removed), tiles=len(view.spent_tiles))
    _line(draw, (PAD, y + 14), decks, WIDTH - 2 * PAD, 16, MUTED)
    _line(draw, (PAD, y + 38), koku, WIDTH - 2 * PAD, 16, MUTED)


def compose_board(view: ShitennoView, words: Words, names: Sequence[str]) -> Image.Image:
    """The board image in RGB (:func:`render_board` encodes it)."""
    top = _provinces_top(view)
    im = _board_background(_province_key(view), top, words).copy()
    draw = ImageDraw.Draw(im)
    _header(draw, view, words, names)
    _players(im, draw, view, words, names, HEADER_H)
    for i, prov in enumerate(view.provinces[:8]):
        _province(im, draw, view, words, i, prov)
    _footer(draw, view, words, top + len(view.provinces) * (PROV_H + PROV_GAP))
    return im


def render_board(view: ShitennoView, words: Words, names: Sequence[str]) -> bytes:
    """The public board (SH-4.1) for ``view`` as PNG bytes, its labels from ``words`` (the
    ``img.sh.*`` keys in one language) and its players by ``names`` (display names by seat);
    never reads ``view.hand``.

    The same pixels as ``encode_png(compose_board(...), PALETTE)``, mapped to the palette in parts:
    the static board is mapped once and cached, so only what is drawn over it (the header and the
    players, each province's positions, tile and cost, the footer) is mapped per image."""
    im = compose_board(view, words, names)
    top = _provinces_top(view)
    rows = _board_rows(_province_key(view), top, words).copy()
    paste_mapped(rows, im, _drawn_boxes(view, top, im.height), PALETTE)
    return rows_png(rows)


@functools.lru_cache(maxsize=16)
def _board_rows(
    provinces: tuple[tuple[str, str, int, tuple[int, ...]], ...], top: int, words: Words
) -> Image.Image:
    """:func:`_board_background` mapped to the palette, as PNG rows (``render.png.mapped_rows``)."""
    return mapped_rows(_board_background(provinces, top, words), PALETTE)


def _drawn_boxes(view: ShitennoView, top: int, height: int) -> list[Box]:
    """Where :func:`compose_board` draws over the static board: everything above the provinces,
    in each province everything below its name line (positions, stones, tile, cost), the footer."""
    boxes = [(0, 0, WIDTH, top)]
    for i in range(min(len(view.provinces), 8)):
        x, y = _province_origin(i, top)
        boxes.append((x, y + SLOT_Y0 - 8, x + PROV_W, y + PROV_H))
    footer = top + len(view.provinces) * (PROV_H + PROV_GAP)
    boxes.append((0, footer, WIDTH, height))
    return boxes


# --- the sharing table ---------------------------------------------------------------------------

SECTION_GAP = 14


def _section(draw: ImageDraw.ImageDraw, y: int, text: str) -> int:
    _line(draw, (PAD, y + 12), text, WIDTH - 2 * PAD, 21, bold=True)
    return y + 28


def _lot_height(lot: LotView, width: int) -> int:
    return 40 + 62 + 8 + max(_cards_height(len(lot.cards), width - 24), CARD_H // 3)


def _lot_box(
    im: Image.Image,
    draw: ImageDraw.ImageDraw,
    lot: LotView,
    name: str,
    box: tuple[int, int, int, int],
    fill: RGB,
    words: Words,
    note: str = "",
) -> None:
    """A lot (SH-7.5): its hierarchy tile, the title's power, and its cards."""
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=INK, width=2)
    _line(draw, (x0 + 12, y0 + 20), name, x1 - x0 - 24, 20, bold=True)
    tile = hierarchy_sprite(lot.tile, SEALS.get(lot.tile, 0))
    im.paste(tile, (x0 + 12, y0 + 42), tile)
    key = f"img.sh.power.{lot.tile}"
    power = words(key) if words.has(key) else ""
    room = x1 - x0 - tile.width - 36
    lines = _wrap(power, 15, room)[:2] + ([note] if note else [])
    for i, line in enumerate(lines[:3]):
        _line(draw, (x0 + tile.width + 24, y0 + 54 + i * 20), line, room, 15, MUTED)
    if lot.cards:
        _cards_row(im, lot.cards, x0 + 12, y0 + 110, x1 - 12, words)
    else:
        _line(draw, (x0 + 12, y0 + 124), words("img.sh.no_cards"), x1 - x0 - 24, 18, MUTED)


def _sharing_layout(view: ShitennoView) -> list[tuple[str, int]]:
    """Sections of the sharing image and their heights (so the image is exactly as tall as needed)."""
    sh = view.sharing
    parts: list[tuple[str, int]] = [("header", HEADER_H), ("players", _players_height(view))]
    if sh is None:
        return [*parts, ("none", 60)]
    parts.append(("status", 92))
    tiles_h = 2 * 62 if len(sh.unplaced) > _TILES_PER_ROW else 62
    parts.append(("unplaced", 28 + tiles_h + SECTION_GAP))
    parts.append(("pool", 28 + max(_cards_height(len(sh.pool), WIDTH - 2 * PAD), 30) + SECTION_GAP))
    if sh.offer is not None:
        parts.append(("offer", _lot_height(sh.offer, WIDTH - 2 * PAD) + SECTION_GAP))
    if sh.split is not None:
        for i, lot in enumerate(sh.split):
            parts.append((f"split{i}", _lot_height(lot, WIDTH - 2 * PAD) + SECTION_GAP))
    return parts


_TILES_PER_ROW = 4


def _names_of(view: ShitennoView, words: Words, names: Sequence[str], seats: Sequence[int]) -> str:
    return ", ".join(_who(view, words, names, s) for s in seats) if seats else words("img.sh.nobody")


def compose_sharing(view: ShitennoView, words: Words, names: Sequence[str]) -> Image.Image:
    """The sharing table in RGB (:func:`render_sharing` encodes it)."""
    layout = _sharing_layout(view)
    im, draw = _new(sum(h for _, h in layout) + PAD)
    sh = view.sharing
    y = 0
    full = WIDTH - 2 * PAD
    for part, h in layout:
        if part == "header":
            _header(draw, view, words, names)
        elif part == "players":
            _players(im, draw, view, words, names, y)
        elif part == "none":
            _line(draw, (PAD, y + 24), words("img.sh.no_sharing"), full, 22, MUTED, bold=True)
        elif sh is not None and part == "status":
            _line(
                draw, (PAD, y + 14), words("img.sh.tairo", who=_who(view, words, names, sh.tairo)), full, 21, bold=True
            )
            pend = words("img.sh.pending", names=_names_of(view, words, names, sh.pending))
            _line(draw, (PAD, y + 42), pend, full, 18)
            got = [f"{_who(view, words, names, p.seat)} {p.hierarchy_tile}" for p in view.players if p.hierarchy_tile]
            line = words("img.sh.received", list=", ".join(got) if got else words("img.sh.nobody_yet"))
            _line(draw, (PAD, y + 68), line, full, 18)
        elif sh is not None and part == "unplaced":
            _section(draw, y, words("img.sh.unplaced"))
            if not sh.unplaced:
                _line(draw, (PAD, y + 56), words("img.sh.none"), full, 18, MUTED)
            for i, t in enumerate(sh.unplaced):
                tile = hierarchy_sprite(t, SEALS.get(t, 0))
                col, row = i % _TILES_PER_ROW, i // _TILES_PER_ROW
                im.paste(tile, (PAD + col * (tile.width + 8), y + 28 + row * 62), tile)
        elif sh is not None and part == "pool":
            _section(draw, y, words.n("img.sh.pool", len(sh.pool)))
            if sh.pool:
                _cards_row(im, sh.pool, PAD, y + 28, WIDTH - PAD, words)
            else:
                _line(draw, (PAD, y + 42), words("img.sh.empty"), full, 18, MUTED)
        elif sh is not None and part == "offer" and sh.offer is not None:
            name = words("img.sh.offer", who=_who(view, words, names, sh.offered_to))
            note = words("img.sh.refused", names=_names_of(view, words, names, sh.refused)) if sh.refused else ""
            box = (PAD, y, WIDTH - PAD - 1, y + h - SECTION_GAP - 1)
            _lot_box(im, draw, sh.offer, name, box, OFFER, words, note)
        elif sh is not None and part.startswith("split") and sh.split is not None:
            i = int(part[5:])
            box = (PAD, y, WIDTH - PAD - 1, y + h - SECTION_GAP - 1)
            _lot_box(im, draw, sh.split[i], words("img.sh.lot", letter="AB"[i]), box, OFFER, words)
        y += h
    return im


def render_sharing(view: ShitennoView, words: Words, names: Sequence[str]) -> bytes:
    """The public sharing table (SH-7, SH-4.1) as PNG bytes; never reads ``view.hand``."""
    return encode_png(compose_sharing(view, words, names), PALETTE)


# --- a player's hand -----------------------------------------------------------------------------

KEPT_W = TILE + 130


def compose_hand(view: ShitennoView, words: Words, names: Sequence[str]) -> Image.Image:
    """A player's private image in RGB (:func:`render_hand` encodes it)."""
    return _hand(view, words, names)


def _hand(view: ShitennoView, words: Words, names: Sequence[str], placed: Placed | None = None) -> Image.Image:
    """:func:`compose_hand`; with ``placed``, the cards in hand are listed there instead of pasted
    (:func:`_cards_row`)."""
    me = view.players[view.viewer] if view.viewer is not None and 0 <= view.viewer < len(view.players) else None
    full = WIDTH - 2 * PAD
    if me is None:
        im, draw = _new(90)
        _line(draw, (PAD, 24), words("img.sh.public_no_hand"), full, 26, bold=True)
        _line(draw, (PAD, 60), words("img.sh.only_own"), full, 18, MUTED)
        return im
    cards = tuple(view.hand)
    kept = me.kept_tiles
    per_row = max(1, full // KEPT_W)
    kept_h = max(1, (len(kept) + per_row - 1) // per_row) * (TILE + 10)
    cards_h = max(_cards_height(len(cards), full), 40)
    im, draw = _new(140 + 28 + cards_h + 28 + kept_h + 20)
    stone = stone_sprite(me.colour, False)
    im.paste(stone, (PAD, 6), stone)
    hx = PAD + STONE + 10
    _line(draw, (hx, 28), words("img.sh.your_hand", general=me.general), WIDTH - PAD - hx, 26, bold=True)
    title = me.title or words("img.sh.no_title")
    key = f"img.sh.power.{me.title}"
    if me.title and words.has(key):
        line1 = words("img.sh.title_power", title=title, seals=words.n("img.sh.seals", me.seals), power=words(key))
    else:
        line1 = title
    lines = _wrap(line1, 17, full)
    for i, line in enumerate(lines[:2]):
        _line(draw, (PAD, 70 + i * 22), line, full, 17, bold=True)
    line2 = words(
        "img.sh.hand_line",
        vp=words("img.sh.vp", n=me.score),
        stones=words.n("img.sh.stones", me.stones),
        round=view.round,
    )
    _line(draw, (PAD, 118), line2, full, 17, MUTED)
    koku = sum(c.koku for c in cards if c.kind == "koku")
    y = _section(draw, 138, words("img.sh.in_hand", n=len(cards), koku=koku))
    if cards:
        _cards_row(im, cards, PAD, y, WIDTH - PAD, words, placed)
    else:
        _line(draw, (PAD, y + 18), words("img.sh.no_cards_in_hand"), full, 20, MUTED)
    y += cards_h
    y = _section(draw, y, words("img.sh.kept", n=len(kept)))
    if not kept:
        _line(draw, (PAD, y + 22), words("img.sh.none"), full, 19, MUTED)
    for i, t in enumerate(kept):
        x = PAD + (i % per_row) * KEPT_W
        ty = y + (i // per_row) * (TILE + 10)
        sprite = tile_sprite(None, t.effect, _short_effect(words, t.effect))
        im.paste(sprite, (x, ty), sprite)
        effect = words(f"sh.effect.{t.effect}") if words.has(f"sh.effect.{t.effect}") else t.effect
        draw_text(draw, (x + TILE + 8, ty + 18), t.label, 24, INK, "lm", bold=True)
        _line(draw, (x + TILE + 8, ty + 44), effect, KEPT_W - TILE - 16, 16, MUTED, bold=True)
    return im


def render_hand(view: ShitennoView, words: Words, names: Sequence[str]) -> bytes:
    """The viewer's private image (SH-4.2) as PNG bytes: his hand from ``view.hand``, his kept
    tiles, title and power (SH-2.2), stones and score; a "no hand" note for the public view.

    The same pixels as ``encode_png(compose_hand(...), PALETTE)``, mapped in parts: the cards come
    mapped from a cache, on the page that fills the band of their rows (nothing else is drawn in
    it); only what is above and below that band is mapped per image."""
    placed: Placed = []
    im = _hand(view, words, names, placed)
    if not placed:
        return encode_png(im, PALETTE)
    top, bottom = placed[0][1], placed[-1][1] + CARD_H
    rows = blank_rows(im.width, im.height, _page_index(), PALETTE)
    paste_mapped(rows, im, [(0, 0, im.width, top), (0, bottom, im.width, im.height)], PALETTE)
    koku = words("img.sh.koku")
    for x, y, c in placed:
        rows.paste(_mapped_card(c.label, c.kind, tuple(c.symbols), c.koku, koku), (x + 1, y))
    return rows_png(rows)


def warm_up() -> None:
    """Draw the static sprites now instead of during the first renders."""
    for colour in GENERAL:
        for golden in (False, True):
            stone_sprite(colour, golden)
    empty_slot_sprite()
    for t, s in SEALS.items():
        hierarchy_sprite(t, s)
