"""Issue 18 §5 through the real client and the local Discord: a running game's cancellation needs
every player, and asking again must not ping everyone again. One open proposal per game: a repeat
is answered privately, another player's agreement edits the proposal, the last one cancels."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tests.e2e.harness import table
from tests.fakediscord import Message

PROPOSAL = "to cancel game #"


async def test_a_repeated_cancel_pings_nobody_again_and_agreements_edit_the_one_proposal(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        alice, bob, carol = t.seated(3)
        game, thread, _ = await t.lobby_game("count", [alice, bob, carol])
        first = await t.slash(alice, thread, "game cancel")
        assert first.ephemeral and "counted" in first.content
        proposal = await thread.wait_for_message(lambda m: "proposes to cancel" in m.content)
        repeats = [await t.slash(alice, thread, "game cancel") for _ in range(4)]

        def proposals() -> list[Message]:
            return [m for m in [*thread.messages, *t.channel.messages] if PROPOSAL in m.content]

        assert proposals() == [proposal], "five calls, one proposal"
        pings = Counter(u for m in thread.messages if m.id >= proposal.id for u in m.pinged)
        assert pings == {bob.id: 1, carol.id: 1}, "each other player pinged once"
        assert all(a.ephemeral and "already counted" in a.content for a in repeats), [a.content for a in repeats]

        edits = proposal.edit_count
        agreed = await t.click(bob, proposal, "Agree to cancel")
        assert agreed.ephemeral and "counted" in agreed.content and "already" not in agreed.content
        await t.fake.wait_for(lambda: proposal.edit_count > edits, "the proposal to be edited")
        assert proposals() == [proposal], "edited, not posted again"
        assert f"<@{bob.id}>" in proposal.content.split("Still")[0] and f"<@{carol.id}>" in proposal.content
        assert Counter(u for m in thread.messages if m.id > proposal.id for u in m.pinged) == Counter()
        assert t.bot is not None
        assert (await t.bot.store.games.get(game)).status == "active"

        repeat = await t.click(bob, proposal, "Agree to cancel")
        assert repeat.ephemeral and "already counted" in repeat.content
        await t.click(carol, proposal, "Agree to cancel")
        assert (await t.bot.store.games.get(game)).status == "cancelled", "every player agreed: cancelled, as before"
        await t.fake.wait_for(lambda: not proposal.buttons, "the proposal's buttons to go")
        assert proposals() == [proposal]
        t.fake.assert_clean()
