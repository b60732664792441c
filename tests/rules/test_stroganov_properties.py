"""Seeded random Stroganov games played to the end, checking the ST-20 invariants after every action.

4 player counts x ``CHUNKS`` chunks x ``GAMES_PER_CHUNK`` games; chunks let pytest-xdist spread the
work (``tests/playouts.py``: a fifth of the games under ``make test``). Solo games cycle through the
difficulties and strategy pairs.

After every action: ST-20.1–20.8 on the state, the notation round trip, a wrong seat's attempt
(ST-20.9, dumps compared), ``load(dump(st)) == st``, the JSON form, and one seat's view (rotating)
checked for secrets (ST-20.11). Every ``FULL_VIEWS``-th action, at every stage change and at the end,
every seat's view is compared with the public one and its whole ``repr`` is scanned.
At the end: replay (ST-20.10), scores and the winner (ST-13.4). Now and then a seat resigns
(``RESIGN_P`` per action, ST-R in docs/stroganov.md), so all of this holds in games that lose players.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from rules.errors import NotYourTurn
from rules.protocol import Ending
from rules.stroganov import GAME, engine
from rules.stroganov.actions import Action, Gold, Hunt, Paid, Resign, Trophy
from rules.stroganov.content import CONTENT
from rules.stroganov.state import DUMMY, TIGER, StroganovState
from rules.stroganov.view import StroganovView
from tests.playouts import playouts
from tests.rules.test_stroganov_events import check_event
from tests.stroganov_play import RESIGN_P, decisions, kind, random_player, resigner

pytestmark = pytest.mark.slow  # long random playouts: `make quick` leaves them out

CHUNKS = 5
GAMES_PER_CHUNK = playouts(45)
LEGAL_SAMPLE = 40
"""Every ``LEGAL_SAMPLE``-th position of a game has all its listed actions applied to copies."""
VIEW_EVERY = 1
"""One seat's view (rotating) is built and checked for secrets every ``VIEW_EVERY``-th action."""
FULL_VIEWS = 64
"""Every ``FULL_VIEWS``-th action, at every stage change and at the end, every seat's view is compared
with the public one and the whole ``repr`` is scanned."""
SOLO_OPTIONS = [{"difficulty": d, "strategy": s} for s in ("", *engine.STRATEGY_PAIRS) for d in engine.DIFFICULTIES]
ALL_TILES = sorted(CONTENT.tiles)
ALL_WISHES = sorted(CONTENT.wishes)
ALL_YURTS = sorted(CONTENT.yurts)
ALL_SONGS = sorted(CONTENT.songs)
ALL_AUTOMA = sorted(CONTENT.automa)
FUR_COUNTS = {v: count for v, (_, count) in CONTENT.furs.items()}
TOKEN = re.compile(r"[A-Z][A-Z0-9-]*[0-9]")

assert sum(FUR_COUNTS.values()) == 76
assert (len(ALL_TILES), len(ALL_WISHES), len(ALL_YURTS), len(ALL_SONGS)) == (26, 37, 16, 20)


def options_for(n: int, seed: int) -> dict[str, str] | None:
    return SOLO_OPTIONS[seed % len(SOLO_OPTIONS)] if n == 1 else None


# ---------------------------------------------------------------- invariants of one state


def check_state(st: StroganovState, prev: StroganovState | None) -> None:
    """ST-20.1–20.6 and 20.8 on one state; ``prev`` is the state before the action (for monotony)."""
    cs = st.cossacks
    # ST-20.1 furs, ST-20.2 tigers and banners
    furs = st.bag + st.market
    tigers = st.tiger_supply
    in_row = 0
    for p, line in enumerate(st.items):
        furs += line
        k = line.count(TIGER)
        tigers += k
        in_row += k
        # ST-20.5 item lines ascending, at most one tiger, last
        assert k <= 1 and (k == 0 or line[-1] == TIGER), ("ST-20.5", p + 1, line)
        body = line[:-1] if k else line
        assert body == sorted(body), ("ST-20.5", p + 1, line)
        assert st.row[p] is not None or not line, ("ST-20.5 items without tile", p + 1, line)
    assert in_row <= 1, ("ST-20.5 tigers in row", in_row)
    banners = st.banner_supply
    for c in cs:
        furs += c.furs
        tigers += c.tigers
        banners += c.banners
        assert c.furs == sorted(c.furs)
    counts = Counter(furs)
    del counts[TIGER]
    assert counts == FUR_COUNTS, ("ST-20.1", counts - Counter(FUR_COUNTS), Counter(FUR_COUNTS) - counts)
    assert tigers == CONTENT.tigers == 16, ("ST-20.2 tigers", tigers)
    assert st.tiger_supply >= 0 and st.banner_supply >= 0
    assert banners == st.banner_start, ("ST-20.2 banners", banners, st.banner_start)
    assert st.market == sorted(st.market) and len(st.market) <= 6, ("ST-20.5 market", st.market)
    costs = [(CONTENT.songs[s].cost, s) for s in st.songs]
    assert costs == sorted(costs) and len(st.songs) <= 4, ("ST-20.5 songs", st.songs)
    # ST-20.3 outposts
    owners = Counter(o for r in st.outposts for o in r)
    assert owners[DUMMY] == len(CONTENT.dummies[st.n]), "ST-20.3 dummies"
    for r in st.outposts:
        mine = [o for o in r if o is not None and o != DUMMY]
        assert len(mine) == len(set(mine)), ("ST-20.3 one per region", r)
    for i, c in enumerate(cs):
        assert c.supply >= 0 and c.reserve >= 0
        assert c.supply + c.reserve + owners[i] == 5, ("ST-20.3", i, c.supply, c.reserve, owners[i])
        # ST-20.4
        assert c.coins >= 0 and c.horses >= 0, ("ST-20.4", i, c.coins, c.horses)
        assert 0 <= c.stories <= 30, ("ST-20.4 stories", i, c.stories)
        assert 0 <= c.trophy < len(CONTENT.tracks[c.track].furs), ("ST-20.4 trophy", i, c.trophy)
        assert not c.ivan or c.horses == 0, "ST-15.3"
    # ST-20.6 components in exactly one place
    tiles = [t for t in st.row if t is not None] + st.landscapes
    wishes = [w for w in st.wish_slots if w is not None] + st.wishes_a + st.wishes_b
    yurts = [y for y in st.yurt_slots if y is not None] + st.yurts_a + st.yurts_b
    songs = st.songs + st.song_stack
    automa = st.automa + st.flipped
    for c in cs:
        tiles += c.tiles
        wishes += c.held + c.fulfilled
        songs += c.songs
    for x in st.out:
        {"L": tiles, "T": wishes, "Y": yurts, "S": songs, "A": automa}[x[0]].append(x)
    assert sorted(tiles) == ALL_TILES, "ST-20.6 tiles"
    assert sorted(wishes) == ALL_WISHES, "ST-20.6 wishes"
    assert sorted(yurts) == ALL_YURTS, "ST-20.6 yurts"
    assert sorted(songs) == ALL_SONGS, "ST-20.6 songs"
    assert sorted(automa) == (ALL_AUTOMA if st.solo else []), "ST-20.6 automa cards"
    # ST-20.7 stamps
    stamps = [c.stamp for c in cs]
    assert len(set(stamps)) == len(stamps), ("ST-20.7 stamps", stamps)
    if st.stage == "turn":
        assert sorted(st.order) == list(range(st.n))
        assert st.turns_taken == st.order[: len(st.turns_taken)], "ST-20.7"
        assert st.active == len(st.turns_taken), "ST-20.7"
    if prev is not None:
        for c, p in zip(cs, prev.cossacks, strict=True):
            assert c.score >= p.score, "ST-20.8"
            assert c.trophy >= p.trophy, "ST-20.4 trophy decreased"
    assert len(GAME.to_act(st)) == (0 if st.stage == "finished" else 1)
    assert not set(GAME.to_act(st)) & set(st.resigned), "ST-R.3"
    assert not any(engine.resigned(st, q[0]) for q in st.queue), "ST-R.3"


def check_resigned(st: StroganovState, seat: int, before: list[int]) -> None:
    """ST-R.1, ST-R.4: the seat is marked, shown in the view, and can never act again."""
    assert st.resigned == sorted({*before, seat})
    assert GAME.legal(st, seat) == []
    view = GAME.view(st, None)
    assert view.resigned == tuple(st.resigned) and view.cossacks[engine.cossack_of(st, seat)].resigned
    if st.stage != "finished":
        data = GAME.dump(st)
        with pytest.raises(NotYourTurn) as err:
            GAME.apply(st, seat, Resign())
        assert err.value.code == "resigned"
        assert GAME.dump(st) == data
        for s in range(st.players):
            assert (Resign() in GAME.legal(st, s)) == (s not in st.resigned), "ST-R.1"


def check_resign_outcome(st: StroganovState) -> None:
    """ST-R.2, ST-R.5: the last one not resigned (Ivan in the solo game) wins, scores as they stand."""
    assert st.result is not None and st.result["reason"] == "resign"
    playing = [i for i in range(st.n) if not engine.resigned(st, i)]
    assert playing == [st.result["winner"]] and st.result["ranking"][0] == playing[0]
    assert sorted(st.result["ranking"]) == list(range(st.n))
    out = GAME.outcome(st)
    assert out is not None and out.ending is Ending.RESIGNED
    check_outcome_scores(st, out, [c.score for c in st.cossacks])
    seat = st.cossacks[playing[0]].seat
    assert out.winners == (() if seat is None else (seat,))
    assert not any(e[0] in ("LANDSCAPE", "FUR") for c in st.cossacks for e in c.events), "no final scoring"


def check_outcome_scores(st: StroganovState, out, scores: list[int]) -> None:
    """One score per seat, in seat order; Ivan's in ``automa_score`` (solo only)."""
    assert out.scores == tuple(scores[i] for i, c in enumerate(st.cossacks) if not c.ivan)
    assert len(out.scores) == st.players
    assert out.automa_score == (scores[st.ivan] if st.solo else None)


def secrets(st: StroganovState) -> set[str]:
    """Ids whose place a view must not reveal (ST-4.2, ST-20.11)."""
    out = set(st.landscapes + st.wishes_a + st.wishes_b + st.yurts_a + st.yurts_b + st.song_stack + st.automa)
    out |= {x for x in st.out if x.startswith("TW-S")}
    if st.solo and not st.strategy:
        out |= {x for x in st.out if x.startswith("AU")}
    return out


def view_ids(v: StroganovView) -> set[str]:
    """The component ids a view shows in its structured fields and log tail."""
    ids = {p.tile.id for p in v.positions if p.tile}
    for r in v.regions:
        ids.add(r.village)
        if r.wish:
            ids.add(r.wish.id)
        if r.yurt:
            ids.add(r.yurt)
    ids.update(s.id for s in v.songs)
    for c in v.cossacks:
        ids.update(w.id for w in c.held)
        ids.update(w.id for w in c.fulfilled)
        ids.update(t.id for t in c.tiles)
        ids.update(c.songs)
    if v.automa:
        ids.update(a for a, _ in v.automa.flipped)
    ids.update(TOKEN.findall(json.dumps(v.log)))
    return ids


def check_views(st: StroganovState, step: int, full: bool) -> None:
    """ST-4.4: every seat sees the public view; ST-20.11: no stack order, bag order or generator state.

    Without ``full`` only one seat's view (rotating with ``step``) is built and its ids checked; with
    ``full`` every seat's view is compared with the public one and its whole ``repr`` is scanned."""
    public = GAME.view(st, None if full else step % st.players)
    if full:
        for s in range(st.players):
            assert GAME.view(st, s) == public, ("ST-4.4", s)
    leaked = view_ids(public) & secrets(st)
    assert not leaked, ("ST-20.11", leaked)
    assert all(isinstance(k, int) for _, k in public.stacks), "ST-4.2"
    assert {v: k for v, k in public.bag if k} == Counter(st.bag), "ST-4.3"
    assert public.bag == tuple(sorted(public.bag)), "ST-4.3 bag order"
    if full:
        text = repr(public)
        assert str(st.rng.state) not in text, "ST-20.11 rng"
        leaked = set(TOKEN.findall(text)) & secrets(st)
        assert not leaked, ("ST-20.11", leaked)


def check_json(data: dict[str, Any], before: dict[str, Any] | None) -> None:
    """``json.dumps`` of the dump; parts equal to the previous (already checked) dump are skipped."""
    if before is None:
        json.dumps(data)
        return
    for k, v in data.items():
        old = before.get(k)
        if v == old:
            continue
        if k == "log" and v[: len(old)] == old:
            json.dumps(v[len(old) :])
        elif k == "cossacks" and len(v) == len(old):
            json.dumps([c for c, o in zip(v, old, strict=True) if c != o])
        else:
            json.dumps(v)


# ---------------------------------------------------------------- seasons (ST-20.7)


class Seasons:
    """Follows the log: per action season, the turns taken are the season's order, and each order is
    the depth order at the season start (recorded by the patched ``start_season``)."""

    def __init__(self, st: StroganovState) -> None:
        self.seen = 0
        self.order: list[int] | None = None
        self.turns: list[int] = []
        self.winter: dict[int, list[int]] = {}
        self.springs = 0

    def feed(self, st: StroganovState) -> None:
        for e in st.log[self.seen :]:
            check_event(st, e)
            if e["type"] in ("season", "winter"):
                self.close()
                order = list(e["order"])
                if e["type"] == "winter":
                    self.winter[e["year"]] = order
                    self.order = None
                else:
                    if e["season"] == "spring" and e["year"] != 1:
                        assert order == self.winter[e["year"] - 1], "ST-12.6.7 spring order"
                    self.order, self.turns = order, []
            elif e["type"] in ("turn_start", "turn_skipped", "ivan_flip"):
                self.turns.append(e["cossack"])
        self.seen = len(st.log)

    def close(self) -> None:
        if self.order is not None:
            assert self.turns == self.order, ("ST-20.7 turns", self.turns, self.order)


STARTS: list[tuple[list[int], list[tuple[int, int]]]] = []


@pytest.fixture(autouse=True)
def record_season_starts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Record each season's order and the cossacks' (position, stamp) when it starts."""
    original = engine.start_season

    def start_season(st: StroganovState, events: list[dict[str, Any]]) -> None:
        depth = [(c.position, c.stamp) for c in st.cossacks]
        original(st, events)
        STARTS.append((list(st.order), depth))

    monkeypatch.setattr(engine, "start_season", start_season)
    STARTS.clear()
    yield
    STARTS.clear()


def check_depth_orders(starts: list[tuple[list[int], list[tuple[int, int]]]]) -> None:
    """Every recorded season order is the depth order at that season's start."""
    for order, depth in starts:
        expected = sorted(range(len(depth)), key=lambda i: (-depth[i][0], depth[i][1]))
        assert order == expected, ("ST-6.2 depth order", order, depth)


# ---------------------------------------------------------------- one game


def expected_winner(st: StroganovState, seasons: Seasons) -> int:
    """ST-13.4 (and ST-15.9): score, then fulfilled (taken) wishes, then the 4th winter order; a
    resigned cossack never wins (ST-R.5)."""
    winter = seasons.winter[4]
    return min(
        range(st.n),
        key=lambda i: (engine.resigned(st, i), -st.cossacks[i].score, -len(st.cossacks[i].fulfilled), winter.index(i)),
    )


def run_game(
    n: int, seed: int, legal_every: int = LEGAL_SAMPLE, resign: float = RESIGN_P
) -> tuple[StroganovState, list[Action]]:
    options = options_for(n, seed)
    st = GAME.new(n, options, seed)
    rnd = random.Random(seed)
    player = random_player(rnd)
    history: list[tuple[int, str]] = []
    applied: list[Action] = []
    seasons = Seasons(st)
    data = GAME.dump(st)
    check_json(data, None)
    prev = GAME.load(data)
    check_state(st, None)
    check_views(st, 0, True)
    phase_key: tuple[Any, ...] | None = None
    phase = -1
    step = 0
    prev_stage = st.stage
    while st.stage != "finished":
        (seat,) = GAME.to_act(st)
        if step % legal_every == 0:  # every listed action applies (on copies)
            mark = len(STARTS)
            for a in GAME.legal(st, seat):
                GAME.apply(GAME.load(data), seat, a)
            check_depth_orders(STARTS[mark:])
            del STARTS[mark:]
        quitter = resigner(st, rnd, resign)
        act = player(st, seat) if quitter is None else Resign()
        text = act.notation()
        assert GAME.parse_action(text) == act, text
        if quitter is None:  # any seat may resign at any time (ST-R.1)
            with pytest.raises(NotYourTurn):  # ST-20.9 (solo: a seat that does not play)
                GAME.apply(st, (seat + 1) % n if n > 1 else 1, act)
            assert GAME.dump(st) == data, "ST-20.9"
        else:
            seat, before_resign = quitter, list(st.resigned)
        logged = len(st.log)
        assert GAME.apply(st, seat, act) == st.log[logged:], "the log is the events of every action"
        if quitter is not None:
            check_resigned(st, seat, before_resign)
        step += 1
        history.append((seat, text))
        applied.append(act)
        before, data = data, GAME.dump(st)
        check_json(data, before)
        check_state(st, prev)
        prev = GAME.load(data)
        assert prev == st, "load(dump(st)) != st"
        if step % VIEW_EVERY == 0 or st.stage != prev_stage:
            check_views(st, step // VIEW_EVERY, step % FULL_VIEWS == 0 or st.stage != prev_stage)
        prev_stage = st.stage
        seasons.feed(st)
        if st.stage == "turn" and st.turn is not None:  # ST-20.7: per turn the phase only increases
            key = (st.year, st.season, st.active)
            if key != phase_key:
                phase_key, phase = key, -1
            assert st.turn.phase >= phase, "ST-20.7 phase"
            phase = st.turn.phase
    check_views(st, step, True)
    assert st.result is not None
    if st.result["reason"] == "resign":
        check_depth_orders(STARTS)
        check_resign_outcome(st)
    else:
        check_final(st, seasons)
    # ST-20.10 replay from the notation
    replay = GAME.new(n, options, seed)
    for seat, text in history:
        GAME.apply(replay, seat, GAME.parse_action(text, replay))
    assert GAME.dump(replay) == data, "ST-20.10"
    STARTS.clear()
    return st, applied


def check_final(st: StroganovState, seasons: Seasons) -> None:
    """A game played to final scoring: every season and winter, the scores and the winner (ST-13.4)."""
    seasons.close()
    assert len(STARTS) == 12, ("4 years of 3 action seasons", len(STARTS))
    check_depth_orders(STARTS)
    STARTS.clear()
    assert len(seasons.winter) == 4 and st.year == 4
    # final scores, winner
    assert st.result is not None
    scores = [sum(e[2] for e in c.events) for c in st.cossacks]
    assert st.result["scores"] == scores, "ST-13.4"
    winner = expected_winner(st, seasons)
    assert st.result["winner"] == winner, "ST-13.4"
    out = GAME.outcome(st)
    assert out is not None
    check_outcome_scores(st, out, scores)
    w_seat = st.cossacks[winner].seat
    assert out.winners == (() if w_seat is None else (w_seat,)), "ST-13.4"
    assert out.ending is Ending.NORMAL and out.automa_won == (w_seat is None)
    assert not engine.resigned(st, winner), "ST-R.5"
    ranking = st.result["ranking"]
    assert all(engine.resigned(st, i) for i in ranking[len(ranking) - len(st.resigned) :]), "ST-R.5"


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_random_games_keep_invariants(n: int, chunk: int) -> None:
    for i in range(GAMES_PER_CHUNK):
        run_game(n, 7_000_003 * n + chunk * GAMES_PER_CHUNK + i)


def test_random_games_cover_resignation() -> None:
    """ST-R: with a higher resignation rate, random games solo and of 2, 3 and 4 players reach every
    way a resignation can end or change a game, and every invariant holds."""
    seen: Counter[tuple[int, int, str]] = Counter()
    for i in range(48):
        n = 1 + i % 4
        st, _ = run_game(n, 8_800_000 + i, legal_every=97, resign=0.01)
        assert st.result is not None
        seen[(n, len(st.resigned), st.result["reason"])] += 1
    wanted = [(1, 1, "resign"), (2, 1, "resign"), (3, 1, "final_scoring"), (3, 2, "resign")]
    wanted += [(4, 1, "final_scoring"), (4, 2, "final_scoring"), (4, 3, "resign")]
    assert all(seen[w] for w in wanted), seen


def reached(applied: list[Action]) -> Counter[str]:
    seen: Counter[str] = Counter()
    for a in applied:
        seen[kind(a)] += 1
        inner = a.action if isinstance(a, Paid) else a
        if isinstance(a, Paid):
            seen["Paid"] += 1
            seen[kind(inner)] += 1
        if isinstance(inner, Hunt) and len(inner.items) == 2:
            seen["Hunt2"] += 1
        if isinstance(a, Trophy):
            seen["Trophy.stay" if a.pay is None else "Trophy.advance"] += 1
    return seen


def test_every_action_kind_is_reached_by_the_random_player() -> None:
    seen: Counter[str] = Counter()
    for seed in range(40):
        _st, applied = run_game(1 + seed % 4, 555_000 + seed, legal_every=20)
        seen += reached(applied)
    kinds = ["Board", "Move", "Coin", "Horses", "Step", "Hunt", "Hunt2", "Trade", "Claim", "Paid", "Exchange"]
    kinds += ["Draw", "Fulfil", "Trophy.advance", "Trophy.stay", "Song", "SongPass", "EndTurn"]
    kinds += [f"Gold.{k}" for k in ("wish", "village", "yurt", "build", "recruit")]
    assert all(seen[k] > 0 for k in kinds), {k: seen[k] for k in kinds}


def test_a_wrong_seat_changes_nothing_in_every_stage() -> None:
    """ST-20.9 with actions of every kind the right seat could take (not only the one it took), RESIGN
    aside: any seat may resign at any time (ST-R.1)."""
    rnd = random.Random(3)
    tried = 0
    for seed in range(6):
        st = GAME.new(3, None, seed)
        player = random_player(rnd)
        while st.stage != "finished":
            (seat,) = GAME.to_act(st)
            data = GAME.dump(st)
            for a in rnd.sample(decisions(st, seat), 1):
                with pytest.raises(NotYourTurn):
                    GAME.apply(st, (seat + 1) % 3, a)
                tried += 1
            assert GAME.dump(st) == data
            GAME.apply(st, seat, player(st, seat))
    assert tried > 500


def test_gold_kinds_parse_back() -> None:
    for k in ("wish", "village", "yurt", "build", "recruit"):
        a = Gold(k, 3)
        assert GAME.parse_action(a.notation()) == a
        assert GAME.parse_action(Paid(a, ("sub", 2)).notation()) == Paid(a, ("sub", 2))
