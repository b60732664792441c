"""Issue 44 §1 through the real client and the local Discord: a Stratego game won by a resignation
says who won the same way everywhere — the game-over post, each player's DM, the thread's new name,
``/game history``, ``/game stats`` and the record file. A solo Stroganov game that Ivan wins, the
same: tests/e2e/test_stroganov_results_told.py. Every other ending of every game, unit by unit:
tests/table/test_results_told_one_way.py."""

from __future__ import annotations

import json
from pathlib import Path

from cogs.texts import t
from tests.e2e.harness import Table, table
from tests.fakediscord import Message, Thread, User


def record_of(post: Message, kind: str, game: int) -> dict[str, object]:
    document: dict[str, object] = json.loads(post.attachment(f"{kind}-{game}-record.json").data)
    return document


async def over_dm(t_: Table, user: User, game: int) -> Message:
    def found() -> Message | None:
        ends = (f"#{game}** skončila: ", f"#{game}** is over: ")
        return next((m for m in t_.fake.dms(user) if any(e in m.content for e in ends)), None)

    return await t_.fake.wait_for(found, "the game-over DM")


async def renamed(t_: Table, thread: Thread, suffix: str) -> str:
    await t_.fake.wait_for(lambda: thread.archived and thread.name.endswith(suffix), "the thread renamed")
    return thread.name


async def test_a_resignation_names_the_same_winner_everywhere(tmp_path: Path) -> None:
    async with table(tmp_path) as t_:
        game, thread, red, blue = await t_.challenge(t_.alice, t_.bob)
        confirm = await t_.slash(red, thread, "game resign")
        await t_.click(red, confirm, f"Resign #{game} Stratego")
        post = await thread.wait_for_message(lambda m: "**Game over** —" in m.content)
        assert f"<@{blue.id}> (Blue) wins" in post.content, post.content
        for user in (red, blue):
            dm = await over_dm(t_, user, game)
            assert f"<@{blue.id}> (Blue) wins" in dm.content, dm.content
        assert (await renamed(t_, thread, f"— {blue.name} won")).endswith(f"— {blue.name} won")
        for user in (red, blue):
            history = await t_.slash(user, t_.channel, "game history")
            assert f"<@{blue.id}> (Blue) wins" in history.content, history.content
        stats = await t_.slash(blue, t_.channel, "game stats")
        assert t("stats.kind", "en", kind="Stratego", played=1, won=1, lost=0, drawn=0) in stats.content
        record = record_of(post, "stratego", game)
        assert record["result"] == {"verdict": "won", "winners": [blue.id]}
        t_.fake.assert_clean()
