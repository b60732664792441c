"""The two ways things go wrong: the bot made a bad API call, or the test asked for the impossible."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An error response Discord would give; the server turns it into JSON with this status."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} (code {code}): {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            body["errors"] = self.errors
        return body


def invalid_form(field: str, message: str) -> ApiError:
    """Discord's 50035 'Invalid Form Body', naming the offending field."""
    return ApiError(400, 50035, "Invalid Form Body", {field: {"_errors": [{"code": "INVALID", "message": message}]}})


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


MISSING_PERMISSIONS = 50013
CANNOT_DM = 50007
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_GUILD = 10004
UNKNOWN_MEMBER = 10007
UNKNOWN_COMMAND = 10063
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
ARCHIVED_THREAD = 50083


def missing_permissions() -> ApiError:
    return ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")


class FakeDiscordError(AssertionError):
    """A test asked for something a real Discord user could not do (or waited in vain).

    It subclasses AssertionError so that pytest reports it as a plain test failure.
    """
