"""Simulated Stroganov players for the end-to-end tests: they decide only among what the bot offers
— the buttons and selects on the current turn page, the private fee picker, and the autocompleted
options of ``/stroganov hunt|claim|fulfil|exchange|act`` — never typed notation."""

from __future__ import annotations

import random
from typing import Any

from cogs.table.ui import TAKE_BACK
from cogs.texts import t as words
from rules.stroganov import GAME, engine
from tests.e2e.harness import Table
from tests.e2e.resigned_seats import PlayedOn
from tests.fakediscord import Message, Thread, User

COMMANDS = {"hunt": "items", "claim": "landscape", "fulfil": "wish", "exchange": "furs"}

DONE = tuple(words("done", locale).split(".")[0] for locale in ("en", "cs"))
"""How a decision's private answer begins, in either language ("Done", "Hotovo")."""


async def page(t: Table, thread: Thread, version: int) -> Message:
    """The current turn page: the thread message carrying the decisions drawn for ``version``
    (waited for: the bot edits or posts it after answering the previous decision)."""
    return await t.fake.wait_for(
        lambda: next((m for m in reversed(thread.messages) if offered(m, version)), None),
        f"the turn page of version {version}",
    )


def offered(message: Message, version: int) -> list[tuple[str, str, str]]:
    """``(kind, custom_id, value)`` of every decision on the page drawn for ``version`` (the Take
    back button asks to undo one: no decision of the game)."""
    out: list[tuple[str, str, str]] = []
    for b in message.buttons:
        if b.custom_id and b.custom_id.split(":")[2] == str(version) and b.custom_id.split(":")[3] != TAKE_BACK:
            out.append(("button", b.custom_id, b.label or ""))
    for s in message.selects:
        if s.custom_id.split(":")[2] == str(version):
            out += [("select", s.custom_id, o["value"]) for o in s.options]
    return out


async def decide(t: Table, game: int, thread: Thread, users: dict[int, User], rnd: random.Random) -> str:
    """One decision by whoever must decide, through what is offered; returns its notation."""
    assert t.bot is not None
    rec = await t.bot.store.games.get(game)
    state = rec.load_state()
    seat = GAME.to_act(state)[0]
    user = users[rec.players[seat]]
    if rnd.random() < 0.15:  # now and then through a command and its autocomplete
        command = rnd.choice([*COMMANDS, "act"])
        option = COMMANDS.get(command, "action")
        notation = await t.pick_by_words(user, thread, f"stroganov {command}", option, rnd)
        if notation is not None and notation != "resign":
            answer = await t.slash(user, thread, f"stroganov {command}", **{option: notation})
            assert answer.content.startswith(DONE), f"an offered {notation!r} was refused: {answer.content}"
            return notation
    current = await page(t, thread, rec.version)
    choices = offered(current, rec.version)
    kind, custom_id, value = rnd.choice(choices)
    if kind == "button":
        i = await t.fake.click(user, current, custom_id)
        await i.response()
    else:
        i = await t.fake.select(user, current, custom_id, [value])
        answer = await i.response()
        while value.startswith("more."):  # More…: the next page of the select, privately
            assert answer.ephemeral and answer.selects, answer.content
            more = answer.selects[0]
            custom_id, value = more.custom_id, rnd.choice([o["value"] for o in more.options])
            i = await t.fake.select(user, answer, custom_id, [value])
            current, answer = answer, await i.response()
        if ":fee_for" in custom_id:  # the private fee picker
            assert answer.ephemeral and answer.selects, answer.content
            fees = answer.selects[0]
            value = rnd.choice([o["value"] for o in fees.options])
            i = await t.fake.select(user, answer, fees.custom_id, [value])
            closed = await i.response()  # the picker itself, closed with the words
            assert closed.id == answer.id and not closed.selects and closed.content.startswith(DONE), closed.content
    await t._check_watched()
    after = await t.bot.store.games.get(game)
    assert after.version == rec.version + 1, f"an offered decision was not applied: {kind} {value}"
    return value


async def play_until(
    t: Table, game: int, thread: Thread, users: dict[int, User], rnd: random.Random, done: Any, limit: int = 2500
) -> Any:
    """Decide until ``done(record, state)`` holds or the game is over; the record then."""
    assert t.bot is not None
    for _ in range(limit):
        rec = await t.bot.store.games.get(game)
        if rec.status != "active" or done(rec, rec.load_state()):
            return rec
        await decide(t, game, thread, users, rnd)
    raise AssertionError(f"game {game}: not there after {limit} decisions")


async def play_out(t: Table, game: int, thread: Thread, users: dict[int, User], seed: int) -> Any:
    return await play_until(t, game, thread, users, random.Random(seed), lambda rec, state: False)


def resigner_last(state: Any, seat: int) -> None:
    assert state.result["reason"] == "final_scoring" and state.year == 4
    assert state.result["ranking"][-1] == engine.cossack_of(state, seat), "the resigner ranks last (ST-R.5)"
    assert not any(e["type"] == "turn_skipped" for e in state.log), "his turns were played, not skipped"


PLAYED_ON = PlayedOn(
    lambda: decide, limit=2500, mid_game=lambda state: state.stage == "turn", resigner_last=resigner_last
)
"""Stroganov's resigned cossack played on (ST-R.6, ``test_resigned_seat_played_on.py``): resigned in
a season's turn, past the boards."""
