"""FakeDiscord: the test-facing API. Start the stand-in, run bots against it, act as users."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator, Mapping, Sequence
from types import ModuleType, TracebackType
from typing import Any, TypeVar

import discord
import discord.gateway
import discord.http
import discord.webhook.async_
import yarl

from .commands import CHANNEL, ROLE, USER, CommandRegistry, OptionBuilder, check_can_use
from .errors import FakeDiscordError
from .gateway import Gateway
from .interactions import APPLICATION_COMMAND, AUTOCOMPLETE, MESSAGE_COMPONENT, MODAL_SUBMIT, Choice, Interaction
from .messages import Message
from .model import Channel, DMChannel, Guild, User, World
from .ratelimits import RateLimits
from .rest import BOT_TOKEN, RestApi
from .rest_interactions import InteractionApi
from .server import Failure, RequestLog, Router, Server, default_error_message
from .validate import BUTTON, LINK_STYLE, SELECT_TYPES, STRING_SELECT

SELECT_VALUE_TYPES = {5: USER, 6: ROLE, 8: CHANNEL}
T = TypeVar("T")


@contextlib.contextmanager
def discord_urls(api_base: str, gateway_url: str) -> Iterator[None]:
    """Point discord.py's REST base and default gateway at the stand-in, restoring them afterwards."""
    old_base, old_gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway


class _QuickRetrySleeps:
    """Stands in for the ``asyncio`` module inside discord.http and discord.webhook.async_.

    Their ``request`` methods sleep 1, 3, 5, 7 and 9 s between the five tries of a 5xx (and of a
    connection reset), 25 s for a lasting failure; here those sleeps return at once. The wait a 429
    asks for, any other sleep (``delete_after``, say) and every other attribute are asyncio's own.
    """

    def __init__(self, real: ModuleType) -> None:
        self._real = real

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    def sleep(self, delay: float, result: Any = None) -> Coroutine[Any, Any, Any]:
        caller = sys._getframe(1)
        if caller.f_code.co_name == "request" and getattr(caller.f_locals.get("response"), "status", None) != 429:
            delay = 0  # a 429's wait is kept: the stand-in's rate limits (ratelimits.py) count in real time
        return self._real.sleep(delay, result)


@contextlib.contextmanager
def quick_retry_sleeps() -> Iterator[None]:
    """Make discord.py's REST and webhook retries after a 5xx immediate (restored afterwards)."""
    modules: list[Any] = [discord.http, discord.webhook.async_]
    saved = [m.asyncio for m in modules]
    for module in modules:
        module.asyncio = _QuickRetrySleeps(asyncio)
    try:
        yield
    finally:
        for module, old in zip(modules, saved, strict=True):
            module.asyncio = old


class _ErrorLog(logging.Handler):
    """Collects ERROR records logged anywhere (the bot's tracebacks) for failure messages."""

    def __init__(self, world: World) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))
        self._world = world
        self._loop: asyncio.AbstractEventLoop | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith("fakediscord"):
            return
        self.records.append(self.format(record))
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._world.changed)

    def attach(self) -> None:
        self._loop = asyncio.get_running_loop()
        logging.getLogger().addHandler(self)

    def detach(self) -> None:
        logging.getLogger().removeHandler(self)
        self._loop = None


class FakeDiscord:
    """A local Discord (REST + gateway on 127.0.0.1) that discord.py bots log in to.

    ``async with FakeDiscord() as fake:`` starts it and patches discord.py's URLs; leaving the
    block stops any bot still running, the server, and restores the URLs.
    """

    def __init__(
        self,
        *,
        bot_name: str = "Deskovka",
        shard_count: int = 1,
        timeout: float = 10.0,
        interaction_deadline: float | None = 3.0,
        privileged_intents: bool = True,
        quick_retries: bool = True,
        rate_limits: RateLimits | None = None,
    ) -> None:
        """``rate_limits``: enforce Discord's rate limits (ratelimits.py); off when None, the default
        (discord.py then keeps one request in flight per route, and no test waits on a limit)."""
        self.world = World(bot_name=bot_name, timeout=timeout)
        self.commands = CommandRegistry(self.world)
        router = Router()
        self.gateway = Gateway(
            self.world,
            shard_count=shard_count,
            resume_url=lambda: self.server.gateway_url,
            privileged_intents=privileged_intents,
        )
        self.server = Server(self.world, router, self.gateway.handle)
        RestApi(self.world, router, gateway_url=lambda: self.server.gateway_url, shard_count=shard_count)
        InteractionApi(self.world, router, self.commands)
        self.interaction_deadline = interaction_deadline
        self.quick_retries = quick_retries
        self.server.rate_limits = rate_limits
        self._router = router
        self.world.diagnostics = self.diagnostics
        self._bots: dict[discord.Client, tuple[asyncio.Task[None], set[str]]] = {}
        self._errors = _ErrorLog(self.world)
        self._exit = contextlib.ExitStack()

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close(raise_errors=exc is None)

    async def start(self) -> None:
        await self.server.start()
        self._exit.enter_context(discord_urls(self.server.api_base, self.server.gateway_url))
        if self.quick_retries:
            self._exit.enter_context(quick_retry_sleeps())
        self._errors.attach()
        self._exit.callback(self._errors.detach)

    async def close(self, *, raise_errors: bool = True) -> None:
        """Stop every bot still running, then the gateway and the server; restore discord.py's URLs."""
        try:
            for bot in list(self._bots):
                await self.stop_bot(bot, raise_errors=raise_errors)
            await self.gateway.close()
            await self.server.stop()
        finally:
            self._exit.close()

    # --- state -------------------------------------------------------------------------------

    @property
    def bot_user(self) -> User:
        return self.world.bot

    @property
    def application_id(self) -> int:
        return self.world.bot.id

    @property
    def owner(self) -> User:
        """The application's owner (and the default owner of new guilds)."""
        return self.world.owner

    @property
    def rate_limits(self) -> RateLimits | None:
        return self.server.rate_limits

    @property
    def requests(self) -> RequestLog:
        return self.server.requests

    @property
    def unhandled(self) -> list[str]:
        return self.server.unhandled

    @property
    def logged_errors(self) -> list[str]:
        return self._errors.records

    @property
    def interactions(self) -> list[Interaction]:
        return list(self.world.interactions.values())

    def add_user(self, name: str, *, global_name: str | None = None) -> User:
        return self.world.add_user(name, global_name=global_name)

    def add_guild(self, name: str, *, owner: User | None = None) -> Guild:
        return self.world.add_guild(name, owner=owner)

    # --- bots --------------------------------------------------------------------------------

    async def start_bot(
        self,
        bot: discord.Client,
        token: str = BOT_TOKEN,
        *,
        timeout: float | None = None,
        guild_ready_timeout: float | None = 0.1,
    ) -> asyncio.Task[None]:
        """Run ``bot.start(token)`` in a task and return once the bot is ready (READY + guilds).

        Only the default token logs in; any other gets Discord's 401 on ``GET /users/@me``, so the
        bot stops with ``discord.LoginFailure`` and this raises FakeDiscordError.

        discord.py waits ``guild_ready_timeout`` (2 s by default) after the last GUILD_CREATE
        before it fires on_ready; the stand-in sends every guild at once, so this shortens it.
        """
        if bot in self._bots:
            raise FakeDiscordError(f"{bot!r} is already running")
        if guild_ready_timeout is not None:
            bot._connection.guild_ready_timeout = guild_ready_timeout
        self._wake_waiters_on_dispatch(bot)
        timeout = self.world.timeout if timeout is None else timeout
        before = set(self.gateway.sessions)
        identifies = self.gateway.identifies
        task = asyncio.create_task(bot.start(token), name=f"fakediscord bot {type(bot).__name__}")
        self._bots[bot] = (task, set())
        task.add_done_callback(lambda _: self.gateway.signal.fire())

        def connected() -> bool | None:
            return True if task.done() or self.gateway.identifies > identifies else None

        try:
            await self.world.wait(connected, self.gateway.signal, "the bot to IDENTIFY on the gateway", timeout)
            ready = asyncio.ensure_future(bot.wait_until_ready()) if not task.done() else None
            waiting = {task} | ({ready} if ready else set())
            done, _ = await asyncio.wait(waiting, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            if ready is None or ready not in done:
                if ready is not None:
                    ready.cancel()
                if task.done():
                    error = None if task.cancelled() else task.exception()
                    raise FakeDiscordError(f"the bot stopped before it was ready: {error!r}\n{self.diagnostics()}")
                raise FakeDiscordError(f"the bot was not ready after {timeout:g} s\n{self.diagnostics()}")
        except BaseException:
            await self.stop_bot(bot, raise_errors=False)
            raise
        self._bots[bot] = (task, set(self.gateway.sessions) - before)
        return task

    def _wake_waiters_on_dispatch(self, bot: discord.Client) -> None:
        """Re-check ``fake.wait_for`` conditions after every event discord.py dispatches, so that
        waiting on the bot's own state (``bot.get_channel(...) is None``) is event-based too."""
        state: Any = bot._connection
        dispatch = getattr(state.dispatch, "fakediscord_original", state.dispatch)

        def dispatch_and_wake(event: str, /, *args: Any, **kwargs: Any) -> None:
            dispatch(event, *args, **kwargs)
            self.world.changed()

        dispatch_and_wake.fakediscord_original = dispatch  # type: ignore[attr-defined]
        state.dispatch = dispatch_and_wake

    async def stop_bot(self, bot: discord.Client, *, timeout: float | None = None, raise_errors: bool = True) -> None:
        """Close ``bot`` cleanly and wait until it has left the gateway."""
        if bot not in self._bots:
            raise FakeDiscordError(f"{bot!r} is not running under this FakeDiscord")
        task, sessions = self._bots.pop(bot)
        timeout = self.world.timeout if timeout is None else timeout
        await bot.close()

        def gone() -> bool | None:
            still = [s for s in sessions if self.gateway.sessions[s].connection is not None]
            return None if still else True

        try:
            try:
                await asyncio.wait_for(task, timeout)
            except Exception as error:
                raise FakeDiscordError(f"the bot exited with {error!r}") from error
            await self.world.wait(gone, self.gateway.signal, "the stopped bot to disconnect from the gateway", timeout)
        except FakeDiscordError:
            if raise_errors:
                raise

    async def reconnect_gateway(self, *, timeout: float | None = None) -> None:
        """Make the bot's gateway connection drop and RESUME (op 7), returning once it has resumed."""
        await self.gateway.reconnect(timeout=self.world.timeout if timeout is None else timeout)

    @contextlib.asynccontextmanager
    async def gateway_down(
        self, shard: int = 0, *, invalidate: bool = False, timeout: float | None = None
    ) -> AsyncIterator[None]:
        """Inside the block ``shard``'s gateway socket is cut (no close frame, as a network failure)
        and the bot cannot connect again; interactions made meanwhile wait in the session's backlog.
        On leaving, connections are let in again and this returns once the bot is back: RESUMEd
        (the backlog replayed), or with ``invalidate`` its RESUME answered INVALID_SESSION and a
        fresh IDENTIFY made (what was dispatched while down is lost: ``Interaction.lost``)."""
        gateway = self.gateway
        before = (gateway.identifies, gateway.resumes)
        gateway.drop(shard, invalidate=invalidate)
        try:
            yield
        finally:
            gateway.reopen()

        def back() -> bool | None:
            session = gateway.active.get(shard)
            moved = gateway.identifies > before[0] if invalidate else gateway.resumes > before[1]
            return True if moved and session is not None and session.connection is not None else None

        what = "the bot to IDENTIFY again" if invalidate else "the bot to RESUME"
        await self.world.wait(back, gateway.signal, what, self.world.timeout if timeout is None else timeout)

    # --- acting as users ------------------------------------------------------------------------

    def _dispatch(self, interaction: Interaction) -> Interaction:
        self.world.interactions[interaction.token] = interaction
        self.gateway.send_interaction(interaction)
        return interaction

    def _check_present(self, user: User, channel: Channel) -> None:
        if not channel.can_see(user):
            raise FakeDiscordError(f"{user.name} cannot see {channel.label}")

    async def slash(
        self, user: User, channel: Channel, command: str, options: Mapping[str, Any] | None = None, /, **kwargs: Any
    ) -> Interaction:
        """``user`` runs ``/command`` (a path: ``"stratego move"``) in ``channel``.

        Options go by their synced names, as keywords (a trailing ``_`` is dropped, for ``from_=``)
        or in a dict. Users and channels are fakediscord objects; attachments are (filename, bytes).
        """
        self._check_present(user, channel)
        resolved = self.commands.resolve(command, channel)
        check_can_use(resolved, user, channel)
        builder = OptionBuilder(self.world, user, channel)
        data: dict[str, Any] = {
            "id": resolved.command["id"],
            "name": resolved.command["name"],
            "type": 1,
            "options": builder.build(resolved, {**(options or {}), **kwargs}),
        }
        if builder.resolved:
            data["resolved"] = builder.resolved
        if resolved.guild_id is not None:
            data["guild_id"] = str(resolved.guild_id)
        return self._dispatch(
            Interaction(
                self.world,
                type=APPLICATION_COMMAND,
                user=user,
                channel=channel,
                name=f"/{resolved.path}",
                data=data,
                deadline=self.interaction_deadline,
            )
        )

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: Mapping[str, Any] | None = None,
        /,
        *,
        focused: str,
        **kwargs: Any,
    ) -> list[Choice]:
        """The choices the bot offers while ``user`` types option ``focused`` (its value is the text typed)."""
        self._check_present(user, channel)
        resolved = self.commands.resolve(command, channel)
        check_can_use(resolved, user, channel)
        given = {**(options or {}), **kwargs}
        if focused not in given and f"{focused}_" not in given:
            given[focused] = ""
        builder = OptionBuilder(self.world, user, channel)
        data: dict[str, Any] = {
            "id": resolved.command["id"],
            "name": resolved.command["name"],
            "type": 1,
            "options": builder.build(resolved, given, focused=focused),
        }
        if builder.resolved:
            data["resolved"] = builder.resolved
        if resolved.guild_id is not None:
            data["guild_id"] = str(resolved.guild_id)
        interaction = self._dispatch(
            Interaction(
                self.world,
                type=AUTOCOMPLETE,
                user=user,
                channel=channel,
                name=f"autocomplete of /{resolved.path} {focused}",
                data=data,
                deadline=self.interaction_deadline,
            )
        )
        return await interaction.autocomplete_choices()

    def _check_clickable(self, user: User, message: Message, custom_id: str) -> dict[str, Any]:
        if not message.visible_to(user):
            raise FakeDiscordError(f"{user.name} cannot see {message!r}")
        component = message.component(custom_id)
        if component is None:
            raise FakeDiscordError(f"no component {custom_id!r} on {message!r}")
        if component.get("disabled"):
            raise FakeDiscordError(f"component {custom_id!r} on {message!r} is disabled")
        return component

    async def click(
        self, user: User, message: Message, custom_id: str | None = None, *, label: str | None = None
    ) -> Interaction:
        """``user`` presses a button on ``message``, chosen by custom_id or by label."""
        if custom_id is None:
            button = message.button(label)
            if button.style == LINK_STYLE or button.custom_id is None:
                raise FakeDiscordError(f"button {label!r} on {message!r} is a link, not clickable by the bot")
            custom_id = button.custom_id
        component = self._check_clickable(user, message, custom_id)
        if component.get("type") != BUTTON:
            raise FakeDiscordError(f"{custom_id!r} on {message!r} is not a button")
        data = {"custom_id": custom_id, "component_type": BUTTON}
        return self._component(user, message, data, f"click on {component.get('label') or custom_id!r}")

    async def select(self, user: User, message: Message, custom_id: str, values: Sequence[Any]) -> Interaction:
        """``user`` picks ``values`` in a select menu (strings, or Users/Roles/channels for those selects)."""
        component = self._check_clickable(user, message, custom_id)
        kind = component.get("type")
        if kind not in SELECT_TYPES:
            raise FakeDiscordError(f"{custom_id!r} on {message!r} is not a select menu")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise FakeDiscordError(f"select {custom_id!r} takes {low}-{high} values, not {len(values)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if kind == STRING_SELECT:
            offered = [o["value"] for o in component.get("options") or []]
            wrong = [v for v in values if v not in offered]
            if wrong:
                raise FakeDiscordError(f"select {custom_id!r} offers {offered}, not {wrong}")
            data["values"] = list(values)
        elif kind in SELECT_VALUE_TYPES:
            builder = OptionBuilder(self.world, user, message.channel)
            spec = {"type": SELECT_VALUE_TYPES[kind]}
            data["values"] = [builder.convert(spec, v, f"select {custom_id!r}") for v in values]
            data["resolved"] = builder.resolved
        else:
            raise FakeDiscordError(f"select type {kind} is not supported by fakediscord")
        return self._component(user, message, data, f"selection in {custom_id!r}")

    def _component(self, user: User, message: Message, data: dict[str, Any], name: str) -> Interaction:
        return self._dispatch(
            Interaction(
                self.world,
                type=MESSAGE_COMPONENT,
                user=user,
                channel=message.channel,
                name=name,
                data=data,
                message=message,
                deadline=self.interaction_deadline,
            )
        )

    async def submit_modal(
        self, user: User, shown_by: Interaction, values: Mapping[str, str | Sequence[str]]
    ) -> Interaction:
        """``user`` fills in and submits the modal the bot opened in answer to ``shown_by``."""
        modal = shown_by.modal
        if modal is None:
            raise FakeDiscordError(f"{shown_by.describe()} did not open a modal ({shown_by.response_type=})")
        unused = dict(values)
        data = {"custom_id": modal["custom_id"], "components": _modal_answers(modal["components"], unused)}
        if unused:
            raise FakeDiscordError(f"modal {modal['custom_id']!r} has no inputs {sorted(unused)}")
        return self._dispatch(
            Interaction(
                self.world,
                type=MODAL_SUBMIT,
                user=user,
                channel=shown_by.channel,
                name=f"submission of modal {modal.get('title')!r}",
                data=data,
                message=shown_by.message,
                deadline=self.interaction_deadline,
            )
        )

    async def say(self, user: User, channel: Channel, content: str) -> Message:
        """``user`` posts a plain message (the bot gets MESSAGE_CREATE, content only with the intent)."""
        if not channel.can_send(user):
            raise FakeDiscordError(f"{user.name} cannot send messages in {channel.label}")
        return channel.post(user, content=content)

    async def wait_for(self, check: Callable[[], T | None], what: str, *, timeout: float | None = None) -> T:
        """Wait until ``check()`` is truthy (re-checked after every change in the stand-in) and return it."""
        return await self.world.wait(lambda: check() or None, self.world.signal, what, timeout)

    # --- failure injection ----------------------------------------------------------------------

    def fail_requests(
        self,
        method: str,
        route: str,
        *,
        status: int,
        code: int = 0,
        message: str | None = None,
        channel: Channel | None = None,
        count: int | None = None,
    ) -> Failure:
        """Answer the bot's ``method route`` calls with an error instead of handling them.

        ``route`` is the template as the stand-in routes it (``"/channels/{channel_id}/messages"``,
        see ``fake.requests`` records); ``channel`` narrows it to one channel or thread; ``count``
        limits it to that many calls (None: until ``clear_failures``). The failed call changes
        nothing. ``message`` defaults to Discord's text for ``code`` (or the HTTP reason).
        discord.py tries a 500/502/504/524 five times (any 5xx on interaction/webhook routes), so
        ``count`` < 5 is a blip it recovers from; 503 on bot routes raises DiscordServerError at once.
        """
        method = method.upper()
        found = self._router.find(method, route)
        if found is None:
            known = sorted({r.template for r in self._router.routes if r.method == method})
            raise FakeDiscordError(f"no route {method} {route}; {method} routes are {known}")
        if channel is not None and "{channel_id}" not in route:
            raise FakeDiscordError(f"{route} has no {{channel_id}} to match {channel.label} against")
        if not 400 <= status <= 599:
            raise FakeDiscordError(f"status {status} is not an error status (400-599)")
        if count is not None and count < 1:
            raise FakeDiscordError(f"count must be at least 1 (or None), not {count}")
        failure = Failure(
            method,
            route,
            status,
            code,
            default_error_message(status, code) if message is None else message,
            channel_id=channel.id if channel is not None else None,
            remaining=count,
        )
        self.server.failures.append(failure)
        return failure

    def clear_failures(self) -> None:
        """Stop every failure injected with ``fail_requests``."""
        self.server.failures.clear()

    # --- what users see -------------------------------------------------------------------------

    def dm_channel(self, user: User) -> DMChannel:
        return user.dm_channel

    def dms(self, user: User) -> list[Message]:
        """Every DM the bot has sent ``user``, oldest first (what is left after edits/deletions)."""
        return user.dm_channel.messages

    async def next_dm(self, user: User, *, timeout: float | None = None) -> Message:
        """The next DM to ``user`` not yet returned by next_dm."""
        return await user.dm_channel.next_message(timeout=timeout)

    def visible_to(self, user: User) -> list[Message]:
        """Everything ``user`` can see: public messages where they can look, their ephemerals, their DMs."""
        return self.world.visible_to(user)

    def close_dms(self, user: User) -> None:
        """From now on the bot's DMs to ``user`` fail with 403 / 50007."""
        user.dms_open = False

    def open_dms(self, user: User) -> None:
        user.dms_open = True

    # --- the command tree the bot synced ------------------------------------------------------------

    def registered_commands(self, guild: Guild | None = None) -> list[dict[str, Any]]:
        """The commands synced globally (or to ``guild``), exactly as stored."""
        return self.commands.in_scope(guild.id if guild else None)

    async def wait_for_commands(
        self, guild: Guild | None = None, *, timeout: float | None = None
    ) -> list[dict[str, Any]]:
        """The commands of a scope once the bot has synced it at least once (for bots syncing after READY)."""
        scope = guild.id if guild else None
        return await self.world.wait(
            lambda: self.commands.in_scope(scope) if scope in self.commands.synced_scopes else None,
            self.commands.signal,
            f"the bot to sync its commands {'to ' + guild.name if guild else 'globally'}",
            timeout,
        )

    def command_paths(self, guild: Guild | None = None) -> list[str]:
        return self.commands.paths(guild.id if guild else None)

    def command(self, path: str, guild: Guild | None = None) -> dict[str, Any]:
        """The synced spec of ``path`` (the command, or its subcommand), e.g. to check options."""
        scope = guild.id if guild else None
        for command in self.commands.in_scope(scope):
            if command["type"] == 1 and command["name"] == path.split()[0]:
                node = command
                for name in path.split()[1:]:
                    node = next((o for o in node.get("options") or [] if o["name"] == name), None)
                    if node is None:
                        break
                if node is not None:
                    return node
        raise FakeDiscordError(f"/{path} is not synced {'to ' + guild.name if guild else 'globally'}")

    # --- diagnostics ---------------------------------------------------------------------------

    def problems(self, *, allow_logged_errors: bool = False) -> list[str]:
        found = [f"unimplemented route called: {u}" for u in self.unhandled]
        found += [f"fakediscord crashed on {e}" for e in self.server.errors]
        for interaction in self.world.interactions.values():
            found += [f"{interaction.describe()}: {p}" for p in interaction.problems]
            if interaction.response_type is None and interaction.lost is None:
                found.append(f"{interaction.describe()} was never acknowledged")
        if not allow_logged_errors:
            found += [f"logged error: {e}" for e in self.logged_errors]
        return found

    def assert_clean(self, *, allow_logged_errors: bool = False) -> None:
        """Fail if the bot called unimplemented routes, mishandled interactions or logged errors."""
        found = self.problems(allow_logged_errors=allow_logged_errors)
        if found:
            raise FakeDiscordError("fakediscord saw problems:\n- " + "\n- ".join(found))

    def diagnostics(self) -> str:
        lines = [f"unimplemented route called: {u}" for u in self.unhandled[-5:]]
        lines += [f"fakediscord crashed on {e}" for e in self.server.errors[-5:]]
        lines += [f"{i.describe()}: {p}" for i in self.world.interactions.values() for p in i.problems][-5:]
        for record in self.logged_errors[-3:]:
            lines.append("logged error: " + "\n    ".join(record.splitlines()[-12:]))
        if not self.gateway.connected:
            lines.append("no bot is connected to the gateway")
        return "\n".join(lines)


def _modal_answers(components: list[dict[str, Any]], values: dict[str, Any]) -> list[dict[str, Any]]:
    """Mirror the modal's layout with the user's input, the way Discord submits modals."""
    answers: list[dict[str, Any]] = []
    for component in components:
        kind = component.get("type")
        if kind == 1:
            answers.append({"type": 1, "components": _modal_answers(component.get("components") or [], values)})
        elif kind == 18:
            inner = _modal_answers([component["component"]], values)
            answers.append({"type": 18, "component": inner[0]})
        elif kind == 4:
            custom_id = component["custom_id"]
            value = values.pop(custom_id, component.get("value") or "")
            if component.get("required", True) and not value:
                raise FakeDiscordError(f"modal text input {custom_id!r} is required")
            answers.append({"type": 4, "custom_id": custom_id, "value": value})
        elif kind == STRING_SELECT:
            custom_id = component["custom_id"]
            answers.append({"type": kind, "custom_id": custom_id, "values": list(values.pop(custom_id, []))})
    return answers
