"""The classic computer's care for its Flag, its pieces and the draw by quiet moves (issue 46 §2):
the defensive moves and escapes the search weighs besides the greedy score's favourites, and a lead
that fades as the moves without a battle run towards SG-4.7's draw."""

from __future__ import annotations

import dataclasses

import pytest

from rules.stratego.actions import Move
from rules.stratego.board import BLUE, RED, parse_square
from rules.stratego.computer import policy
from rules.stratego.computer.belief import belief
from rules.stratego.computer.flag_distance import HUNT_CAP, hunt_distance
from rules.stratego.computer.policy import (
    HOME_FREE,
    HUNT_FROM,
    QUIET_SEEK_FROM,
    RISK,
    best_few,
    bomb_wary,
    defence,
    escapes,
    evaluate,
    scored,
)
from rules.stratego.state import StrategoState
from rules.stratego.view import view
from tests.stratego_positions import position


def move(frm: str, to: str) -> Move:
    return Move(parse_square(frm), parse_square(to))


def proposed(st: StrategoState, width: int = 2) -> tuple[list[Move], list[Move]]:
    """The greedy score's best ``width`` moves for the side to move (all enemies unknown to it),
    and the defence added to them."""
    known: list[str | None] = [None] * 100
    scores = scored(st, known, None, None)
    best = best_few(scores, width)
    return best, defence(st, scores, best)


def plain(m: Move) -> tuple[int, int]:
    return (m.frm, m.to)


def test_an_enemy_near_the_flag_brings_attacks_on_it_and_steps_towards_it_nearest_first() -> None:
    st = position("RF@A1 RB@B1 RB@A2 R7@E2 R2@E3 R9@H4 R5@J4 B4@C2 BF@J10 B2@J9 BB@A10", spare=False)
    st.pieces[st.board[parse_square("C2")]].moved = True
    best, extra = proposed(st)
    assert not set(map(plain, best)) & set(map(plain, extra)), "the defence only adds"
    assert extra, "an enemy two steps from the Flag calls the defence in"
    assert plain(extra[0]) == plain(move("E2", "D2")), "the nearest step towards it first"
    assert plain(move("E2", "F2")) not in set(map(plain, extra)), "never a step away"
    assert all(st.pieces[st.board[m.frm]].rank != "2" for m in extra), "a Scout does not defend"
    assert plain(move("H4", "H5")) not in set(map(plain, extra)), "nor a piece walking elsewhere"


def test_an_attack_on_the_enemy_near_the_flag_comes_first() -> None:
    st = position("RF@A1 RB@B1 RB@A2 R7@D2 R6@C3 B4@C2 BF@J10 B2@J9", spare=False)
    best, extra = proposed(st, width=1)
    attacks = [m for m in (*best, *extra) if m.to == parse_square("C2")]
    assert {plain(m) for m in attacks} == {plain(move("D2", "C2")), plain(move("C3", "C2"))}


def test_a_known_stronger_enemy_is_approached_only_by_what_beats_it() -> None:
    st = position("RF@A1 RB@B1 RB@A2 R5@F2 R8@F3 B7@C3 BF@J10 B2@J9", spare=False)
    enemy = st.pieces[st.board[parse_square("C3")]]
    enemy.revealed = enemy.moved = True
    _, extra = proposed(st, width=0)
    movers = {st.pieces[st.board[m.frm]].rank for m in extra}
    assert movers == {"8"}, extra


def test_no_enemy_near_the_flag_adds_nothing() -> None:
    st = position("RF@A1 RB@B1 RB@A2 R7@E2 B4@H7 BF@J10 B2@J9", spare=False)
    assert proposed(st)[1] == []


def test_a_lead_fades_as_the_quiet_moves_run_towards_the_draw_only_in_the_strong_evaluation() -> None:
    st = position("RF@A1 RM@E4 R9@F4 R3@G4 BF@J10 B4@J9 BB@H10", spare=False)
    fresh = evaluate(st, strong=True)[0]
    st.no_battle = 150
    late = evaluate(st, strong=True)[0]
    st.no_battle = 400
    at_the_limit = evaluate(st, strong=True)[0]
    assert fresh > late > at_the_limit > 0.5, (fresh, late, at_the_limit)
    assert evaluate(st, strong=False)[0] == fresh_weak(st)


def test_the_side_behind_gains_nothing_by_a_long_quiet() -> None:
    """It plays for the win: a draw by SG-4.7 is no better for it as the quiet runs long (below
    :data:`QUIET_SEEK_FROM`, where the pull towards a battle does not count yet)."""
    st = position("RF@A1 RM@E4 R9@F4 R3@G4 BF@J10 B4@J9 BB@H10", spare=False)
    fresh = evaluate(st, strong=True)
    st.no_battle = int(QUIET_SEEK_FROM * st.options["no_capture_limit"]) - 1
    late = evaluate(st, strong=True)
    assert late[1] == fresh[1] < 0.5 and late[0] < fresh[0], (fresh, late)


def test_barrage_keeps_its_lead_whatever_the_quiet() -> None:
    """Barrage's computers were measured without the fade: it stays so."""
    st = position("RF@A1 RM@E4 R9@F4 R3@G4 BF@J10 B2@J9 BB@H10", spare=False, army="barrage")
    fresh = evaluate(st, strong=True)
    st.no_battle = 150
    assert evaluate(st, strong=True) == fresh


def fresh_weak(st: StrategoState) -> float:
    st.no_battle = 0
    return evaluate(st, strong=False)[0]


def test_a_defender_at_hand_of_an_enemy_near_the_flag_counts_and_only_one_that_beats_it() -> None:
    """(Red's Five on A3 is its guard at home either way, :data:`HOME`.)"""
    far = position("RF@A1 RB@B1 RB@A2 R5@A3 R7@F4 B4@C2 BF@J10 B2@J9 BB@H10 BB@A10 BB@B10", spare=False)
    near = position("RF@A1 RB@B1 RB@A2 R5@A3 R7@D2 B4@C2 BF@J10 B2@J9 BB@H10 BB@A10 BB@B10", spare=False)
    assert evaluate(near, strong=True)[0] > evaluate(far, strong=True)[0]
    for st in (near, far):  # a shown Marshal: the Seven beats it nowhere, far or near
        marshal = st.pieces[st.board[parse_square("C2")]]
        marshal.rank, marshal.revealed = "M", True
    assert evaluate(near, strong=True)[0] == evaluate(far, strong=True)[0]


def test_in_a_long_quiet_a_side_is_drawn_towards_the_pieces_it_may_attack() -> None:
    """Red's Marshal nearer an unseen Blue piece, or a shown one it beats, is worth
    more once the moves without a battle run long, and nearer a shown Bomb not; while the battles
    are fresh the distance is nothing. (Red's Marshal is shown, so Blue's Four keeps off it; it stands as
    far from Blue's Flag, which it would take, either way; Blue's five unseen Bombs, five steps from
    either square, keep the hunt for the Flag out of it, :data:`HUNT_FROM`.)"""
    base = "RF@A1 RB@B1 RB@A2 BF@J10 BB@H10 BB@J8 BB@J7 BB@I6 BB@G4 BB@F3 BB@E2"
    far, near = (position(f"{base} RM@{sq} B4@E9", spare=False) for sq in ("J2", "E7"))

    def edit(rank: str | None = None, no_battle: int | None = None) -> None:
        for st in (far, near):
            target = st.pieces[st.board[parse_square("E9")]]
            if rank is not None:
                target.rank, target.revealed = rank, True
            if no_battle is not None:
                st.no_battle = no_battle

    for st in (far, near):
        st.pieces[st.board[parse_square("E9")]].moved = True
        for sq in ("J10", "H10", "J8", "J2" if st is far else "E7"):
            st.pieces[st.board[parse_square(sq)]].revealed = True
    assert evaluate(near, strong=True) == evaluate(far, strong=True)
    edit(no_battle=120)
    assert evaluate(near, strong=True)[0] > evaluate(far, strong=True)[0]
    edit(rank="4")
    assert evaluate(near, strong=True)[0] > evaluate(far, strong=True)[0]
    edit(rank="B")
    assert evaluate(near, strong=True)[0] == evaluate(far, strong=True)[0]


def test_a_piece_next_to_a_shown_enemy_that_beats_it_may_step_aside_the_most_valuable_first() -> None:
    st = position("RF@A1 RB@B1 R6@E5 R4@J5 R8@C8 R2@J2 B9@E6 B3@J6 BF@J10 BB@H10", spare=False)
    for sq in ("E6", "J6"):
        enemy = st.pieces[st.board[parse_square(sq)]]
        enemy.revealed = enemy.moved = True
    known: list[str | None] = [None] * 100
    scores = scored(st, known, None, None)
    out = escapes(st, scores, [])
    assert {m.frm for m in out} == {parse_square("E5")}, "the Four beats the Three beside it: no need"
    aside = {plain(move("E5", to)) for to in ("F5", "E4", "E6")}  # D5 is a lake
    assert {plain(m) for m in out} == aside
    assert escapes(st, scores, out[:2]) == out[2:], "only what the greedy score did not choose"
    st.pieces[st.board[parse_square("E6")]].revealed = False
    assert escapes(st, scores, []) == [], "an unshown enemy threatens nothing known"


def test_the_hunt_counts_the_moves_of_the_nearest_piece_that_can_take_the_flag() -> None:
    walled = "BF@E10 BB@D10 BB@F10 BB@E9"
    st = position(f"RF@A1 R3@E5 RM@J8 {walled}", spare=False)
    assert hunt_distance(st, 0, parse_square("E10")) == 5, "the Miner: four steps, the Bomb, the Flag"
    st = position(f"RF@A1 RM@E8 {walled}", spare=False)
    assert hunt_distance(st, 0, parse_square("E10")) == HUNT_CAP, "past a Bomb only a Miner"
    st = position("RF@A1 R7@A5 R4@J1 BF@A10 B5@A7", spare=False)
    assert hunt_distance(st, 0, parse_square("A10")) == 6, "past an enemy in the way: a move more"
    assert hunt_distance(st, 0, parse_square("A10"), miners=True) == HUNT_CAP, "no Miner of Red's"
    st = position("RF@A1 R7@A8 R3@A5 BF@A10", spare=False)
    assert hunt_distance(st, 0, parse_square("A10"), miners=True) == 6, "the Miner, past its Major"
    assert hunt_distance(st, 0, parse_square("A10"), cap=3) == 2, "the Major's two moves"
    assert hunt_distance(st, 0, parse_square("A10"), cap=3, miners=True) == 3, "no Miner within the cap"


def test_a_flag_walled_in_by_bombs_is_at_risk_from_a_miner_two_moves_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """A share of the result: Red's Flag in the corner behind two Bombs, a Blue Miner two moves from
    it (the Bomb, the Flag) costs Red :data:`RISK` of its value, more with Blue to move; a Major
    there (it keeps off unmoved pieces) and the weak evaluation, nothing."""

    def evaluated(rank: str, turn: int, strong: bool = True) -> tuple[float, float]:
        st = position(f"RF@A1 RB@B1 RB@A2 R6@E4 B{rank}@A3 BF@J10 BB@I10 B4@J1", spare=False, turn=turn)
        risky = evaluate(st, strong)[0]
        with monkeypatch.context() as m:
            m.setattr(policy, "RISK", (0.0,) * len(RISK))
            return risky, evaluate(st, strong)[0]

    risky, safe = evaluated("3", RED)
    assert risky == pytest.approx(safe * (1 - RISK[4])) and risky < safe, "two moves, Red to move"
    risky, safe = evaluated("3", BLUE)
    assert risky == pytest.approx(safe * (1 - RISK[3])), "Blue to move: a half-move nearer"
    risky, safe = evaluated("7", RED)
    assert risky == safe, "a Major"
    risky, safe = evaluated("3", RED, strong=False)
    assert risky == safe, "the weak evaluation"


def test_a_side_that_knows_nearly_where_the_flag_stands_is_drawn_to_it_with_a_miner() -> None:
    """Blue's Flag walled in by Bombs, nothing else of Blue's unseen: Red's Miner nearer to it is
    worth more; with five more unseen pieces of Blue's (the Flag may be anywhere), not."""
    walled = "BF@E10 BB@D10 BB@F10 BB@E9 B9@J9"
    far, near = (position(f"RF@A1 RB@B1 RB@A2 R3@{sq} R4@J1 {walled}", spare=False) for sq in ("A4", "E6"))
    for st in (far, near):
        st.pieces[st.board[parse_square("J9")]].moved = True
    assert evaluate(near, strong=True)[0] > evaluate(far, strong=True)[0]
    assert evaluate(near, strong=False)[0] == evaluate(far, strong=False)[0], "the strong evaluation only"
    more = " BB@A10 BB@B10 BB@H10 BB@J10 BB@G10"
    far, near = (position(f"RF@A1 RB@B1 RB@A2 R3@{sq} R4@J1 {walled}{more}", spare=False) for sq in ("A4", "E6"))
    assert HUNT_FROM < 10, "Blue's ten pieces unseen"
    assert evaluate(near, strong=True)[0] == evaluate(far, strong=True)[0]


def test_pieces_above_a_miner_keep_off_unmoved_unknown_pieces_while_a_bomb_may_be_one() -> None:
    """Hard's root: no attack of a piece worth more than a Miner on a piece never seen moving while
    Bombs are unaccounted for and a lesser piece can try it; on a moved one, or by a lesser
    attacker, it stays."""
    st = position("RF@A1 RM@E7 R9@G7 R6@A9 R5@B8 R4@A5 BF@J10 BB@E8 B5@G8 BB@A10 BB@B9", spare=False)
    st.pieces[st.board[parse_square("G8")]].moved = True
    known: list[str | None] = [None] * 100
    b = belief(view(st, 0))
    scores = scored(st, known, b, None)
    kept = {plain(m) for _, m in bomb_wary(st, known, b, scores)}
    assert plain(move("E7", "E8")) not in kept, "the Marshal onto the unmoved piece: a Bomb, maybe"
    assert plain(move("G7", "G8")) in kept, "the General onto a piece seen moving"
    assert plain(move("A9", "A10")) not in kept, "nor a Captain"
    assert plain(move("B8", "B9")) in kept, "a Lieutenant may try it"
    assert plain(move("E7", "D7")) in kept and len(kept) == len(scores) - 3, "the Captain has two such"
    lone = position("RF@A1 RM@E7 BF@J10 BB@E8 BB@A10", spare=False)
    b = belief(view(lone, 0))
    scores = scored(lone, known, b, None)
    wary = {plain(m) for _, m in bomb_wary(lone, known, b, scores)}
    assert plain(move("E7", "E8")) not in wary and wary, "no lesser piece, but the unmoved pieces are mostly Bombs"
    one_bomb = dataclasses.replace(b, pool=tuple((r, 1 if r == "B" else n) for r, n in b.pool))
    assert bomb_wary(lone, known, one_bomb, scores) == scores, "no lesser piece, one Bomb of three: it may"
    bare = position("RF@A1 RM@E7 R4@A5 BF@J10 B5@E8", spare=False)
    b = belief(view(bare, 0))
    b = dataclasses.replace(b, pool=tuple((r, n) for r, n in b.pool if r != "B"))
    scores = scored(bare, known, b, None)
    assert bomb_wary(bare, known, b, scores) == scores, "no Bomb left: nothing to fear"


def test_a_piece_that_beats_a_miner_stays_near_the_flag() -> None:
    """Red's nearest Sergeant or better within two steps of its Flag costs nothing; farther, each
    step costs; a Miner or a Scout near it is no guard."""

    def red(*pieces: str) -> float:
        st = position(f"RF@A1 RB@B1 RB@A2 {' '.join(pieces)} R9@J4 BF@J10 BB@H10 B3@E9", spare=False)
        return evaluate(st, strong=True)[0]

    assert red("R4@B2") == red("R4@C1"), f"within {HOME_FREE} steps: at home"
    assert red("R4@B2") > red("R4@D2") > red("R4@E3")
    for lesser in ("R3@B2", "R2@B2"):
        assert red(lesser, "R4@E3") < red(lesser, "R4@C1"), "a Miner or a Scout at home is no guard"
    assert evaluate(position("RF@A1 R4@E3 BF@J10", spare=False), strong=False) == evaluate(
        position("RF@A1 R4@B2 BF@J10", spare=False), strong=False
    ), "the strong evaluation only"
