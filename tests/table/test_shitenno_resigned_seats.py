"""A seat left behind by a resignation (issue 46 §1): in a game of three or more whose kind has a
computer, the table opens the game with Shitenno's ``resigned_play_on`` (SH-R.6); the resignation
hands the seat to a computer at normal level in its own transaction (no clock, no vote); the
master plays it on; the player's later commands neither take it back nor act in it."""

from __future__ import annotations

from typing import Any, cast

import pytest

from cogs import games
from cogs.table.core.commands import AutoPlay
from cogs.table.core.master import Master
from cogs.table.finder import Finder
from cogs.table.respond import Refusal
from cogs.texts import t
from db.records import ABSENT_LEVEL, GameRecord
from db.store import GameStore
from rules.protocol import PLAY_ON_OPTION
from rules.shitenno import GAME as SHITENNO
from rules.shitenno.actions import Action, Resign
from rules.shitenno.auto import auto_action
from tests import kinds

pytestmark = pytest.mark.store(games={"shitenno": SHITENNO})

ALICE, BOB, CAROL = 180_000_000_000_000_001, 180_000_000_000_000_002, 180_000_000_000_000_003


@pytest.mark.parametrize("kind", kinds.NAMES)
def test_the_table_opens_games_with_a_computer_with_play_on(kind: str) -> None:
    """SH-R.6 is asked for where the game has a computer and its engine plays resigned seats on;
    a game without either keeps its rules as written."""
    engine = games.ui(kind).engine
    can = games.has_computer(kind) and any(o.name == PLAY_ON_OPTION for o in engine.options)
    expected = {"x": 1, PLAY_ON_OPTION: True} if can else {"x": 1}
    assert games.table_options(kind, {"x": 1}) == expected
    if kind == "shitenno":
        assert can, "Shitenno has a computer and its engine plays a resigned seat on"


async def three_players(store: GameStore, play_on: bool = True) -> GameRecord:
    options = games.table_options("shitenno", {}) if play_on else {}
    lobby = await store.lobbies.create("shitenno", ALICE, options, 1, 2, seats=[ALICE, BOB, CAROL])
    return await store.games.start(lobby.id, None, 11)


async def resign(store: GameStore, rec: GameRecord, seat: int) -> GameRecord:
    await store.games.append(rec.id, rec.version, seat, Resign())
    return await store.games.get(rec.id)


async def test_the_resignation_hands_the_seat_to_a_computer_at_normal_level(store: GameStore) -> None:
    """SH-R.6: the resigner's seat to act stays to act, its clock stops and a computer at normal
    level plays it; the people's clocks go on as before."""
    rec = await three_players(store)
    (seat,) = SHITENNO.to_act(rec.load_state())
    assert rec.clock_of(seat).since is not None
    after = await resign(store, rec, seat)
    assert SHITENNO.to_act(after.load_state()) == (seat,) and SHITENNO.resigned(after.load_state()) == (seat,)
    assert after.level_at(seat) == ABSENT_LEVEL and after.table_plays(seat)
    assert after.clock_of(seat).since is None and after.waiting() == []
    assert Finder.resigned_to_computer(after, seat)
    assert not any(Finder.resigned_to_computer(after, s) for s in range(3) if s != seat)


async def test_without_play_on_the_seat_leaves_as_the_rules_write(store: GameStore) -> None:
    """SH-R.3: a game opened without the option (an old game, or a kind without a computer): the
    seat leaves, nobody plays it, the next player waits."""
    rec = await three_players(store, play_on=False)
    (seat,) = SHITENNO.to_act(rec.load_state())
    after = await resign(store, rec, seat)
    assert seat not in SHITENNO.to_act(after.load_state())
    assert not after.table_plays(seat) and not Finder.resigned_to_computer(after, seat)
    assert [c.seat for c in after.waiting()] == list(SHITENNO.to_act(after.load_state()))


async def test_the_master_plays_the_resigned_seat_with_the_normal_computer(store: GameStore) -> None:
    rec = await three_players(store)
    (seat,) = SHITENNO.to_act(rec.load_state())
    after = await resign(store, rec, seat)
    asked: list[tuple[int, str]] = []

    async def think(rec: GameRecord, state: object, seat: int, level: str, seed: int) -> Action:
        asked.append((seat, level))
        return auto_action(cast(Any, state), seat)

    change = await Master(lambda: store, lambda _kind: None, think, lambda _kind: True).run(AutoPlay(after.id))
    assert asked == [(seat, ABSENT_LEVEL)] and change is not None and change.seat == seat
    assert (await store.games.get(rec.id)).version == after.version + 1


async def test_a_resignation_out_of_turn_hands_the_seat_too(store: GameStore) -> None:
    """A player who resigns while another is to act: the seat is the computer's from then on, so
    when its turn comes no clock starts for it."""
    rec = await three_players(store)
    (active,) = SHITENNO.to_act(rec.load_state())
    other = next(s for s in range(3) if s != active)
    after = await resign(store, rec, other)
    assert after.table_plays(other) and after.clock_of(other).since is None
    assert after.clock_of(active).since is not None, "the player to act keeps their clock"


async def test_a_command_of_the_resigner_does_not_take_the_seat_back(store: GameStore) -> None:
    """Unlike a late player's seat (``Absence.returned``), a resigned one stays the computer's."""
    from cogs.table.absence import Absence

    rec = await three_players(store)
    (seat,) = SHITENNO.to_act(rec.load_state())
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


async def test_the_change_of_the_resignation_knows_the_computer_plays_the_seat(store: GameStore) -> None:
    """The change the master tells after the resignation already has the seat played by the table:
    the clocks' listener sends the computer in (no wait for a prompt the resigner would get), and
    the thread's news has no "your turn" line for the seat."""
    from cogs.table.core.commands import Act
    from cogs.table.plan.news import prompts

    rec = await three_players(store)
    (seat,) = SHITENNO.to_act(rec.load_state())
    master = Master(lambda: store, lambda _kind: None, None, lambda _kind: True)
    change = await master.run(Act(rec.id, seat, Resign(), None, rec.players[seat], None, seen=rec))
    assert change.to_act == (seat,) and change.record.table_plays(seat)
    assert change.record.level_at(seat) == ABSENT_LEVEL
    assert prompts(games.ui("shitenno"), change.record, change.state, change.to_act, "en") == []
    assert not rec.table_plays(seat), "the record read before the resignation was the person's"


async def test_two_players_resigning_still_ends_the_game(store: GameStore) -> None:
    """SH-R.2: with two seats the option changes nothing — the resignation ends the game, nobody's
    seat is handed to a computer."""
    lobby = await store.lobbies.create("shitenno", ALICE, games.table_options("shitenno", {}), 1, 2, seats=[ALICE, BOB])
    rec = await store.games.start(lobby.id, None, 11)
    result = await store.games.append(rec.id, rec.version, 0, Resign())
    assert result.outcome is not None and result.outcome.winners == (1,) and result.handed == ()
    assert (await store.games.get(rec.id)).status == "finished"
