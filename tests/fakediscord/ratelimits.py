"""Discord's rate limits, as the stand-in enforces them when asked (``FakeDiscord(rate_limits=…)``).

* A **global** limit per bot token: ``per_second`` requests in each window of ``window`` seconds
  (Discord: 50 per second); one more is answered 429 ``{"message", "retry_after", "global": true}``
  with ``X-RateLimit-Global: true``, ``X-RateLimit-Scope: global`` and ``Retry-After``. Interaction
  endpoints (the callback, the follow-ups and ``@original`` under the interaction's token) are not
  bound by it, as on Discord.
* **Per-route buckets**: a route template listed in ``buckets`` allows ``limit`` requests per
  ``per`` seconds for each value of its major parameter (channel, guild or webhook); every answer
  carries ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset``, ``-Reset-After`` and ``-Bucket``, and
  a request over the limit is answered 429 (``X-RateLimit-Scope: user``).

Every 429 also carries ``Via`` (discord.py takes a 429 without it for Cloudflare's ban and raises
at once). Time is real (``time.monotonic``): discord.py sleeps real seconds before its retry. A
refused request changes nothing and does not count against a limit. ``refused`` and ``admitted``
count the answers, so tests can assert that discord.py's own pacing kept every request within
the limits, or that N requests were refused and retried.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

MESSAGES = "/channels/{channel_id}/messages"
DEFAULT_BUCKETS: Mapping[tuple[str, str], tuple[int, float]] = {
    ("POST", MESSAGES): (5, 5.0),
    ("PATCH", MESSAGES + "/{message_id}"): (5, 5.0),
    ("DELETE", MESSAGES + "/{message_id}"): (5, 1.0),
}
"""(method, route) → (limit, seconds): Discord's well-known ones, 5 messages per 5 s per channel."""
MAJOR_PARAMETERS = ("channel_id", "guild_id", "webhook_id")


@dataclass
class Refusal:
    method: str
    route: str
    scope: str
    """``global`` or ``user`` (a route's bucket)."""
    retry_after: float


@dataclass
class _Window:
    limit: int
    per: float
    start: float = -math.inf
    used: int = 0

    def reset_at(self, now: float) -> float:
        if now >= self.start + self.per:
            self.start, self.used = now, 0
        return self.start + self.per


@dataclass
class RateLimits:
    per_second: int = 50
    """Requests per global window (Discord: 50 per second per bot token)."""
    window: float = 1.0
    """The global window's length in seconds (tests may shorten it to run a burst faster)."""
    buckets: Mapping[tuple[str, str], tuple[int, float]] = field(default_factory=lambda: dict(DEFAULT_BUCKETS))
    clock: Callable[[], float] = time.monotonic
    refused: list[Refusal] = field(default_factory=list)
    admitted: int = 0
    """Requests let through (interaction endpoints included)."""
    _global: _Window | None = None
    _routes: dict[tuple[str, str, str], _Window] = field(default_factory=dict)

    def admit(
        self, method: str, route: str, params: Mapping[str, str], *, interaction: bool
    ) -> tuple[Refusal | None, dict[str, str]]:
        """Count one request: the refusal when it is over a limit, and the headers of its answer."""
        now = self.clock()
        bucket = self._bucket(method, route, params)
        headers: dict[str, str] = {}
        if bucket is not None:
            reset = bucket.reset_at(now)
            if bucket.used >= bucket.limit:
                return self._refuse(method, route, "user", reset - now, self._headers(method, route, bucket, now))
        if not interaction:
            if self._global is None:
                self._global = _Window(self.per_second, self.window)
            reset = self._global.reset_at(now)
            if self._global.used >= self._global.limit:
                refusal, headers = self._refuse(method, route, "global", reset - now, {"X-RateLimit-Global": "true"})
                return refusal, headers
            self._global.used += 1
        if bucket is not None:
            bucket.used += 1
            headers = self._headers(method, route, bucket, now)
        self.admitted += 1
        return None, headers

    def count(self, scope: str | None = None) -> int:
        """How many requests were refused (of one scope: ``global`` or ``user``)."""
        return sum(1 for r in self.refused if scope is None or r.scope == scope)

    def _bucket(self, method: str, route: str, params: Mapping[str, str]) -> _Window | None:
        spec = self.buckets.get((method, route))
        if spec is None:
            return None
        major = next((params[p] for p in MAJOR_PARAMETERS if p in params), "")
        key = (method, route, major)
        if key not in self._routes:
            self._routes[key] = _Window(*spec)
        return self._routes[key]

    def _refuse(
        self, method: str, route: str, scope: str, retry_after: float, headers: dict[str, str]
    ) -> tuple[Refusal, dict[str, str]]:
        refusal = Refusal(method, route, scope, round(max(retry_after, 0.001), 3))
        self.refused.append(refusal)
        headers = {
            **headers,
            "X-RateLimit-Scope": scope,
            "Retry-After": str(math.ceil(refusal.retry_after)),
            "Via": "1.1 google",
        }
        return refusal, headers

    @staticmethod
    def _headers(method: str, route: str, bucket: _Window, now: float) -> dict[str, str]:
        reset_after = max(bucket.start + bucket.per - now, 0.0)
        return {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(max(bucket.limit - bucket.used, 0)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(f"{method} {route}".encode()).hexdigest()[:16],
        }
