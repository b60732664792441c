"""Cancelling by agreement against the computer (issue 18 §5 with issue 46), through Discord: a
computer never agrees nor is waited for, so a person alone against one cancels by agreeing alone —
and the thread says the person cancelled it, not that "every player agreed"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.harness import table

CANCELLED = {"en": "Game #{game} was cancelled by {user}.", "cs": "{user} ruší hru #{game}."}
AGREED = {"en": "every player agreed", "cs": "souhlasili všichni"}


@pytest.mark.parametrize("locale", ["en", "cs"])
async def test_a_person_alone_against_the_computer_cancels_by_agreeing_alone(tmp_path: Path, locale: str) -> None:
    async with table(tmp_path) as t:
        assert t.bot is not None
        t.alice.locale = t.guild.preferred_locale = locale
        await t.slash(t.alice, t.channel, "stratego new", computers=1, level="easy", army="barrage")
        thread = await t.channel.wait_for_thread()
        await t.bot.table.teller.quiet()
        game = (await t.bot.store.games.find(status="active"))[-1].id
        await t.slash(t.alice, thread, "game cancel")
        await t.bot.table.teller.quiet()
        rec = await t.bot.store.games.get(game)
        assert rec.status == "cancelled", "the only person agreed: nobody else to wait for"
        said = "\n".join(m.content for m in thread.messages)
        assert CANCELLED[locale].format(game=game, user=f"<@{t.alice.id}>") in said, said[-800:]
        assert AGREED[locale] not in said, "nobody but the person was asked: their cancel, not an agreement"
        assert "<@-" not in said, "a computer is never mentioned or asked"
        assert [r for r in t.fake.requests.records if r.status >= 400] == []
