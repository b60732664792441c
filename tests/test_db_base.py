"""The store's interface (db/base.py): GameStore satisfies the Protocol member by member, so a second
backend (PostgreSQL) can be written against the Protocol and the cogs need not change (DESIGN §4)."""

from __future__ import annotations

import inspect
import typing

import pytest

from db.base import Store
from db.store import GameStore

MEMBERS = sorted(name for name, value in vars(Store).items() if not name.startswith("_") and callable(value))


def test_the_protocol_declares_the_whole_interface() -> None:
    assert set(MEMBERS) == {
        "get",
        "list_games",
        "create",
        "create_lobby",
        "start",
        "set_seats",
        "set_thread",
        "set_message",
        "append",
        "finish",
        "cancel",
        "actions",
        "replay",
        "verify",
        "get_prefs",
        "watch_prefs",
        "set_prefs",
        "get_meta",
        "set_meta",
        "mark_dm_warned",
        "vote_cancel",
        "withdraw_cancel_vote",
        "agree_cancel",
        "set_cancel_message",
        "set_vote_message",
        "take_vote_message",
        "close",
        "engine",
        "next_due",
        "due_timers",
        "claim_timer",
        "add_timer",
        "timer",
        "claim_reminder",
        "extend_deadline",
        "overdue_now",
        "set_absent",
        "vote_timeout",
        "nudge",
        "expire_lobby",
        "go_away",
        "come_back",
        "next_untold",
        "pending_changes",
        "changes_of",
        "claim_change",
        "change_step",
        "told",
        "set_lobby_shape",
        "lobby_shape",
        "turn_page",
        "set_turn_page",
        "hold_turn_page",
        "release_turn_page",
        "claim_autoplay",
        "release_autoplay",
        "plan_takeback",
        "take_back",
        "open_takeback",
        "set_takeback_message",
        "agree_takeback",
        "takeback_request",
        "close_takeback",
        "open_rematch",
        "rematch_lobby",
        "claim_walkthrough",
        "forget_walkthrough",
        "rate",
        "rate_unrated",
        "rebuild_ratings",
        "recompute_ratings",
        "stored_ratings",
        "leaderboard",
        "records",
        "paces",
    }


@pytest.mark.parametrize("name", MEMBERS)
def test_game_store_has_each_member_with_the_same_signature(name: str) -> None:
    """Same parameters (names, kinds, defaults, annotations), same return type, both async or both
    not, and both documented; the Protocol's annotations resolve to real types."""
    declared = getattr(Store, name)
    implemented = getattr(GameStore, name, None)
    assert implemented is not None, f"GameStore lacks {name}"
    assert inspect.signature(implemented) == inspect.signature(declared)
    assert inspect.iscoroutinefunction(implemented) == inspect.iscoroutinefunction(declared)
    assert declared.__doc__ and implemented.__doc__
    typing.get_type_hints(declared)


def test_every_public_method_of_game_store_is_in_the_protocol() -> None:
    """A method the cogs could call on GameStore but not on another backend would tie them to
    SQLite; ``open`` and ``open_postgres`` are the backends' own constructors and stay outside."""
    public = {
        name
        for name, value in inspect.getmembers(GameStore)
        if not name.startswith("_") and (inspect.isfunction(value) or inspect.ismethod(value))
    }
    assert public - {"open", "open_postgres"} == set(MEMBERS)
