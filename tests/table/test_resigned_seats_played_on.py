"""A seat left behind by a resignation (issue 46 §1), for every registered game whose engine can play
a resigned seat on (its ``PLAY_ON_OPTION``: Shitenno's SH-R.6, Stroganov's ST-R.6): in a game of
three or more the table opens the game with the option; the resignation hands the seat to a
computer at normal level in its own transaction (no clock, no vote); the master plays it on; the
player's later commands neither take it back nor act in it. With fewer players (two, or one alone
against the game's automa) the resignation still ends the game (SH-R.2, ST-R.2). Everything of a
game comes from its registration: its engine, its automatic player, its player counts."""

from __future__ import annotations

from typing import Any, cast

import pytest

from cogs import games
from cogs.table.core.commands import Act, AutoPlay
from cogs.table.core.master import Master
from cogs.table.finder import Finder
from cogs.table.plan.news import prompts
from cogs.table.respond import Refusal
from cogs.texts import t
from db.records import ABSENT_LEVEL, GameRecord
from db.store import GameStore
from rules.protocol import PLAY_ON_OPTION
from tests import kinds

PLAYS_ON = kinds.plays_on()

pytestmark = pytest.mark.store(games={k: games.kind(k).engine for k in PLAYS_ON})

ALICE, BOB, CAROL = 180_000_000_000_000_001, 180_000_000_000_000_002, 180_000_000_000_000_003


def engine(kind: str) -> Any:
    return games.kind(kind).engine


def test_some_games_play_resigned_seats_on() -> None:
    assert PLAYS_ON, "no registered game plays a resigned seat on: the tests below test nothing"


@pytest.mark.parametrize("kind", kinds.NAMES)
def test_the_table_opens_games_with_a_computer_with_play_on(kind: str) -> None:
    """The option is asked for where the game has a computer and its engine plays resigned seats
    on; a game without either keeps its rules as written. Every game whose engine can play on has
    a computer to play with."""
    declared = any(o.name == PLAY_ON_OPTION for o in engine(kind).options)
    can = games.has_computer(kind) and declared
    expected = {"x": 1, PLAY_ON_OPTION: True} if can else {"x": 1}
    assert games.table_options(kind, {"x": 1}) == expected
    if declared:
        assert can, f"{kind} plays a resigned seat on: it must have a computer"


async def start(store: GameStore, kind: str, seats: list[int], play_on: bool = True) -> GameRecord:
    options = games.table_options(kind, {}) if play_on else {}
    lobby = await store.lobbies.create(kind, ALICE, options, 1, 2, seats=seats)
    return await store.games.start(lobby.id, None, 11)


async def three_players(store: GameStore, kind: str, play_on: bool = True) -> GameRecord:
    return await start(store, kind, [ALICE, BOB, CAROL], play_on)


async def resign(store: GameStore, rec: GameRecord, seat: int) -> GameRecord:
    await store.games.append(rec.id, rec.version, seat, engine(rec.kind).parse_action("resign"))
    return await store.games.get(rec.id)


def to_act(rec: GameRecord) -> tuple[int, ...]:
    return tuple(engine(rec.kind).to_act(rec.load_state()))


@pytest.mark.parametrize("kind", PLAYS_ON)
async def test_the_resignation_hands_the_seat_to_a_computer_at_normal_level(store: GameStore, kind: str) -> None:
    """The resigner's seat to act stays to act, its clock stops and a computer at normal level
    plays it; the people's clocks go on as before."""
    rec = await three_players(store, kind)
    (seat,) = to_act(rec)
    assert rec.clock_of(seat).since is not None
    after = await resign(store, rec, seat)
    assert to_act(after) == (seat,) and engine(kind).resigned(after.load_state()) == (seat,)
    assert after.level_at(seat) == ABSENT_LEVEL and after.table_plays(seat)
    assert after.clock_of(seat).since is None and after.waiting() == []
    assert Finder.resigned_to_computer(after, seat)
    assert not any(Finder.resigned_to_computer(after, s) for s in range(3) if s != seat)


@pytest.mark.parametrize("kind", PLAYS_ON)
async def test_without_play_on_the_seat_leaves_as_the_rules_write(store: GameStore, kind: str) -> None:
    """A game opened without the option (an old game, or a kind without a computer): the seat
    leaves, nobody plays it, the next player waits (SH-R.3, ST-R.3)."""
    rec = await three_players(store, kind, play_on=False)
    (seat,) = to_act(rec)
    after = await resign(store, rec, seat)
    assert seat not in to_act(after)
    assert not after.table_plays(seat) and not Finder.resigned_to_computer(after, seat)
    assert [c.seat for c in after.waiting()] == list(to_act(after))


@pytest.mark.parametrize("kind", PLAYS_ON)
async def test_the_master_plays_the_resigned_seat_with_the_normal_computer(store: GameStore, kind: str) -> None:
    rec = await three_players(store, kind)
    (seat,) = to_act(rec)
    after = await resign(store, rec, seat)
    asked: list[tuple[int, str]] = []
    auto = games.auto_player(kind)
    assert auto is not None

    async def think(rec: GameRecord, state: object, seat: int, level: str, seed: int) -> Any:
        asked.append((seat, level))
        return auto(cast(Any, state), seat)

    change = await Master(lambda: store, lambda _kind: None, think, lambda _kind: True).run(AutoPlay(after.id))
    assert asked == [(seat, ABSENT_LEVEL)] and change is not None and change.seat == seat
    assert (await store.games.get(rec.id)).version == after.version + 1


@pytest.mark.parametrize("kind", PLAYS_ON)
async def test_a_resignation_out_of_turn_hands_the_seat_too(store: GameStore, kind: str) -> None:
    """A player who resigns while another is to act: the seat is the computer's from then on, so
    when its turn comes no clock starts for it."""
    rec = await three_players(store, kind)
    (active,) = to_act(rec)
    other = next(s for s in range(3) if s != active)
    after = await resign(store, rec, other)
    assert after.table_plays(other) and after.clock_of(other).since is None
    assert after.clock_of(active).since is not None, "the player to act keeps their clock"


@pytest.mark.parametrize("kind", PLAYS_ON)
async def test_a_command_of_the_resigner_does_not_take_the_seat_back(store: GameStore, kind: str) -> None:
    """Unlike a late player's seat (``Absence.returned``), a resigned one stays the computer's."""
    from cogs.table.absence import Absence

    rec = await three_players(store, kind)
    (seat,) = to_act(rec)
    after = await resign(store, rec, seat)
    absence = cast(Any, Absence.__new__(Absence))
    absence.parts = cast(Any, type("Parts", (), {"store": store}))()
    back = await Absence.returned(absence, after, after.players[seat])
    assert back is after and (await store.games.get(rec.id)).table_plays(seat)


def test_the_resigner_is_refused_in_their_language() -> None:
    """Refused privately, naming the game and the computer, in English and Czech."""
    rec = cast(Any, type("Rec", (), {"id": 7}))
    finder = cast(Any, Finder.__new__(Finder))
    finder.resigned_to_computer = lambda rec, seat: True
    for locale, words in (("en", "Computer (normal) plays your seat"), ("cs", "hraje Počítač (normální)")):
        with pytest.raises(Refusal) as err:
            Finder.refuse_resigned(finder, rec, 0, locale)
        assert words in str(err.value) and "#7" in str(err.value)
    assert "{" not in t("resigned_played_on", "cs", game=7, computer="x")


@pytest.mark.parametrize("kind", PLAYS_ON)
async def test_the_change_of_the_resignation_knows_the_computer_plays_the_seat(store: GameStore, kind: str) -> None:
    """The change the master tells after the resignation already has the seat played by the table:
    the clocks' listener sends the computer in (no wait for a prompt the resigner would get), and
    the thread's news has no "your turn" line for the seat."""
    rec = await three_players(store, kind)
    (seat,) = to_act(rec)
    master = Master(lambda: store, lambda _kind: None, None, lambda _kind: True)
    resignation = engine(kind).parse_action("resign")
    change = await master.run(Act(rec.id, seat, resignation, None, rec.players[seat], None, seen=rec))
    assert change.to_act == (seat,) and change.record.table_plays(seat)
    assert change.record.level_at(seat) == ABSENT_LEVEL
    assert prompts(games.ui(kind), change.record, change.state, change.to_act, "en") == []
    assert not rec.table_plays(seat), "the record read before the resignation was the person's"


FEWER = [(k, n) for k in PLAYS_ON for n in kinds.player_counts(k) if n < 3]
"""The player counts below three of each game that plays on: two, and one alone against its automa
where it has one."""


@pytest.mark.parametrize(("kind", "players"), FEWER)
async def test_two_players_or_solo_resigning_still_ends_the_game(store: GameStore, kind: str, players: int) -> None:
    """With two players, or alone against the game's automa (no seat), the option changes nothing —
    the resignation ends the game and nobody's seat is handed to a computer."""
    rec = await start(store, kind, [ALICE, BOB][:players])
    assert PLAY_ON_OPTION not in engine(kind).dump(rec.load_state())
    result = await store.games.append(rec.id, rec.version, 0, engine(kind).parse_action("resign"))
    winners = (1,) if players == 2 else ()
    assert result.outcome is not None and result.outcome.winners == winners and result.handed == ()
    assert (await store.games.get(rec.id)).status == "finished"
