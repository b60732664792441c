"""A person plays Stratego against the computer to the end through the local Discord (issue 46): the
lobby's command with ``computers:1`` starts the game at once, the person sets up by a named preset
and then plays random legal moves, keen on battles so that the game ends soon, until it is over.

Every run plays the same game: the game's seed (the computer's setup and thinking) and the
person's moves come from ``seed``, and the person's setup is the preset whose games end soonest
(random seeds and setups made a game last anything from 30 to 300 moves: a hard one up to a
minute of CPU, the suite's time a lottery)."""

from __future__ import annotations

import random
from typing import Any

from db.records import GameRecord, computer_id
from rules.stratego.board import name
from rules.stratego.engine import legal_moves
from tests.fakediscord import Channel

PRESET = "hidden-flag"
"""The person's setup: its bluff bomb in a corner and the Flag elsewhere fall early."""
PLIES = 400
"""The person's moves at most: a Barrage game against a computer ends long before."""


async def play_to_the_end(t: Any, level: str, seed: int) -> tuple[GameRecord, Channel]:
    """A Barrage game of ``t.alice`` against the computer at ``level`` played to its end (the
    person's moves drawn from ``seed``); its final record and its thread. The words are the
    server's and the person's, as ``t`` set them."""
    t.bot.table.teller.master.new_seed = lambda: seed  # the computer's setup and thinking
    answer = await t.slash(t.alice, t.channel, "stratego new", computers=1, level=level, army="barrage")
    thread = await t.channel.wait_for_thread()
    await t.bot.table.teller.quiet()
    assert not answer.ephemeral and not answer.buttons, answer.content
    rec: GameRecord = (await t.bot.store.games.find(status="active"))[-1]
    assert rec.players == (t.alice.id, computer_id(level, 0))
    await t.slash(t.alice, thread, "stratego setup", preset=PRESET)
    await t.slash(t.alice, thread, "stratego ready")
    rnd = random.Random(seed)
    for _ in range(PLIES):
        await t.bot.table.teller.quiet()
        rec = await t.bot.store.games.get(rec.id)
        if rec.status != "active":
            break
        state = rec.load_state()
        person = state.seat_colour[0]
        assert state.turn == person, "the computer answered the person's move"
        moves = legal_moves(state, person)
        attacks = [m for m in moves if m.attack]
        move = rnd.choice(attacks or moves)  # a person keen on battles: the game ends sooner
        await t.slash(t.alice, thread, "stratego move", **{"from": name(move.frm), "to": name(move.to)})
    rec = await t.bot.store.games.get(rec.id)
    assert rec.status == "finished", f"not over after {PLIES} moves"
    return rec, thread
