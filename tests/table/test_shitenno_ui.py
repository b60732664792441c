"""Shitenno's words and controls in Discord (cogs/shitenno/ui.py), checked over whole random games:
every log entry, prompt, status and result has words, and the decision buttons are exactly the
decision the engine expects (SH-10)."""

from __future__ import annotations

import random

import pytest

from cogs.shitenno.ui import ShitennoUI, sharing_decision
from cogs.workload import random_move
from db.records import GameRecord
from rules.shitenno import GAME
from rules.shitenno.actions import Resign
from tests.game_records import game_record

UI = ShitennoUI()
DUE_ACTION = {"answer": "Accept", "choose": "Choose", "split": "Split", "offer": "FormLot"}


def record(players: int) -> GameRecord:
    return game_record("shitenno", players)


def check(text: str) -> None:
    assert "{" not in text and "}" not in text, text
    assert len(text) <= 2000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_state_of_random_games_has_words(players: int) -> None:
    for seed in range(4):
        rec, st, rnd = record(players), GAME.new(players, None, seed), random.Random(seed)
        while GAME.outcome(st) is None:
            seat = GAME.to_act(st)[0]
            action = Resign() if players > 2 and rnd.random() < 0.003 else random_move(GAME, st, seat, rnd)
            events = GAME.apply(st, seat, action)
            lines = UI.event_lines(rec, st, events, "en")
            for line in lines:
                check(line)
            for e, line in zip(events, lines, strict=True):
                if e["type"] == "round_started":
                    assert "is the Tairō and shares out" in line, line
            if GAME.outcome(st) is not None:
                break
            for s in GAME.to_act(st):
                check(UI.prompt(rec, st, s, "en"))
                check(UI.turn_notice(rec, st, s, events, "en"))
            check(UI.status_line(rec, st, "en"))
            check(UI.private_text(rec, st, GAME.to_act(st)[0], "en"))
            if st.phase == "sharing":
                kinds = {type(a).__name__ for a in GAME.legal(st, GAME.to_act(st)[0])}
                assert DUE_ACTION[sharing_decision(GAME.view(st, None))] in kinds, "the buttons offer what is legal"
            labels = [b.label for b in UI.public_buttons(rec, st, 5, "en")]
            assert labels and len(labels) <= 25
        check(UI.outcome_text(rec, st, "en"))
        assert UI.last_lines(rec, st, None, "en")


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("en", ["exchange: shinobi → samurai", "joker as shinobi", "+1 on bushi + sōhei"]),
        ("cs", ["výměna: šinobi → samuraj", "žolík jako šinobi", "+1 na bushi + sóhei"]),
    ],
)
def test_a_typed_payment_is_labelled_in_words_not_codes(locale: str, words: list[str]) -> None:
    """The autocompletes' labels of a payment name the troops an exchange or the joker gives, in the
    player's language, as the conquest picker does (not the type codes SA and SH)."""
    from cogs.shitenno.cog import action_label, part_words

    label = part_words("T31 T13 K4 +B12@T31.1 xB17@T13.2=SA joker=SH", locale)
    assert all(w in label for w in words), label
    assert "SA" not in label and "SH" not in label and "T13" not in label and "B12" not in label, label
    joker = {"en": "joker as shinobi", "cs": "žolík jako šinobi"}[locale]
    assert action_label("conquer KANTO T31 joker=SH", locale).endswith(joker), "the act autocomplete too"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_hand_goes_by_dm_again_exactly_when_it_changed(players: int) -> None:
    """After a decision a seat gets its hand by DM again (``private_changed``) exactly when what
    that DM says changed — its cards, tiles or title. Before: a split of the pool and a Sensei's
    flip sent the hand the player already had, and so did a lot of a tile alone whose title did
    not change; a title changed at the end of the sharing was not sent to a seat that had received
    no lot in that decision."""
    assert UI.private_text(record(players), GAME.new(players, None, 0), 0, "en").endswith("Tiles: no tiles")
    dms = retitled = 0
    for seed in range(6):
        rec, st, rnd = record(players), GAME.new(players, None, seed), random.Random(seed)
        while GAME.outcome(st) is None:
            seat = GAME.to_act(st)[0]
            before = [UI.private_text(rec, st, s, "en") for s in range(players)]
            events = GAME.apply(st, seat, random_move(GAME, st, seat, rnd))
            if GAME.outcome(st) is not None:
                break  # (the game's end is told to everyone; no hand goes by DM then)
            for s in range(players):
                changed = UI.private_text(rec, st, s, "en") != before[s]
                mine = sorted({e["type"] for e in events if e.get("seat") == s})
                assert UI.private_changed(events, s) == changed, (seed, s, mine, changed)
                dms += changed
                retitled += changed and not mine
    assert dms > 20 * players, "hands went by DM when they changed"
    assert retitled or players == 2, "titles too (with two players both seats receive a lot as they change)"


def test_events_logged_before_titles_named_the_old_ones_are_told_as_they_were() -> None:
    """A change stored by the older code and told now (the catch-up): its ``titles_assigned`` has
    no ``before``, so a lot of a tile alone counts as a change of the hand, as it did."""
    lot = {"type": "lot_received", "seat": 1, "tile": "Daimyo", "cards": []}
    old = {"type": "titles_assigned", "titles": ["Sensei", "Daimyo"]}
    assert UI.private_changed([lot, old], 1) and not UI.private_changed([lot, old], 0)
    assert not UI.private_changed([lot], 1), "a tile alone, titles not yet assigned: nothing changed"
    new = {**old, "before": ["Sensei", "Daimyo"]}
    assert not UI.private_changed([lot, new], 1), "the same title as before"
    assert UI.private_changed([{**new, "before": ["Daimyo", "Sensei"]}], 0), "a new title, no lot"
