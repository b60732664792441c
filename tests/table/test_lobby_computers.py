"""A lobby's computers (issue 46 §1): its creator adds one (**Add a computer**, the level picked
privately) or removes one (**Remove a computer**); a computer takes the next free seat under an id
of its own, named apart from the others; the last seat starts the game. Anyone else, a stale lobby,
a full one or a game without a computer is refused, and nothing changes. With the toy game and its
computer (tests/toy_computer.py), a real store and the master; Discord faked by hand."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from cogs import games
from cogs.table.buttons import Press, Router
from cogs.table.core.change import Change
from cogs.table.core.master import Master
from cogs.table.lobby import Lobbies
from cogs.table.lobby_messages import LobbyMessages, computer_buttons, computer_pick, level_pick
from cogs.table.respond import Refusal
from cogs.table.ui import mention
from cogs.texts import t
from db.records import GameRecord, LobbyShape, computer_id, free_computer_id
from db.store import GameStore
from tests import toy_computer

ALICE, BOB, CAROL = 170_000_000_000_000_001, 170_000_000_000_000_002, 170_000_000_000_000_003
LOBBY_MESSAGE = 900


@pytest.fixture(autouse=True)
def toy_game_with_a_computer() -> None:
    toy_computer.register()


# -- ids and names ----------------------------------------------------------------------------


def test_a_computer_added_takes_its_levels_first_free_number() -> None:
    assert free_computer_id([ALICE], "normal") == computer_id("normal", 0)
    assert free_computer_id([ALICE, computer_id("normal", 0)], "normal") == computer_id("normal", 1)
    assert free_computer_id([ALICE, computer_id("normal", 0)], "hard") == computer_id("hard", 0)
    # the first left: its number is free again, and no id repeats
    assert free_computer_id([ALICE, BOB, computer_id("normal", 1)], "normal") == computer_id("normal", 0)


def test_computers_added_have_names_apart_and_a_lone_one_no_number() -> None:
    seated = [ALICE, BOB]
    for level in ("hard", "hard", "normal"):
        seated.append(free_computer_id(seated, level))
    names = [t("lobby.computer_added", "cs", computer=mention(u)) for u in seated[2:]]
    assert names == [
        "Počítač (těžký) je teď v čekárně.",
        "Počítač 2 (těžký) je teď v čekárně.",
        "Počítač (normální) je teď v čekárně.",
    ]


# -- the buttons and the pickers ----------------------------------------------------------------


def record(players: tuple[int, ...], kind: str = "count", status: str = "lobby") -> GameRecord:
    rec: Any = SimpleNamespace(kind=kind, players=players, status=status)
    return rec


def verbs(rec: GameRecord) -> list[str]:
    return [b.verb for b in computer_buttons(rec, "en")]


def test_add_while_a_seat_is_free_and_remove_while_a_computer_sits() -> None:
    assert verbs(record((ALICE,))) == ["add_computer"]
    assert verbs(record((ALICE, computer_id("easy", 0)))) == ["add_computer", "remove_computer"]
    full = record((ALICE, BOB, CAROL, computer_id("easy", 0)))
    assert verbs(full) == ["remove_computer"], "a full lobby has no seat for another computer"
    assert [b.label for b in computer_buttons(full, "cs")] == ["Odebrat počítač"]


def test_a_game_without_a_computer_offers_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games.KINDS, "count", dataclasses.replace(games.kind("count"), computer=None))
    assert verbs(record((ALICE,))) == []


def test_the_level_is_picked_by_its_word() -> None:
    pick = level_pick("cs")
    (select,) = pick.components
    assert pick.text == "Jak dobře má počítač hrát?"
    assert [(label, value) for label, value, _ in select.options] == [  # type: ignore[union-attr]
        ("Lehký", "easy"),
        ("Normální", "normal"),
        ("Těžký", "hard"),
    ]


def test_a_computer_to_remove_is_picked_by_its_name_never_its_id() -> None:
    first, second = computer_id("hard", 0), computer_id("hard", 1)
    (select,) = computer_pick([first, second], "en").components
    assert [label for label, _, _ in select.options] == ["Computer (hard)", "Computer 2 (hard)"]  # type: ignore[union-attr]
    assert [value for _, value, _ in select.options] == [str(first), str(second)]  # type: ignore[union-attr]


# -- the presses ---------------------------------------------------------------------------------


@dataclass
class Response:
    """What a handler answered: the interaction's one response."""

    sent: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, content: str | None = None, **kw: Any) -> None:
        self.sent.append(("send", {"content": content, **kw}))

    async def edit_message(self, **kw: Any) -> None:
        self.sent.append(("edit", kw))

    async def defer(self, **kw: Any) -> None:
        self.sent.append(("defer", kw))


def press_by(user: int, *, on: int = LOBBY_MESSAGE) -> Any:
    """An interaction of ``user`` pressing on message ``on`` (the lobby's, or a private picker)."""
    return SimpleNamespace(
        user=SimpleNamespace(id=user), extras={"locale": "cs"}, response=Response(), message=SimpleNamespace(id=on)
    )


class Teller:
    """Commits through the master, as the bot's teller does; records what it was asked to tell."""

    def __init__(self, store: GameStore) -> None:
        self.master = Master(lambda: store, lambda _kind: None)
        self.told: list[tuple[Change, Any]] = []
        self.committed: list[Any] = []

    async def commit(self, command: Any) -> Any:
        return await self.master.run(command)

    async def tell(self, change: Change, interaction: Any = None) -> None:
        self.told.append((change, interaction))


@pytest.fixture
def lobbies(store: GameStore) -> Lobbies:
    parts: Any = SimpleNamespace(
        router=Router(), shows=SimpleNamespace(on=lambda *a: None), teller=Teller(store), store=store
    )
    return Lobbies(parts, LobbyMessages(parts))


async def lobby(store: GameStore, *players: int, invited: tuple[int, ...] = ()) -> GameRecord:
    challenge = len(invited) == 1
    rec = await store.lobbies.create(
        "count", ALICE, {"target": 21}, 1, 2, seats=[ALICE, *players], shape=LobbyShape(challenge, invited)
    )
    return await store.games.set_message(rec.id, LOBBY_MESSAGE)


async def press(lobbies: Lobbies, interaction: Any, rec: GameRecord, verb: str, *values: str) -> GameRecord:
    handler = lobbies.parts.router.find("count", verb)
    assert handler is not None
    await handler(interaction, rec, Press(rec.id, 0, verb, None, values))
    return await lobbies.store.games.get(rec.id)


async def test_add_a_computer_asks_its_level_privately_then_seats_it(lobbies: Lobbies, store: GameStore) -> None:
    rec = await lobby(store, BOB)
    asked = press_by(ALICE)
    after = await press(lobbies, asked, rec, "add_computer")
    ((how, said),) = asked.response.sent
    assert how == "send" and said["ephemeral"] and said["content"] == "Jak dobře má počítač hrát?"
    assert after.version == rec.version, "asking changes nothing"
    picked = press_by(ALICE, on=LOBBY_MESSAGE + 1)
    after = await press(lobbies, picked, rec, "add_computer", "normal")
    assert after.players == (ALICE, BOB, computer_id("normal", 0)) and after.status == "lobby"
    assert picked.response.sent == [("edit", {"content": "Počítač (normální) je teď v čekárně.", "view": None})]
    teller: Any = lobbies.parts.teller
    assert [(c.kind, i) for c, i in teller.told] == [("seats", None)], "the lobby's message is edited"


async def test_the_last_seat_taken_by_a_computer_starts_the_game(lobbies: Lobbies, store: GameStore) -> None:
    rec = await lobby(store, BOB, computer_id("hard", 0))
    picked = press_by(ALICE, on=LOBBY_MESSAGE + 1)
    after = await press(lobbies, picked, rec, "add_computer", "hard")
    assert after.status == "active" and after.players == (ALICE, BOB, computer_id("hard", 0), computer_id("hard", 1))
    assert picked.response.sent[0][1]["content"] == "Počítač 2 (těžký) je teď v čekárně."
    teller: Any = lobbies.parts.teller
    assert [(c.kind, i) for c, i in teller.told] == [("start", picked)], "the start is told, where it is to the presser"


async def test_remove_a_lone_computer_at_once_on_the_lobby(lobbies: Lobbies, store: GameStore) -> None:
    rec = await lobby(store, computer_id("easy", 0), BOB)
    pressed = press_by(ALICE)
    after = await press(lobbies, pressed, rec, "remove_computer")
    assert after.players == (ALICE, BOB)
    teller: Any = lobbies.parts.teller
    assert [(c.kind, i) for c, i in teller.told] == [("seats", pressed)], "the lobby's message is the answer"


async def test_of_several_computers_the_one_picked_by_name_leaves(lobbies: Lobbies, store: GameStore) -> None:
    first, second = computer_id("easy", 0), computer_id("easy", 1)
    rec = await lobby(store, first, second)
    asked = press_by(ALICE)
    await press(lobbies, asked, rec, "remove_computer")
    ((how, said),) = asked.response.sent
    assert how == "send" and said["ephemeral"] and said["content"] == "Který počítač má z čekárny odejít?"
    picked = press_by(ALICE, on=LOBBY_MESSAGE + 1)
    after = await press(lobbies, picked, rec, "remove_computer", str(first))
    assert after.players == (ALICE, second)
    assert picked.response.sent == [("edit", {"content": "Počítač (lehký) odchází z čekárny.", "view": None})]
    again = press_by(ALICE, on=LOBBY_MESSAGE + 1)
    with pytest.raises(Refusal, match="Ten počítač už v této čekárně není"):
        await press(lobbies, again, after, "remove_computer", str(first))
    with pytest.raises(Refusal, match="Ten počítač už v této čekárně není"):
        await press(lobbies, again, after, "remove_computer", str(BOB))  # a person is no computer to remove


async def test_only_the_creator_adds_or_removes_and_nothing_changes(lobbies: Lobbies, store: GameStore) -> None:
    rec = await lobby(store, BOB, computer_id("easy", 0))
    for verb, values in (("add_computer", ()), ("add_computer", ("hard",)), ("remove_computer", ())):
        with pytest.raises(Refusal) as refused:
            await press(lobbies, press_by(BOB), rec, verb, *values)
        assert refused.value.text == f"Počítače do této čekárny může přidávat a odebírat jen <@{ALICE}>."
    assert (await store.games.get(rec.id)).version == rec.version


async def test_a_started_or_cancelled_lobby_is_closed(lobbies: Lobbies, store: GameStore) -> None:
    rec = await lobby(store, BOB, computer_id("easy", 0))
    started = await store.games.start(rec.id, None, 5)
    for verb, values in (("add_computer", ("easy",)), ("remove_computer", ())):
        with pytest.raises(Refusal, match="Tato čekárna už je uzavřená"):
            await press(lobbies, press_by(ALICE), rec, verb, *values)  # pressed on the lobby as it was
        with pytest.raises(Refusal, match="Tato čekárna už je uzavřená"):
            await press(lobbies, press_by(ALICE), started, verb, *values)
    assert (await store.games.get(rec.id)).players == (ALICE, BOB, computer_id("easy", 0))


async def test_a_full_lobby_a_bad_level_and_nothing_to_remove_are_refused(lobbies: Lobbies, store: GameStore) -> None:
    full = await lobby(store, BOB, CAROL, CAROL + 1)
    with pytest.raises(Refusal, match="Čekárna je plná"):
        await press(lobbies, press_by(ALICE), full, "add_computer")
    rec = await lobby(store, BOB)
    with pytest.raises(Refusal, match="`easy`, `normal`, `hard`"):
        await press(lobbies, press_by(ALICE), rec, "add_computer", "genius")
    with pytest.raises(Refusal, match="nesedí žádný počítač"):
        await press(lobbies, press_by(ALICE), rec, "remove_computer")
    assert (await store.games.get(rec.id)).version == rec.version


async def test_a_game_without_a_computer_and_a_challenge_take_none(
    lobbies: Lobbies, store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    challenge = await lobby(store, BOB, invited=(BOB,))
    with pytest.raises(Refusal, match="patří pozvanému hráči"):
        await press(lobbies, press_by(ALICE), challenge, "add_computer", "easy")
    monkeypatch.setitem(games.KINDS, "count", dataclasses.replace(games.kind("count"), computer=None))
    rec = await lobby(store, BOB)
    with pytest.raises(Refusal, match="zatím nemá hráče za počítač"):
        await press(lobbies, press_by(ALICE), rec, "add_computer", "easy")
    assert (await store.games.get(rec.id)).players == (ALICE, BOB)
