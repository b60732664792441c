"""Shitenno images (render/shitenno.py): every kind of view renders to a small valid PNG, the public
images never depend on the viewer's hand (SH-4.4), and a fixed position matches its golden image.

Views are built by hand here (the engine's ``view()`` is not used), with a seeded random factory
whose data is consistent with SH-2 and SH-13.

Regenerate the golden image and the samples in docs/images after an intended change with
``UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_render_shitenno.py`` — and look at them.
Time renders with ``PYTHONPATH=. .venv/bin/python tests/render/test_render_shitenno.py``.
"""

from __future__ import annotations

import io
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

import pytest
from PIL import Image

from cogs.shitenno.ui import image_words
from render import shitenno
from render.shitenno_sprites import PALETTE
from rules.shitenno.view import (
    CardView,
    ControlView,
    LotView,
    OutcomeView,
    PlayerView,
    PositionView,
    ProvinceView,
    SharingView,
    ShitennoView,
    StoneView,
    TileView,
)
from tests.golden_images import GOLDEN, SAMPLES, check_golden

NAMES = ("Jana Dvořáková", "Petr", "Kateřina Nováková-Procházková", "Ondřej")
"""The players' display names by seat (one too long for its box: it is shortened)."""


def render_board(view: ShitennoView, locale: str = "en") -> bytes:
    return shitenno.render_board(view, image_words(locale), NAMES)


def render_sharing(view: ShitennoView, locale: str = "en") -> bytes:
    return shitenno.render_sharing(view, image_words(locale), NAMES)


def render_hand(view: ShitennoView, locale: str = "en") -> bytes:
    return shitenno.render_hand(view, image_words(locale), NAMES)


MAX_BYTES = 200 * 1024

# --- the game's content (SH-2), as plain data ---------------------------------------------------

GENERALS = (
    ("Honda Tadakatsu", "red"),
    ("Ii Naomasa", "black"),
    ("Sakakibara Yasumasa", "blue"),
    ("Sakai Tadatsugu", "green"),
)
TITLES = ("Daimyo", "Shomyo", "Sensei", "Hatamoto")
SEALS = {"Daimyo": 4, "Shomyo": 3, "Sensei": 2, "Hatamoto": 1}
TYPES = ("BU", "SA", "SH", "SO")
EFFECTS = ("DRAW", "PLUS_ONE", "EXCHANGE")
PROVINCES = (
    ("CHUGOKU", "SA", 3, (3, 4, 6, 9)),
    ("CHUBU", "SH", 3, (3, 4, 6, 9)),
    ("HOKKAIDO", "SO", 3, (3, 4, 6, 9)),
    ("KYUSHU", "BU", 3, (3, 4, 6, 9)),
    ("TOHOKU", "BU", 4, (5, 6, 8, 11)),
    ("SHIKOKU", "SO", 4, (5, 6, 8, 11)),
    ("KANSAI", "SH", 4, (5, 6, 8, 11)),
    ("KANTO", "SA", 4, (5, 6, 8, 11)),
)
STONES = {2: 12, 3: 10, 4: 8}


def _troop_symbols() -> list[tuple[str, ...]]:
    """SH-2.5: 6 singles of each type, 4 same-type doubles, 6 mixed doubles (34 cards)."""
    cards: list[tuple[str, ...]] = [(t,) for t in TYPES for _ in range(6)]
    cards += [(t, t) for t in TYPES]
    cards += [(a, b) for i, a in enumerate(TYPES) for b in TYPES[i + 1 :]]
    return cards


TROOP_CARDS = tuple(CardView(f"T{i + 1}", "troop", s, 0) for i, s in enumerate(_troop_symbols()))
KOKU_CARDS = tuple(CardView(f"K{i + 1}", "koku", (), v) for i, v in enumerate([1] * 12 + [2] * 8 + [3] * 4))
TILES = tuple(TileView(f"B{i + 1}", TYPES[i // 6], EFFECTS[(i // 2) % 3]) for i in range(24))
CARD = {c.label: c for c in TROOP_CARDS + KOKU_CARDS}
TILE = {t.label: t for t in TILES}


def _requirement(home: str, figures: int, top: TileView | None, full: bool) -> tuple[str, ...]:
    """SH-8.4.3."""
    if full:
        return ()
    if top is None:
        return (home,) * figures
    return (home,) * (figures - 1) + (top.troop,)


def _province(
    spec: tuple[str, str, int, tuple[int, ...]], stones: list[tuple[int, bool]], stack: list[TileView]
) -> ProvinceView:
    pid, home, figures, values = spec
    positions = tuple(
        PositionView(i + 1, v, StoneView(*stones[i]) if i < len(stones) else None) for i, v in enumerate(values)
    )
    full = len(stones) == 4
    top = stack[0] if stack else None
    return ProvinceView(
        id=pid,
        home=home,
        figures=figures,
        positions=positions,
        top_tile=top,
        tiles_left=len(stack),
        requirement=_requirement(home, figures, top, full),
        koku_cost=None if full else values[len(stones)],
    )


# --- a seeded random view ---------------------------------------------------------------------------

PHASES = ("form", "offer", "split", "control", "finished")


def random_view(seed: int, n: int | None = None, phase: str | None = None, viewer: int | None = -1) -> ShitennoView:
    """A consistent random view: 2–4 players, stones and tiles per SH-13.3/13.4, cards in exactly
    one place (SH-13.1/13.2). ``phase`` is one of PHASES; ``viewer`` -1 means a random seat."""
    rng = random.Random(seed)
    n = n or rng.randint(2, 4)
    phase = phase or rng.choice(PHASES)
    if viewer == -1:
        viewer = rng.randrange(n)
    titles = list(TITLES)
    rng.shuffle(titles)
    troops = list(TROOP_CARDS)
    koku = list(KOKU_CARDS)
    tiles = list(TILES)
    rng.shuffle(troops)
    rng.shuffle(koku)
    rng.shuffle(tiles)
    supply = [STONES[n]] * n
    golden_left = rng.randint(0, 2)
    kept: list[list[TileView]] = [[] for _ in range(n)]
    provinces = []
    spent: list[TileView] = []
    for spec in PROVINCES:
        stack = [tiles.pop() for _ in range(3)]
        stones: list[tuple[int, bool]] = []
        for _ in range(rng.choice((0, 0, 1, 1, 2, 3, 4))):
            owner = rng.randrange(n)
            if supply[owner] == 0:
                break
            supply[owner] -= 1
            golden = golden_left > 0 and rng.random() < 0.2
            golden_left -= golden
            stones.append((owner, golden))
            if stack:
                tile = stack.pop(0)
                (spent if rng.random() < 0.4 else kept[owner]).append(tile)
        provinces.append(_province(spec, stones, stack))
    hands: list[list[CardView]] = [[troops.pop() for _ in range(rng.randint(0, 6))] for _ in range(n)]
    for h in hands:
        h += [koku.pop() for _ in range(rng.randint(0, 3))]
    discard = tuple(troops.pop() for _ in range(rng.randint(0, 6)))
    removed = tuple(koku.pop() for _ in range(rng.randint(0, 3)))
    sharing = None
    control = None
    outcome = None
    pending: tuple[int, ...] = ()
    tairo = None
    received: dict[int, str] = {}
    to_act: tuple[int, ...] = ()
    rank = sorted(range(n), key=lambda s: -SEALS[titles[s]])
    if phase in ("form", "offer", "split"):
        pool = [troops.pop() for _ in range(min(2 * n, len(troops)))]
        pool += [koku.pop() for _ in range(min(n, len(koku)))]
        unplaced = list(TITLES)
        # Some lots already received (keep >= 3 pending unless splitting, SH-7.4).
        done = rng.randint(0, max(0, n - 3)) if phase != "split" else n - 2
        for s in rank[:done]:
            tile = unplaced.pop(rng.randrange(len(unplaced)))
            received[s] = tile
            for _ in range(rng.randint(0, 2)):
                if pool:
                    hands[s].append(pool.pop(rng.randrange(len(pool))))
        pending = tuple(s for s in rank if s not in received)
        tairo = pending[0]
        offer = None
        offered_to = None
        refused: tuple[int, ...] = ()
        split = None
        if phase == "offer":
            cards = tuple(pool.pop(rng.randrange(len(pool))) for _ in range(rng.randint(0, min(4, len(pool)))))
            offer = LotView(unplaced.pop(rng.randrange(len(unplaced))), cards)
            others = pending[1:]
            k = rng.randrange(len(others))
            refused, offered_to = others[:k], others[k]
            to_act = (offered_to,)
        elif phase == "split":
            rng.shuffle(pool)
            cut = rng.randint(0, len(pool))
            a, b = rng.sample(unplaced, 2)
            unplaced = [t for t in unplaced if t not in (a, b)]
            split = (LotView(a, tuple(pool[:cut])), LotView(b, tuple(pool[cut:])))
            pool = []
            to_act = (pending[1],)
        else:
            to_act = (tairo,)
        sharing = SharingView(tuple(pool), tuple(unplaced), offer, offered_to, refused, pending, tairo, split)
    elif phase == "control":
        active = rng.choice(rank)
        control = ControlView(tuple(rank), active)
        to_act = (active,)
    else:
        scores = tuple(rng.randint(10, 90) for _ in range(n))
        won = [0] * n
        weights = [0] * n
        for prov in provinces:
            owners = [pos.stone for pos in prov.positions if pos.stone is not None]
            for st in owners:
                weights[st.owner] += 2 if st.golden else 1
            if owners:
                won[owners[0].owner] += 1
        best = max(scores)
        outcome = OutcomeView(
            tuple(s for s in range(n) if scores[s] == best), scores, tuple(won), tuple(weights), "final_scoring"
        )
    players = tuple(
        PlayerView(
            seat=s,
            general=GENERALS[s][0],
            colour=GENERALS[s][1],
            title=titles[s],
            seals=SEALS[titles[s]],
            score=outcome.scores[s] if outcome else rng.randint(0, 60),
            stones=supply[s],
            troop_cards=sum(c.kind == "troop" for c in hands[s]),
            koku_cards=sum(c.kind == "koku" for c in hands[s]),
            hand_size=len(hands[s]),
            kept_tiles=tuple(kept[s]),
            conquests=rng.randint(0, 2) if phase == "control" else 0,
            flipped=False,
            joker_used=False,
            pending=s in pending,
            tairo=s == tairo,
            hierarchy_tile=received.get(s),
        )
        for s in range(n)
    )
    return ShitennoView(
        viewer=viewer,
        phase="sharing" if phase in ("form", "offer", "split") else phase,
        round=rng.randint(1, 24 // n),
        last_round=rng.random() < 0.3 or phase == "finished",
        to_act=to_act,
        players=players,
        hand=tuple(hands[viewer]) if viewer is not None else (),
        provinces=tuple(provinces),
        sharing=sharing,
        control=control,
        troop_deck=len(troops),
        troop_discard=discard,
        koku_deck=len(koku),
        koku_removed=removed,
        spent_tiles=tuple(spent),
        log=(),
        outcome=outcome,
    )


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_a_players_tags_are_set_apart(locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two tags on one player ("to act", "joker used") read as separate words, not as one run of
    capitals, and fit a four-player box."""
    view = random_view(3, n=4, phase="control")
    acting = view.to_act[0]
    players = tuple(replace(p, tairo=False, joker_used=True) if p.seat == acting else p for p in view.players)
    view = replace(view, players=players)
    drawn: list[str] = []
    real = shitenno.draw_text
    monkeypatch.setattr(
        shitenno, "draw_text", lambda draw, at, text, *a, **k: drawn.append(text) or real(draw, at, text, *a, **k)
    )
    render_board(view, locale)
    words = image_words(locale)
    tags = [words(f"img.sh.tag.{t}") for t in ("to_act", "joker_used")]
    line = next(text for text in drawn if text.startswith(tags[0]))
    assert line == " · ".join(tags), line


# --- properties ------------------------------------------------------------------------------------

RENDERERS: dict[str, Callable[..., bytes]] = {
    "board": render_board,
    "sharing": render_sharing,
    "hand": render_hand,
}


def _check_png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) <= MAX_BYTES, f"{len(data)} bytes"
    im = Image.open(io.BytesIO(data))
    im.load()
    assert im.width == shitenno.WIDTH
    return im


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("kind", sorted(RENDERERS))
def test_every_image_renders(n: int, phase: str, kind: str) -> None:
    for seed in range(6):
        view = random_view(1000 * n + seed, n, phase)
        _check_png(RENDERERS[kind](view))
        if seed == 0:
            _check_png(RENDERERS[kind](replace(view, viewer=None, hand=())))


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("phase", PHASES)
def test_the_board_png_maps_every_pixel_as_the_whole_image_mapped_at_once(phase: str, locale: str) -> None:
    """render_board maps only what is drawn over the cached static board: a part it forgot to map
    would show the empty board beneath it. Its pixels are those of the whole composed image mapped
    to the palette, for 2-4 players in every phase."""
    for seed in range(12):
        view = random_view(seed, 2 + seed % 3, phase)
        fast = Image.open(io.BytesIO(render_board(view, locale)))
        whole = shitenno.compose_board(view, image_words(locale), NAMES)
        assert fast.tobytes() == whole.quantize(palette=PALETTE, dither=Image.Dither.NONE).tobytes(), seed


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("phase", PHASES)
def test_the_hand_png_maps_every_pixel_as_the_whole_image_mapped_at_once(phase: str, locale: str) -> None:
    """render_hand pastes its cards mapped from a cache and maps only what is above and below
    their rows: a card mapped on the wrong ground, or a band cut short, would differ from the whole
    composed image mapped to the palette. 2-4 players, hands of every size (none, one card, rows)."""
    sizes = set()
    for seed in range(16):
        view = random_view(seed, 2 + seed % 3, phase)
        if seed % 4 == 0:
            view = replace(view, hand=view.hand[:1])
        sizes.add(len(view.hand))
        fast = Image.open(io.BytesIO(render_hand(view, locale)))
        whole = shitenno.compose_hand(view, image_words(locale), NAMES)
        assert fast.tobytes() == whole.quantize(palette=PALETTE, dither=Image.Dither.NONE).tobytes(), seed
    assert len(sizes) >= 3 and 0 in sizes, sizes


def test_random_views_are_consistent() -> None:
    """The factory keeps every card in one place (SH-13.1, SH-13.2) and stones per SH-13.4."""
    for seed in range(40):
        v = random_view(seed)
        sh = v.sharing
        pool = list(sh.pool) if sh else []
        lots = ([sh.offer] if sh and sh.offer else []) + (list(sh.split) if sh and sh.split else [])
        in_lots = [c for lot in lots for c in lot.cards]
        counted = v.troop_deck + v.koku_deck + len(v.troop_discard) + len(v.koku_removed)
        counted += sum(p.hand_size for p in v.players) + len(pool) + len(in_lots)
        assert counted == 34 + 24
        for p in v.players:
            on_board = sum(
                pos.stone is not None and pos.stone.owner == p.seat for pr in v.provinces for pos in pr.positions
            )
            assert p.stones + on_board == STONES[len(v.players)]


@pytest.mark.parametrize("seed", range(12))
def test_public_images_ignore_the_hand(seed: int) -> None:
    """SH-4.4: the public pictures cannot leak a hand, because they never read it."""
    view = random_view(seed)
    other = replace(view, hand=(CARD["T1"], CARD["K24"], CARD["T34"]))
    assert render_board(view) == render_board(other)
    assert render_sharing(view) == render_sharing(other)


def test_deterministic() -> None:
    view = random_view(7, 4, "offer")
    for render in RENDERERS.values():
        assert render(view) == render(view)


def test_hand_differs_with_hand() -> None:
    view = random_view(3, 3, "control", viewer=1)
    assert render_hand(view) != render_hand(replace(view, hand=()))


# --- golden image and samples -------------------------------------------------------------------------


def golden_view() -> ShitennoView:
    """A fixed 4-player position in the sharing phase of round 3: Honda (Daimyo) is Tairo and
    offers a lot to Sakai after Ii refused; Sakakibara already received the Shomyo tile."""
    b = TILE
    stones: dict[str, list[tuple[int, bool]]] = {
        "CHUGOKU": [(0, False), (2, True)],
        "CHUBU": [],
        "HOKKAIDO": [(1, False), (1, False), (3, False), (0, False)],
        "KYUSHU": [(3, False)],
        "TOHOKU": [(2, False), (0, True), (1, False)],
        "SHIKOKU": [],
        "KANSAI": [(3, False)],
        "KANTO": [(0, False), (2, False)],
    }
    stacks = {
        "CHUGOKU": ["B9"],
        "CHUBU": ["B1", "B14", "B22"],
        "HOKKAIDO": [],
        "KYUSHU": ["B17", "B5"],
        "TOHOKU": [],
        "SHIKOKU": ["B3", "B12", "B20"],
        "KANSAI": ["B24", "B8"],
        "KANTO": ["B15"],
    }
    provinces = tuple(_province(spec, stones[spec[0]], [b[t] for t in stacks[spec[0]]]) for spec in PROVINCES)
    kept = {0: ("B2", "B11"), 1: ("B19",), 2: ("B7", "B13", "B21"), 3: ()}
    titles = ("Daimyo", "Hatamoto", "Shomyo", "Sensei")
    hands = {
        0: ("T3", "T25", "T31", "K2", "K14"),
        1: ("T8", "K5"),
        2: ("T14", "T20", "T29", "T33", "K21"),
        3: ("T19",),
    }
    players = tuple(
        PlayerView(
            seat=s,
            general=GENERALS[s][0],
            colour=GENERALS[s][1],
            title=titles[s],
            seals=SEALS[titles[s]],
            score=(23, 14, 31, 9)[s],
            stones=STONES[4] - sum(o == s for st in stones.values() for o, _ in st),
            troop_cards=sum(c.startswith("T") for c in hands[s]),
            koku_cards=sum(c.startswith("K") for c in hands[s]),
            hand_size=len(hands[s]),
            kept_tiles=tuple(b[t] for t in kept[s]),
            conquests=0,
            flipped=False,
            joker_used=False,
            pending=s != 2,
            tairo=s == 0,
            hierarchy_tile="Shomyo" if s == 2 else None,
        )
        for s in range(4)
    )
    sharing = SharingView(
        pool=tuple(CARD[c] for c in ("T1", "T12", "T26", "T30", "K9")),
        unplaced=("Sensei", "Hatamoto"),
        offer=LotView("Daimyo", tuple(CARD[c] for c in ("T7", "T28", "K22"))),
        offered_to=3,
        refused=(1,),
        pending=(0, 3, 1),
        tairo=0,
        split=None,
    )
    return ShitennoView(
        viewer=0,
        phase="sharing",
        round=3,
        last_round=False,
        to_act=(3,),
        players=players,
        hand=tuple(CARD[c] for c in hands[0]),
        provinces=provinces,
        sharing=sharing,
        control=None,
        troop_deck=11,
        troop_discard=tuple(CARD[c] for c in ("T2", "T5", "T10")),
        koku_deck=12,
        koku_removed=tuple(CARD[c] for c in ("K1", "K3")),
        spent_tiles=tuple(b[t] for t in ("B4", "B6", "B10", "B16", "B18", "B23")),
        log=(),
        outcome=None,
    )


def test_golden_board() -> None:
    check_golden(render_board(golden_view()), GOLDEN / "shitenno_board.png", __file__)


def _split_view() -> ShitennoView:
    """The golden position later: Sakai and Honda pending, Honda split the pool (SH-7.4.5)."""
    v = golden_view()
    assert v.sharing is not None
    sharing = replace(
        v.sharing,
        pool=(),
        unplaced=("Hatamoto",),
        offer=None,
        offered_to=None,
        refused=(),
        pending=(0, 3),
        split=(
            LotView("Daimyo", tuple(CARD[c] for c in ("T1", "K9"))),
            LotView("Sensei", tuple(CARD[c] for c in ("T12", "T26", "T30"))),
        ),
    )
    return replace(v, sharing=sharing, to_act=(3,))


SAMPLE_VIEWS: dict[str, Callable[[], bytes]] = {
    "shitenno-board": lambda: render_board(golden_view()),
    "shitenno-sharing": lambda: render_sharing(golden_view()),
    "shitenno-sharing-split": lambda: render_sharing(_split_view()),
    "shitenno-hand": lambda: render_hand(golden_view()),
}


CZECH_GOLDEN: dict[str, Callable[[], bytes]] = {
    "shitenno_board_cs": lambda: render_board(golden_view(), "cs"),
    "shitenno_sharing_cs": lambda: render_sharing(golden_view(), "cs"),
    "shitenno_sharing_split_cs": lambda: render_sharing(_split_view(), "cs"),
    "shitenno_hand_cs": lambda: render_hand(golden_view(), "cs"),
}


@pytest.mark.parametrize("golden", sorted(CZECH_GOLDEN))
def test_golden_czech(golden: str) -> None:
    """Every image in Czech: the labels come from the Czech table (issue 19)."""
    check_golden(CZECH_GOLDEN[golden](), GOLDEN / f"{golden}.png", __file__)


@pytest.mark.parametrize("sample", sorted(SAMPLE_VIEWS))
def test_samples(sample: str) -> None:
    """The images in docs/images are what the renderer draws now (regenerated with UPDATE_GOLDEN=1)."""
    check_golden(SAMPLE_VIEWS[sample](), SAMPLES / f"{sample}.png", __file__)


# --- timing (not a test) -------------------------------------------------------------------------------


def main() -> None:
    """Median and p95 of 100 renders of each image over random views, and the sizes."""
    views = [random_view(seed) for seed in range(100)]
    for name, render in RENDERERS.items():
        render(views[0])
        times, sizes = [], []
        for v in views:
            t = time.perf_counter()
            data = render(v)
            times.append((time.perf_counter() - t) * 1000)
            sizes.append(len(data))
        times.sort()
        print(
            f"{name:8} median {statistics.median(times):5.1f} ms  p95 {times[94]:5.1f} ms  "
            f"size median {statistics.median(sizes) / 1024:5.1f} KB  max {max(sizes) / 1024:5.1f} KB"
        )


if __name__ == "__main__":
    main()
