"""Shitenno images: a :class:`ShitennoView` -> PNG bytes (SH-4).

Three pictures, all drawn from the view alone, so none can show more than its viewer may know:

- :func:`render_board`: the eight provinces (SH-2.4) with their positions, values and stones
  (golden faces marked, SH-8.13), home type and figures, the top bonus tile of each stack and the
  tiles left (SH-4.1), the next conquest's cost (SH-8.4), and every player's public state.
- :func:`render_sharing`: the sharing table (SH-7): pool, unplaced hierarchy tiles, the lot on
  offer, refusals, pending players, the Tairo and the split lots.
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

from render.fonts import draw_text, fitting_size
from render.png import RGB, encode_png
from render.shitenno_sprites import (
    ALERT,
    BORDER,
    CARD_H,
    CARD_W,
    EFFECT,
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
    TROOP_NAME,
    card_sprite,
    empty_slot_sprite,
    hierarchy_sprite,
    stone_sprite,
    tile_sprite,
    troop_chip,
)

if TYPE_CHECKING:
    from rules.shitenno.view import CardView, LotView, PlayerView, ProvinceView, ShitennoView, TileView

# --- layout (pixels) -----------------------------------------------------------------------------

WIDTH = 1000
PAD = 12
HEADER_H = 70
PLAYERS_Y = HEADER_H
PLAYERS_H = 150
PROV_Y = PLAYERS_Y + PLAYERS_H + 10
PROV_W = (WIDTH - 2 * PAD - 10) // 2
PROV_H = 156
PROV_GAP = 10
FOOTER_Y = PROV_Y + 4 * (PROV_H + PROV_GAP)
BOARD_H = FOOTER_Y + 40
SLOT_W, SLOT_H = 66, 100
SLOT_GAP = 5
SLOT_X0 = 10
SLOT_Y0 = 46
CARD_GAP = 10

# --- words (one place, so that a translation can follow; DESIGN §5) --------------------------------

TITLE_POWER = {
    "Daimyo": "+2 VP per stone placed",
    "Shomyo": "+1 VP per stone placed",
    "Sensei": "may turn one own stone golden",
    "Hatamoto": "joker: 1 troop of any type",
}
"""Title powers (SH-2.2), used in the control phase of the round the title is held."""
SEALS = {"Daimyo": 4, "Shomyo": 3, "Sensei": 2, "Hatamoto": 1}
PHASE = {"sharing": "Sharing phase", "control": "Control phase", "finished": "Game over"}


def _short(p: PlayerView) -> str:
    """The general's family name (SH-2.1): short enough for every line."""
    return p.general.split()[0] if p.general else f"Seat {p.seat}"


def _who(view: ShitennoView, seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(view.players):
        return "nobody"
    p = view.players[seat]
    return f"{_short(p)} ({p.colour})"


def _effects(tiles: Sequence[TileView]) -> str:
    return ", ".join(EFFECT.get(t.effect, t.effect) for t in tiles)


# --- shared pieces -------------------------------------------------------------------------------


def _new(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    im = Image.new("RGB", (WIDTH, height), PAGE)
    return im, ImageDraw.Draw(im)


def _title_line(draw: ImageDraw.ImageDraw, y: int, text: str, right: str = "", right_fill: RGB = MUTED) -> None:
    """A big bold line, with an optional right-aligned note (e.g. LAST ROUND)."""
    room = WIDTH - 2 * PAD - (200 if right else 0)
    draw_text(draw, (PAD, y), text, fitting_size(text, room, 28, 16, bold=True), INK, "lm", bold=True)
    if right:
        draw_text(draw, (WIDTH - PAD, y), right, 22, right_fill, "rm", bold=True)


def _status_line(view: ShitennoView) -> tuple[str, str, RGB]:
    """The header: round and phase, and LAST ROUND when the flag is set (SH-9.1)."""
    text = f"Round {view.round}  ·  {PHASE.get(view.phase, view.phase)}"
    if view.phase == "finished":
        if view.outcome is not None and view.outcome.winners:
            text += "  ·  " + " and ".join(_who(view, s) for s in view.outcome.winners) + " won"
        return text, "", MUTED
    return text, ("LAST ROUND" if view.last_round else ""), ALERT


def _to_act_text(view: ShitennoView) -> str:
    """Who must act (SH-10) and what."""
    if view.phase == "finished":
        if view.outcome is not None:
            scores = ", ".join(f"{_short(p)} {v}" for p, v in zip(view.players, view.outcome.scores, strict=False))
            if view.outcome.reason == "resign":
                return f"Scores when the others resigned: {scores}"
            return f"Final scores (SH-9.3): {scores}"
        return "Game over"
    if not view.to_act:
        return "Waiting for the engine"
    seat = view.to_act[0]
    what = ""
    sh = view.sharing
    if view.phase == "sharing" and sh is not None:
        if sh.split is not None:
            what = "must CHOOSE lot A or B"
        elif sh.offer is not None:
            what = "must ACCEPT or REFUSE the lot"
        elif len(sh.pending) == 2:
            what = "must SPLIT the pool into lots A and B"
        else:
            what = "must FORM a lot"
    elif view.phase == "control":
        p = view.players[seat] if 0 <= seat < len(view.players) else None
        what = f"takes a control turn ({p.conquests} of 2 conquests made)" if p else "takes a control turn"
        if view.control is not None:
            what += "  ·  order: " + ", ".join(_short(view.players[s]) for s in view.control.order)
    return f"To act: {_who(view, seat)} {what}".rstrip()


def _header(draw: ImageDraw.ImageDraw, view: ShitennoView) -> None:
    text, right, fill = _status_line(view)
    _title_line(draw, 24, text, right, fill)
    line = _to_act_text(view)
    draw_text(draw, (PAD, 54), line, fitting_size(line, WIDTH - 2 * PAD, 20, 12), INK, "lm")


def _player_box(
    im: Image.Image, draw: ImageDraw.ImageDraw, view: ShitennoView, p: PlayerView, box: tuple[int, int, int, int]
) -> None:
    """One player's public state (SH-4.1): title and seals, score, stones in supply, hand counts,
    kept tiles; marked when he must act, is Tairo, has resigned, or (finished) won."""
    x0, y0, x1, y1 = box
    acting = view.phase != "finished" and bool(view.to_act) and view.to_act[0] == p.seat
    won = view.outcome is not None and p.seat in view.outcome.winners
    outline = HILITE if acting or won else BORDER
    draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=outline, width=5 if acting or won else 2)
    colour = GENERAL.get(p.colour, MUTED)
    draw.rectangle((x0 + 5, y0 + 8, x0 + 10, y1 - 8), fill=colour)
    stone = stone_sprite(p.colour, False)
    im.paste(stone, (x0 + 16, y0 + 8), stone)
    name = _short(p) + (" (you)" if view.viewer == p.seat else "")
    nx = x0 + 16 + STONE + 8
    draw_text(draw, (nx, y0 + 20), name, fitting_size(name, x1 - nx - 8, 22, 12, bold=True), INK, "lm", bold=True)
    tags = []
    if acting:
        tags.append("TO ACT")
    if p.tairo:
        tags.append("TAIRO")
    if won:
        tags.append("WINNER")
    if p.resigned:
        tags.append("RESIGNED")
    if view.phase == "control" and p.flipped:
        tags.append("FLIPPED")
    if view.phase == "control" and p.joker_used:
        tags.append("JOKER USED")
    if tags:
        tag = " ".join(tags)
        draw_text(draw, (nx, y0 + 42), tag, fitting_size(tag, x1 - nx - 8, 16, 10, bold=True), ALERT, "lm", bold=True)
    title = f"{p.title} ({p.seals})" if p.title else "no title"
    lines = [
        title,
        f"{p.score} VP  ·  {p.stones} stones",
        f"Hand: {p.troop_cards} troop, {p.koku_cards} koku",
        "Tiles: " + (_effects(p.kept_tiles) if p.kept_tiles else "none"),
    ]
    if view.outcome is not None and p.seat < len(view.outcome.provinces_won):
        o = view.outcome
        lines[3] = f"Provinces won {o.provinces_won[p.seat]}, weight {o.weights[p.seat]}"
    y = y0 + 66
    width = x1 - x0 - 24
    for i, line in enumerate(lines):
        size = fitting_size(line, width, 18 if i else 19, 11, bold=i < 2)
        draw_text(draw, (x0 + 16, y + i * 21), line, size, INK if i < 2 else MUTED, "lm", bold=i < 2)


def _players_row(im: Image.Image, draw: ImageDraw.ImageDraw, view: ShitennoView, y: int) -> None:
    n = max(1, len(view.players))
    w = (WIDTH - 2 * PAD - (n - 1) * 8) // n
    for i, p in enumerate(view.players):
        x = PAD + i * (w + 8)
        _player_box(im, draw, view, p, (x, y, x + w - 1, y + PLAYERS_H - 8))


def _cards_row(im: Image.Image, cards: Sequence[CardView], x0: int, y0: int, x1: int) -> int:
    """Cards laid left to right from (x0, y0), wrapping before x1; returns the y below them."""
    per_row = max(1, (x1 - x0 + CARD_GAP) // (CARD_W + CARD_GAP))
    for i, c in enumerate(cards):
        x = x0 + (i % per_row) * (CARD_W + CARD_GAP)
        y = y0 + (i // per_row) * (CARD_H + CARD_GAP)
        sprite = card_sprite(c.label, c.kind, tuple(c.symbols), c.koku)
        im.paste(sprite, (x, y), sprite)
    rows = (len(cards) + per_row - 1) // per_row
    return y0 + rows * (CARD_H + CARD_GAP)


def _cards_height(count: int, width: int) -> int:
    per_row = max(1, (width + CARD_GAP) // (CARD_W + CARD_GAP))
    return ((count + per_row - 1) // per_row) * (CARD_H + CARD_GAP)


# --- the board -----------------------------------------------------------------------------------


def _province_origin(index: int) -> tuple[int, int]:
    """Provinces in SH-2.4 order: the 3-figure ones in the left column, the 4-figure ones right."""
    col, row = divmod(index, 4)
    return PAD + col * (PROV_W + 10), PROV_Y + row * (PROV_H + PROV_GAP)


@functools.lru_cache(maxsize=4)
def _board_background(provinces: tuple[tuple[str, str, int, tuple[int, ...]], ...]) -> Image.Image:
    """The static board: province frames, names, home type and figures, position slots with their
    numbers and values (SH-2.4). Keyed by the provinces' fixed data."""
    im, d = _new(BOARD_H)
    for i, (pid, home, figures, values) in enumerate(provinces):
        x, y = _province_origin(i)
        d.rounded_rectangle((x, y, x + PROV_W - 1, y + PROV_H - 1), radius=10, fill=PANEL, outline=BORDER, width=2)
        draw_text(d, (x + 12, y + 22), pid, 26, INK, "lm", bold=True)
        home_text = f"{home} x{figures}"
        chip = troop_chip(home, home_text, 76, 28)
        im.paste(chip, (x + 200, y + 8), chip)
        draw_text(d, (x + 282, y + 22), TROOP_NAME.get(home, home), 16, MUTED, "lm")
        for n, value in enumerate(values):
            sx, sy = x + SLOT_X0 + n * (SLOT_W + SLOT_GAP), y + SLOT_Y0
            d.rounded_rectangle((sx, sy, sx + SLOT_W - 1, sy + SLOT_H - 1), radius=8, fill=SLOT)
            draw_text(d, (sx + SLOT_W / 2, sy + 14), f"{value} VP", 19, INK, "mm", bold=True)
            draw_text(d, (sx + SLOT_W / 2, sy + 88), f"pos {n + 1}", 14, MUTED, "mm")
    return im


def _province_key(view: ShitennoView) -> tuple[tuple[str, str, int, tuple[int, ...]], ...]:
    return tuple((p.id, p.home, p.figures, tuple(pos.value for pos in p.positions)) for p in view.provinces)


def _province(im: Image.Image, draw: ImageDraw.ImageDraw, view: ShitennoView, index: int, prov: ProvinceView) -> None:
    """Stones on the positions, the target position framed, the top bonus tile and tiles left, and
    the next conquest's cost: troop requirement or koku (SH-8.4)."""
    x, y = _province_origin(index)
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
    if prov.top_tile is not None:
        t = prov.top_tile
        sprite = tile_sprite(t.troop, t.effect)
        im.paste(sprite, (rx, ty), sprite)
        word = EFFECT.get(t.effect, t.effect)
        draw_text(draw, (rx + TILE + 8, ty + 11), t.label, 24, INK, "lm", bold=True)
        draw_text(draw, (rx + TILE + 8, ty + 33), word, 16, INK, "lm", bold=True)
        draw_text(draw, (rx + TILE + 8, ty + 52), f"{prov.tiles_left} left", 16, MUTED, "lm")
    else:
        draw_text(draw, (rx, ty + 28), "no tiles", 18, MUTED, "lm")
    room = x + PROV_W - 8 - rx
    if view.phase == "finished":
        return
    if prov.koku_cost is None:
        draw_text(draw, (rx, ty + 84), "FULL", 20, MUTED, "lm", bold=True)
        return
    need = "Need " + " ".join(prov.requirement)
    draw_text(draw, (rx, ty + 74), need, fitting_size(need, room, 17, 10, bold=True), INK, "lm", bold=True)
    koku = f"or {prov.koku_cost} koku"
    draw_text(draw, (rx, ty + 94), koku, 17, INK, "lm")


def _footer(draw: ImageDraw.ImageDraw, view: ShitennoView) -> None:
    """Pile sizes (SH-4.1)."""
    text = (
        f"Troop deck {view.troop_deck}  ·  discard {len(view.troop_discard)}  ·  "
        f"koku deck {view.koku_deck}  ·  koku removed {len(view.koku_removed)}  ·  "
        f"tiles spent {len(view.spent_tiles)}"
    )
    draw_text(draw, (PAD, FOOTER_Y + 16), text, fitting_size(text, WIDTH - 2 * PAD, 18, 11), MUTED, "lm")


def compose_board(view: ShitennoView) -> Image.Image:
    """The board image in RGB (:func:`render_board` encodes it)."""
    im = _board_background(_province_key(view)).copy()
    draw = ImageDraw.Draw(im)
    _header(draw, view)
    _players_row(im, draw, view, PLAYERS_Y)
    for i, prov in enumerate(view.provinces[:8]):
        _province(im, draw, view, i, prov)
    _footer(draw, view)
    return im


def render_board(view: ShitennoView) -> bytes:
    """The public board (SH-4.1) for ``view`` as PNG bytes; never reads ``view.hand``."""
    return encode_png(compose_board(view), PALETTE)


# --- the sharing table ---------------------------------------------------------------------------

SECTION_GAP = 14


def _section(draw: ImageDraw.ImageDraw, y: int, text: str) -> int:
    draw_text(draw, (PAD, y + 12), text, fitting_size(text, WIDTH - 2 * PAD, 21, 12, bold=True), INK, "lm", bold=True)
    return y + 28


def _lot_height(lot: LotView, width: int) -> int:
    return 40 + 62 + 8 + max(_cards_height(len(lot.cards), width - 24), CARD_H // 3)


def _lot_box(
    im: Image.Image, draw: ImageDraw.ImageDraw, lot: LotView, name: str, box: tuple[int, int, int, int], fill: RGB
) -> None:
    """A lot (SH-7.5): its hierarchy tile and its cards."""
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=INK, width=2)
    draw_text(draw, (x0 + 12, y0 + 20), name, fitting_size(name, x1 - x0 - 24, 21, 11, bold=True), INK, "lm", bold=True)
    tile = hierarchy_sprite(lot.tile, SEALS.get(lot.tile, 0))
    im.paste(tile, (x0 + 12, y0 + 40), tile)
    power = TITLE_POWER.get(lot.tile, "")
    draw_text(draw, (x0 + 144, y0 + 68), power, fitting_size(power, x1 - x0 - 156, 17, 10), MUTED, "lm")
    if lot.cards:
        _cards_row(im, lot.cards, x0 + 12, y0 + 110, x1 - 12)
    else:
        draw_text(draw, (x0 + 12, y0 + 124), "no cards", 18, MUTED, "lm")


def _sharing_layout(view: ShitennoView) -> list[tuple[str, int]]:
    """Sections of the sharing image and their heights (so the image is exactly as tall as needed)."""
    sh = view.sharing
    parts: list[tuple[str, int]] = [("header", HEADER_H), ("players", PLAYERS_H)]
    if sh is None:
        return [*parts, ("none", 60)]
    parts.append(("status", 92))
    parts.append(("unplaced", 28 + 62 + SECTION_GAP))
    parts.append(("pool", 28 + max(_cards_height(len(sh.pool), WIDTH - 2 * PAD), 30) + SECTION_GAP))
    if sh.offer is not None:
        parts.append(("offer", _lot_height(sh.offer, WIDTH - 2 * PAD) + SECTION_GAP))
    if sh.split is not None:
        half = (WIDTH - 2 * PAD - 10) // 2
        parts.append(("split", max(_lot_height(lot, half) for lot in sh.split) + SECTION_GAP))
    return parts


def _names(view: ShitennoView, seats: Sequence[int]) -> str:
    return ", ".join(_who(view, s) for s in seats) if seats else "nobody"


def compose_sharing(view: ShitennoView) -> Image.Image:
    """The sharing table in RGB (:func:`render_sharing` encodes it)."""
    layout = _sharing_layout(view)
    im, draw = _new(sum(h for _, h in layout) + PAD)
    sh = view.sharing
    y = 0
    for part, h in layout:
        if part == "header":
            _header(draw, view)
        elif part == "players":
            _players_row(im, draw, view, y)
        elif part == "none":
            draw_text(draw, (PAD, y + 24), "No sharing in progress.", 24, MUTED, "lm", bold=True)
        elif sh is not None and part == "status":
            tairo = f"Tairo: {_who(view, sh.tairo)}"
            draw_text(
                draw,
                (PAD, y + 14),
                tairo,
                fitting_size(tairo, WIDTH - 2 * PAD, 22, 12, bold=True),
                INK,
                "lm",
                bold=True,
            )
            pend = f"Pending (no lot yet): {_names(view, sh.pending)}"
            draw_text(draw, (PAD, y + 42), pend, fitting_size(pend, WIDTH - 2 * PAD, 19, 11), INK, "lm")
            got = [f"{_who(view, p.seat)} {p.hierarchy_tile}" for p in view.players if p.hierarchy_tile]
            line = "Received: " + (", ".join(got) if got else "nobody yet")
            draw_text(draw, (PAD, y + 68), line, fitting_size(line, WIDTH - 2 * PAD, 19, 11), INK, "lm")
        elif sh is not None and part == "unplaced":
            _section(draw, y, "Hierarchy tiles not yet in a lot")
            if not sh.unplaced:
                draw_text(draw, (PAD, y + 56), "none", 18, MUTED, "lm")
            for i, t in enumerate(sh.unplaced):
                tile = hierarchy_sprite(t, SEALS.get(t, 0))
                im.paste(tile, (PAD + i * (tile.width + 10), y + 28), tile)
        elif sh is not None and part == "pool":
            _section(draw, y, f"Pool: {len(sh.pool)} cards face up")
            if sh.pool:
                _cards_row(im, sh.pool, PAD, y + 28, WIDTH - PAD)
            else:
                draw_text(draw, (PAD, y + 42), "empty", 18, MUTED, "lm")
        elif sh is not None and part == "offer" and sh.offer is not None:
            name = f"Lot on offer to {_who(view, sh.offered_to)}  ·  refused by {_names(view, sh.refused)}"
            _lot_box(im, draw, sh.offer, name, (PAD, y, WIDTH - PAD - 1, y + h - SECTION_GAP - 1), OFFER)
        elif sh is not None and part == "split" and sh.split is not None:
            half = (WIDTH - 2 * PAD - 10) // 2
            for i, lot in enumerate(sh.split):
                x = PAD + i * (half + 10)
                _lot_box(im, draw, lot, f"Lot {'AB'[i]}", (x, y, x + half - 1, y + h - SECTION_GAP - 1), OFFER)
        y += h
    return im


def render_sharing(view: ShitennoView) -> bytes:
    """The public sharing table (SH-7, SH-4.1) as PNG bytes; never reads ``view.hand``."""
    return encode_png(compose_sharing(view), PALETTE)


# --- a player's hand -----------------------------------------------------------------------------


def compose_hand(view: ShitennoView) -> Image.Image:
    """A player's private image in RGB (:func:`render_hand` encodes it)."""
    me = view.players[view.viewer] if view.viewer is not None and 0 <= view.viewer < len(view.players) else None
    if me is None:
        im, draw = _new(90)
        _title_line(draw, 24, "Public view: no hand")
        draw_text(draw, (PAD, 60), "Only a player's own view holds his hand (SH-4.2).", 19, MUTED, "lm")
        return im
    cards = tuple(view.hand)
    kept = me.kept_tiles
    cards_h = max(_cards_height(len(cards), WIDTH - 2 * PAD), 40)
    im, draw = _new(118 + 28 + cards_h + 28 + TILE + 30)
    stone = stone_sprite(me.colour, False)
    im.paste(stone, (PAD, 6), stone)
    head = f"Your hand: {me.general} ({me.colour})"
    hx = PAD + STONE + 10
    draw_text(draw, (hx, 28), head, fitting_size(head, WIDTH - PAD - hx, 28, 16, bold=True), INK, "lm", bold=True)
    title = me.title or "no title"
    power = TITLE_POWER.get(me.title or "", "")
    line1 = f"{title} ({me.seals} seals): {power}" if power else title
    draw_text(draw, (PAD, 72), line1, fitting_size(line1, WIDTH - 2 * PAD, 21, 12, bold=True), INK, "lm", bold=True)
    line2 = (
        f"{me.score} VP  ·  {me.stones} stones in supply  ·  "
        f"{me.troop_cards} troop + {me.koku_cards} koku cards  ·  round {view.round}"
    )
    draw_text(draw, (PAD, 98), line2, fitting_size(line2, WIDTH - 2 * PAD, 19, 11), MUTED, "lm")
    koku = sum(c.koku for c in cards if c.kind == "koku")
    y = _section(draw, 118, f"Cards in hand: {len(cards)}  ·  koku value {koku}")
    if cards:
        _cards_row(im, cards, PAD, y, WIDTH - PAD)
    else:
        draw_text(draw, (PAD, y + 18), "No cards in hand.", 20, MUTED, "lm")
    y += cards_h
    y = _section(draw, y, f"Kept bonus tiles: {len(kept)}")
    if not kept:
        draw_text(draw, (PAD, y + 22), "none", 19, MUTED, "lm")
    for i, t in enumerate(kept):
        x = PAD + i * (TILE + 100)
        sprite = tile_sprite(None, t.effect)
        im.paste(sprite, (x, y), sprite)
        draw_text(draw, (x + TILE + 8, y + 18), t.label, 24, INK, "lm", bold=True)
        draw_text(draw, (x + TILE + 8, y + 44), EFFECT.get(t.effect, t.effect), 16, MUTED, "lm", bold=True)
    return im


def render_hand(view: ShitennoView) -> bytes:
    """The viewer's private image (SH-4.2) as PNG bytes: his hand from ``view.hand``, his kept
    tiles, title and power (SH-2.2), stones and score; a "no hand" note for the public view."""
    return encode_png(compose_hand(view), PALETTE)


def warm_up() -> None:
    """Draw the static sprites now instead of during the first renders."""
    for colour in GENERAL:
        for golden in (False, True):
            stone_sprite(colour, golden)
    empty_slot_sprite()
    for t, s in SEALS.items():
        hierarchy_sprite(t, s)
