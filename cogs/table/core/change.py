"""What one committed change did (issue 18): the value the core returns for every change and the
one place that tells it (:meth:`cogs.table.table.Table.tell`) reads — for the change just made, and for
a change a dead process left untold, found again by the catch-up."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from db.records import AppendResult, ChangeKind, GameRecord, PendingChange, Waiting
from rules.protocol import Event, Outcome

Kind: TypeAlias = ChangeKind | Literal["open"]
"""What a change did: a kind the store keeps until told (:data:`db.records.ChangeKind`), or
``open`` — a lobby opened, shown once by its maker and never caught up (a lobby whose message was
never posted is found by its link or expires)."""


class Cause:
    """Why a change was made, as its maker knew it — a challenge declined, a cancellation agreed, a
    Stratego draft — carried from the command to the change: the part of the table that shows such
    changes registers for its type (:meth:`cogs.table.shows.Shows.on`). Each is a small frozen
    value; the catch-up knows none (``None``) and shows the game as it is."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Change(Waiting):
    """One committed version of a game.

    ``record`` is the game as the teller needs it: after the change for every kind but ``act``,
    where it is the record the action was made on (same seats, thread and options; the state
    after the action is ``state``). ``seat`` acted (``act``); ``by_user`` made the change (None:
    the table itself — a timer, the automatic player, the catch-up cannot tell who). ``done``
    lists the steps of its telling already made by a teller that died (see :class:`Progress`)."""

    kind: Kind
    record: GameRecord
    version: int
    state: object = field(default=None, repr=False)
    seat: int | None = None
    by_user: int | None = None
    events: tuple[Event, ...] = ()
    to_act: tuple[int, ...] = ()
    waiting_before: tuple[int, ...] = ()
    outcome: Outcome | None = None
    done: frozenset[str] = frozenset()
    caught_up: bool = False
    """Told by the catch-up (no interaction to answer, and possibly several versions at once)."""
    takeback_open: bool = True
    """Whether a takeback request may have been open when it committed (an action's commit reads
    it; any other change may have had one): only then is there a request to lapse."""
    cause: Cause | None = None
    """Why it was made, when its maker said (how it is shown); None for the catch-up."""
    may_take_back: bool = False
    """An action the engine lets the players take back (issue 44 §4): its news offers the mover
    a Take back button. False for every other change, and for actions the catch-up tells (it
    does not know; the mover can still type ``/game takeback``)."""

    @property
    def game_id(self) -> int:
        return self.record.id

    @classmethod
    def of_action(
        cls,
        rec: GameRecord,
        result: AppendResult,
        by_user: int | None,
        seat: int,
        kind: ChangeKind = "act",
        cause: Cause | None = None,
    ) -> Change:
        return cls(
            kind=kind,
            record=rec.handing(result.handed) if result.handed else rec,
            version=result.version,
            state=result.state,
            seat=seat,
            by_user=by_user,
            events=tuple(result.events),
            to_act=result.to_act,
            waiting_before=result.waiting_before,
            outcome=result.outcome,
            takeback_open=result.takeback_open,
            may_take_back=kind == "act" and result.may_take_back,
            cause=cause,
        )

    @classmethod
    def of_takeback(cls, rec: GameRecord, result: AppendResult, by_user: int | None, seat: int) -> Change:
        """A takeback (issue 20 §3): ``seat`` asked for it; ``state`` is the game without the
        decision undone, ``to_act`` who must act now (the seat again)."""
        return cls.of_action(rec, result, by_user, seat, kind="takeback")

    @classmethod
    def of_record(cls, kind: Kind, rec: GameRecord, by_user: int | None = None, cause: Cause | None = None) -> Change:
        """A change that is the record itself (open, start, seats, finish, cancel)."""
        state = rec.load_state() if rec.state_json is not None else None
        to_act = tuple(rec.engine.to_act(state)) if state is not None and rec.engine is not None else ()
        return cls(
            kind=kind,
            record=rec,
            version=rec.version,
            state=state,
            by_user=by_user,
            to_act=to_act,
            outcome=rec.outcome,
            cause=cause,
        )

    @classmethod
    def caught_up_from(cls, rec: GameRecord, pending: list[PendingChange]) -> Change:
        """Untold changes of one game, oldest first, as one change to tell now: the last one's kind
        on the game as it is now, with the events of every action among them and the seats that
        waited before the first of them."""
        assert pending, "nothing to catch up"
        last = pending[-1]
        state = rec.load_state() if rec.state_json is not None else None
        engine = rec.engine
        to_act = (
            tuple(engine.to_act(state)) if state is not None and engine is not None and rec.status == "active" else ()
        )
        acts = [p for p in pending if p.kind == "act"]
        return cls(
            kind=last.kind,
            record=rec,
            version=last.version,
            state=state,
            seat=last.seat if last.kind == "takeback" else acts[-1].seat if acts else None,
            events=tuple(e for p in acts for e in p.events),
            to_act=to_act,
            waiting_before=acts[0].waiting_before if acts else (),
            outcome=rec.outcome if rec.status == "finished" else None,
            done=last.done,
            caught_up=True,
        )
