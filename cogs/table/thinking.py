"""Where the computers think (issue 46 §2, DESIGN §9): in worker processes of their own
(:class:`~cogs.table.workers.Workers`, ``THINK_PROCESSES``), never on the event loop and never in a
drawing worker, so that people's decisions are not held up by a computer thinking. The worker reads
the game's state from its record, gives the game's computer (``rules/<game>/computer.py``) the
seat's view alone and sends back the decision's notation, which the bot reads with the engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cogs import games
from cogs.table.workers import Workers
from rules.computer import Level
from rules.protocol import Action

if TYPE_CHECKING:
    from db.records import GameRecord


def decide(rec: GameRecord, seat: int, level: str, seed: int) -> str:
    """In a thinking worker: ``seat``'s decision in ``rec`` at ``level``, as its notation. The
    computer gets ``view(state, seat)``, never the state."""
    kind = games.kind(rec.kind)
    if kind.computer is None:
        raise LookupError(f"{rec.kind} has no computer player")
    view = kind.engine.view(rec.load_state(), seat)
    action: Action = kind.computer.decide(view, seat, Level(level), seed)
    return action.notation()


THINK_NICENESS = 10
"""How far a thinking worker gives way (``os.nice``) to the bot's event loop and its drawing
workers when the machine is busy: a computer may wait, people's decisions may not (issue 46 §3)."""


class Thinking:
    """The computers' decisions, away from the event loop: ``processes`` workers of their own (0:
    one thread of this process, the tests' default), each importing ``modules`` first (the games'
    registrations)."""

    def __init__(self, processes: int = 0, modules: Sequence[str] = ()) -> None:
        self._workers = Workers(processes, modules, name="think", niceness=THINK_NICENESS, end_abandoned=True)

    async def decide(self, rec: GameRecord, state: object, seat: int, level: str, seed: int) -> Action:
        """``seat``'s decision in ``rec`` (whose state, as read here, reads the answer's notation)
        by the computer of ``level`` (a :class:`Level`'s value). The worker reads the state from
        the record itself: sending the record is cheaper than pickling the state on the loop."""
        notation = await self._workers(decide, rec, seat, Level(level).value, seed)
        action: Action = games.kind(rec.kind).engine.parse_action(notation, state)
        return action

    def close(self) -> None:
        self._workers.close()
