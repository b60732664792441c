"""The record file a finished game leaves in its thread (issue 18 §1): one JSON document, checked
against the store and replayed into the stored final state."""

from __future__ import annotations

import json
from typing import Any

from rules.protocol import Outcome
from tests.e2e.harness import Table
from tests.fakediscord import Message


def _refuse(name: str) -> None:
    raise ValueError(f"not JSON: {name}")


async def check_record(t: Table, message: Message, game: int) -> dict[str, Any]:
    """The ``{kind}-{game}-record.json`` attachment of ``message``: strict JSON with the game's
    kind, players, seed and outcome; its actions, applied from the seed, give the stored state."""
    assert t.bot is not None
    rec = await t.bot.store.games.get(game)
    assert rec.outcome is not None and rec.seed is not None
    assert not any(a.filename.endswith(".txt") for a in message.attachments), "the record is JSON now"
    doc = json.loads(message.attachment(f"{rec.kind}-{game}-record.json").data.decode(), parse_constant=_refuse)
    assert (doc["format"], doc["kind"], doc["id"], doc["seed"]) == (1, rec.kind, game, rec.seed)
    assert doc["players"] == list(rec.players) and doc["options"] == rec.options
    assert Outcome.from_json(doc["outcome"]) == rec.outcome
    engine = t.bot.store.games.engine(rec.kind)
    state = engine.new(len(doc["players"]), doc["options"], doc["seed"])
    standing: list[dict[str, Any]] = []
    for action in doc["actions"]:  # a takeback (issue 20 §3) undoes the last action standing
        if "takeback" in action:
            assert standing and standing[-1]["seq"] == action["takeback"], action
            standing.pop()
        else:
            standing.append(action)
    for action in standing:
        engine.apply(state, action["seat"], engine.parse_action(action["notation"], state))
    assert json.loads(json.dumps(engine.dump(state))) == json.loads(rec.state_json or "null")
    return doc
