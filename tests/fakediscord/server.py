"""The aiohttp server: REST under /api/v10, the gateway websocket at /gateway, files at /attachments.

Every REST request is logged (method, path, route, time, status) and flagged when it is an
interaction response; anything without a handler is logged loudly, answered 404 with a JSON
body naming it, and kept in ``unhandled`` so that tests can assert nothing was missed.
"""

from __future__ import annotations

import http
import json
import logging
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from multidict import MultiDictProxy

from .errors import ApiError
from .interactions import ATTACHMENT_SIZE_LIMIT
from .messages import Upload
from .model import World
from .ratelimits import RateLimits

log = logging.getLogger("fakediscord")

API_PREFIX = re.compile(r"^/api/v(\d+)(/.*)$")
MAX_BODY = 64 * 1024 * 1024


@dataclass
class Call:
    """One parsed REST request as handlers see it."""

    method: str
    path: str
    params: dict[str, str]
    query: MultiDictProxy[str]
    body: Any
    uploads: list[Upload]
    headers: Mapping[str, str] = field(default_factory=dict)


class Reply:
    """A non-default answer: a status other than 200 (204 when ``body`` is None)."""

    def __init__(self, body: Any = None, status: int | None = None) -> None:
        self.body = body
        self.status = status if status is not None else (204 if body is None else 200)


Handler = Callable[[Call], Any]


@dataclass
class Route:
    method: str
    template: str
    pattern: re.Pattern[str]
    handler: Handler
    interaction_response: bool


class Router:
    """Routes by method and a path template such as ``/channels/{channel_id}/messages``."""

    def __init__(self) -> None:
        self.routes: list[Route] = []

    def route(self, method: str, template: str, *, interaction_response: bool = False) -> Callable[[Handler], Handler]:
        regex = "^" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template) + "$"

        def register(handler: Handler) -> Handler:
            self.routes.append(Route(method, template, re.compile(regex), handler, interaction_response))
            return handler

        return register

    def find(self, method: str, template: str) -> Route | None:
        return next((r for r in self.routes if r.method == method and r.template == template), None)

    def match(self, method: str, path: str) -> tuple[Route, dict[str, str]] | None:
        for route in self.routes:
            if route.method == method:
                found = route.pattern.match(path)
                if found:
                    return route, found.groupdict()
        return None


# Messages Discord sends with these JSON error codes (used when fail_requests is given none).
ERROR_MESSAGES = {
    10003: "Unknown Channel",
    10008: "Unknown Message",
    10062: "Unknown interaction",
    50001: "Missing Access",
    50007: "Cannot send messages to this user",
    50013: "Missing Permissions",
    50083: "Thread is archived",
    130000: "API resource is currently overloaded. Try again a little later",
}


@dataclass(eq=False)
class Failure:
    """An injected error: matching REST calls answer ``status`` / ``code`` instead of being handled.

    ``remaining`` counts down from ``count`` (None: until ``clear_failures``); ``hits`` counts the
    calls answered with this error (discord.py's own retries of a 5xx included).
    """

    method: str
    route: str
    status: int
    code: int
    message: str
    channel_id: int | None = None
    remaining: int | None = None
    hits: int = 0

    @property
    def active(self) -> bool:
        return self.remaining is None or self.remaining > 0

    def matches(self, method: str, route: Route, params: dict[str, str]) -> bool:
        return (
            self.active
            and method == self.method
            and route.template == self.route
            and (self.channel_id is None or params.get("channel_id") == str(self.channel_id))
        )

    def take(self) -> web.Response:
        self.hits += 1
        if self.remaining is not None:
            self.remaining -= 1
        return json_response({"code": self.code, "message": self.message}, self.status)


def default_error_message(status: int, code: int) -> str:
    if code in ERROR_MESSAGES:
        return ERROR_MESSAGES[code]
    try:
        return f"{status}: {http.HTTPStatus(status).phrase}"
    except ValueError:
        return f"{status}: Error"


@dataclass
class RequestRecord:
    method: str
    path: str
    route: str | None
    started: float
    duration: float = 0.0
    status: int = 0
    interaction_response: bool = False
    injected: bool = False
    """Answered by an injected failure (``fail_requests``) instead of its handler."""


@dataclass
class RequestLog:
    records: list[RequestRecord] = field(default_factory=list)

    def count(self, *, since: float = 0.0, interaction_responses: bool | None = None) -> int:
        """Requests started at or after ``since`` (time.perf_counter), optionally only (non-)responses."""
        return sum(
            1
            for r in self.records
            if r.started >= since and (interaction_responses is None or r.interaction_response == interaction_responses)
        )


def json_response(body: Any, status: int = 200) -> web.Response:
    # discord.py only decodes JSON when the content type is exactly application/json.
    return web.Response(body=json.dumps(body).encode(), status=status, content_type="application/json")


class Server:
    def __init__(self, world: World, router: Router, gateway_handler: Callable[[web.Request], Any]) -> None:
        self.world = world
        self.router = router
        self._gateway_handler = gateway_handler
        self.requests = RequestLog()
        self.unhandled: list[str] = []
        self.errors: list[str] = []
        self.failures: list[Failure] = []
        self.rate_limits: RateLimits | None = None
        """Discord's rate limits, enforced when set (``FakeDiscord(rate_limits=…)``)."""
        self.host = "127.0.0.1"
        self.port = 0
        self._runner: web.AppRunner | None = None

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    async def start(self) -> None:
        app = web.Application(client_max_size=MAX_BODY)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        # A deep accept backlog: 200 concurrent games open ~200 connections at once.
        site = web.TCPSite(self._runner, self.host, 0, backlog=1024)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self.world.cdn_base = self.base_url

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path.rstrip("/") == "/gateway":
            return await self._gateway_handler(request)
        if path.startswith("/attachments/"):
            return self._attachment(path)
        found = API_PREFIX.match(path)
        if not found:
            return self._unhandled(request.method, path)
        return await self._rest(request, found.group(2))

    async def _rest(self, request: web.Request, path: str) -> web.StreamResponse:
        record = RequestRecord(request.method, path, None, time.perf_counter())
        self.requests.records.append(record)
        matched = self.router.match(request.method, path)
        if matched is None:
            response = self._unhandled(request.method, path)
        else:
            route, params = matched
            record.route = route.template
            record.interaction_response = route.interaction_response and self._is_ours(params)
            refusal, limit_headers = (
                (None, {})
                if self.rate_limits is None
                else self.rate_limits.admit(
                    request.method, route.template, params, interaction=route.interaction_response
                )
            )
            failure = next((f for f in self.failures if f.matches(request.method, route, params)), None)
            if refusal is not None:
                log.info("fakediscord: %s %s -> 429 (%s rate limit)", request.method, path, refusal.scope)
                await request.read()
                body = {
                    "message": "You are being rate limited.",
                    "retry_after": refusal.retry_after,
                    "global": refusal.scope == "global",
                }
                response = json_response(body, 429)
            elif failure is not None:
                log.info(
                    "fakediscord: %s %s -> injected %s (code %s)", request.method, path, failure.status, failure.code
                )
                record.injected = True
                await request.read()
                response = failure.take()
                self.failures = [f for f in self.failures if f.active]
            else:
                response = await self._call(route, request, path, params)
            response.headers.update(limit_headers)
        record.status = response.status
        record.duration = time.perf_counter() - record.started
        return response

    def _is_ours(self, params: dict[str, str]) -> bool:
        app_id = params.get("application_id")
        return app_id is None or app_id == str(self.world.bot.id)

    async def _call(self, route: Route, request: web.Request, path: str, params: dict[str, str]) -> web.Response:
        try:
            body, uploads = await _read_body(request)
            result = route.handler(Call(request.method, path, params, request.query, body, uploads, request.headers))
        except ApiError as error:
            log.info("fakediscord: %s %s -> %s", request.method, path, error)
            return json_response(error.body(), error.status)
        except Exception as error:
            # A bug in fakediscord itself; 400 (not 500, which discord.py retries with sleeps).
            log.exception("fakediscord: %s %s crashed", request.method, path)
            self.errors.append(f"{request.method} {path}: {error!r}")
            return json_response({"code": 0, "message": f"fakediscord crashed: {error!r}"}, 400)
        if isinstance(result, Reply):
            return json_response(result.body, result.status) if result.body is not None else web.Response(status=204)
        return json_response(result)

    def _unhandled(self, method: str, path: str) -> web.Response:
        text = f"{method} {path}"
        log.error("fakediscord: unimplemented %s", text)
        self.unhandled.append(text)
        return json_response({"code": 0, "message": f"fakediscord: unimplemented {text}"}, 404)

    def _attachment(self, path: str) -> web.Response:
        parts = path.split("/")
        attachment = self.world.attachments.get(int(parts[2])) if len(parts) > 2 and parts[2].isdigit() else None
        if attachment is None:
            return self._unhandled("GET", path)
        return web.Response(body=attachment.data, content_type=attachment.content_type or "application/octet-stream")


async def _read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    if not request.body_exists:
        return None, []
    content_type = request.headers.get("Content-Type", "")
    raw = await request.read()
    if content_type.startswith("multipart/form-data"):
        return _parse_multipart(content_type, raw)
    return (json.loads(raw) if raw else None), []


_BOUNDARY = re.compile(r'boundary="?([^";]+)"?')
_PARAM = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')
_PART_TYPE = re.compile(r"(?im)^content-type:\s*([^\r\n;]+)")


def _parse_multipart(content_type: str, raw: bytes) -> tuple[Any, list[Upload]]:
    """``payload_json`` plus ``files[n]`` parts, as discord.py's FormData (quote_fields=False) writes them.

    A small parser of our own: aiohttp's request.post() costs ~0.7 ms per request, which shows
    in benchmarks where the bot and the stand-in share one event loop.
    """
    found = _BOUNDARY.search(content_type)
    if found is None:
        raise ApiError(400, 50035, "Invalid Form Body: multipart without boundary")
    body: Any = {}
    uploads: list[Upload] = []
    for part in raw.split(b"--" + found.group(1).encode())[1:]:
        if part.startswith(b"--"):
            break
        head, _, data = part.partition(b"\r\n\r\n")
        data = data.removesuffix(b"\r\n")
        headers = head.decode("utf-8", "replace")
        params = {k: re.sub(r"\\(.)", r"\1", v) for k, v in _PARAM.findall(headers)}
        name = params.get("name")
        if name == "payload_json":
            body = json.loads(data)
        elif name and (index := re.fullmatch(r"files\[(\d+)\]", name)):
            if len(data) > ATTACHMENT_SIZE_LIMIT:
                raise ApiError(413, 40005, "Request entity too large")
            part_type = _PART_TYPE.search(headers)
            filename = params.get("filename", name)
            uploads.append(Upload(int(index.group(1)), filename, data, part_type.group(1) if part_type else None))
    return body, uploads
