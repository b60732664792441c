"""The plans of the changes told in a game's thread (issue 45 §1): a decision's news, a decision
taken back, a game's start and its end — each a :class:`~.outbound.Telling`, pure: from the
change, its game's UI, the players' preferences, their due lines and the steps already made."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from cogs.table import results
from cogs.table.core.change import Change
from cogs.table.plan.outbound import Dm, Images, Notice, Ping, Post, Telling
from cogs.table.ui import GameUI, mention, rematch_button, seats_to_tell, thread_buttons
from cogs.texts import join_words, player_locale, supported, t
from db.records import GameRecord, UserPrefs, computer_level
from rules.protocol import Event

Due = Callable[[UserPrefs, str], str]
"""For a turn that starts now: until when the player has, in ``locale`` ("" for a game without
a clock) — the clocks' words, given to the plan."""


def where(rec: GameRecord) -> str:
    """Where the game is played, as a channel mention."""
    return f"<#{rec.thread_id or rec.channel_id}>"


def link(rec: GameRecord) -> str:
    """A jump link that works from a DM (a bare channel mention does not resolve there)."""
    return f"https://discord.com/channels/{rec.guild_id or '@me'}/{rec.thread_id or rec.channel_id}"


def dm_locale(prefs: UserPrefs) -> str:
    """The language of a player's DMs: the one they chose, else their client's last seen."""
    return player_locale(prefs.language, prefs.client_locale)


def wants_dm(prefs: UserPrefs) -> bool:
    return prefs.dms_enabled and prefs.notify in ("dm", "both")


def people_to_tell(
    ui: GameUI[Any], rec: GameRecord, events: Sequence[Event], waiting: Sequence[int]
) -> list[tuple[int, bool]]:
    """:func:`~cogs.table.ui.seats_to_tell` but a computer's seat (issue 46): a computer gets no
    DM and no ping; nor is a person asked for a decision of a seat the table plays (a late
    player's, one resigned to a computer: the computer takes it at once). A person who resigned a
    seat the computer plays on hears nothing more of it: its hand is no longer theirs to see."""
    asked = [s for s in waiting if not rec.table_plays(s)]
    told = seats_to_tell(ui, len(rec.players), list(events), asked)
    gone = rec.played_on()
    return [
        (seat, is_waiting)
        for seat, is_waiting in told
        if computer_level(rec.players[seat]) is None and seat not in gone
    ]


def seats_told(ui: GameUI[Any], rec: GameRecord, events: Sequence[Event], waiting: Sequence[int]) -> list[int]:
    """The users whose preferences a change's notices need."""
    return [rec.players[s] for s, _ in people_to_tell(ui, rec, events, waiting)]


def private_dm(
    ui: GameUI[Any],
    rec: GameRecord,
    state: Any,
    seat: int,
    locale: str,
    *,
    step: str,
    text: str = "",
    due: str = "",
    pinged: bool = False,
    waiting: bool = False,
) -> Dm:
    """A seat's DM: ``text`` (else its private view in words), its private images and buttons, when
    its time runs out (``due``), a link to the game."""
    parts = (text or ui.private_text(rec, state, seat, locale), due, t("jump", locale, link=link(rec)))
    return Dm(
        user=rec.players[seat],
        seat=seat,
        locale=locale,
        text="\n".join(x for x in parts if x),
        step=step,
        images=Images(locale, seat) if ui.has_private else None,
        components=tuple(ui.private_buttons(rec, state, seat, locale)),
        pinged=pinged,
        waiting=waiting,
    )


def notices(
    ui: GameUI[Any],
    rec: GameRecord,
    state: Any,
    events: Sequence[Event],
    waiting: Sequence[int],
    prefs: Mapping[int, UserPrefs],
    due: Due,
    done: Collection[str],
) -> tuple[Notice, ...]:
    """Private notices (``/game notify``): each newly waiting seat by DM and/or a ping, as it
    chose; a seat whose private view the events changed gets its new view by DM. A seat told
    already (before a crash) is not told again — but a ping made stays in the post."""
    told: list[Notice] = []
    for seat, is_waiting in people_to_tell(ui, rec, events, waiting):
        user = rec.players[seat]
        if f"ping:{seat}" in done:
            told.append(Ping(user, seat, made=True))
            continue
        if f"dm:{seat}" in done:
            continue
        chose = prefs[user]
        dm = wants_dm(chose)
        pinged = is_waiting and (chose.notify in ("mention", "both") or not dm)
        if dm:
            locale = dm_locale(chose)
            notice = ui.turn_notice(rec, state, seat, list(events), locale) if is_waiting else ""
            when = due(chose, locale) if is_waiting else ""
            dm_ = private_dm(ui, rec, state, seat, locale, step=f"dm:{seat}", text=notice, due=when)
            told.append(replace(dm_, pinged=pinged, waiting=is_waiting))
        elif pinged:
            told.append(Ping(user, seat))
    return tuple(told)


def mover(change: Change) -> int | None:
    """The seat offered a **Take back** button under the news: a person's decision that the
    engine lets be taken back (not the automatic player's)."""
    return change.seat if change.may_take_back and change.by_user is not None else None


def prompts(ui: GameUI[Any], rec: GameRecord, state: Any, seats: Sequence[int], locale: str) -> list[str]:
    """ "Your turn" lines for the ``seats`` to act that a person plays: a seat the table plays (a
    computer's, issue 46) decides by itself — its decision is told when it comes."""
    return [p for s in seats if not rec.table_plays(s) and (p := ui.prompt(rec, state, s, locale))]


def news(
    ui: GameUI[Any],
    change: Change,
    locale: str,
    prefs: Mapping[int, UserPrefs],
    due: Due,
    done: Collection[str],
) -> Telling:
    """A decision told in the thread: the seats' notices, then the event lines, the public images
    if the board changed, the prompt of every seat that must act, and the new version's buttons."""
    rec, state, events = change.record, change.state, list(change.events)
    told = notices(ui, rec, state, events, list(change.newly_waiting), prefs, due, done)
    if "post" in done:
        return Telling(told)
    lines = ui.event_lines(rec, state, events, locale) + prompts(ui, rec, state, change.to_act, locale)
    board = ui.board_changed(events)
    return Telling(told, thread_news(ui, change, locale, lines, board=board, take_back=mover(change)))


def thread_news(
    ui: GameUI[Any], change: Change, locale: str, lines: list[str], *, board: bool, take_back: int | None
) -> Post:
    """The thread's post of a decision (or its taking back): ``lines``, the public images when
    the ``board`` changed, the new version's buttons (``take_back``: the seat offered Take back);
    a catch-up's post only when the thread does not show it already; not written down as a step
    (the change is marked told next)."""
    rec, state = change.record, change.state
    return Post(
        step="post",
        locale=locale,
        text="\n".join(lines),
        images=Images(locale) if board else None,
        components=tuple(thread_buttons(ui, rec, state, change.version, locale, take_back)),
        unless_shown=change.caught_up,
        shown_version=change.version,
        mark=False,
    )


def taken_back(
    ui: GameUI[Any],
    change: Change,
    locale: str,
    prefs: Mapping[int, UserPrefs],
    due: Due,
    done: Collection[str],
) -> Telling:
    """A decision taken back by agreement (issue 20 §3): the seats now waiting are told as after
    any change (their notice tells no event: the undone decision's events are void); a line in
    words, the prompts, the current board and buttons."""
    rec, state = change.record, change.state
    told = notices(ui, rec, state, (), list(change.newly_waiting), prefs, due, done)
    if "post" in done:
        return Telling(told)
    asked = rec.players[change.seat] if change.seat is not None and change.seat < len(rec.players) else None
    out = set(ui.engine.resigned(state))
    asked_others = any(u != asked for s, u in enumerate(rec.players) if s not in out)
    if asked is None:
        line = t("takeback.done_plain", locale)
    else:
        line = t("takeback.done" if asked_others else "takeback.done_alone", locale, user=mention(asked))
    lines = [line, *prompts(ui, rec, state, change.to_act, locale)]
    return Telling(told, thread_news(ui, change, locale, lines, board=True, take_back=None))


def started(
    ui: GameUI[Any],
    rec: GameRecord,
    state: Any,
    locale: str,
    clock_line: str,
    prefs: Mapping[int, UserPrefs],
    due: Due,
    done: Collection[str],
) -> Telling:
    """The start post (pinging every player) with the first prompts and buttons, and each seat's
    private view by DM (with its due line when it is to act)."""
    post = None
    if "post" not in done:
        to_act = ui.engine.to_act(state)
        lines = [ui.start_text(rec, state, locale), clock_line, *prompts(ui, rec, state, to_act, locale)]
        post = Post(
            step="post",
            locale=locale,
            text="\n".join(lines),
            images=Images(locale) if ui.board_at_start else None,
            components=tuple(thread_buttons(ui, rec, state, rec.version, locale)),
            ping=frozenset(rec.people),
        )
    after = []
    for seat, user in enumerate(rec.players):
        if computer_level(user) is not None:
            continue
        chose = prefs[user]
        if f"dm:{seat}" in done or not (ui.has_private and chose.dms_enabled):
            continue
        locale_dm = dm_locale(chose)
        when = due(chose, locale_dm) if seat in ui.engine.to_act(state) else ""
        after.append(private_dm(ui, rec, state, seat, locale_dm, step=f"dm:{seat}", due=when))
    return Telling((), post, tuple(after))


def ended(
    ui: GameUI[Any],
    rec: GameRecord,
    state: Any,
    events: Sequence[Event],
    locale: str,
    prefs: Mapping[int, UserPrefs],
    done: Collection[str],
    *,
    caught_up: bool = False,
) -> Telling:
    """The result in the thread, pinging every player, after the last decision's lines (``events``;
    none when a turn page told them), with the final board and the record file; each player's DM
    with the result and the final board (drawn in the game's language, as in the thread)."""
    post = None
    if "over" not in done:
        everyone = join_words(
            [mention(u) for u in dict.fromkeys(rec.people or rec.players)], locale
        )  # no thanks to a computer
        lines = ui.event_lines(rec, state, list(events), locale)
        result = results.result_text(ui, rec, state, locale)
        lines.append(t("game_over_post", locale, result=result, players=everyone))
        post = Post(
            step="over",
            locale=locale,
            text="\n".join(lines),
            images=Images(locale),
            components=(rematch_button(locale),),
            ping=frozenset(rec.people),
            unless_shown=caught_up,
            shown_version=None,
            record=True,
        )
    after = []
    for user in sorted(set(rec.people)):
        chose = prefs[user]
        if f"over:{user}" in done or not chose.dms_enabled:
            continue
        reader = dm_locale(chose)
        text = t(
            "game_over_dm",
            reader,
            game=rec.id,
            title=ui.title(reader),
            result=results.result_text(ui, rec, state, reader),
            link=link(rec),
        )
        after.append(
            Dm(user, None, reader, text, f"over:{user}", images=Images(locale), components=(rematch_button(reader),))
        )
    return Telling((), post, tuple(after))


def game_locale(rec: GameRecord) -> str:
    """The language of a game's thread and public images, chosen when it was made."""
    return supported(rec.language)
