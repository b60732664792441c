"""The turn-based games' bench draws its decisions before the clock starts (``Bench.plan``): the
decisions sent are those planned, in order, each legal where it is made, and none is drawn on the
clock unless the plan was left (benches are not part of the suite; this keeps the driver honest)."""

from __future__ import annotations

import random

from bench.e2e_games import Bench, Game, random_action
from rules.shitenno import GAME


class ShitennoBench(Bench):
    engine = GAME


def games(n: int) -> list[Game]:
    return [
        Game(thread=None, users=[None] * 3, state=GAME.new(3, {}, seed), rnd=random.Random(seed)) for seed in range(n)
    ]


def test_planned_decisions_are_sent_in_order_and_none_is_drawn_on_the_clock() -> None:
    planned, fresh = games(4), games(4)
    bench = ShitennoBench(None, None, planned)  # type: ignore[arg-type]  # no stand-in, no bot: only drawing
    bench.plan(planned, 20)  # 5 each, and 2 to spare
    assert all(len(g.planned) == 7 for g in planned)
    for game, same in zip(planned, fresh, strict=True):
        for _ in range(7):
            seat = GAME.to_act(game.state)[0]
            action, after = bench.draw(game, seat)  # type: ignore[misc]
            expected = random_action(GAME, same.state, seat, same.rnd)  # what the driver drew on the clock
            assert expected is not None and action == expected[0]
            assert GAME.dump(after) == GAME.dump(expected[1])
            game.state, same.state = after, expected[1]
    assert bench.drawn_late == 0


def test_a_game_that_left_its_plan_is_drawn_on_the_clock_and_counted() -> None:
    (game,) = games(1)
    bench = ShitennoBench(None, None, [game])  # type: ignore[arg-type]
    bench.plan([game], 3)
    seat = GAME.to_act(game.state)[0]
    _, after = bench.draw(game, seat)  # type: ignore[misc]
    game.state = GAME.load(GAME.dump(after))  # the same position, another object: not the planned one
    picked = bench.draw(game, GAME.to_act(game.state)[0])
    assert picked is not None and bench.drawn_late == 1 and not game.planned


def test_the_measuring_process_does_not_collect_while_it_times() -> None:
    """bench.stats.collector_paused: the local Discord's heap is not walked while answers are timed
    (a full collection there was counted as a 174 ms answer of the bot), and the collector comes back
    as it was."""
    import gc

    from bench.stats import collector_paused

    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled(), "left off when it was off"
    finally:
        gc.enable()


async def test_the_library_floor_answers_as_the_bot_does(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """bench/library_floor.py measures discord.py alone doing a decision's Discord work: its process
    must answer ``/stratego move`` with the board and the bot's two buttons and DM the private
    board, and answer ``/stroganov act`` with a turn page's words and the bot's components, or it
    would measure less than the bot's floor."""
    from bench.bot_process import answering
    from bench.library_floor import inputs, page_spec, spawn_floor
    from tests.fakediscord import FakeDiscord

    files = inputs(tmp_path)
    public, private = files[0].read_bytes(), files[1].read_bytes()
    assert public.startswith(b"\x89PNG") and private.startswith(b"\x89PNG") and public != private
    page = page_spec()
    async with FakeDiscord(interaction_deadline=None, timeout=30) as fake:
        guild = fake.add_guild("bench")
        channel = guild.add_text_channel("games")
        user = fake.add_user("p0")
        guild.add_member(user)
        process = await spawn_floor(fake, guild, files)
        try:
            await answering(fake, user, channel, guild=guild, timeout=30)
            thread = channel.create_thread("game", owner=user)
            move = await (await fake.slash(user, thread, "stratego move", from_="I4", to="I5")).response()
            await fake.wait_for(lambda: len(fake.dms(user)) == 1, "the private board", timeout=30)
            turn = await (await fake.slash(user, thread, "stroganov act", action="x")).response()
        finally:
            process.terminate()
            await process.wait()
    assert [a.data for a in move.attachments] == [public]
    assert [c["label"] for row in move.components for c in row["components"]] == ["Move…", "My pieces"]
    (dm,) = fake.dms(user)
    assert [a.data for a in dm.attachments] == [private] and "your move" in dm.content
    shown = [c.get("placeholder") or c.get("label") for row in turn.components for c in row["components"]]
    assert shown == [c["label"] for c in page["components"]] and len(shown) >= 3
    assert turn.content == page["content"] and not turn.attachments
