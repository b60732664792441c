"""Issue 47 §1 through the real client and the local Discord: a league with a start date starts ON
its date — the runner's poll sleeps on the replaceable clock until the store's next start date or
deadline, not an hour — and its sign-up post then says it started and loses its **Join** / **Leave**
buttons; when its round's deadline passes with games still playing, the organizers are pinged (its
creator and the server's league role, nobody else) and told the `/league close` command by name.
The clock is moved by hand; nothing sleeps."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import table
from tests.e2e.league_play import idle
from tests.fakeclock import HOUR, START

KIND = "stratego"


async def test_a_dated_league_starts_on_its_date_and_its_deadline_pings_the_organizers(tmp_path: Path) -> None:
    async with table(tmp_path) as t:
        role = t.guild.add_role("league staff")
        assert (await t.slash(t.mod, t.channel, "league settings", role=role)).ephemeral
        post = await t.slash(t.mod, t.channel, "league new", name="Dawn cup", game=KIND, round_days=1,
                             start="2027-01-15 09:00")  # fmt: skip
        assert not post.ephemeral, post.content
        assert t.clock() == START, "08:00 UTC: the league starts in an hour"
        for user in t.seated(3):
            await t.click(user, post, "Join")
        await t.fake.wait_for(lambda: "Signed up (3)" in post.content, "three players signed up")
        t.clock.advance(hours=1, seconds=-1)
        await idle(t)
        assert post.buttons, "not yet its time"
        t.clock.advance(1)
        await t.fake.wait_for(lambda: not post.buttons, "the sign-up post to lose its buttons on the date")
        assert "has started" in post.content
        await t.fake.wait_for(
            lambda: any("Round 1" in m.content or "round 1" in m.content for m in t.channel.messages[1:]),
            "round 1's pairings posted",
        )
        await idle(t)
        assert t.clock() == START + HOUR

        t.clock.advance(days=1)
        due = await t.fake.wait_for(
            lambda: next((m for m in t.channel.messages if "deadline of round 1" in m.content), None),
            "the deadline notice when the deadline passes",
        )
        assert "/league close" in due.content, due.content
        assert due.pinged == [t.mod.id], "the creator is pinged, no player"
        assert due.allowed_mentions is not None
        assert [int(r) for r in due.allowed_mentions.get("roles") or []] == [role.id], "and the league role only"
        assert f"<@&{role.id}>" in due.content
        t.fake.assert_clean()
