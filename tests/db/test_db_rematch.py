"""The store's side of issue 20 §3, §4: a finished game's rematch lobby is linked once — two
presses at once, from two processes, make one lobby; one that ended unstarted gives way — and the
first-game walkthrough is claimed once per player and kind. The Stratego rematch swaps colours."""

from __future__ import annotations

import asyncio

import pytest

from db.errors import StaleVersion, WrongStatus
from db.records import GameRecord, LobbyShape
from db.store import GameStore
from rules.stratego import GAME as STRATEGO
from rules.stratego.board import BLUE, RED
from rules.stratego.engine import rematch_options
from tests import kinds
from tests.db_fixtures import ALICE, BOB, CAROL, CHANNEL, GUILD, OpenStore
from tests.toygame import GAMES, Add


async def finished(store: GameStore) -> GameRecord:
    rec = await store.games.create("count", [ALICE, BOB], {"target": 3}, 7, GUILD, CHANNEL, ALICE, pace=3600)
    await store.games.append(rec.id, 0, GAMES["count"].to_act(rec.load_state())[0], Add(3))
    return await store.games.get(rec.id)


async def test_a_rematch_lobby_is_made_once_and_keeps_the_game_s_place_and_pace(store: GameStore) -> None:
    rec = await finished(store)
    assert await store.lobbies.rematch_of(rec.id) is None
    lobby, made = await store.lobbies.open_rematch(rec.id, BOB, [BOB, ALICE], {"target": 3}, LobbyShape(True, (ALICE,)))
    assert made and lobby.status == "lobby" and lobby.players == (BOB, ALICE) and lobby.creator_id == BOB
    assert (lobby.channel_id, lobby.guild_id, lobby.pace, lobby.language) == (
        rec.channel_id,
        rec.guild_id,
        rec.pace,
        rec.language,
    )
    assert await store.lobbies.shape(lobby.id) == LobbyShape(True, (ALICE,), rematch_of=rec.id)
    again, made_again = await store.lobbies.open_rematch(rec.id, ALICE, [ALICE, BOB], {}, LobbyShape(True, (BOB,)))
    assert not made_again and again.id == lobby.id and again.players == (BOB, ALICE)
    assert await store.lobbies.rematch_of(rec.id) == lobby.id
    assert len(await store.games.find(status="lobby")) == 1


async def test_two_processes_pressing_at_once_make_one_lobby(open_store: OpenStore) -> None:
    a, b = await open_store(), await open_store()
    try:
        rec = await finished(a)
        results = await asyncio.gather(
            *(
                s.lobbies.open_rematch(rec.id, user, [user], {}, LobbyShape(False, ()))
                for s, user in ((a, ALICE), (b, BOB), (a, BOB), (b, ALICE))
            ),
            return_exceptions=True,
        )
        made = [r for r in results if isinstance(r, tuple) and r[1]]
        assert len(made) == 1, results
        assert all(isinstance(r, (tuple, StaleVersion)) for r in results), results
        assert {r[0].id for r in results if isinstance(r, tuple)} == {made[0][0].id}
        assert len(await a.games.find(status="lobby")) == 1
    finally:
        await a.close()
        await b.close()


async def test_a_rematch_that_ended_unstarted_gives_way_and_only_finished_games_have_one(store: GameStore) -> None:
    rec = await finished(store)
    lobby, _ = await store.lobbies.open_rematch(rec.id, BOB, [BOB], {}, LobbyShape(False, (ALICE,)))
    await store.games.cancel(lobby.id, BOB)
    second, made = await store.lobbies.open_rematch(rec.id, ALICE, [ALICE], {}, LobbyShape(False, (BOB,)))
    assert made and second.id != lobby.id and await store.lobbies.rematch_of(rec.id) == second.id
    running = await store.games.create("count", [ALICE, CAROL], {}, 8, GUILD, CHANNEL, ALICE)
    with pytest.raises(WrongStatus):
        await store.lobbies.open_rematch(running.id, ALICE, [ALICE], {}, LobbyShape(False, ()))


async def test_the_walkthrough_is_claimed_once_per_player_and_kind(store: GameStore) -> None:
    one, other = kinds.NAMES[:2]  # two of the bot's games
    assert await store.prefs.claim_walkthrough(ALICE, one)
    assert not await store.prefs.claim_walkthrough(ALICE, one)
    assert await store.prefs.claim_walkthrough(ALICE, other) and await store.prefs.claim_walkthrough(BOB, one)
    await store.prefs.forget_walkthrough(ALICE, one)
    assert await store.prefs.claim_walkthrough(ALICE, one), "forgotten after a DM that failed: shown again"
    assert not await store.prefs.claim_walkthrough(2**70, one), "no such user"


@pytest.mark.parametrize("seed", range(6))
def test_a_stratego_rematch_swaps_the_colours(seed: int) -> None:
    """SG-3.1 with issue 20 §3: whoever played Red plays Blue in the rematch, whoever seats first."""
    state = STRATEGO.new(2, {"army": "barrage"}, seed)
    red_player = state.seat_colour.index(RED)
    for order in ([0, 1], [1, 0]):
        options = rematch_options({"army": "barrage"}, state, order)
        assert options["army"] == "barrage"
        again = STRATEGO.new(2, options, seed + 1)
        new_seat_of_red_player = order.index(red_player)
        assert again.seat_colour[new_seat_of_red_player] == BLUE
