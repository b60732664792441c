"""How a committed change is told, planned as data (issue 45 §1; DESIGN §5): pure functions from a
change and its game's UI to outbound items (:mod:`.outbound`) — the thread's news, each seat's DM,
who is pinged, the game-over — with their language, images to draw, components and steps. Only
the transport (``cogs/table/transport/``) sends them. Nothing here imports Discord or reads the
store: what the plan needs (the players' preferences, their due lines, the steps already made)
comes in as arguments."""

from cogs.table.plan.news import (
    Due,
    dm_locale,
    ended,
    game_locale,
    link,
    mover,
    news,
    notices,
    private_dm,
    seats_told,
    started,
    taken_back,
    where,
)
from cogs.table.plan.outbound import Component, Dm, Images, Notice, Ping, Post, Telling

__all__ = [
    "Component",
    "Dm",
    "Due",
    "Images",
    "Notice",
    "Ping",
    "Post",
    "Telling",
    "dm_locale",
    "ended",
    "game_locale",
    "link",
    "mover",
    "news",
    "notices",
    "private_dm",
    "seats_told",
    "started",
    "taken_back",
    "where",
]
