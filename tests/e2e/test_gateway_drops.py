"""The gateway drops mid-game (issue 21 §3): the socket is cut with no close frame right after a
press was acknowledged, while its move is being told; a second press is made while the bot is
away. The bot comes back — RESUMEd, or IDENTIFYing again after an INVALID_SESSION — and the game
goes on: every committed move is told in the thread once, its player's turn DM is sent once, and
the bot answers the next press.

What the stand-in does with the press made while the socket is down is what Discord does: the
INTERACTION_CREATE waits in the session; a RESUME replays it (the bot answers it late but within
the 3 s), an invalidated session loses it (the user sees "This interaction failed" and presses
again), which the stand-in marks ``Interaction.lost`` instead of blaming the bot for it.

The invalidated case takes about 5 s: discord.py's ``before_identify_hook`` sleeps 5 s before
any IDENTIFY but a process's first (Discord's limit on session starts); the stand-in keeps it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.e2e.harness import Table, table
from tests.e2e.test_catch_up import said, turn_dms
from tests.e2e.test_clocks import count_game, mover_and_other
from tests.fakediscord import Message, Thread


def told(thread: Thread, what: str) -> list[Message]:
    return [m for m in said(thread) if what in m.content]


async def newest_with_buttons(thread: Thread, what: str) -> Message:
    return await thread.wait_for_message(lambda m: what in m.content and bool(m.buttons))


async def version(t: Table, game: int) -> int:
    assert t.bot is not None
    return (await t.bot.store.games.get(game)).version


@pytest.mark.parametrize("invalidate", [False, True], ids=["resumed", "invalidated"])
async def test_a_game_goes_on_over_a_dropped_gateway_and_each_move_is_told_once(
    tmp_path: Path, invalidate: bool
) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        game, made = await count_game(t, t.alice, t.bob)
        assert isinstance(made, Thread)
        thread = made
        mover, other = await mover_and_other(t, game)
        start = await newest_with_buttons(thread, f"<@{mover.id}>, add 1 to")
        v0 = await version(t, game)

        first = await t.fake.click(mover, start, label="+2")
        await first.acknowledged()  # committed and acknowledged; the telling runs on
        async with t.fake.gateway_down(invalidate=invalidate):
            post = await newest_with_buttons(thread, f"<@{mover.id}> adds 2")  # REST works meanwhile
            meanwhile = await t.fake.click(other, post, label="+3")
            assert meanwhile.response_type is None, "not delivered while the socket is down"
        assert await version(t, game) >= v0 + 1, "the move before the drop stands"

        if invalidate:
            assert meanwhile.lost is not None and t.fake.gateway.invalidated == 1
            assert await version(t, game) == v0 + 1, "a press Discord never delivered changes nothing"
            meanwhile = await t.fake.click(other, post, label="+3")  # the user presses again
        else:
            assert meanwhile.lost is None and t.fake.gateway.resumes == 1
        await meanwhile.response()
        third = await newest_with_buttons(thread, f"<@{other.id}> adds 3")
        await t.click(mover, third, "+1")  # the bot answers the next press
        await newest_with_buttons(thread, f"<@{mover.id}> adds 1")
        await t.bot.dispatcher.settle()

        rec = await t.bot.store.games.get(game)
        assert rec.version == v0 + 3 and rec.announced == rec.version, "nothing committed is lost or left untold"
        assert [len(told(thread, f"<@{u.id}> adds {n}")) for u, n in ((mover, 2), (other, 3), (mover, 1))] == [1, 1, 1]
        totals = [int(m.group(1)) for p in said(thread) if (m := re.search(r"adds \d: total (\d+)", p.content))]
        assert totals == sorted(totals) and len(totals) == 3, "each move once, in order"
        assert len(turn_dms(t, other, game)) == 2 and len(turn_dms(t, mover, game)) == 1, "each turn DM once"
        assert t.fake.gateway.drops == 1
        t.fake.assert_clean()
