"""What a decision costs before it is taken (ST-7.3, ST-7.6, ST-8, ST-10, ST-12.4), judged by the
same checks :func:`~rules.stroganov.engine.apply` uses, so buttons can say "Move 4 (2 horses)".

Only what is paid is told, never what a decision would give: a draw's fur or a reward's fur comes
from the bag, whose order nobody may know (ST-4.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import RuleError
from rules.stroganov import engine, turn
from rules.stroganov.actions import Action, Song, Trophy
from rules.stroganov.core import has_ability, next_trophy_fur
from rules.stroganov.payment import pay, wallet
from rules.stroganov.state import StroganovState


@dataclass(frozen=True, slots=True)
class Cost:
    coins: int = 0
    horses: int = 0
    furs: tuple[int, ...] = ()
    tigers: int = 0
    stories: int = 0

    def __bool__(self) -> bool:
        return bool(self.coins or self.horses or self.furs or self.tigers or self.stories)


def cost(st: StroganovState, seat: int, a: Action) -> Cost | None:
    """What ``a`` costs ``seat`` now; ``None`` when it is not legal now."""
    try:
        ci = engine.cossack_of(st, seat)
    except RuleError:
        return None
    c = st.cossacks[ci]
    patron = engine.patron_free(st, ci)
    try:
        if isinstance(a, Song):
            return Cost(stories=engine.song_cost(st, ci, a.song))
        if isinstance(a, Trophy):
            if a.pay is None:
                return Cost()
            need = next_trophy_fur(c)
            if need is None:
                return None
            w = wallet(c, free_sub=patron)
            pay(w, [need], [a.pay], "ST-11.3.1", tanner=has_ability(st, c, "TANNER"))
        elif st.stage == "turn" and st.turn is not None and not st.queue:
            w = turn.check(st, ci, a, st.turn.phase, patron)
        else:
            return Cost()
    except RuleError:
        return None
    return Cost(c.coins - w.coins, c.horses - w.horses, tuple(sorted(w.spent_furs)), w.spent_tigers)
