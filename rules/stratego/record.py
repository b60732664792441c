"""Game records (SG-9.3) and replay.

A record is text: ``Key: value`` header lines (options, seat colours, seed, both setups as SG-3.4
codes, result), a blank line, then one line per action: ``red A4xA5 (6x4)``, ``blue R:7@C3``,
``red offer-draw``. While a game runs, a record for one seat carries only that seat's setup and
the battle results that seat may know; the complete record (both setups and the seed) exists
only once the game is over, so a record can never leak a secret.
"""

from __future__ import annotations

from typing import Any

from rules.errors import BadNotation
from rules.stratego import engine
from rules.stratego.actions import AcceptDraw, OfferDraw, PlaceSetup, Ready, parse_action
from rules.stratego.board import BLUE, COLOURS, RED
from rules.stratego.setup import parse_code, to_code, to_gravon
from rules.stratego.state import StrategoState
from rules.stratego.view import history

HIDDEN = "hidden"


def record(st: StrategoState, seat: int | None, *, seed: int | None = None) -> str:
    """The record as ``seat`` (or the public) may read it; complete once the game is over."""
    over = st.phase == "over"
    me = None if seat is None else st.seat_colour[seat]
    lines = [
        "Game: stratego",
        *(f"Option {k}: {_fmt(v)}" for k, v in sorted(st.options.items())),
        f"Red seat: {st.seat_of(RED)}",
    ]
    if over and seed is not None:
        lines.append(f"Seed: {seed}")
    for colour in (RED, BLUE):
        known = st.phase != "setup" and (over or colour == me)
        word = COLOURS[colour].capitalize()
        lines.append(f"{word} setup: {to_code(st.drafts[colour]) if known else HIDDEN}")
        if known:  # SG-3.5: the export writes both forms
            lines.append(f"{word} StraDoS2: {to_gravon(st.drafts[colour], colour)}")
    if over:
        winner = COLOURS[st.winner] if st.winner >= 0 else "draw"
        lines.append(f"Result: {winner} {st.reason}")
    else:
        lines.append("Result: *")
    lines.append("")
    lines.extend(f"{h.colour} {h.notation}" for h in history(st, seat))
    lines.extend(_meta_lines(st))
    return "\n".join(lines) + "\n"


def _meta_lines(st: StrategoState) -> list[str]:
    """Resignation and agreed draws end the game after the last move; an open offer is shown too."""
    if st.reason == "resign":
        return [f"{COLOURS[1 - st.winner]} resign"]
    if st.reason == "agreed_draw":
        return ["draw agreed"]
    if st.draw_offer >= 0:
        return [f"{COLOURS[st.draw_offer]} offer-draw"]
    return []


def _fmt(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def _parse_value(text: str) -> Any:
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        return text


def replay(text: str) -> StrategoState:
    """Rebuild the final position from a complete record (SG-9.3)."""
    header, _, body = text.partition("\n\n")
    fields: dict[str, str] = {}
    for line in header.splitlines():
        key, sep, value = line.partition(":")
        if not sep:
            raise BadNotation("record_header", line=line)
        fields[key.strip()] = value.strip()
    options = {k[len("Option ") :]: _parse_value(v) for k, v in fields.items() if k.startswith("Option ")}
    red_seat = int(fields["Red seat"])
    if "Seed" not in fields:  # colours then come from the record, not from a seed
        options["colours"] = "seat0_red" if red_seat == 0 else "seat0_blue"
    st = engine.new(2, options, int(fields.get("Seed", "0")))
    if st.seat_of(RED) != red_seat:
        raise BadNotation("record_seat", red_seat=red_seat)
    for colour in (RED, BLUE):
        code = fields[f"{COLOURS[colour].capitalize()} setup"]
        if code == HIDDEN:
            raise BadNotation("record_incomplete", missing=f"{COLOURS[colour]} setup")
        seat = st.seat_of(colour)
        engine.apply(st, seat, PlaceSetup(parse_code(code, st.army)))
    for colour in (RED, BLUE):
        engine.apply(st, st.seat_of(colour), Ready())
    for n, line in enumerate(body.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if line == "draw agreed":
            offerer = st.draw_offer if st.draw_offer >= 0 else RED
            if st.draw_offer < 0:
                engine.apply(st, st.seat_of(offerer), OfferDraw())
            engine.apply(st, st.seat_of(1 - offerer), AcceptDraw())
            continue
        who, _, notation = line.partition(" ")
        if who not in COLOURS:
            raise BadNotation("record_line", line=n, text=line)
        seat = st.seat_of(COLOURS.index(who))
        engine.apply(st, seat, parse_action(notation, st.army))
    return st


__all__ = ["record", "replay"]
