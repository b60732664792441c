"""The store's interface (db/base.py): one repository per area (issue 45 §3), each satisfying its
Protocol member by member, so the cogs need not know which backend or class is behind it (DESIGN §4)."""

from __future__ import annotations

import inspect
import typing

import pytest

from db.base import Store
from db.context import Context
from db.store import GameStore
from tests.db_fixtures import repositories
from tests.toygame import GAMES

AREAS = repositories()
MEMBERS = sorted(
    (area, name)
    for area, protocol in AREAS.items()
    for name, value in vars(protocol).items()
    if not name.startswith("_") and callable(value)
)


class NoBackend:
    name = "none"


def repository(area: str) -> object:
    """The store's repository of ``area``, built over a context without a database."""
    store = GameStore(NoBackend(), GAMES, clock=lambda: 0.0)  # type: ignore[arg-type]
    assert isinstance(store.context, Context)
    return getattr(store, area)


def test_the_store_is_its_repositories_and_close() -> None:
    assert set(AREAS) == {
        *("games", "lobbies", "agreements", "clocks", "outbox", "pages", "prefs", "ratings", "meta", "leagues")
    }
    assert {name for name, value in vars(Store).items() if not name.startswith("_") and callable(value)} == {"close"}


def test_the_protocols_declare_the_whole_interface() -> None:
    assert {f"{area}.{name}" for area, name in MEMBERS} == {
        *(f"games.{n}" for n in ("get", "find", "create", "start", "set_thread", "set_message", "append")),
        *(f"games.{n}" for n in ("finish", "cancel", "expire", "plan_takeback", "take_back", "actions")),
        *(f"games.{n}" for n in ("replay", "verify", "engine")),
        *(f"lobbies.{n}" for n in ("create", "set_seats", "set_shape", "shape", "open_rematch", "rematch_of")),
        *(f"agreements.{n}" for n in ("vote_cancel", "withdraw_cancel_vote", "agree_cancel", "set_cancel_message")),
        *(f"agreements.{n}" for n in ("set_vote_message", "take_vote_message", "vote_timeout", "open_takeback")),
        *(f"agreements.{n}" for n in ("set_takeback_message", "agree_takeback", "takeback_request", "close_takeback")),
        *(f"clocks.{n}" for n in ("due_timers", "claim_timer", "add_timer", "timer", "next_due", "claim_reminder")),
        *(f"clocks.{n}" for n in ("extend_deadline", "overdue_now", "set_absent", "claim_autoplay")),
        *(f"clocks.{n}" for n in ("release_autoplay", "nudge", "go_away", "come_back")),
        *(f"clocks.{n}" for n in ("start_vacation", "end_vacation", "schedule_autoplay")),
        *(f"outbox.{n}" for n in ("next_untold", "pending", "changes_of", "claim", "step", "told")),
        *(f"pages.{n}" for n in ("get", "save", "hold", "release")),
        *(f"prefs.{n}" for n in ("get", "set", "watch", "mark_dm_warned", "claim_walkthrough", "forget_walkthrough")),
        *(f"ratings.{n}" for n in ("rate", "rate_unrated", "rebuild", "recompute", "stored", "leaderboard")),
        *(f"ratings.{n}" for n in ("records", "computer_records", "paces")),
        "meta.get",
        "meta.set",
        *(f"leagues.{n}" for n in ("create", "get", "find", "set_signup_message", "set_status", "join", "leave")),
        *(f"leagues.{n}" for n in ("withdraw", "players", "claim_round", "hold_opening", "tables_without_game")),
        *(f"leagues.{n}" for n in ("tables", "table_of_game", "open_round", "record_result", "round_complete")),
        *(f"leagues.{n}" for n in ("close_round", "mark_announced", "get_round", "rounds", "rounds_due")),
        *(f"leagues.{n}" for n in ("rounds_opening", "signups_due", "next_due", "settings", "set_settings")),
        *(f"leagues.{n}" for n in ("post_steps", "post_step", "withdrawals_untold", "mark_withdrawal_told")),
        "leagues.leagues_untold",
    }


@pytest.mark.parametrize(("area", "name"), MEMBERS)
def test_each_repository_has_each_member_with_the_same_signature(area: str, name: str) -> None:
    """Same parameters (names, kinds, defaults, annotations), same return type, both async or both
    not, and both documented; the Protocol's annotations resolve to real types."""
    declared = getattr(AREAS[area], name)
    implemented = getattr(type(repository(area)), name, None)
    assert implemented is not None, f"store.{area} lacks {name}"
    assert inspect.signature(implemented) == inspect.signature(declared)
    assert inspect.iscoroutinefunction(implemented) == inspect.iscoroutinefunction(declared)
    assert declared.__doc__ and implemented.__doc__
    typing.get_type_hints(declared)


@pytest.mark.parametrize("area", sorted(AREAS))
def test_every_public_method_of_a_repository_is_in_its_protocol(area: str) -> None:
    """A method the cogs could call on a repository but not through the Protocol would tie them to
    this class."""
    public = {
        name
        for name, value in inspect.getmembers(type(repository(area)))
        if not name.startswith("_") and (inspect.isfunction(value) or inspect.ismethod(value))
    }
    assert public == {name for a, name in MEMBERS if a == area}


def test_the_store_opens_closes_and_holds_the_repositories() -> None:
    """``open`` and ``open_postgres`` are the store's own constructors; everything else the cogs
    call is a repository's."""
    public = {
        name
        for name, value in inspect.getmembers(GameStore)
        if not name.startswith("_") and (inspect.isfunction(value) or inspect.ismethod(value))
    }
    assert public == {"open", "open_postgres", "close"}
