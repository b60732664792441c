"""Stroganov rules: setup (ST-5), the flow of seasons and turns (ST-6, ST-7, ST-16), winter (ST-12),
final scoring (ST-13) and resignation (ST-R, docs/stroganov.md).

After every action :func:`settle` runs everything automatic (Ivan, forced decisions, rewards
without choices, winter steps) until a player must decide or the game is over, so a stored state
always waits for exactly one seat (ST-16) or is finished.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from rules.errors import BadNotation, BadOptions, GameOver, IllegalAction, NotYourTurn, WrongPhase
from rules.protocol import PLAY_ON_OPTION, Option, resolve_options
from rules.rng import Rng
from rules.stroganov import automa, core, turn
from rules.stroganov.actions import Action, Board, EndTurn, Resign, Song, SongPass, Trophy, parse_action
from rules.stroganov.content import CONTENT, TILE_TYPES
from rules.stroganov.core import Events, has_ability, log
from rules.stroganov.events import EntryData, Event, RefreshEvent, ResignEvent, TrophyEvent, entry_data
from rules.stroganov.payment import commit, options, pay, wallet
from rules.stroganov.state import DUMMY, SEASONS, TIGER, Cossack, StroganovState, Turn

DIFFICULTIES = ("easy", "normal", "hard")
STRATEGY_PAIRS = ("OT", "OL", "OW", "TL", "TW", "LW")
OPTIONS: tuple[Option, ...] = (
    Option("difficulty", "normal", choices=DIFFICULTIES),
    Option("strategy", "", choices=("", *STRATEGY_PAIRS)),
    Option(PLAY_ON_OPTION, False),
)
"""ST-15.1: Ivan's difficulty and optional strategy pair (O Outposts, T Trophies, L Landscapes,
W Wishes); both only matter in the solo game. ST-R.6 ``resigned_play_on``: with 3 or 4 players a
resigned cossack plays on (the table has a computer decide for it) instead of leaving (ST-R.3)."""
LEAGUE_OPTIONS: Mapping[str, Any] = {"difficulty": "normal", "strategy": ""}
"""What a league sets: its tables are never solo, so Ivan's difficulty and strategy pair (ST-15.1)
stay at their defaults and are not offered to the organizer (they would change nothing)."""


# ---------------------------------------------------------------- setup (ST-5)


def new(players: int, options: Mapping[str, Any] | None, seed: int) -> StroganovState:
    if not 1 <= players <= 4:
        raise BadOptions("player_count", players=players, allowed=[1, 2, 3, 4])
    opts = resolve_options(OPTIONS, options)
    solo = players == 1
    n = players + (1 if solo else 0)
    rng = Rng(seed)
    seats = list(range(n))
    rng.shuffle(seats)  # ST-5.1: seats[k] gets ST seat number k + 1
    cossacks = [Cossack(seat=i if i < players else None, order=seats.index(i) + 1) for i in range(n)]
    s_tiles = [t for t, tile in CONTENT.tiles.items() if tile.s]
    others = [t for t, tile in CONTENT.tiles.items() if not tile.s]
    rng.shuffle(s_tiles)  # ST-5.2
    rng.shuffle(others)
    row: list[str | None] = [*s_tiles[:5], *others[:7]]
    setup_furs = list(CONTENT.setup_furs)
    rng.shuffle(setup_furs)  # ST-5.3
    bag = sorted(v for v, (_, count) in CONTENT.furs.items() for _ in range(count))
    villages = list(CONTENT.villages)
    regions = len(CONTENT.regions)
    st = StroganovState(
        players=players,
        solo=solo,
        difficulty=opts["difficulty"],
        strategy=opts["strategy"],
        resigned_play_on=bool(opts[PLAY_ON_OPTION]) and players >= 3,
        rng=rng,
        cossacks=cossacks,
        row=row,
        items=[[] for _ in range(12)],
        trade_fur=setup_furs[0],
        region_furs=sorted(setup_furs[1:]),
        villages=villages,
        wish_slots=[None] * regions,
        yurt_slots=[None] * regions,
        outposts=[[None] * len(r.slot_vp) for r in CONTENT.regions],
        market=[],
        songs=[],
        bag=bag,
        landscapes=others[7:],
        wishes_a=[w for w, c in CONTENT.wishes.items() if c.deck == "A"],
        wishes_b=[w for w, c in CONTENT.wishes.items() if c.deck == "B"],
        yurts_a=[y for y, c in CONTENT.yurts.items() if c.deck == "A"],
        yurts_b=[y for y, c in CONTENT.yurts.items() if c.deck == "B"],
        song_stack=list(CONTENT.songs),
        automa=[],
        flipped=[],
        tiger_supply=CONTENT.tigers,
        banner_supply=CONTENT.banners[n],
        banner_start=CONTENT.banners[n],
    )
    for p in range(1, 13):  # ST-5.4
        core.lay_tile(st, p, row[p - 1])  # type: ignore[arg-type]
    st.items[11].append(TIGER)  # ST-5.5
    st.tiger_supply -= 1
    st.market = core.draw_line(st, 6)  # ST-5.6
    rng.shuffle(st.villages)  # ST-5.7
    for stack, slots in ((st.yurts_a, st.yurt_slots), (st.wishes_a, st.wish_slots)):
        rng.shuffle(stack)
        for r in range(regions):
            slots[r] = stack.pop(0)
    rng.shuffle(st.yurts_b)
    rng.shuffle(st.wishes_b)
    rng.shuffle(st.song_stack)  # ST-5.8
    st.songs = core.sort_songs([st.song_stack.pop(0) for _ in range(4)])
    start = [w for w, c in CONTENT.wishes.items() if c.deck == "S"]
    rng.shuffle(start)  # ST-5.9
    for c in sorted(cossacks, key=lambda c: c.order):
        if not c.ivan:
            c.held.append(start.pop(0))
    st.out.extend(start)
    for rid in CONTENT.dummies[n]:  # ST-5.10
        st.outposts[int(rid[1:]) - 1][0] = DUMMY
    for c in cossacks:  # ST-5.11
        c.stamp = c.order
        if not c.ivan:
            c.horses = CONTENT.start_horses[c.order - 1]
    st.counter = n
    if solo:  # ST-5.12
        st.automa, removed = automa.prepare_deck(rng, st.strategy)
        st.out.extend(removed)
    events = Events()
    seat_order = sorted(range(n), key=lambda i: cossacks[i].order)
    log(st, events, {"type": "setup", "players": players, "solo": solo, "seat_order": seat_order, "automa": st.ivan})
    settle(st, events)
    core.close(st, events)
    return st


def board_picker(st: StroganovState) -> int | None:
    """The next player (seat order) who has not chosen a board yet and has not resigned (ST-5.1,
    ST-16, ST-R.3)."""
    waiting = [i for i, c in enumerate(st.cossacks) if not c.ivan and not c.board and not left(st, i)]
    return min(waiting, key=lambda i: st.cossacks[i].order) if waiting else None


# ---------------------------------------------------------------- who acts (ST-16)


def decider(st: StroganovState) -> int | None:
    """The cossack index expected to act, or ``None`` when finished."""
    if st.stage == "finished":
        return None
    if st.stage == "boards":
        return board_picker(st)
    if st.queue:
        seat: int = st.queue[0][0]
        return seat
    return st.order[st.active]


def to_act(st: StroganovState) -> tuple[int, ...]:
    ci = decider(st)
    if ci is None:
        return ()
    seat = st.cossacks[ci].seat
    return () if seat is None else (seat,)


def resigned(st: StroganovState, ci: int) -> bool:
    """ST-R.1: the cossack's player has resigned (never Ivan)."""
    seat = st.cossacks[ci].seat
    return seat is not None and seat in st.resigned


def left(st: StroganovState, ci: int) -> bool:
    """Whether the cossack resigned and left the game (ST-R.3): it decides nothing more. One that
    resigned in a game played on (ST-R.6) has not left: it still decides, by the table's computer."""
    return resigned(st, ci) and not st.resigned_play_on


def cossack_of(st: StroganovState, seat: int) -> int:
    for i, c in enumerate(st.cossacks):
        if c.seat == seat:
            return i
    raise NotYourTurn("no_such_seat", seat=seat)


# ---------------------------------------------------------------- apply


def apply(st: StroganovState, seat: int, a: Action) -> Events:
    if st.stage == "finished":
        raise GameOver("game_over")
    well_formed(a)
    ci = cossack_of(st, seat)
    if seat in st.resigned and (isinstance(a, Resign) or not st.resigned_play_on):
        raise NotYourTurn("resigned", seat=seat, rule="ST-R.6" if st.resigned_play_on else "ST-R.4")
    if isinstance(a, Resign):
        return resign(st, ci)
    expected = decider(st)
    if ci != expected:
        who = st.cossacks[expected].seat if expected is not None else None
        raise NotYourTurn("not_your_turn", to_move=who, rule="ST-20.9")
    events = Events()
    if st.stage == "boards":
        if not isinstance(a, Board):
            raise WrongPhase("choose_board", rule="ST-5.1")
        choose_board(st, ci, a, events)
    elif st.queue:
        if not isinstance(a, Trophy):
            raise WrongPhase("trophy_pending", rule="ST-11.2")
        resolve_trophy(st, ci, a, events)
    elif st.stage == "songs":
        if not isinstance(a, (Song, SongPass)):
            raise WrongPhase("song_phase", rule="ST-12.4")
        buy_song(st, ci, a, events)
    else:
        if isinstance(a, (Board, Trophy, Song, SongPass)):
            raise WrongPhase("not_now", action=a.notation(), rule="ST-16")
        turn_action(st, ci, a, events)
    settle(st, events)
    core.close(st, events)
    return events


def well_formed(a: object) -> None:
    """An action is well formed exactly when its notation reads back as the same action, so actions
    built in code (not parsed) with values outside their domain are refused like bad text."""
    try:
        ok = parse_action(a.notation()) == a  # type: ignore[attr-defined]
    except (BadNotation, AttributeError, TypeError, ValueError, IndexError):
        ok = False
    if not ok:
        raise BadNotation("malformed_action", action=repr(a))


def choose_board(st: StroganovState, ci: int, a: Board, events: Events) -> None:
    taken = {c.board for c in st.cossacks if c.board}
    if a.board in taken:
        raise IllegalAction("board_taken", board=a.board, rule="ST-5.1")
    c = st.cossacks[ci]
    log(st, events, {"type": "board", "cossack": ci, "board": a.board, "side": a.side, "auto": False})
    c.board, c.side = a.board, a.side
    if board_picker(st) is None:
        boards_done(st, events)


def boards_done(st: StroganovState, events: Events) -> None:
    """ST-5.1: Ivan, and a player who resigned before choosing (ST-R.3), take the lowest free board,
    side A; then the first spring begins."""
    for i, other in enumerate(st.cossacks):
        if not other.board:
            taken = {x.board for x in st.cossacks if x.board}
            board = min(b for b in range(1, 5) if b not in taken)
            if other.ivan:
                log(
                    st,
                    events,
                    {"type": "board", "cossack": i, "automa": True, "board": board, "side": "A", "auto": True},
                )
            else:
                log(st, events, {"type": "board", "cossack": i, "board": board, "side": "A", "auto": True})
            other.board, other.side = board, "A"
    start_season(st, events)


def patron_free(st: StroganovState, ci: int) -> bool:
    """PATRON's free substitution: in the player's own turn, once (not in winter)."""
    c = st.cossacks[ci]
    return (
        st.stage == "turn"
        and st.turn is not None
        and st.order[st.active] == ci
        and not st.turn.patron_used
        and has_ability(st, c, "PATRON")
    )


def turn_action(st: StroganovState, ci: int, a: Action, events: Events) -> None:
    t = st.turn
    assert t is not None
    w = turn.check(st, ci, a, t.phase, patron_free(st, ci))
    if isinstance(a, EndTurn):
        log(st, events, {"type": "end_turn", "cossack": ci, "auto": False})
        end_turn(st)
        return
    turn.perform(st, ci, a, w, events)
    if not isinstance(a, turn.FREE):
        t.phase = {0: 1, 1: 2, 2: 3, 3: 4}[t.phase]


def end_turn(st: StroganovState) -> None:
    st.turns_taken.append(st.order[st.active])
    st.turn = None
    st.active += 1


def resolve_trophy(st: StroganovState, ci: int, a: Trophy, events: Events) -> None:
    """ST-11.3 for a pending T."""
    c = st.cossacks[ci]
    if a.pay is not None:
        need = core.next_trophy_fur(c)
        if need is None:
            raise IllegalAction("track_end", rule="ST-11.3.1")
        w = wallet(c, free_sub=patron_free(st, ci))
        pay(w, [need], [a.pay], "ST-11.3.1", tanner=has_ability(st, c, "TANNER"))
        log(st, events, trophy_event(st, ci, entry_data(a.pay), c.trophy + 1, auto=False))
        commit(st, c, w)
        if w.patron_used and st.turn is not None:
            st.turn.patron_used = True
    else:
        log(st, events, trophy_event(st, ci, None, c.trophy, auto=False))
    st.queue.pop(0)
    if a.pay is not None:
        core.advance_trophy(st, ci, events)
    else:
        core.trophy_rows(st, ci)


def affordable_songs(st: StroganovState, ci: int) -> list[str]:
    c = st.cossacks[ci]
    return [s for s in st.songs if song_cost(st, ci, s) <= c.stories]


def song_cost(st: StroganovState, ci: int, song: str) -> int:
    cost = CONTENT.songs[song].cost
    if has_ability(st, st.cossacks[ci], "BARD"):
        cost = max(1, cost - 1)
    return cost


def buy_song(st: StroganovState, ci: int, a: Song | SongPass, events: Events) -> None:
    c = st.cossacks[ci]
    if isinstance(a, Song):
        if a.song not in st.songs:
            raise IllegalAction("song_not_displayed", song=a.song, rule="ST-12.4")
        cost = song_cost(st, ci, a.song)
        if cost > c.stories:
            raise IllegalAction("stories_short", need=cost, have=c.stories, rule="ST-12.4")
        log(st, events, {"type": "song", "cossack": ci, "song": a.song, "cost": cost})
        take_song(st, ci, a.song, cost)
    else:
        log(st, events, {"type": "song_pass", "cossack": ci, "reason": "choice"})
    st.active += 1


def take_song(st: StroganovState, ci: int, song: str, cost: int) -> None:
    c = st.cossacks[ci]
    c.stories -= cost
    st.songs.remove(song)
    c.songs.append(song)
    core.grant(st, ci, CONTENT.songs[song].reward, song, "SONG")


# ---------------------------------------------------------------- automatic flow


def settle(st: StroganovState, events: Events) -> None:
    """Run everything that needs no decision until someone must act (ST-16, ST-16.2)."""
    while st.stage != "finished":
        if st.stage == "boards":
            return
        if st.queue:
            if not run_queue(st, events):
                return
            continue
        if st.stage == "turn":
            if st.active >= st.n:
                next_season(st, events)
                continue
            ci = st.order[st.active]
            c = st.cossacks[ci]
            if c.ivan:
                automa.take_turn(st, ci, events)
                st.turns_taken.append(ci)
                st.active += 1
                continue
            if left(st, ci):  # ST-R.3: the turn ends, or is skipped
                if st.turn is None:
                    log(st, events, {"type": "turn_skipped", "cossack": ci, "season": season_name(st), "year": st.year})
                end_turn(st)
                continue
            if st.turn is None:
                st.turn = Turn()
                log(st, events, {"type": "turn_start", "cossack": ci, "season": season_name(st), "year": st.year})
            if st.turn.phase == 0 and c.position == 12:
                st.turn.phase = 1
                log(st, events, {"type": "no_move", "cossack": ci})
            no_fee = st.turn.phase == 3 and not c.furs and not c.tigers  # ST-7.6: every fee is a fur or tiger
            if (st.turn.phase == 4 or no_fee) and not turn.free_action_possible(st, ci):
                log(st, events, {"type": "end_turn", "cossack": ci, "auto": True})
                end_turn(st)
                continue
            return
        if st.stage == "income":
            winter_income(st, events)
            continue
        if st.stage == "songs":
            if st.active >= st.n:
                end_winter(st, events)
                continue
            ci = st.order[st.active]
            if st.cossacks[ci].ivan:
                s = automa.song(st, ci)
                if s is not None:
                    log(
                        st,
                        events,
                        {"type": "ivan_song", "cossack": ci, "automa": True, "song": s, "cost": CONTENT.songs[s].cost},
                    )
                    take_song(st, ci, s, CONTENT.songs[s].cost)
                st.active += 1
                continue
            if left(st, ci):  # ST-R.3
                log(st, events, {"type": "song_pass", "cossack": ci, "reason": "resigned"})
                st.active += 1
                continue
            if not affordable_songs(st, ci):
                log(st, events, {"type": "song_pass", "cossack": ci, "reason": "unaffordable"})
                st.active += 1
                continue
            return


def run_queue(st: StroganovState, events: Events) -> bool:
    """Gain queued reward elements; stop (False) at a T its player must decide (ST-11.2)."""
    while st.queue:
        ci, kind, n, source, category = st.queue[0]
        c = st.cossacks[ci]
        if kind != "trophy":
            st.queue.pop(0)
            core.gain(st, ci, kind, n, source, category)
            continue
        if c.ivan:
            st.queue.pop(0)
            automa.trophy(st, ci, events)
            continue
        if trophy_payable(st, ci):
            return False
        st.queue.pop(0)
        log(st, events, trophy_event(st, ci, None, c.trophy, auto=True))
        core.trophy_rows(st, ci)
    return True


def trophy_event(st: StroganovState, ci: int, pay: EntryData | None, space: int, *, auto: bool) -> TrophyEvent:
    """A player's trophy decision (a stay, ``auto``, when nothing could pay), in or out of a turn."""
    return {"type": "trophy", "cossack": ci, "pay": pay, "space": space, "auto": auto, "winter": st.stage != "turn"}


def trophy_payable(st: StroganovState, ci: int) -> bool:
    c = st.cossacks[ci]
    need = core.next_trophy_fur(c)
    if need is None:
        return False
    w = wallet(c, free_sub=patron_free(st, ci))
    return bool(options(w, need, tanner=has_ability(st, c, "TANNER")))


def season_name(st: StroganovState) -> str:
    """The season as events name it: ``spring``, ``summer``, ``autumn``."""
    return st.season.lower()


def start_season(st: StroganovState, events: Events) -> None:
    st.stage = "turn"
    if st.season not in SEASONS:
        st.season = "SPRING"
    st.order = core.depth_order(st)  # ST-6.2
    st.active = 0
    st.turns_taken = []
    st.turn = None
    log(st, events, {"type": "season", "season": season_name(st), "year": st.year, "order": list(st.order)})


def next_season(st: StroganovState, events: Events) -> None:
    i = SEASONS.index(st.season)
    if i + 1 < len(SEASONS):
        st.season = SEASONS[i + 1]
        start_season(st, events)
        return
    st.season = "WINTER"  # ST-12.1
    st.stage = "income"
    st.order = core.depth_order(st)
    st.active = 0
    st.turns_taken = []
    log(st, events, {"type": "winter", "year": st.year, "order": list(st.order)})


def winter_income(st: StroganovState, events: Events) -> None:
    """ST-12.2 for the next cossack, or ST-12.3 once all had theirs; a resigned cossack gets neither
    (ST-R.3)."""
    if st.active < st.n:
        ci = st.order[st.active]
        c = st.cossacks[ci]
        st.active += 1
        if left(st, ci):
            return
        if c.ivan:
            if st.difficulty == "hard":
                core.score(c, "AUTOMA", "winter", 3)
            return
        c.horses += 3 + c.banners
        for w in c.fulfilled:
            ability = CONTENT.wishes[w].ability
            if CONTENT.abilities[ability] == "W":
                winter_wish(st, ci, ability, w)
        return
    deep = [ci for ci in st.order if not left(st, ci)]
    log(st, events, {"type": "exploration", "cossacks": deep[:2], "stories": [2, 1][: len(deep[:2])]})
    core.gain(st, deep[0], "stories", 2, "exploration", "REWARD")  # ST-12.3
    if len(deep) > 1:
        core.gain(st, deep[1], "stories", 1, "exploration", "REWARD")
    st.stage = "songs"
    st.active = 0


def winter_wish(st: StroganovState, ci: int, ability: str, wish: str) -> None:
    c = st.cossacks[ci]
    q = st.queue
    if ability == "W_HORSES":
        q.append([ci, "horses", 2, wish, "WISH"])
    elif ability == "W_SUPPLY":
        q.extend([[ci, "horses", 2, wish, "WISH"], [ci, "coins", 1, wish, "WISH"]])
    elif ability == "W_OUTPOSTS":
        q.append([ci, "vp", len(core.built(st, ci)), wish, "WISH"])
    elif ability == "W_BANNERS":
        q.append([ci, "vp", min(4, c.banners), wish, "WISH"])
    elif ability == "W_TROPHY":
        q.append([ci, "trophy", 1, wish, "WISH"])
    elif ability == "W_STORIES2":
        q.append([ci, "stories", 2, wish, "WISH"])
    elif ability == "W_STORIES3":
        q.append([ci, "stories", 3, wish, "WISH"])
    elif ability == "W_FUR":
        q.append([ci, "fur", 1, wish, "WISH"])
    elif ability == "W_VP":
        q.append([ci, "vp", 3, wish, "WISH"])
    elif ability == "W_LANDS":
        q.append([ci, "vp", len(c.tiles), wish, "WISH"])


def end_winter(st: StroganovState, events: Events) -> None:
    if st.year == 4:  # ST-12.5
        final_scoring(st, events)
        return
    refresh(st, events)
    st.year += 1
    st.season = "SPRING"
    start_season(st, events)


def refresh(st: StroganovState, events: Events) -> None:
    """ST-12.6.1–12.6.7, with an event saying what was refilled."""
    event: RefreshEvent = {
        "type": "refresh",
        "year": st.year,
        "tiles": [],  # what the refresh laid and drew, filled in below
        "tiger": None,
        "wishes": [],
        "yurts": [],
        "songs": [],
        "market": [],
        "b_stacks": False,
    }
    log(st, events, event)
    laid: list[str] = []
    for p in range(1, 13):
        if st.row[p - 1] is None and st.landscapes:
            laid.append(st.landscapes[0])
            core.lay_tile(st, p, st.landscapes.pop(0))
    tiger = None
    if not core.row_has_tiger(st) and st.tiger_supply:
        tiles = [p for p in range(1, 13) if st.row[p - 1] is not None]
        if tiles:
            st.items[tiles[-1] - 1].append(TIGER)
            st.tiger_supply -= 1
            tiger = tiles[-1]
    before = (list(st.wish_slots), list(st.yurt_slots), list(st.songs))
    if st.year == 2:
        for slots in (st.wish_slots, st.yurt_slots):
            for r, card in enumerate(slots):
                if card is not None:
                    st.out.append(card)
                    slots[r] = None
        st.out.extend(st.wishes_a + st.yurts_a)
        st.wishes_a, st.yurts_a = [], []
        st.b_stacks = True
    wishes, yurts = (st.wishes_b, st.yurts_b) if st.b_stacks else (st.wishes_a, st.yurts_a)
    for slots, stack in ((st.wish_slots, wishes), (st.yurt_slots, yurts)):
        for r in range(len(slots)):
            if slots[r] is None and stack:
                slots[r] = stack.pop(0)
    while len(st.songs) < 4 and st.song_stack:
        st.songs.append(st.song_stack.pop(0))
    st.songs = core.sort_songs(st.songs)
    st.bag = sorted(st.bag + st.market)
    st.market = core.draw_line(st, 6)
    for ci in st.order:
        st.cossacks[ci].position = 0
        core.arrive(st, ci)
    event.update(
        {
            "tiles": laid,
            "tiger": tiger,
            "wishes": [w for w, old in zip(st.wish_slots, before[0], strict=True) if w and w != old],
            "yurts": [y for y, old in zip(st.yurt_slots, before[1], strict=True) if y and y != old],
            "songs": [s for s in st.songs if s not in before[2]],
            "market": list(st.market),
            "b_stacks": st.year == 2,
        }
    )


# ---------------------------------------------------------------- final scoring (ST-13)


def landscape_sets(tiles: list[str]) -> int:
    """ST-13.2: the best partition into sets of 4 types (10 VP) and of 3 types (5 VP)."""
    counts = Counter(CONTENT.tiles[t].type for t in tiles)
    c = [counts[t] for t in TILE_TYPES]
    best = 0
    for q in range(min(c) + 1):
        rest = [x - q for x in c]
        t = 0
        while sum(min(x, t + 1) for x in rest) >= 3 * (t + 1):
            t += 1
        best = max(best, 10 * q + 5 * t)
    return best


def e_ability(st: StroganovState, ci: int, ability: str) -> int:
    c = st.cossacks[ci]
    return {
        "E_WISHES": len(c.fulfilled),
        "E_LANDS": 2 * len(c.tiles),
        "E_TROPHY": c.trophy,
        "E_OUTPOSTS": 2 * len(core.built(st, ci)),
        "E_BANNERS": c.banners,
        "E_TIGERS": c.tigers,
        "E_STORIES": c.stories // 3,
    }[ability]


def final_entries(st: StroganovState, ci: int) -> list[tuple[str, str, int]]:
    """What the final scoring (ST-13) gives cossack ``ci``, entry by entry — category, source,
    points — as it would now: what the game ends with, and what the computer estimates from."""
    c = st.cossacks[ci]
    entries: list[tuple[str, str, int]] = []
    for w in c.fulfilled:  # F1
        card = CONTENT.wishes[w]
        entries.append(("WISH", w, card.vp))
        if not c.ivan and CONTENT.abilities[card.ability] == "E":
            entries.append(("WISH", card.ability, e_ability(st, ci, card.ability)))
    entries.append(("LANDSCAPE", "sets", landscape_sets(c.tiles)))  # F2
    entries.append(("TIGER", "tigers", 2 * c.tigers))  # F3
    entries.append(("TROPHY", "end", core.track(c).ends[c.trophy]))  # F4
    for r, slots in enumerate(st.outposts):  # F5
        for s, o in enumerate(slots):
            if o == ci:
                entries.append(("OUTPOST", f"R{r + 1}.{s + 1}", CONTENT.regions[r].slot_vp[s]))
    entries.append(("OUTPOST", "supply", c.supply))
    entries.append(("FUR", "furs", len(c.furs)))  # F6
    entries.append(("STORY", "stories", c.stories // 2))  # F7
    if c.ivan and st.difficulty != "easy":  # ST-15.10
        entries.append(("AUTOMA", "coins", c.coins // 2 if st.difficulty == "normal" else c.coins))
    return entries


def final_scoring(st: StroganovState, events: Events) -> None:
    core.close(st, events)  # final scoring is the scoring table's, not the last entry's
    for ci, c in enumerate(st.cossacks):
        for category, source, vp in final_entries(st, ci):
            core.score(c, category, source, vp)
    winter = {ci: k for k, ci in enumerate(st.order)}
    ranking = sorted(
        range(st.n),
        key=lambda i: (resigned(st, i), -st.cossacks[i].score, -len(st.cossacks[i].fulfilled), winter[i]),
    )  # ST-13.4; resigned cossacks last (ST-R.5)
    st.stage, st.season = "finished", "FINISHED"
    st.queue, st.turn = [], None
    reason: Literal["automa_wins", "final_scoring"] = "automa_wins" if st.cossacks[ranking[0]].ivan else "final_scoring"
    scores = [c.score for c in st.cossacks]
    st.result = {"scores": scores, "ranking": ranking, "winner": ranking[0], "reason": reason}
    log(st, events, {"type": "final", "reason": reason, "ranking": list(ranking), "scores": list(scores)})


# ---------------------------------------------------------------- resignation (ST-R)


def resign(st: StroganovState, ci: int) -> Events:
    """ST-R.1–R.6: the seat leaves. Solo, Ivan wins; with one player left, he wins; else the game
    goes on without it: its queued rewards are dropped, its turns and songs are skipped — or, played
    on (ST-R.6), it stays in play as it stood and only loses its chance to win."""
    events = Events()
    seat = st.cossacks[ci].seat
    assert seat is not None
    st.resigned = sorted({*st.resigned, seat})
    playing = [i for i, c in enumerate(st.cossacks) if not resigned(st, i)]
    event: ResignEvent = {"type": "resign", "cossack": ci, "seat": seat}
    if st.resigned_play_on and len(playing) > 1:
        event["play_on"] = True
    log(st, events, event)
    if not st.resigned_play_on:
        st.queue = [q for q in st.queue if q[0] != ci]
    if len(playing) == 1:
        finish_by_resignation(st, playing[0], events)
        core.close(st, events)
        return events
    if st.stage == "boards" and board_picker(st) is None:
        boards_done(st, events)
    settle(st, events)
    core.close(st, events)
    return events


def finish_by_resignation(st: StroganovState, winner: int, events: Events) -> None:
    """ST-R.2, ST-R.5: the last cossack not resigned (Ivan in the solo game) wins at once; no final
    scoring, the scores stand; the others follow by score, then fulfilled wishes, then index."""
    others = sorted(
        (i for i in range(st.n) if i != winner), key=lambda i: (-st.cossacks[i].score, -len(st.cossacks[i].fulfilled))
    )
    ranking = [winner, *others]
    st.stage, st.season = "finished", "FINISHED"
    st.queue, st.turn = [], None
    st.result = {"scores": [c.score for c in st.cossacks], "ranking": ranking, "winner": winner, "reason": "resign"}
    log(
        st,
        events,
        {"type": "final", "reason": "resign", "ranking": list(ranking), "scores": [c.score for c in st.cossacks]},
    )


def outcome_winners(st: StroganovState) -> tuple[int, ...]:
    assert st.result is not None
    seat = st.cossacks[st.result["winner"]].seat
    return () if seat is None else (seat,)


# ---------------------------------------------------------------- takeback by agreement (issue 20 §3)


def hidden(st: StroganovState) -> tuple[Any, ...]:
    """What nobody may know (ST-17.2, ST-4): the generator that draws from the bag, and the order
    of every face-down stack — landscapes, wishes, yurts, songs and Ivan's deck."""
    stacks = (st.landscapes, st.wishes_a, st.wishes_b, st.yurts_a, st.yurts_b, st.song_stack, st.automa)
    return st.rng.state, tuple(tuple(s) for s in stacks)


def can_take_back(hidden_before: object, action: Action, after: StroganovState, events: Sequence[Event]) -> bool:
    """Whether the players may agree to undo ``action`` (issue 20 §3): only a decision that drew
    nothing and turned no card. Stroganov has no secret hands (every holding is public, ST-4), so
    what hides is the bag and the stacks (ST-17.2):

    - a move, step, coin, horses, trade, exchange, hunt, wish, village, yurt, build, recruit,
      fulfilment, trophy, song or the end of a turn (ST-7 to ST-12): yes — unless a fur came out
      of the bag (a tile refilled, a fur reward), or the automatic flow after it went on to draw:
      Ivan's turn turns his card (ST-15), a winter refreshes the row and the market (ST-12.6);
    - DRAW (ST-10.2) takes a fur from the bag at random: never;
    - a claim (ST-9.6) may refill from the bag or the stack: only when it did not;
    - resigning (ST-R.1): never."""
    if isinstance(action, Resign) or after.stage == "finished":
        return False
    return hidden_before == hidden(after)
