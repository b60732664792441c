"""The rules of the others' decision when a seat's time runs out (issue 13, issue 18 §2), as pure
functions over plain values: who votes, what they may choose, and when their votes decide.

* **Who votes**: the other players, except those the table plays for (a computer's seat or an
  absent player's: computers never vote, issue 46), those who resigned
  (in games where a player drops out and the others play on) and those the game is waiting for too
  (in a simultaneous decision, such as Stratego's setup, a player who has not made theirs cannot
  claim a win over the other). A user is counted once, whatever number of seats they hold, and is
  held back if any of their seats is.
* **Choices**: two players — wait or claim the win; three or four (computers counted) — wait, or
  play on without the late player (a computer at normal level takes the seat, or the game's
  automatic player where it has no computer). Computers are never asked and never voted about.
* **Decision**: a strict majority of the voters decides; once every voter voted and no choice has
  a majority (a tie), the table waits. Votes of anyone else do not count.

Nothing here knows Discord or the store (a test checks the imports).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Final, Literal

Choice = Literal["wait", "win", "auto"]
"""Wait (a new deadline), claim the win (two players), play on without them (three or four: a
computer takes the seat)."""

CHOICES: Final[tuple[Choice, ...]] = ("wait", "win", "auto")
TIE: Final[Choice] = "wait"
"""What a tie decides: nothing changes but the deadline."""


def voters(
    players: Sequence[int],
    overdue_seat: int,
    waiting_seats: Collection[int],
    resigned_seats: Collection[int] = (),
    absent_seats: Collection[int] = (),
) -> tuple[int, ...]:
    """The users who decide about ``overdue_seat``'s deadline, in seat order. ``players`` are the
    users by seat; ``waiting_seats`` the seats the game waits for (the overdue one among them),
    ``resigned_seats`` those out of the game, ``absent_seats`` those the table plays for (every
    computer's seat among them: a computer never votes)."""
    late = players[overdue_seat] if 0 <= overdue_seat < len(players) else None
    held_seats = set(waiting_seats) | set(resigned_seats) | set(absent_seats)
    held = {user for seat, user in enumerate(players) if seat in held_seats}
    return tuple(u for u in dict.fromkeys(players) if u != late and u not in held)


def choices(n_players: int, automatic: bool) -> tuple[Choice, ...]:
    """What the voters may choose in a game of ``n_players`` (distinct users, its computers
    among them); ``automatic``: the game has a computer or an automatic player to play on for the
    late one."""
    if n_players == 2:
        return ("wait", "win")
    if n_players > 2 and automatic:
        return ("wait", "auto")
    return ("wait",)


def needed(n_voters: int) -> int:
    """Votes a choice needs to decide: a strict majority of the voters."""
    return n_voters // 2 + 1


def counted(votes: Mapping[int, str], voters: Iterable[int]) -> dict[int, str]:
    """The votes that count: those of the voters (someone held back since casts none)."""
    allowed = set(voters)
    return {user: choice for user, choice in votes.items() if user in allowed}


def tally(votes: Mapping[int, str], voters: Sequence[int], allowed: Sequence[Choice]) -> Choice | None:
    """The decision of ``votes`` (user → choice) by ``voters`` among the ``allowed`` choices: the
    choice a majority made; the tie's choice once every voter voted without a majority; None while
    it is not decided yet (or there is nobody to decide)."""
    if not voters:
        return None
    mine = counted(votes, voters)
    need = needed(len(voters))
    for choice in allowed:
        if sum(1 for c in mine.values() if c == choice) >= need:
            return choice
    if len(mine) == len(voters):
        return TIE
    return None
