"""A league's posts survive a process killed while telling them (issue 47 §3, DESIGN §5: a committed
action is never left untold, nothing is announced twice): the process dies after sending a piece of
a post (a message, a player's DM, the sign-up post's closing) and before writing it down, and the
next process on the same store — its tick, as at start-up — finishes the post: every piece once,
the one sent but not written down answered by its nonce as the message already made, none lost.
The pieces land in :class:`Channel`, shared by both processes as Discord is."""

from __future__ import annotations

from collections import Counter

import pytest

from cogs.table.core.commands import Act
from db.records import Shards
from db.store import GameStore
from tests.db_fixtures import ALICE, BOB, CAROL, DAVE, GUILD
from tests.fakeclock import FakeClock
from tests.table.test_league_running import T0, Channel, Died, Told, league, playing, runner_on

FOUR = (ALICE, BOB, CAROL, DAVE)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(T0)


def once(channel: Channel) -> None:
    repeated = [m for m, n in Counter(channel.messages).items() if n > 1]
    assert not repeated, f"told twice: {repeated}"


@pytest.mark.parametrize("lives", [0, 1, 3, 5])
async def test_pairings_cut_short_are_finished_by_the_next_process_piece_by_piece(
    store: GameStore, clock: FakeClock, lives: int
) -> None:
    """Round 1 of four players: the post, four DMs and the sign-up post closed — six pieces; the
    first process dies after sending piece ``lives + 1``. Only the process serving the league's
    server finishes it."""
    channel = Channel()
    made = await league(store, players=FOUR)
    first, _ = runner_on(store, clock, Told(channel, lives))
    with pytest.raises(Died):
        await first.start(made.id, ALICE)
    assert len(channel.messages) == lives + 1
    assert (await store.leagues.get_round(made.id, 1)).announced_at is None, "not told: left for the next"

    ours = Shards(2, (0,)).of(GUILD)
    elsewhere, _ = runner_on(store, clock, Told(channel), shards=Shards(2, (1 - ours,)))
    await elsewhere.tick()
    assert len(channel.messages) == lives + 1, "another process's server: not told there"

    second, told = runner_on(store, clock, Told(channel))
    await second.tick()
    players = [u for t in (await store.leagues.tables(made.id, 1)) for u in t.seats]
    pieces = ["post:1", *(f"dm:{u}" for u in players), "signup"]
    assert channel.messages == [("pairings:1", p) for p in pieces], "each piece once, in order"
    assert told.posts == [("pairings", 1)]
    assert told.changes == [], "the games were told by the first"
    assert (await store.leagues.get_round(made.id, 1)).announced_at is not None
    assert await store.leagues.post_steps(made.id, "pairings:1") == frozenset(), "its pieces forgotten once told"
    sends = channel.sends
    await second.tick()
    await runner_on(store, clock, Told(channel))[0].tick()
    assert channel.sends == sends, "told: nothing is sent again"


async def test_the_final_post_cut_short_is_finished_once_and_the_league_ends(
    store: GameStore, clock: FakeClock
) -> None:
    """Three players, three rounds of one game and a bye; the process dies after sending the
    final post's second message, before writing it down: the next one finishes the league."""
    channel = Channel()
    made = await league(store, players=(ALICE, BOB, CAROL))
    telling = Told(channel)
    first, _ = runner_on(store, clock, telling)
    await first.start(made.id, ALICE)
    for round_no in (1, 2, 3):
        (table,) = await playing(store, made.id)
        assert (await store.leagues.get(made.id)).current_round == round_no
        rec = await store.games.get(table.game_id)
        assert rec.engine is not None
        loser = table.seats[1]
        act = Act(rec.id, rec.players.index(loser), rec.engine.parse_action("resign", rec.load_state()), by_user=loser)
        change = await first._commit(act)
        assert change is not None
        if round_no == 3:  # its end found by the league moving on (as the poll would), dying in the final post
            telling.lives = 1
            with pytest.raises(Died):
                await first.advance(made.id)
        else:
            await first.follow([change])
    assert channel.messages[-2:] == [("results:3", "post:1"), ("results:3", "post:2")]
    after = await store.leagues.get(made.id)
    assert after.status == "running" and (await store.leagues.get_round(made.id, 3)).results_announced_at is None

    second, told = runner_on(store, clock, Told(channel))
    await second.tick()
    once(channel)
    assert told.posts == [("finished", 3)]
    assert (await store.leagues.get(made.id)).status == "finished"
    results = [p for p, _ in channel.messages if p.startswith("results:")]
    assert results == ["results:1"] * 2 + ["results:2"] * 2 + ["results:3"] * 2
    posts = [p for p, s in channel.messages if s == "post:1"]
    assert posts == ["pairings:1", "results:1", "pairings:2", "results:2", "pairings:3", "results:3"], "in order"


async def test_a_withdrawal_cut_short_is_told_by_the_next_process(store: GameStore, clock: FakeClock) -> None:
    """The withdrawal is committed (and the player's game resigned); the process dies after
    sending its post, before writing it down: the next one tells it — once."""
    channel = Channel()
    made = await league(store, players=FOUR)
    telling = Told(channel)
    first, _ = runner_on(store, clock, telling)
    await first.start(made.id, ALICE)
    telling.lives = 0
    with pytest.raises(Died):
        await first.withdraw(made.id, DAVE, ALICE)
    assert channel.messages[-1] == (f"withdrew:{DAVE}", "post:1")
    (untold,) = await store.leagues.withdrawals_untold(made.id)
    assert (untold.user_id, untold.withdrawn_by) == (DAVE, ALICE)

    second, told = runner_on(store, clock, Told(channel))
    await second.tick()
    once(channel)
    assert told.posts[0] == (f"withdrew:{DAVE}", 1), "the withdrawal first"
    assert await store.leagues.withdrawals_untold(made.id) == []
    await second.tick()
    assert [p for p in told.posts if p[0].startswith("withdrew")] == [(f"withdrew:{DAVE}", 1)]


async def test_a_deadline_notice_cut_short_is_told_by_the_next_process(store: GameStore, clock: FakeClock) -> None:
    channel = Channel()
    made = await league(store, players=FOUR)
    telling = Told(channel)
    first, _ = runner_on(store, clock, telling)
    await first.start(made.id, ALICE)
    clock.advance(days=7)
    telling.lives = 0
    with pytest.raises(Died):
        await first.tick()
    assert channel.messages[-1] == ("due:1", "post")
    second, told = runner_on(store, clock, Told(channel))
    await second.tick()
    await second.tick()
    once(channel)
    assert told.posts == [("due:2", 1)]
    assert (await store.leagues.get_round(made.id, 1)).due_told_at is not None
