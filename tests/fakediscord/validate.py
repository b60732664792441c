"""Discord's size limits on what a bot sends, enforced so that a bot breaking them fails here too.

Every check raises ApiError 50035 'Invalid Form Body' naming the field, like Discord.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .errors import ApiError, invalid_form

COMPONENTS_V2 = 1 << 15
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECT_TYPES = {3, 5, 6, 7, 8}
LINK_STYLE, PREMIUM_STYLE = 5, 6


def _check_len(value: Any, limit: int, field: str, *, minimum: int = 0) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        raise invalid_form(field, "Must be a string.")
    if not minimum <= len(value) <= limit:
        raise invalid_form(field, f"Must be between {minimum} and {limit} in length.")


def check_message(
    *,
    content: str,
    embeds: list[dict[str, Any]],
    components: list[dict[str, Any]],
    flags: int,
    attachment_count: int,
    creating: bool,
    has_stickers: bool = False,
) -> None:
    if flags & COMPONENTS_V2:
        if content or embeds:
            raise invalid_form("content", "Messages with IS_COMPONENTS_V2 cannot have content or embeds.")
    else:
        _check_len(content, 2000, "content")
    if creating and not (content or embeds or components or attachment_count or has_stickers):
        raise ApiError(400, 50006, "Cannot send an empty message")
    if len(embeds) > 10:
        raise invalid_form("embeds", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        total += check_embed(embed, f"embeds.{i}")
    if total > 6000:
        raise invalid_form("embeds", "Embed size exceeds maximum size of 6000")
    if attachment_count > 10:
        raise invalid_form("attachments", "Must be 10 or fewer in length.")
    check_components(components, v2=bool(flags & COMPONENTS_V2))


def check_embed(embed: dict[str, Any], field: str) -> int:
    _check_len(embed.get("title"), 256, f"{field}.title")
    _check_len(embed.get("description"), 4096, f"{field}.description")
    size = len(embed.get("title") or "") + len(embed.get("description") or "")
    fields = embed.get("fields") or []
    if len(fields) > 25:
        raise invalid_form(f"{field}.fields", "Must be 25 or fewer in length.")
    for j, f in enumerate(fields):
        _check_len(f.get("name"), 256, f"{field}.fields.{j}.name", minimum=1)
        _check_len(f.get("value"), 1024, f"{field}.fields.{j}.value", minimum=1)
        size += len(f.get("name") or "") + len(f.get("value") or "")
    footer = embed.get("footer") or {}
    _check_len(footer.get("text"), 2048, f"{field}.footer.text")
    author = embed.get("author") or {}
    _check_len(author.get("name"), 256, f"{field}.author.name")
    return size + len(footer.get("text") or "") + len(author.get("name") or "")


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, through rows, containers, sections, labels and accessories."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("accessory", "component"):
            child = component.get(key)
            if child:
                yield from walk_components([child])


def check_components(components: list[dict[str, Any]], *, v2: bool) -> None:
    if not v2:
        if len(components) > 5:
            raise invalid_form("components", "Must be 5 or fewer in length.")
        for i, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                raise invalid_form(f"components.{i}", "Top-level components must be action rows.")
            children = row.get("components") or []
            selects = [c for c in children if c.get("type") in SELECT_TYPES]
            if not children or len(children) > 5 or (selects and len(children) > 1):
                raise invalid_form(f"components.{i}.components", "An action row holds 1-5 buttons or one select.")
    elif sum(1 for _ in walk_components(components)) > 40:
        raise invalid_form("components", "Must be 40 or fewer in total.")
    seen: set[str] = set()
    for component in walk_components(components):
        check_component(component, seen)


def check_component(component: dict[str, Any], seen: set[str]) -> None:
    kind = component.get("type")
    custom_id = component.get("custom_id")
    if kind == BUTTON:
        style = component.get("style")
        if style not in range(1, 7):
            raise invalid_form("components.style", f"Invalid button style {style!r}.")
        _check_len(component.get("label"), 80, "components.label")
        if style == LINK_STYLE and not component.get("url"):
            raise invalid_form("components.url", "Link buttons need a url.")
        if style not in (LINK_STYLE, PREMIUM_STYLE) and not custom_id:
            raise invalid_form("components.custom_id", "Buttons need a custom_id.")
    elif kind in SELECT_TYPES:
        if not custom_id:
            raise invalid_form("components.custom_id", "Selects need a custom_id.")
        _check_len(component.get("placeholder"), 150, "components.placeholder")
        if kind == STRING_SELECT:
            options = component.get("options") or []
            if not 1 <= len(options) <= 25:
                raise invalid_form("components.options", "Must be between 1 and 25 in length.")
            for option in options:
                _check_len(option.get("label"), 100, "components.options.label", minimum=1)
                _check_len(option.get("value"), 100, "components.options.value", minimum=1)
    if custom_id is not None:
        _check_len(custom_id, 100, "components.custom_id", minimum=1)
        if custom_id in seen:
            raise invalid_form("components.custom_id", f"Component custom id {custom_id!r} is duplicated.")
        seen.add(custom_id)


def check_choices(choices: Any) -> None:
    if not isinstance(choices, list) or len(choices) > 25:
        raise invalid_form("data.choices", "Must be 25 or fewer in length.")
    for i, choice in enumerate(choices):
        _check_len(choice.get("name"), 100, f"data.choices.{i}.name", minimum=1)
        value = choice.get("value")
        if isinstance(value, str):
            _check_len(value, 100, f"data.choices.{i}.value", minimum=1)
        elif not isinstance(value, int | float) or isinstance(value, bool):
            raise invalid_form(f"data.choices.{i}.value", "Must be a string, integer or number.")


def check_modal(modal: dict[str, Any]) -> None:
    _check_len(modal.get("title"), 45, "data.title", minimum=1)
    _check_len(modal.get("custom_id"), 100, "data.custom_id", minimum=1)
    components = modal.get("components") or []
    if not 1 <= len(components) <= 5:
        raise invalid_form("data.components", "Must be between 1 and 5 in length.")
