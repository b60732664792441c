"""GameStore: creating, listing, lobbies, appending actions, ending games, preferences (DESIGN §4).

The engine is the toy "count" game of :mod:`tests.toygame`, so these tests pin the store's contract
independently of any real game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from db.errors import GameNotFound, NoState, StaleVersion, UnknownGameKind, UnloggableAction, WrongStatus
from db.records import DEFAULT_DMS_ENABLED, DEFAULT_LANGUAGE, DEFAULT_NOTIFY, NOTIFY_CHOICES, GameRecord, UserPrefs
from db.store import GameStore
from rules.errors import BadNotation, BadOptions, IllegalAction, NotYourTurn
from rules.protocol import Ending, Outcome
from tests.db_fixtures import Raw
from tests.fakeclock import FakeClock
from tests.toygame import GAME, GAMES, Add, Roll

GUILD, OTHER_GUILD = 1000, 2000
CHANNEL, OTHER_CHANNEL = 11, 12
ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(1_700_000_000.0)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "deskovka.db"


async def new_game(store: GameStore, players: tuple[int, ...] = (ALICE, BOB), **kw: Any) -> GameRecord:
    args: dict[str, Any] = {
        "options": {"target": 50},
        "seed": 7,
        "guild_id": GUILD,
        "channel_id": CHANNEL,
        "creator_id": players[0],
    }
    args.update(kw)
    return await store.games.create("count", list(players), **args)


def seat_to_act(record: GameRecord) -> int:
    return GAME.to_act(record.load_state())[0]


# -- create / get / list ---------------------------------------------------------------------


async def test_create_stores_an_active_game_with_the_engines_initial_state(store: GameStore, clock: FakeClock) -> None:
    """DESIGN §3/§4: the state is ``dump(new(players, options, seed))``, version 0, seats in order;
    options are stored resolved (defaults filled) so a later default change cannot alter a replay."""
    rec = await new_game(store, thread_id=55, message_id=66)
    assert rec.kind == "count"
    assert rec.status == "active"
    assert rec.version == 0
    assert rec.players == (ALICE, BOB)
    assert rec.options == {"target": 50, "max_step": 3}
    assert rec.seed == 7
    assert (rec.guild_id, rec.channel_id, rec.thread_id, rec.message_id) == (GUILD, CHANNEL, 55, 66)
    assert rec.creator_id == ALICE
    assert rec.outcome is None
    assert rec.created_at == rec.updated_at == rec.turn_since == clock.now
    expected = GAME.dump(GAME.new(2, {"target": 50}, 7))
    assert json.loads(rec.state_json or "") == expected
    assert GAME.dump(rec.load_state()) == expected
    assert await store.games.get(rec.id) == rec
    assert rec.seat_of(BOB) == 1
    assert rec.seat_of(CAROL) is None


async def test_bad_options_and_player_counts_are_the_engines_errors_and_store_nothing(
    store: GameStore,
) -> None:
    """Options are validated by the engine (BadOptions propagates); nothing is written."""
    with pytest.raises(BadOptions):
        await new_game(store, options={"target": 1})
    with pytest.raises(BadOptions):
        await new_game(store, options={"colour": "red"})
    with pytest.raises(BadOptions):
        await new_game(store, players=(ALICE,))
    with pytest.raises(BadOptions):
        await store.lobbies.create("count", ALICE, {"max_step": 99}, GUILD, CHANNEL)
    with pytest.raises(UnknownGameKind):
        await store.games.create("chess", [ALICE, BOB], {}, 1, GUILD, CHANNEL, ALICE)
    with pytest.raises(ValueError, match="seed"):
        await new_game(store, seed=2**64)
    assert await store.games.find() == []


async def test_get_of_an_unknown_id_raises_game_not_found(store: GameStore) -> None:
    with pytest.raises(GameNotFound) as info:
        await store.games.get(12345)
    assert info.value.game_id == 12345


async def test_list_games_filters_by_guild_channel_thread_user_and_status(store: GameStore) -> None:
    """The cogs find "the game of this thread", "my games", "active games of this server"."""
    g1 = await new_game(store, (ALICE, BOB), thread_id=501)
    g2 = await new_game(store, (BOB, CAROL), channel_id=OTHER_CHANNEL)
    g3 = await new_game(store, (CAROL, DAVE), guild_id=OTHER_GUILD, channel_id=OTHER_CHANNEL)
    lobby = await store.lobbies.create("count", DAVE, {}, GUILD, CHANNEL)
    await store.games.cancel(g3.id, CAROL)

    def ids(records: list[GameRecord]) -> list[int]:
        return [r.id for r in records]

    assert ids(await store.games.find()) == [g1.id, g2.id, g3.id, lobby.id]
    assert ids(await store.games.find(guild_id=GUILD)) == [g1.id, g2.id, lobby.id]
    assert ids(await store.games.find(channel_id=OTHER_CHANNEL)) == [g2.id, g3.id]
    assert ids(await store.games.find(thread_id=501)) == [g1.id]
    assert ids(await store.games.find(user_id=BOB)) == [g1.id, g2.id]
    assert ids(await store.games.find(user_id=DAVE)) == [g3.id, lobby.id]
    assert ids(await store.games.find(status="active")) == [g1.id, g2.id]
    assert ids(await store.games.find(status=("lobby", "cancelled"))) == [g3.id, lobby.id]
    assert ids(await store.games.find(guild_id=GUILD, user_id=CAROL, status="active")) == [g2.id]
    assert await store.games.find(user_id=999) == []
    listed = {r.id: r for r in await store.games.find()}
    assert listed[g2.id].players == (BOB, CAROL)
    assert listed[lobby.id].players == (DAVE,)
    with pytest.raises(ValueError, match="status"):
        await store.games.find(status="actve")


async def test_list_games_neither_reads_nor_parses_state(store: GameStore, raw: Raw) -> None:
    """Start-up lists every game; it must not pay for (or choke on) thousands of states."""
    rec = await new_game(store)
    raw("UPDATE games SET state = '{not json' WHERE id = ?", (rec.id,))
    [listed] = await store.games.find()
    assert listed.state_json is None
    assert listed.players == (ALICE, BOB)
    with pytest.raises(NoState):
        listed.load_state()
    fetched = await store.games.get(rec.id)
    assert fetched.state_json == "{not json"
    with pytest.raises(json.JSONDecodeError):
        fetched.load_state()


# -- lobbies ------------------------------------------------------------------------------------


async def test_lobby_seats_and_start(store: GameStore, clock: FakeClock) -> None:
    """DESIGN §1: a challenge or lobby has no state until it starts; joining bumps the version
    (so an old Start button goes stale), starting creates the engine state from the seed."""
    lobby = await store.lobbies.create("count", ALICE, {"target": 30}, GUILD, CHANNEL, message_id=77)
    assert (lobby.status, lobby.players, lobby.version, lobby.seed) == ("lobby", (ALICE,), 0, None)
    assert lobby.state_json is None
    with pytest.raises(NoState):
        lobby.load_state()
    with pytest.raises(NoState):
        await store.games.replay(lobby.id)

    joined = await store.lobbies.set_seats(lobby.id, [ALICE, BOB], expected_version=0)
    assert (joined.players, joined.version) == ((ALICE, BOB), 1)
    with pytest.raises(StaleVersion) as info:
        await store.lobbies.set_seats(lobby.id, [ALICE, CAROL], expected_version=0)
    assert (info.value.expected, info.value.actual) == (0, 1)
    joined = await store.lobbies.set_seats(lobby.id, [ALICE, BOB, CAROL])
    with pytest.raises(StaleVersion):
        await store.games.start(lobby.id, None, 99, expected_version=1)

    clock.advance(60)
    started = await store.games.start(lobby.id, None, 99, expected_version=joined.version)
    assert started.status == "active"
    assert started.players == (ALICE, BOB, CAROL)
    assert started.version == joined.version + 1
    assert started.seed == 99
    assert started.turn_since == clock.now
    assert started.message_id == 77
    assert GAME.dump(started.load_state()) == GAME.dump(GAME.new(3, {"target": 30}, 99))

    with pytest.raises(WrongStatus) as status_info:
        await store.games.start(lobby.id, None, 1)
    assert status_info.value.status == "active"
    with pytest.raises(WrongStatus):
        await store.lobbies.set_seats(lobby.id, [BOB])


async def test_start_with_explicit_players_and_a_bad_count(store: GameStore) -> None:
    """Accepting a challenge seats exactly the given players; the engine checks the count."""
    lobby = await store.lobbies.create("count", ALICE, {}, GUILD, CHANNEL)
    with pytest.raises(BadOptions):
        await store.games.start(lobby.id, [ALICE], 5)
    assert (await store.games.get(lobby.id)).status == "lobby"
    started = await store.games.start(lobby.id, [BOB, ALICE], 5)
    assert started.players == (BOB, ALICE)


async def test_thread_and_message_are_metadata_and_keep_the_version(store: GameStore, clock: FakeClock) -> None:
    """Opening the thread after the game starts must not make the game's buttons stale."""
    rec = await new_game(store)
    clock.advance(5)
    rec2 = await store.games.set_thread(rec.id, 888)
    rec3 = await store.games.set_message(rec.id, 999)
    assert (rec3.thread_id, rec3.message_id, rec3.version) == (888, 999, rec.version)
    assert rec2.updated_at == clock.now
    with pytest.raises(GameNotFound):
        await store.games.set_thread(4242, 1)


# -- append -------------------------------------------------------------------------------------


async def test_append_applies_through_the_engine_bumps_the_version_and_logs(store: GameStore, clock: FakeClock) -> None:
    """DESIGN §4: one action = load, apply, append, store with version + 1."""
    rec = await new_game(store)
    seat = seat_to_act(rec)
    clock.advance(10)
    result = await store.games.append(rec.id, 0, seat, Add(2))
    assert result.version == 1
    assert result.events == [{"type": "added", "seat": seat, "amount": 2}]
    assert result.to_act == (1 - seat,)
    assert result.outcome is None and not result.finished
    assert result.state.total == 2

    after = await store.games.get(rec.id)
    assert after.version == 1
    assert after.load_state().total == 2
    assert after.updated_at == after.turn_since == clock.now
    [logged] = await store.games.actions(rec.id)
    assert (logged.game_id, logged.seq, logged.seat, logged.notation) == (rec.id, 1, seat, "+2")
    assert logged.created_at == clock.now

    clock.advance(10)
    second = await store.games.append(rec.id, 1, 1 - seat, " ROLL ")
    assert second.version == 2
    assert [a.notation for a in await store.games.actions(rec.id)] == ["+2", "roll"]


@pytest.mark.parametrize(
    ("seat_offset", "action", "error"),
    [
        (1, Add(1), NotYourTurn),
        (0, Add(4), IllegalAction),
        (0, "+x", BadNotation),
    ],
)
async def test_a_rule_error_changes_nothing(
    store: GameStore, raw: Raw, clock: FakeClock, seat_offset: int, action: Any, error: type[Exception]
) -> None:
    """DESIGN §3/§4: the engine's typed RuleError reaches the caller and the game, its version and
    its log are exactly as before."""
    rec = await new_game(store)
    seat = seat_to_act(rec)
    await store.games.append(rec.id, 0, seat, Add(1))
    before = await store.games.get(rec.id)
    rows_before = raw("SELECT * FROM games")
    clock.advance(100)
    with pytest.raises(error):
        await store.games.append(rec.id, 1, (1 - seat + seat_offset) % 2, action)
    assert await store.games.get(rec.id) == before
    assert raw("SELECT * FROM games") == rows_before
    assert len(await store.games.actions(rec.id)) == 1


async def test_a_stale_version_is_refused_and_changes_nothing(store: GameStore) -> None:
    """DESIGN §4: a double click or an old button carries an old version."""
    rec = await new_game(store)
    seat = seat_to_act(rec)
    await store.games.append(rec.id, 0, seat, Add(1))
    before = await store.games.get(rec.id)
    with pytest.raises(StaleVersion) as info:
        await store.games.append(rec.id, 0, 1 - seat, Add(1))
    assert (info.value.game_id, info.value.expected, info.value.actual) == (rec.id, 0, 1)
    with pytest.raises(StaleVersion):
        await store.games.append(rec.id, 5, 1 - seat, Add(1))
    assert await store.games.get(rec.id) == before
    with pytest.raises(GameNotFound):
        await store.games.append(999, 0, 0, Add(1))


async def test_an_action_whose_notation_does_not_round_trip_is_refused(store: GameStore) -> None:
    """Logging it would make the game unreplayable (DESIGN §3: notation round-trips losslessly)."""

    class Impostor:
        def notation(self) -> str:
            return "+1"

    rec = await new_game(store)
    with pytest.raises(UnloggableAction):
        await store.games.append(rec.id, 0, seat_to_act(rec), Impostor())
    assert (await store.games.get(rec.id)).version == 0
    assert await store.games.actions(rec.id) == []


async def test_turn_since_moves_only_when_a_new_seat_starts_waiting(store: GameStore, clock: FakeClock) -> None:
    """``turn_since`` is when the seats now to act began waiting (for reminders); the toy game
    alternates seats, so every move restarts the clock, and the final move keeps it."""
    rec = await new_game(store, options={"target": 3, "max_step": 3})
    seat = seat_to_act(rec)
    clock.advance(30)
    first = await store.games.append(rec.id, 0, seat, Add(1))
    assert (await store.games.get(rec.id)).turn_since == clock.now
    waiting_since = clock.now
    clock.advance(30)
    final = await store.games.append(rec.id, first.version, 1 - seat, Add(3))
    assert final.to_act == ()
    assert (await store.games.get(rec.id)).turn_since == waiting_since


async def test_the_engines_outcome_finishes_the_game(store: GameStore) -> None:
    """When the engine reports an outcome the store marks the game finished with it; the game then
    accepts no action (WrongStatus with the current version, StaleVersion with an old one)."""
    rec = await new_game(store, options={"target": 2, "max_step": 2})
    seat = seat_to_act(rec)
    result = await store.games.append(rec.id, 0, seat, Add(2))
    assert result.outcome == Outcome(winners=(seat,), ending=Ending.NORMAL)
    assert result.finished
    done = await store.games.get(rec.id)
    assert (done.status, done.outcome, done.version) == ("finished", result.outcome, 1)
    with pytest.raises(WrongStatus) as info:
        await store.games.append(rec.id, 1, 1 - seat, Add(1))
    assert (info.value.status, info.value.allowed) == ("finished", ("active",))
    with pytest.raises(StaleVersion):
        await store.games.append(rec.id, 0, 1 - seat, Add(1))
    assert await store.games.find(status="active") == []
    assert await store.games.verify(rec.id)


# -- finish / cancel ----------------------------------------------------------------------------


async def test_finish_records_the_outcome_and_kills_old_buttons(store: GameStore) -> None:
    """Resignation or timeout end a game outside the engine; the version bump makes every button
    that carried the old version stale."""
    rec = await new_game(store)
    outcome = Outcome(winners=(1,), ending=Ending.RESIGNED)
    with pytest.raises(StaleVersion):
        await store.games.finish(rec.id, outcome, expected_version=3)
    done = await store.games.finish(rec.id, outcome, expected_version=0)
    assert (done.status, done.outcome, done.version, done.cancelled_by) == ("finished", outcome, 1, None)
    with pytest.raises(StaleVersion):
        await store.games.append(rec.id, 0, seat_to_act(rec), Add(1))
    with pytest.raises(WrongStatus):
        await store.games.finish(rec.id, outcome)
    lobby = await store.lobbies.create("count", ALICE, {}, GUILD, CHANNEL)
    with pytest.raises(WrongStatus):
        await store.games.finish(lobby.id, outcome)


async def test_cancel_is_recorded_as_cancelled_not_as_a_loss(store: GameStore) -> None:
    """A cancelled game has no winner and no loser, remembers who cancelled, and kills old buttons."""
    rec = await new_game(store)
    await store.games.append(rec.id, 0, seat_to_act(rec), Add(1))
    cancelled = await store.games.cancel(rec.id, BOB, expected_version=1)
    assert cancelled.status == "cancelled"
    assert cancelled.outcome == Outcome(winners=(), ending=Ending.CANCELLED, draw=False)
    assert cancelled.cancelled_by == BOB
    assert cancelled.version == 2
    with pytest.raises(StaleVersion):
        await store.games.append(rec.id, 1, 0, Add(1))
    with pytest.raises(WrongStatus):
        await store.games.cancel(rec.id, ALICE)
    assert await store.games.verify(rec.id)

    lobby = await store.lobbies.create("count", ALICE, {}, GUILD, CHANNEL)
    gone = await store.games.cancel(lobby.id, ALICE)
    assert (gone.status, gone.version, gone.seed, gone.state_json) == ("cancelled", 1, None, None)
    with pytest.raises(WrongStatus):
        await store.games.start(lobby.id, [ALICE, BOB], 1)


# -- preferences --------------------------------------------------------------------------------


async def test_prefs_default_and_update(store: GameStore) -> None:
    """DESIGN §4: user preferences (DMs on/off, language); unset means DMs on, language ``auto``
    (follow the client) and no client locale seen yet (issue 19)."""
    assert await store.prefs.get(ALICE) == UserPrefs(ALICE, True, "auto")
    assert await store.prefs.set(ALICE, dms_enabled=False) == UserPrefs(ALICE, False, "auto")
    assert await store.prefs.set(ALICE, language="cs") == UserPrefs(ALICE, False, "cs")
    assert await store.prefs.set(ALICE, dms_enabled=True) == UserPrefs(ALICE, True, "cs")
    assert await store.prefs.set(ALICE) == UserPrefs(ALICE, True, "cs")
    assert await store.prefs.get(BOB) == UserPrefs(BOB, True, "auto")


async def test_the_client_locale_is_remembered_apart_from_the_choice(store: GameStore) -> None:
    """Issue 19 §2: with ``auto`` the client's locale is kept for later DMs; choosing a language
    keeps it, and remembering it keeps the choice."""
    seen = await store.prefs.set(ALICE, client_locale="cs")
    assert (seen.language, seen.client_locale) == ("auto", "cs")
    chosen = await store.prefs.set(ALICE, language="en")
    assert (chosen.language, chosen.client_locale) == ("en", "cs")
    again = await store.prefs.set(ALICE, client_locale="en-US")
    assert (again.language, again.client_locale) == ("en", "en-US")
    assert (await store.prefs.get(BOB)).client_locale is None


async def test_notify_preference(store: GameStore, raw: Raw) -> None:
    """How a player hears it is their turn: DM (the default), a mention in the thread, or both.
    Setting it keeps the other preferences; an unknown value is a ValueError that writes nothing,
    not even the other preferences of the same call."""
    assert NOTIFY_CHOICES == ("dm", "mention", "both")
    assert (await store.prefs.get(ALICE)).notify == DEFAULT_NOTIFY == "dm"
    await store.prefs.set(ALICE, language="cs")
    assert await store.prefs.set(ALICE, notify="mention") == UserPrefs(ALICE, True, "cs", "mention")
    assert await store.prefs.set(ALICE, dms_enabled=False) == UserPrefs(ALICE, False, "cs", "mention")
    assert await store.prefs.set(ALICE, notify="both") == UserPrefs(ALICE, False, "cs", "both")
    with pytest.raises(ValueError, match="notify"):
        await store.prefs.set(ALICE, language="de", notify="sms")
    with pytest.raises(ValueError, match="notify"):
        await store.prefs.set(BOB, notify="")
    assert await store.prefs.get(ALICE) == UserPrefs(ALICE, False, "cs", "both")
    assert raw("SELECT user_id, notify FROM user_prefs") == [(ALICE, "both")]


async def test_python_and_schema_prefs_defaults_agree(store: GameStore, raw: Raw) -> None:
    """get_prefs invents the defaults for a user without a row; the schema's defaults fill a
    partially set row. They must be the same values."""
    await store.prefs.set(CAROL, language="de")
    await store.prefs.set(DAVE, dms_enabled=False)
    assert (await store.prefs.get(CAROL)).dms_enabled is DEFAULT_DMS_ENABLED
    assert (await store.prefs.get(DAVE)).language == DEFAULT_LANGUAGE
    assert (await store.prefs.get(DAVE)).notify == DEFAULT_NOTIFY
    assert raw("SELECT user_id, dms_enabled, language, notify FROM user_prefs ORDER BY user_id") == [
        (CAROL, 1, "de", DEFAULT_NOTIFY),
        (DAVE, 0, DEFAULT_LANGUAGE, DEFAULT_NOTIFY),
    ]


async def test_records_use_only_json(store: GameStore, raw: Raw) -> None:
    """DESIGN §3: plain JSON, never pickle; compact separators."""
    rec = await new_game(store)
    await store.games.append(rec.id, 0, seat_to_act(rec), Roll())
    [(options, state)] = raw("SELECT options, state FROM games")
    [(action,)] = raw("SELECT action FROM actions")
    assert action == '{"n":"roll"}'
    assert options == '{"target":50,"max_step":3}'
    assert ": " not in state and ", " not in state
    assert json.loads(state)["rolls"] and len(json.loads(state)["rolls"]) == 1


async def test_meta_values_and_dm_notice_once(db_path: Path, clock: FakeClock) -> None:
    """Deployment facts persist (the synced command tree's hash); the closed-DM notice is
    recorded once per player and game, across reopening."""
    path = db_path
    store = await GameStore.open(path, games=GAMES, clock=clock)
    assert await store.meta.get("commands:global") is None
    await store.meta.set("commands:global", "abc")
    await store.meta.set("commands:global", "def")
    rec = await new_game(store)
    assert await store.prefs.mark_dm_warned(rec.id, BOB) is True
    assert await store.prefs.mark_dm_warned(rec.id, BOB) is False
    assert await store.prefs.mark_dm_warned(rec.id, CAROL) is False, "not a player of this game"
    await store.close()
    store = await GameStore.open(path, games=GAMES, clock=clock)
    assert await store.meta.get("commands:global") == "def"
    assert await store.prefs.mark_dm_warned(rec.id, BOB) is False
    assert await store.prefs.mark_dm_warned(rec.id, ALICE) is True
    await store.close()


async def test_a_game_keeps_its_language_from_lobby_to_end(store: GameStore) -> None:
    """Issue 19 §3: the language chosen with ``/… new`` is the game's, kept as it starts; games
    made without one (before issue 19) have none and are told in English."""
    lobby = await store.lobbies.create("count", ALICE, {}, GUILD, CHANNEL, seats=[ALICE, BOB], language="cs")
    assert lobby.language == "cs" and "language" not in lobby.options, "not an engine option"
    started = await store.games.start(lobby.id, None, 5)
    assert started.language == "cs"
    assert (await store.games.find(channel_id=CHANNEL))[0].language == "cs"
    plain = await store.lobbies.create("count", ALICE, {}, GUILD, CHANNEL)
    assert plain.language is None
