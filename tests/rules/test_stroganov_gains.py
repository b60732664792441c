"""Every Stroganov log entry says what it gave and cost (``gains``, rules/stroganov/core.py), so the
Discord layer can write "hunted a 5 Sable" without seeing the state before: the entries of one
action add up to exactly what changed, and each change sits on the entry that caused it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.stroganov import GAME
from rules.stroganov.actions import Hunt
from rules.stroganov.core import COUNTED, LISTED
from rules.stroganov.state import TIGER, StroganovState
from tests.stroganov_play import decisions
from tests.stroganov_positions import give_turn, place, started


def snapshot(st: StroganovState) -> list[dict]:
    """Every cossack's numbers and lists, read from the state as it is now."""
    return [
        {
            **{k: getattr(c, k) for k in COUNTED},
            **{k: list(getattr(c, k)) for k in LISTED},
            "position": c.position,
            "built": [r + 1 for r, slots in enumerate(st.outposts) if i in slots],
        }
        for i, c in enumerate(st.cossacks)
    ]


def gains(e: dict, ci: int) -> dict:
    """What the event's ``gains`` say cossack ``ci`` gained and spent (empty if nothing)."""
    return next((g for g in e.get("gains", []) if g["cossack"] == ci), {})


def _total(events: list[dict], ci: int, key: str) -> int:
    return sum(gains(e, ci).get(key, 0) for e in events)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_gains_add_up_to_what_changed(players: int) -> None:
    for seed in range(4):
        st = started(players, seed=seed)
        rnd = random.Random(seed)
        while GAME.outcome(st) is None:
            seat = GAME.to_act(st)[0]
            before = snapshot(st)
            events = GAME.apply(st, seat, rnd.choice(decisions(st, seat)))
            after = snapshot(st)
            assert events.open is None, "every entry is closed: its gains are on it"
            for ci, (old, new) in enumerate(zip(before, after, strict=True)):
                who = ci
                for key in COUNTED:
                    if key == "score" and GAME.outcome(st) is not None:
                        continue  # final scoring is the scoring table's, on no entry
                    assert _total(events, who, key) == new[key] - old[key], (key, events)
                for key in (*LISTED, "built"):
                    came = Counter(x for e in events for x in gains(e, who).get(key, []))
                    went = Counter(x for e in events for x in gains(e, who).get(f"{key}_spent", []))
                    net = Counter(new[key])
                    net.subtract(Counter(old[key]))
                    net.subtract(came)
                    net.update(went)
                    assert not +net and not -net, (key, events)
                where = old["position"]
                for e in events:
                    if "position" in gains(e, who):
                        was, now = gains(e, who)["position"]
                        assert was == where and now != was, events
                        where = now
                assert where == new["position"], events


def test_a_hunt_shows_the_furs_it_took_on_its_own_entry() -> None:
    st = started(2, seed=3)
    give_turn(st, 0, phase=1)
    place(st, 3, "L02", [4, 6, TIGER])
    st.cossacks[0].position = 3
    events = GAME.apply(st, st.cossacks[0].seat, Hunt((1, 3)))
    entry = next(e for e in events if e["type"] == "hunt")
    assert entry["items"] == [1, 3] and entry["taken"] == [4, TIGER] and entry["cossack"] == 0
    got = gains(entry, 0)
    assert got["furs"] == [4] and got["tigers"] == 1 and got["coins"] == -1


def test_ivan_reward_and_payment_sit_on_his_own_entries() -> None:
    st = started(1, seed=2)
    while st.stage != "finished":
        events = GAME.apply(st, 0, decisions(st, 0)[0])
        ivan = [e for e in events if e["type"] == "ivan_village"]
        if ivan and "gains" in ivan[0]:
            assert ivan[0]["automa"] is True and ivan[0]["cossack"] == st.ivan
            assert [g["cossack"] for g in ivan[0]["gains"]] == [st.ivan]
            return
    pytest.fail("Ivan never visited a village")
