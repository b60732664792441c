"""The rules of Stratego (SG-3 … SG-8): setup, moves, battles, variants and the end of the game.

``apply`` validates completely before changing anything, so a :class:`RuleError` leaves the
state untouched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.errors import BadOptions, GameOver, IllegalAction, NotYourTurn, WrongPhase
from rules.protocol import Option, resolve_options
from rules.rng import Rng
from rules.stratego.actions import (
    MOVES,
    AcceptDraw,
    Action,
    Move,
    OfferDraw,
    PlaceSetup,
    Ready,
    Rescue,
    Resign,
    Swap,
)
from rules.stratego.board import (
    BACK_RANK,
    BLUE,
    HALF,
    IS_LAKE,
    NEIGHBOURS,
    RAYS,
    RED,
    ZONE_ORDER,
    file_of,
    rank_of,
)
from rules.stratego.events import Event, MoveEvent, OverReason
from rules.stratego.pieces import BOMB, FLAG, IMMOBILE, RANKS, SCOUT, battle
from rules.stratego.setup import EMPTY, PRESETS, check_counts, preset, random_setup
from rules.stratego.state import Piece, StrategoState

OPTIONS: tuple[Option, ...] = (
    Option("army", "classic", choices=("classic", "barrage")),
    Option("attacker_advantage", False),
    Option("silent_defence", False),
    Option("rescue", False),
    Option("two_square_limit", 3, choices=(3, 5)),
    Option("chase_rule", False),
    Option("no_capture_limit", 200, minimum=0, maximum=10_000),
    Option("colours", "random", choices=("random", "seat0_red", "seat0_blue")),
)
"""SG-8 variants and SG-4.5 – SG-4.7 options, all freely combinable (SG-8.4)."""

MAX_RESCUES = 2


# --- creating a game ------------------------------------------------------------------------


def new(players: int, options: Mapping[str, Any] | None, seed: int) -> StrategoState:
    """SG-3.1: colours at random from the seed unless the ``colours`` option fixes them. Each
    draft starts as a random setup, so a player in a hurry can confirm at once."""
    if players != 2:
        raise BadOptions("player_count", players=players, allowed=[2])
    opts = resolve_options(OPTIONS, options)
    rng = Rng(seed)
    if opts["colours"] == "random":
        red_seat = rng.below(2)
    else:
        red_seat = 0 if opts["colours"] == "seat0_red" else 1
    seat_colour = (RED, BLUE) if red_seat == 0 else (BLUE, RED)
    drafts = [random_setup(opts["army"], rng), random_setup(opts["army"], rng)]
    return StrategoState(options=opts, rng=rng, seat_colour=seat_colour, drafts=drafts)


LEAGUE_OPTIONS: Mapping[str, Any] = {"colours": "seat0_red"}
"""What a league sets for fairness: the pairing decides who moves first — the table's first seat (a
two-player round robin balances them, a Swiss alternates them) — so the first seat plays Red, who
moves first (SG-3.3), rather than colours drawn at random."""


def rematch_options(options: Mapping[str, Any], st: StrategoState, order: Sequence[int]) -> dict[str, Any]:
    """A rematch's options (issue 20 §3): the same, with the colours swapped. ``order`` names, for
    each seat of the rematch, the seat its player had in ``st``; the rematch's first seat plays the
    colour its player did not."""
    opts = resolve_options(OPTIONS, options)
    opts["colours"] = "seat0_red" if st.seat_colour[order[0]] == BLUE else "seat0_blue"
    return opts


def _start_play(st: StrategoState) -> None:
    """SG-3.3: both confirmed; pieces go on the board and Red moves first."""
    pieces: list[Piece] = []
    for colour in (RED, BLUE):
        for sq, rank in zip(ZONE_ORDER[colour], st.drafts[colour], strict=True):
            if rank != EMPTY:
                pieces.append(Piece(len(pieces), colour, rank, sq))
    st.pieces = pieces
    st.phase = "play"
    st.turn = RED
    st.index()


# --- who acts, and what may they do ---------------------------------------------------------


def to_act(st: StrategoState) -> tuple[int, ...]:
    if st.phase == "setup":
        return tuple(seat for seat in (0, 1) if not st.ready[st.seat_colour[seat]])
    if st.phase == "play":
        return (st.seat_of(st.turn),)
    return ()


def legal(st: StrategoState, seat: int) -> list[Action]:
    """Every legal action of ``seat``. During setup a draft can be any arrangement, so only the
    presets stand for :class:`PlaceSetup`; :class:`Swap` is left out (any two zone squares)."""
    colour = st.seat_colour[seat]
    if st.phase == "over":
        return []
    if st.phase == "setup":
        if st.ready[colour]:
            return [Resign()]
        return [Ready(), Resign(), *(PlaceSetup(preset(st.army, n)) for n in PRESETS[st.army])]
    acts: list[Action] = []
    if st.turn == colour:
        acts.extend(legal_rescues(st) if st.rescue_from >= 0 else legal_moves(st, colour))
    acts.append(Resign())
    if st.draw_offer == 1 - colour:
        acts.append(AcceptDraw())
    elif st.draw_offer != colour:
        acts.append(OfferDraw())
    return acts


def _forbidden_target(st: StrategoState, colour: int, piece: int, frm: int) -> int:
    """SG-4.5: the one square this piece may not go to now, or -1."""
    run = st.runs[colour]
    if run[0] != piece or run[3] < st.options["two_square_limit"]:
        return -1
    return run[2] if run[1] == frm else run[1]


def legal_moves(st: StrategoState, colour: int) -> list[Move]:
    """SG-4 / SG-5 moves and attacks of ``colour``, two-squares and chase rules applied."""
    board, pieces = st.board, st.pieces
    out: list[Move] = []
    chase = st.options["chase_rule"] and bool(st.chase[colour])
    for p in pieces:
        if p.colour != colour or p.square < 0 or p.rank in IMMOBILE:
            continue
        frm = p.square
        banned = _forbidden_target(st, colour, p.id, frm)
        base = frm * 100
        if p.rank == SCOUT:
            for ray in RAYS[frm]:
                for to in ray:
                    occ = board[to]
                    if occ < 0:
                        if to != banned:
                            out.append(MOVES[base + to][0])
                        continue
                    if pieces[occ].colour != colour and to != banned:
                        out.append(MOVES[base + to][1])
                    break
        else:
            for to in NEIGHBOURS[frm]:
                if to == banned:
                    continue
                occ = board[to]
                if occ < 0:
                    out.append(MOVES[base + to][0])
                elif pieces[occ].colour != colour:
                    out.append(MOVES[base + to][1])
    if chase:
        out = [m for m in out if not _breaks_chase(st, colour, m.frm, m.to)]
    return out


def has_legal_move(st: StrategoState, colour: int) -> bool:
    """SG-6.2, without building the whole list."""
    board, pieces = st.board, st.pieces
    if st.options["chase_rule"] and st.chase[colour]:
        return bool(legal_moves(st, colour))
    for p in pieces:
        if p.colour != colour or p.square < 0 or p.rank in IMMOBILE:
            continue
        banned = _forbidden_target(st, colour, p.id, p.square)
        scout = p.rank == SCOUT
        for ray in RAYS[p.square]:
            for to in ray:
                occ = board[to]
                if to != banned and (occ < 0 or pieces[occ].colour != colour):
                    return True
                if occ >= 0 or not scout:
                    break
    return False


def legal_rescues(st: StrategoState) -> list[Rescue]:
    """SG-8.3: each rescuable rank onto each empty square of the own half, or decline."""
    colour = st.turn
    ranks = sorted({p.rank for p in _rescuable(st, colour)}, key=RANKS.index)
    empty = [sq for sq in sorted(HALF[colour]) if st.board[sq] < 0]
    return [Rescue(None, None), *(Rescue(r, sq) for r in ranks for sq in empty)]


def _rescuable(st: StrategoState, colour: int) -> list[Piece]:
    return [p for p in st.pieces if p.colour == colour and p.square < 0 and p.rank != BOMB]


# --- applying -------------------------------------------------------------------------------


def apply(st: StrategoState, seat: int, action: Action) -> list[Event]:
    if seat not in (0, 1):
        raise NotYourTurn("not_a_player", seat=seat)
    if st.phase == "over":
        raise GameOver("game_over", reason=st.reason)
    colour = st.seat_colour[seat]
    if isinstance(action, Resign):
        return _finish(st, 1 - colour, "resign", [{"type": "resign", "colour": colour}])
    if isinstance(action, (PlaceSetup, Swap, Ready)):
        return _apply_setup(st, colour, action)
    if st.phase != "play":
        raise WrongPhase("setup_in_progress", action=action.notation())
    if isinstance(action, OfferDraw):
        return _offer_draw(st, colour)
    if isinstance(action, AcceptDraw):
        if st.draw_offer != 1 - colour:
            raise IllegalAction("no_draw_offer")
        return _finish(st, -1, "agreed_draw", [{"type": "draw_accepted", "colour": colour}])
    if st.turn != colour:
        raise NotYourTurn("not_your_turn", to_move=st.seat_of(st.turn))
    if isinstance(action, Rescue):
        return _apply_rescue(st, colour, action)
    if isinstance(action, Move):
        if st.rescue_from >= 0:
            raise WrongPhase("rescue_pending")
        return _apply_move(st, colour, action)
    raise IllegalAction("unknown_action", action=repr(action))


def _apply_setup(st: StrategoState, colour: int, action: PlaceSetup | Swap | Ready) -> list[Event]:
    if st.phase != "setup":
        raise WrongPhase("setup_over", action=action.notation())
    if st.ready[colour]:
        raise IllegalAction("already_ready")
    if isinstance(action, PlaceSetup):
        st.drafts[colour] = check_counts(tuple(action.setup), st.army)
        return [{"type": "draft", "colour": colour}]
    if isinstance(action, Swap):
        order = ZONE_ORDER[colour]
        for sq in (action.a, action.b):
            if sq not in order:
                raise IllegalAction("not_in_zone", square=sq, colour=colour)
        i, j = order.index(action.a), order.index(action.b)
        draft = list(st.drafts[colour])
        draft[i], draft[j] = draft[j], draft[i]
        st.drafts[colour] = tuple(draft)
        return [{"type": "draft", "colour": colour}]
    st.ready[colour] = True
    events: list[Event] = [{"type": "ready", "colour": colour}]
    if all(st.ready):
        _start_play(st)
        events.append({"type": "start", "to_move": RED})
    return events


def _offer_draw(st: StrategoState, colour: int) -> list[Event]:
    if st.draw_offer == colour:
        raise IllegalAction("draw_already_offered")
    if st.draw_offer == 1 - colour:
        raise IllegalAction("draw_offer_pending", by=st.seat_of(1 - colour))
    st.draw_offer = colour
    return [{"type": "draw_offered", "colour": colour}]


def check_move(st: StrategoState, colour: int, frm: int, to: int) -> Piece:
    """All of SG-4 / SG-5.1 / SG-4.5 / SG-4.6 for one move; returns the moving piece."""
    board, pieces = st.board, st.pieces
    pid = board[frm]
    if pid < 0:
        raise IllegalAction("no_piece", square=frm)
    p = pieces[pid]
    if p.colour != colour:
        raise IllegalAction("not_your_piece", square=frm)
    if p.rank in IMMOBILE:
        raise IllegalAction("immobile", square=frm, rank=p.rank)
    if frm == to:
        raise IllegalAction("same_square", square=frm)
    if IS_LAKE[to]:
        raise IllegalAction("lake", square=to)
    occ = board[to]
    if occ >= 0 and pieces[occ].colour == colour:
        raise IllegalAction("own_piece", square=to)
    if p.rank == SCOUT:
        _check_scout_path(st, frm, to)
    elif to not in NEIGHBOURS[frm]:
        raise IllegalAction("not_adjacent", frm=frm, to=to, rank=p.rank)
    if _forbidden_target(st, colour, pid, frm) == to:
        raise IllegalAction("two_squares", frm=frm, to=to, limit=st.options["two_square_limit"])
    if st.options["chase_rule"] and st.chase[colour] and _breaks_chase(st, colour, frm, to):
        raise IllegalAction("chase", frm=frm, to=to)
    return p


def _check_scout_path(st: StrategoState, frm: int, to: int) -> None:
    """SG-4.4: a straight line of empty squares, no lake, ending on an empty or enemy square."""
    if file_of(frm) != file_of(to) and rank_of(frm) != rank_of(to):
        raise IllegalAction("not_straight", frm=frm, to=to)
    for ray in RAYS[frm]:
        if to in ray:
            for sq in ray[: ray.index(to)]:
                if st.board[sq] >= 0:
                    raise IllegalAction("blocked", frm=frm, to=to, by=sq)
            return
    raise IllegalAction("lake", square=to)


def _apply_move(st: StrategoState, colour: int, mv: Move) -> list[Event]:
    frm, to = mv.frm, mv.to
    p = check_move(st, colour, frm, to)
    board, pieces, opts = st.board, st.pieces, st.options
    chasing = opts["chase_rule"] and _is_chasing(st, colour, to)
    if opts["chase_rule"]:
        st.chase[colour] = (st.chase[colour] or [_position_key(st)]) if chasing else []
    scout_revealed = p.rank == SCOUT and to not in NEIGHBOURS[frm]
    if scout_revealed:
        p.revealed = True
    p.moved = True
    defender_id = board[to]
    event: MoveEvent = {"type": "move", "colour": colour, "frm": frm, "to": to, "scout_revealed": scout_revealed}
    entry_battle: tuple[int, str, str, str, bool] = (-1, "", "", "", False)
    flag_taken = False
    if defender_id < 0:
        board[frm], board[to] = -1, p.id
        p.square = to
        st.no_battle += 1
    else:
        d = pieces[defender_id]
        result = battle(p.rank, d.rank, opts["attacker_advantage"])
        d_revealed = not opts["silent_defence"] or p.rank == SCOUT
        p.revealed = True
        if d_revealed:
            d.revealed = True
        board[frm] = -1
        if result == "attacker":
            _capture(st, d)
            board[to], p.square = p.id, to
        elif result == "defender":
            _capture(st, p)
        else:
            _capture(st, d)
            _capture(st, p)
        flag_taken = d.rank == FLAG
        st.no_battle = 0
        st.chase = [[], []]
        entry_battle = (defender_id, p.rank, d.rank, result, d_revealed)
        event["battle"] = result
        event["attacker_rank"] = p.rank
        event["defender_rank"] = d.rank
        event["defender_revealed"] = d_revealed
    st.history.append(["m", colour, p.id, frm, to, *entry_battle, scout_revealed])
    st.ply += 1
    _track_run(st, colour, p.id, frm, to)
    st.last_from[colour] = [p.id, frm]
    if st.draw_offer == 1 - colour:
        st.draw_offer = -1  # SG-6.4: making a move declines the offer
        event["draw_declined"] = True
    if opts["chase_rule"]:
        key = _position_key(st, 1 - colour)
        for c in (RED, BLUE):
            if st.chase[c]:
                st.chase[c].append(key)
    events: list[Event] = [event]
    if flag_taken:
        return _finish(st, colour, "flag", events)
    if p.square == to and _may_rescue(st, p):
        st.rescue_from = p.id
        events.append({"type": "rescue_pending", "colour": colour})
        return events
    return _end_turn(st, events)


def _capture(st: StrategoState, p: Piece) -> None:
    if p.square >= 0 and st.board[p.square] == p.id:
        st.board[p.square] = -1
    p.square = -1
    if p.rank not in IMMOBILE:
        st.mobile[p.colour] -= 1


def _track_run(st: StrategoState, colour: int, piece: int, frm: int, to: int) -> None:
    """SG-4.5: count moves in a row by one piece between the same two squares."""
    run = st.runs[colour]
    if run[0] == piece and {run[1], run[2]} == {frm, to}:
        run[3] += 1
    else:
        st.runs[colour] = [piece, frm, to, 1]


def _is_chasing(st: StrategoState, colour: int, to: int) -> bool:
    """SG-4.6: a non-attacking move landing next to the piece the opponent just moved."""
    if not st.history or st.board[to] >= 0:
        return False
    last = st.history[-1]
    if last[0] != "m" or last[1] == colour or last[5] >= 0:
        return False
    return to in NEIGHBOURS[last[4]]


def _position_key(st: StrategoState, to_move: int | None = None, board: list[int] | None = None) -> str:
    b = st.board if board is None else board
    side = st.turn if to_move is None else to_move
    return chr(48 + side) + "".join(chr(49 + x) for x in b)


def _breaks_chase(st: StrategoState, colour: int, frm: int, to: int) -> bool:
    """SG-4.6: a chasing move may not recreate a position seen in this chase, except the
    chasing piece going back to the square it left on its previous turn."""
    if not _is_chasing(st, colour, to):
        return False
    piece = st.board[frm]
    if st.last_from[colour] == [piece, to]:
        return False
    after = list(st.board)
    after[frm], after[to] = -1, piece
    return _position_key(st, 1 - colour, after) in st.chase[colour]


def _may_rescue(st: StrategoState, p: Piece) -> bool:
    """SG-8.3's conditions for a rescue to be offered."""
    if not st.options["rescue"] or p.rank == SCOUT or p.rescuer:
        return False
    if rank_of(p.square) != BACK_RANK[1 - p.colour] or st.rescues[p.colour] >= MAX_RESCUES:
        return False
    if not _rescuable(st, p.colour):
        return False
    return any(st.board[sq] < 0 for sq in HALF[p.colour])


def _apply_rescue(st: StrategoState, colour: int, action: Rescue) -> list[Event]:
    if st.rescue_from < 0:
        raise WrongPhase("no_rescue_pending")
    rescuer = st.pieces[st.rescue_from]
    if action.rank is None or action.square is None:
        st.history.append(["r", colour, -1, "", -1])
        st.ply += 1
        st.rescue_from = -1
        return _end_turn(st, [{"type": "rescue_declined", "colour": colour}])
    if action.rank == BOMB:
        raise IllegalAction("rescue_bomb")
    candidates = [p for p in _rescuable(st, colour) if p.rank == action.rank]
    if not candidates:
        raise IllegalAction("rescue_not_captured", rank=action.rank)
    sq = action.square
    if sq not in HALF[colour]:
        raise IllegalAction("rescue_not_own_half", square=sq)
    if st.board[sq] >= 0:
        raise IllegalAction("rescue_occupied", square=sq)
    # Captured pieces of one rank are alike; bring back one the opponent already knows, so the
    # rescue tells him nothing more than the rank SG-8.3 reveals.
    piece = min(candidates, key=lambda p: (not p.revealed, p.id))
    piece.square = sq
    piece.revealed = True
    st.board[sq] = piece.id
    if piece.rank not in IMMOBILE:
        st.mobile[colour] += 1
    rescuer.rescuer = True
    st.rescues[colour] += 1
    st.rescue_from = -1
    st.history.append(["r", colour, piece.id, piece.rank, sq])
    st.ply += 1
    if st.options["chase_rule"]:
        st.chase = [[], []]
    return _end_turn(st, [{"type": "rescue", "colour": colour, "rank": piece.rank, "square": sq}])


def _end_turn(st: StrategoState, events: list[Event]) -> list[Event]:
    """Pass the turn, then SG-6.3, SG-6.2 and SG-4.7, in that order."""
    nxt = 1 - st.turn
    st.turn = nxt
    if st.mobile[RED] == 0 and st.mobile[BLUE] == 0:
        return _finish(st, -1, "both_immobile", events)
    if not has_legal_move(st, nxt):
        return _finish(st, 1 - nxt, "no_moves", events)
    limit = st.options["no_capture_limit"]
    if limit and st.no_battle >= limit:
        return _finish(st, -1, "move_limit", events)
    events.append({"type": "turn", "colour": nxt})
    return events


def _finish(st: StrategoState, winner: int, reason: OverReason, events: list[Event]) -> list[Event]:
    st.phase = "over"
    st.winner = winner
    st.reason = reason
    st.rescue_from = -1
    st.draw_offer = -1
    events.append({"type": "over", "winner": winner, "reason": reason})
    return events


# --- takeback by agreement (issue 20 §3) ----------------------------------------------------


def hidden(st: StrategoState) -> object:
    """Stratego's hidden pieces are told by the events of a decision (a battle, a scout's long
    move), not by a change of anything else: nothing to compare."""
    return None


def can_take_back(hidden_before: object, action: Action, after: StrategoState, events: Sequence[Event]) -> bool:
    """Whether the players may agree to undo ``action``: only when it showed the opponent nothing.

    - A move onto an empty square (SG-4), also one that now offers a rescue (SG-8.3): yes — unless
      a scout moved more than one square, which tells the opponent it is a scout (SG-4.4).
    - An attack (SG-5): never, the battle showed ranks.
    - A rescue (SG-8.3) names the rank brought back: never; declining one: yes.
    - Offering a draw (SG-6.4): yes. Accepting one or resigning ends the game: never.
    - Setup (SG-3.2): a draft (a preset or a swap) is the player's own to change until confirmed,
      without anyone's agreement, so it is not taken back; confirming (Ready) while the opponent
      still arranges: yes; the confirmation that started the game: never (the armies went onto the
      board and the opponent's arrangement is in view)."""
    if after.phase == "over" or isinstance(action, (Resign, AcceptDraw, PlaceSetup, Swap)):
        return False
    if isinstance(action, Ready):
        return after.phase == "setup"
    if isinstance(action, Rescue):
        return action.rank is None
    if isinstance(action, Move):
        return not any(e["type"] == "move" and ("battle" in e or e["scout_revealed"]) for e in events)
    return isinstance(action, OfferDraw)
