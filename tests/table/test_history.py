"""``/game history``'s page (cogs/table/history.py): finished games only, newest first, and a full
page of the longest lines — four-player games whose results name every player with a score, in
both languages, with the longest ids Discord has — fits one message."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cogs import games
from cogs.table import history
from cogs.workload import random_move
from db.records import GameRecord
from tests import kinds

BIG = 9 * 10**18
"""A snowflake as long as they come (19 digits)."""


class Stub:
    """What a history page asks of the table (its finder: the result in words)."""

    @property
    def finder(self) -> Stub:
        return self

    def ui(self, kind: str) -> Any:
        return games.ui(kind)

    def result_text(self, rec: GameRecord, locale: str) -> str:
        return games.ui(rec.kind).outcome_text(rec, rec.load_state(), locale)

    def link(self, rec: GameRecord) -> str:
        return f"https://discord.com/channels/{rec.guild_id}/{rec.thread_id}"


def finished(kind: str, seed: int, game_id: int, status: str = "finished", ended: float = 0.0) -> GameRecord:
    engine = games.ENGINES[kind]
    state = engine.new(4, None, seed)
    rnd = random.Random(seed)
    while engine.outcome(state) is None:
        seat = engine.to_act(state)[0]
        engine.apply(state, seat, random_move(engine, state, seat, rnd))
    return GameRecord(
        game_id, kind, BIG, BIG, BIG + game_id, None, BIG, status, {}, seed, 9, tuple(BIG + s for s in range(4)),
        engine.outcome(state), None, 0.0, ended, None, json.dumps(engine.dump(state)), engine,
    )  # fmt: skip


FOUR = [k.name for k in kinds.bot_kinds() if k.engine.min_players <= 4 <= k.engine.max_players]
"""The bot's games of four players (Shitenno, Stroganov)."""


def test_only_finished_games_newest_first_and_of_one_kind() -> None:
    one, other = FOUR[:2]
    recs = [
        finished(one, 1, 5, ended=50.0),
        finished(other, 1, 6, ended=70.0),
        finished(other, 2, 7, status="cancelled", ended=90.0),
        finished(one, 3, 8, ended=60.0),
    ]
    assert [r.id for r in history.finished(recs)] == [6, 8, 5]
    assert [r.id for r in history.finished(recs, one)] == [8, 5]


@pytest.mark.parametrize("locale", ["en", "cs"])
async def test_a_page_of_the_longest_lines_fits_one_message(locale: str) -> None:
    recs = [finished(kind, seed, 10**6 + seed, ended=seed) for kind in reversed(FOUR) for seed in range(6)]
    chosen = history.finished(recs)
    text = await history.text(Stub(), chosen, 1, BIG, None, False, locale)  # type: ignore[arg-type]
    assert text.count("\n• #") == history.PAGE and len(text) <= 2000, len(text)
    last = await history.text(Stub(), chosen, 99, BIG, FOUR[-1], False, locale)  # type: ignore[arg-type]
    assert last.count("\n• #") == len(chosen) - history.PAGE * (history.pages(chosen) - 1)
