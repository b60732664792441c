"""The computer's judgement of Stratego positions and its quick policies (issue 46 §2): rank values,
the evaluation the search ends its simulations with, the play-out policy, the easy level's greedy
policy over known odds, and rescues (SG-8.3)."""

from __future__ import annotations

import math

from rules.rng import Rng
from rules.stratego import engine
from rules.stratego.actions import Move, Rescue
from rules.stratego.board import BACK_RANK, NEIGHBOURS, SIZE, rank_of, steps
from rules.stratego.computer.belief import Belief
from rules.stratego.computer.flag_distance import enemy_distance, hunt_distance
from rules.stratego.pieces import BOMB, FLAG, IMMOBILE, MARSHAL, MINER, SCOUT, SPY, STRENGTH, battle
from rules.stratego.state import Piece, StrategoState

VALUES = {
    "classic": {
        "M": 400,
        "9": 200,
        "8": 100,
        "7": 60,
        "6": 35,
        "5": 20,
        "4": 14,
        "3": 30,
        "2": 8,
        "S": 50,
        "B": 12,
        "F": 0,
    },
    "barrage": {"M": 400, "9": 250, "3": 80, "2": 40, "S": 150, "B": 40, "F": 0},
}
"""What a piece is worth to its owner (the Flag is the game itself, scored by the end)."""

SCALE = {"classic": 250.0, "barrage": 300.0}
"""A material difference of one scale is worth about three quarters of a win."""

GUARD_PULL = 4
"""Barrage, an enemy within reach of a Flag: what each step costs between the Flag and its side's
nearest Marshal or General (a defender comes home before the enemy arrives)."""

GUARDS = frozenset((MARSHAL, "9"))

WIN = 10_000.0
"""A move's score for taking the Flag."""

DANGER = (0, 200, 100, 50, 25, 12, 6)
"""Barrage: what an enemy mover so many moves from a Flag costs its side (:mod:`.flag_distance`)."""

QUIET_FADE = 0.6
"""Classic army, the strong evaluation: the share of a lead lost by the time the moves without a
battle reach the draw (SG-4.7), so that the side ahead seeks a battle rather than drifting into a
draw (classic hard against greedy drew three of 20 games so, every one well ahead). The side
behind does not gain what the side ahead loses: faded symmetrically, hard behind in material
against random (whose pieces are worth less than their ranks) kept the quiet and drew by SG-4.7.
Barrage's computers, measured without it, go without it."""

QUIET_SEEK_FROM = 0.2
"""Classic army, the strong evaluation: the share of SG-4.7's moves without a battle from which a
side is drawn towards the enemy pieces it may attack (a search a few moves deep sees no battle beyond)."""

QUIET_SEEK = 12
"""...what each step between them then costs, times that share (a Scout's worth is 8)."""

COVER = (0, 20, 12, 6)
"""Classic army, the strong evaluation: for an enemy mover so many steps from a Flag (one to three),
what each step costs between it and the nearest piece of the Flag's side that would beat it, past
the first (a defender next to it is in time; the search, a few moves deep, cannot see one that
comes too late: a known Miner waited two steps from a Flag for 40 moves and took it)."""

HOME = 4
"""Classic army, the strong evaluation: what each step costs between a Flag and its side's nearest
piece that beats a Miner, past :data:`HOME_FREE` (up to :data:`HOME_CAP`): a guard stays at home.
Greedy players send their Miners at the unmoved pieces; against greedy, hard lost games with its
every such piece gone forward and a Miner taking the Flag through its Bombs, three moves after it
showed itself."""

HOME_FREE = 2
HOME_CAP = 8

HOME_GUARDS = frozenset(r for r, strength in STRENGTH.items() if strength > STRENGTH[MINER])
"""The ranks that beat a Miner (SG-5), Sergeant and up."""

COVER_CAP = 4
"""The steps :data:`COVER` counts at most."""

GUARD_RADIUS = 5
"""Classic army: an enemy piece this near its Flag (steps as the crow walks) calls the defence in."""

GUARD_MOVES = 6
"""Classic army: the defensive moves added at most to the root's (:func:`defence`)."""

HUNT_FROM = 4
"""Classic army, the strong evaluation: at most so many enemy pieces a side has seen neither move
nor shown (where the Flag may stand), it hunts the Flag (:data:`HUNT`)."""

HUNT = 6
"""...what each move its nearest piece that can take the Flag needs for it then costs
(:func:`.flag_distance.hunt_distance`: a search a few moves deep does not see a Flag ten moves away,
and a game against a side that hardly attacks was drawn by SG-4.7 with the Flag found and a Miner
idle at home)."""

ESCAPE_MOVES = 6
"""Classic army, hard: the escapes added at most to the root's (:func:`escapes`)."""

RISK = (0.0, 0.9, 0.5, 0.3, 0.18, 0.1, 0.05)
"""Classic army, the strong evaluation: the chance a Flag is lost, by the half-moves before the
enemy's nearest Miner can take it (:func:`.flag_distance.hunt_distance`: twice its moves, one less
when it moves next). A Miner tries every piece it finds unmoved, Bombs and all; other pieces that
do not know the Flag keep off such pieces (greedy's Major stood next to hard's Flag for 30 moves).
A share of the result, not material: hard far ahead saw every move as nearly won and let an
unknown piece walk through its Bombs onto its Flag (in those of its samples where the piece is a
Miner it is two moves from the Flag; the search, four moves deep and sampling the enemy's replies,
seldom follows it there)."""

RISK_MOVES = (len(RISK) + 1) // 2
"""The enemy's moves from which :data:`RISK` is not worked out."""


def _value(values: dict[str, int], rank: str) -> int:
    return values.get(rank, 0)


def evaluate(st: StrategoState, strong: bool) -> list[float]:
    """Each seat's score in [0, 1]: the result once over, else material (by rank value) and the
    Flags' safety; when ``strong`` also the worth of ranks not yet shown and of a Spy with no
    Marshal left to catch. A Flag's safety in the classic army: enemies within two steps, and
    (``strong``) Bombs around it. In Barrage, where most games end on a Flag walked into: the
    enemy's moves to it (:mod:`.flag_distance`; next to it with the move is a lost game) and, while
    an enemy is within reach, how far the nearest Marshal or General stands from it."""
    if st.phase == "over":
        if st.winner < 0:
            return [0.5, 0.5]
        return [1.0 if st.seat_colour[s] == st.winner else 0.0 for s in (0, 1)]
    values = VALUES[st.army]
    score = [0.0, 0.0]
    flags = [-1, -1]
    marshal = [False, False]
    hidden = [0, 0]  # pieces neither moved nor shown: where the Flag may stand
    for p in st.pieces:
        if p.square < 0:
            continue
        if not p.moved and not p.revealed:
            hidden[p.colour] += 1
        score[p.colour] += _value(values, p.rank)
        if p.rank == FLAG:
            flags[p.colour] = p.square
        elif p.rank == MARSHAL:
            marshal[p.colour] = True
        if strong and not p.revealed and p.rank not in IMMOBILE:
            score[p.colour] += 3
    board, pieces = st.board, st.pieces
    adv = bool(st.options["attacker_advantage"])
    for colour in (0, 1):
        if strong and not marshal[1 - colour]:  # a Spy with no Marshal to catch is a weak piece
            score[colour] -= sum(
                _value(values, SPY) - 5 for p in pieces if p.colour == colour and p.rank == SPY and p.square >= 0
            )
        f = flags[colour]
        if f < 0:
            continue
        if st.army == "barrage":
            d = enemy_distance(st, colour, f)
            if d == 1 and st.turn != colour:  # the enemy takes it now
                return [0.02 if st.seat_colour[s] == colour else 0.98 for s in (0, 1)]
            if d < len(DANGER):
                score[colour] -= DANGER[d] + GUARD_PULL * _guard_distance(pieces, colour, f, GUARDS)
            continue
        if strong:
            for sq in NEIGHBOURS[f]:
                occ = board[sq]
                if occ >= 0 and pieces[occ].colour == colour and pieces[occ].rank == "B":
                    score[colour] += 8
            home = _guard_distance(pieces, colour, f, HOME_GUARDS)
            score[colour] -= HOME * max(0, min(HOME_CAP, home) - HOME_FREE)
        for p in pieces:
            if p.colour != colour and p.square >= 0 and p.rank not in IMMOBILE:
                d = steps(p.square, f)
                if d <= 2:
                    score[colour] -= 40 if d == 1 else 15
                if strong and d < len(COVER):  # a defender at hand, before the enemy is in
                    score[colour] -= COVER[d] * min(COVER_CAP, _cover(pieces, colour, p, adv) - 1)
        if strong and hidden[colour] <= HUNT_FROM:  # the enemy knows nearly where it stands
            score[1 - colour] -= HUNT * hunt_distance(st, 1 - colour, f)
    limit = st.options["no_capture_limit"]
    quiet = min(1.0, st.no_battle / limit) if strong and limit and st.army == "classic" else 0.0
    if quiet >= QUIET_SEEK_FROM:  # each side's nearest way to a battle with what it has not seen
        for colour in (0, 1):
            score[colour] -= QUIET_SEEK * quiet * _seek(pieces, colour, adv)
    diff = score[st.seat_colour[0]] - score[st.seat_colour[1]]
    lead = 0.5 * math.tanh(diff / SCALE[st.army])
    ahead = 0.5 + abs(lead) * (1.0 - QUIET_FADE * quiet)  # SG-4.7: a lead fades as the quiet runs out,
    behind = 0.5 - abs(lead)  # and the side behind gains nothing by it (it plays for the win)
    out = [ahead, behind] if lead >= 0 else [behind, ahead]
    if strong and st.army == "classic":  # a Flag lost (0) or taken (1) by a Miner soon
        lost = [_risk(st, st.seat_colour[s], flags[st.seat_colour[s]]) for s in (0, 1)]
        out = [v + lost[1 - s] * (1.0 - v) - lost[s] * v for s, v in enumerate(out)]
    return out


def _risk(st: StrategoState, colour: int, flag: int) -> float:
    """:data:`RISK`: the chance ``colour`` loses its Flag on ``flag`` to a Miner soon (0 with none)."""
    if flag < 0:
        return 0.0
    moves = hunt_distance(st, 1 - colour, flag, RISK_MOVES, miners=True)
    half = 2 * moves - (1 if st.turn != colour else 0)
    return RISK[half] if half < len(RISK) else 0.0


def _cover(pieces: list[Piece], colour: int, enemy: Piece, adv: bool) -> int:
    """Steps from ``colour``'s nearest mover that would beat ``enemy`` (as far as ``colour`` knows
    it: any but a Scout when unshown) to it (:data:`COVER_CAP` + 1 past the cap, or none)."""
    near = COVER_CAP + 1
    for q in pieces:
        mover = q.colour == colour and q.square >= 0 and q.rank not in IMMOBILE and q.rank != SCOUT
        if mover and (not enemy.revealed or battle(q.rank, enemy.rank, adv) == "attacker"):
            near = min(near, steps(q.square, enemy.square))
    return near


def _seek(pieces: list[Piece], colour: int, adv: bool) -> int:
    """Steps between ``colour``'s nearest mover and the nearest enemy piece it may attack: one it
    has not seen, or a shown one it beats or trades with (0: none)."""
    mine = [p for p in pieces if p.colour == colour and p.square >= 0 and p.rank not in IMMOBILE]
    theirs = [p for p in pieces if p.colour != colour and p.square >= 0]
    return min(
        (
            steps(a.square, b.square)
            for a in mine
            for b in theirs
            if not b.revealed or battle(a.rank, b.rank, adv) in ("attacker", "both")
        ),
        default=0,
    )


def _guard_distance(pieces: list[Piece], colour: int, flag: int, guards: frozenset[str]) -> int:
    """Steps (as the crow walks) from ``colour``'s Flag to its nearest piece of a rank in ``guards``
    (10: none)."""
    near = 10
    for p in pieces:
        if p.colour == colour and p.square >= 0 and p.rank in guards:
            near = min(near, steps(p.square, flag))
    return near


def rescue(st: StrategoState) -> Rescue:
    """SG-8.3 for the side to move: the most valuable rescuable rank onto the empty square of its
    own half farthest from every enemy piece (then nearest its own back row); never declined."""
    options = engine.legal_rescues(st)
    if len(options) == 1:
        return options[0]
    colour, values = st.turn, VALUES[st.army]
    enemies = [p.square for p in st.pieces if p.colour != colour and p.square >= 0]

    def safety(sq: int) -> tuple[int, int]:
        near = min((steps(e, sq) for e in enemies), default=20)
        return (min(near, 4), -abs(rank_of(sq) - BACK_RANK[colour]))

    best_rank = max((r.rank for r in options if r.rank is not None), key=lambda r: _value(values, r))
    squares = [r.square for r in options if r.rank == best_rank and r.square is not None]
    return Rescue(best_rank, max(squares, key=safety))


def search_moves(st: StrategoState, seat: int) -> list[Move | Rescue]:
    """What the search weighs: the moves (SG-4 / SG-5, two-squares and chase rules applied), or
    the heuristic rescue; never resigning or a draw."""
    if st.rescue_from >= 0:
        return [rescue(st)]
    return list(engine.legal_moves(st, st.seat_colour[seat]))


def playout(st: StrategoState, seat: int, rng: Rng) -> Move | Rescue:
    """A quick move: half the time the best capture that wins in this sample, else any move; in
    Barrage the Flag first whenever it can be taken (its few moves make that check cheap, and a
    play-out that walks past the Flag misjudges the race to it)."""
    if st.rescue_from >= 0:
        return rescue(st)
    colour = st.seat_colour[seat]
    moves = engine.legal_moves(st, colour)
    board, pieces = st.board, st.pieces
    if st.army == "barrage":
        for m in moves:
            occ = board[m.to]
            if occ >= 0 and pieces[occ].rank == FLAG:
                return m
    if rng.below(2):
        values = VALUES[st.army]
        adv = st.options["attacker_advantage"]
        best, gain = None, 0
        for m in moves:
            occ = board[m.to]
            if occ >= 0:
                d = pieces[occ]
                if battle(pieces[board[m.frm]].rank, d.rank, adv) == "attacker":
                    g = _value(values, d.rank) + (1000 if d.rank == FLAG else 0)
                    if g >= gain:
                        best, gain = m, g
        if best is not None:
            return best
    return moves[rng.below(len(moves))]


def _outcome(mine: str, theirs: str, adv: bool, values: dict[str, int]) -> float:
    result = battle(mine, theirs, adv)
    if theirs == FLAG:
        return WIN
    if result == "attacker":
        return float(_value(values, theirs))
    if result == "defender":
        return -float(_value(values, mine))
    return float(_value(values, theirs) - _value(values, mine))


def scored(st: StrategoState, known: list[str | None], b: Belief | None, rng: Rng | None) -> list[tuple[float, Move]]:
    """The side to move's moves, each scored by its known odds (an unknown defender by the belief's
    counts), a little for going forward, minus the risk of standing next to a known stronger enemy;
    plus some noise from ``rng``. ``known``: each square's enemy rank as the mover knows it."""
    colour, values = st.turn, VALUES[st.army]
    adv = st.options["attacker_advantage"]
    board, pieces = st.board, st.pieces
    forward = 1 if colour == 0 else -1
    out: list[tuple[float, Move]] = []
    for m in engine.legal_moves(st, colour):
        me = pieces[board[m.frm]].rank
        occ = board[m.to]
        score = float(rng.below(6)) if rng is not None else 0.0
        if occ >= 0:
            theirs = known[m.to]
            if theirs is not None:
                score += _outcome(me, theirs, adv, values)
            elif b is not None:
                probs = b.probabilities(pieces[occ].moved)
                score += sum(p * _outcome(me, r, adv, values) for r, p in probs.items()) if probs else 0.0
        else:
            score += 2.0 * forward * (m.to // SIZE - m.frm // SIZE) if me != "2" else 0.5
            for n in NEIGHBOURS[m.to]:
                theirs = known[n]
                if theirs is not None and theirs not in IMMOBILE and battle(theirs, me, adv) == "attacker":
                    score -= 0.6 * _value(values, me)
        out.append((score, m))
    return out


def greedy(st: StrategoState, known: list[str | None], b: Belief, rng: Rng) -> Move | Rescue:
    """The easy level: the best of :func:`scored` with noise."""
    if st.rescue_from >= 0:
        return rescue(st)
    best, best_score = None, -math.inf
    for score, m in scored(st, known, b, rng):
        if score > best_score:
            best, best_score = m, score
    if best is None:
        raise ValueError("no move to make")
    return best


def best_few(scores: list[tuple[float, Move]], k: int) -> list[Move]:
    """The ``k`` best-scored moves (the first on ties: deterministic)."""
    order = sorted(range(len(scores)), key=lambda i: -scores[i][0])[:k]
    return [scores[i][1] for i in sorted(order)]


def focus(st: StrategoState, seat: int, k: int) -> list[Move | Rescue]:
    """Inside the search: the ``k`` best moves by :func:`scored` on this sample's ranks (only the
    Flag's capture when there is one; or the heuristic rescue)."""
    if st.rescue_from >= 0:
        return [rescue(st)]
    colour, pieces = st.turn, st.pieces
    known: list[str | None] = [None] * (SIZE * SIZE)
    for p in pieces:
        if p.square >= 0 and p.colour != colour:
            known[p.square] = p.rank
    scores = scored(st, known, None, None)
    for score, m in scores:
        if score >= WIN:  # taking the Flag: nothing else is worth searching
            return [m]
    return list(best_few(scores, k))


def defence(st: StrategoState, scores: list[tuple[float, Move]], chosen: list[Move]) -> list[Move]:
    """Classic army, for the side to move: besides ``chosen`` (the best few by the greedy score,
    which likes going forward), the moves that attack an enemy piece within :data:`GUARD_RADIUS`
    of its own Flag, or bring a piece that would beat it (a known rank; any but a Scout for an
    unknown one) a step nearer, the nearest first: so that the search weighs the defence when the
    enemy comes (the greedy baselines walk to the unmoved pieces and attack them). ``st``'s enemy
    ranks are those the side knows (``revealed``), the rest unknown."""
    colour, pieces, board = st.turn, st.pieces, st.board
    adv = bool(st.options["attacker_advantage"])
    flag = next((p.square for p in pieces if p.colour == colour and p.rank == FLAG and p.square >= 0), -1)
    if flag < 0:
        return []
    near = [p for p in pieces if p.colour != colour and p.square >= 0 and steps(p.square, flag) <= GUARD_RADIUS]
    if not near:
        return []
    extra: list[tuple[int, float, Move]] = []
    for score, m in scores:
        if m in chosen:
            continue
        if any(m.to == e.square for e in near):
            extra.append((0, -score, m))
            continue
        mover = pieces[board[m.frm]].rank
        if mover == SCOUT:
            continue
        beaten = [e.square for e in near if not e.revealed or battle(mover, e.rank, adv) == "attacker"]
        if beaten:
            after = min(steps(m.to, sq) for sq in beaten)
            if after < min(steps(m.frm, sq) for sq in beaten):
                extra.append((after, -score, m))
    return _first(extra, GUARD_MOVES)


def escapes(st: StrategoState, scores: list[tuple[float, Move]], chosen: list[Move]) -> list[Move]:
    """Classic army, for the side to move: besides ``chosen``, the moves of its pieces that stand
    next to a shown enemy piece that beats them, the most valuable first (the greedy score likes
    going forward, and a search that never weighs a step aside loses the piece: a normal level's
    shown General took four pieces in a row so)."""
    colour, pieces, board = st.turn, st.pieces, st.board
    adv, values = bool(st.options["attacker_advantage"]), VALUES[st.army]
    threatened: dict[int, int] = {}
    for p in pieces:
        if p.colour != colour or p.square < 0 or p.rank in IMMOBILE:
            continue
        for n in NEIGHBOURS[p.square]:
            occ = board[n]
            if occ >= 0:
                e = pieces[occ]
                if e.colour != colour and e.revealed and battle(e.rank, p.rank, adv) == "attacker":
                    threatened[p.square] = _value(values, p.rank)
    if not threatened:
        return []
    extra = [(-threatened[m.frm], -score, m) for score, m in scores if m.frm in threatened and m not in chosen]
    return _first(extra, ESCAPE_MOVES)


def _first(ranked: list[tuple[int, float, Move]], k: int) -> list[Move]:
    """The ``k`` moves of ``ranked`` that come first by their two keys (stable: deterministic)."""
    ranked.sort(key=lambda item: (item[0], item[1]))
    return [m for _, _, m in ranked[:k]]


def bomb_wary(
    st: StrategoState, known: list[str | None], b: Belief, scores: list[tuple[float, Move]]
) -> list[tuple[float, Move]]:
    """``scores`` without the attacks of the side's pieces worth more than a Miner (Captain and up,
    and the Spy) on an enemy piece it has seen neither move nor shown, while a Bomb of the enemy's
    is unaccounted for and the side has a lesser mover to try such a piece with (hard against random
    lost its Marshal, its General, and in another game its last Majors and Captains to unmoved
    Bombs, and then the game: a guess at the Flag is not worth them); with no lesser mover, while
    at least half those pieces must be Bombs (against greedy, hard with its Miners gone threw its
    Colonel and its General, its last movers, at such pieces, and lost a drawn game by SG-6.2)."""
    bombs = sum(n for r, n in b.pool if r == BOMB)
    if not bombs:
        return scores
    board, pieces, colour = st.board, st.pieces, st.turn
    values = VALUES[st.army]
    bar = _value(values, MINER)
    lesser = any(
        p.colour == colour and p.square >= 0 and p.rank not in IMMOBILE and _value(values, p.rank) <= bar
        for p in pieces
    )
    if not lesser and 2 * bombs < len(b.unmoved):
        return scores

    def reckless(m: Move) -> bool:
        occ = board[m.to]
        if occ < 0 or known[m.to] is not None or _value(values, pieces[board[m.frm]].rank) <= bar:
            return False
        return not pieces[occ].moved

    wary = [(score, m) for score, m in scores if not reckless(m)]
    return wary or scores


def root(st: StrategoState, known: list[str | None], b: Belief, width: int, strong: bool) -> list[Move]:
    """What the search weighs at its root for the side to move: the best ``width`` moves by
    :func:`scored` (what the side knows; with the ``strong`` evaluation in the classic army
    :func:`bomb_wary`); in the classic army also its Flag's :func:`defence` and,
    with the ``strong`` evaluation, the :func:`escapes` of its threatened pieces."""
    scores = scored(st, known, b, None)
    if strong and st.army == "classic":
        scores = bomb_wary(st, known, b, scores)
    best = best_few(scores, width)
    if st.army != "classic":
        return best
    extra = defence(st, scores, best)
    if strong:
        extra += [m for m in escapes(st, scores, best) if m not in extra]
    return best + extra
