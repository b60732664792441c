"""Done when (issue 46): a person alone plays Stratego against the computer at each level, in
Czech and in English, to the game's end through Discord — the lobby's command starts the game at
once, the computer sets up and answers every move, the thread tells its moves in the person's
language with its name (never a mention), the result is told, and no DM or ping goes to it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.harness import table
from tests.e2e.stratego_against_computer import play_to_the_end

WORDS = {
    "en": {"easy": "Computer (easy)", "normal": "Computer (normal)", "hard": "Computer (hard)"},
    "cs": {"easy": "Počítač (lehký)", "normal": "Počítač (normální)", "hard": "Počítač (těžký)"},
}


@pytest.mark.parametrize(
    ("level", "locale"),
    [("easy", "en"), ("normal", "cs"), ("hard", "cs"), ("hard", "en")],
)
async def test_a_person_plays_stratego_against_the_computer_to_the_end(tmp_path: Path, level: str, locale: str) -> None:
    async with table(tmp_path) as t:
        t.alice.locale = t.guild.preferred_locale = locale  # a new user on a server of that language
        _rec, thread = await play_to_the_end(t, level, len(level) * 7 + len(locale))
        said = "\n".join(m.content for m in thread.messages)
        assert WORDS[locale][level] in said, said[-2000:]
        assert "<@-" not in said, "a computer is never mentioned"
        turn = {"en": "{}, your turn", "cs": "{}, jsi na tahu"}[locale].format(WORDS[locale][level])
        assert turn not in said, "a computer is not told it is its turn: it decides by itself"
        thanks = thread.messages[-1].content.splitlines()[-1]
        assert WORDS[locale][level] not in thanks and f"<@{t.alice.id}>" in thanks, "thanks go to the person"
        ended = "Konec hry" if locale == "cs" else "Game over"
        assert ended in thread.messages[-1].content, said[-1500:]
        assert [r for r in t.fake.requests.records if r.status >= 400] == [], "no DM or ping reached a computer"
        assert set(t.fake.dms(t.alice)) and all(not t.fake.dms(u) for u in t.fake.world.users.values() if u.id < 0), (
            "only the person gets DMs"
        )
