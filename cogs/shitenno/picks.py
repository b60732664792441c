"""Shitenno's decisions as presses and selects, without Discord (issue 19 §3): what the cog's
private pickers offer, as :class:`~cogs.table.ui.ButtonSpec` / :class:`~cogs.table.ui.SelectSpec`,
so a test can walk them and show that every legal decision is reachable by presses alone.

- **Conquer…** → a select of the provinces a position can be taken in now (position and VP) →
  a select of the ways to pay, from the engine's legal payments (:func:`conquest_payments`).
  More than 25 ways are narrowed: by kind (troops or koku) and then by the next card or tile of
  the payment, with the ways counted, and paged by 24 when one step still has more than 25.
- **Offer a lot** → a title → the cards; **Split the pool** → the title of lot A → the title of
  lot B (every pair the rules allow, SH-7.5) → the cards of lot A.

Select values are short: ``p.<i>`` pays with the ``i``-th legal payment, ``n.<i>.<depth>.<page>``
narrows to the payments that share their first ``depth`` parts with the ``i``-th. The version on
every component makes an index stale once the game moved on (the same list is computed again
for the same version).
"""

from __future__ import annotations

from collections.abc import Sequence

from cogs.table.ui import ButtonSpec, Pick, SelectSpec
from cogs.texts import join_words, shorten, t, tn
from rules.shitenno.actions import ConquerKoku, ConquerTroops
from rules.shitenno.content import CONTENT
from rules.shitenno.engine import can_conquer, conquest_payments
from rules.shitenno.state import ShitennoState

MAX_OPTIONS = 25
PAGE = MAX_OPTIONS - 1
LABEL_LIMIT = 100
TROOP_TYPES = ("BU", "SA", "SH", "SO")

Payment = ConquerTroops | ConquerKoku


# -- words ------------------------------------------------------------------------------------


def province_words(pid: str, locale: str) -> str:
    """``CHUBU`` as ``Chūbu``: the name the players read (id-keyed words)."""
    return t(f"sh.province.{pid}", locale)


def troop_word(troop: str, n: int, locale: str) -> str:
    """``2 shinobi``, ``1 sōhei``."""
    return tn(f"sh.troops.{troop}", n, locale)


def card_words(label: str, locale: str) -> str:
    """A card or tile in words, as players read it (issue 44 §3: no ids, DESIGN §5): ``T9`` as
    ``samurai + bushi``, ``K3`` as ``2 koku``, a tile as what it does and its troop. Cards alike
    in words are alike in play; the ids stay in the notation (``act``, options, the record)."""
    if label in CONTENT.troop:
        kinds = " + ".join(t(f"sh.troop.{x}", locale) for x in CONTENT.troop[label])
        return t("sh.troop_card", locale, kinds=kinds)
    if label in CONTENT.koku:
        return t("sh.koku_card", locale, n=CONTENT.koku[label])
    if label in CONTENT.tiles:
        troop, effect = CONTENT.tiles[label]
        return t("sh.tile", locale, effect=t(f"sh.effect.{effect}", locale), troop=t(f"sh.troop.{troop}", locale))
    return label


def cards_words(labels: Sequence[str], locale: str, empty: str = "sh.no_cards") -> str:
    """Cards (or tiles) in words, alike ones counted once (``2× bushi, samurai + sōhei``), in
    the order they first come; ``empty``: the key of what an empty list is called."""
    counted: dict[str, int] = {}
    for label in labels:
        words = card_words(label, locale)
        counted[words] = counted.get(words, 0) + 1
    if not counted:
        return t(empty, locale)
    return ", ".join(words if n == 1 else t("sh.n_alike", locale, n=n, card=words) for words, n in counted.items())


def yielded(
    troops: Sequence[str], koku: Sequence[str], plus: Sequence[str], exchanges: dict[str, str], joker: str | None
) -> dict[str, int]:
    """What a troop payment yields by type (SH-8.5): each symbol its printed type unless exchanged,
    +1 on a symbol one more of its printed type, an exchanged koku card one troop, the joker one."""
    out: dict[str, int] = {}

    def add(kind: str) -> None:
        out[kind] = out.get(kind, 0) + 1

    for card in troops:
        for i, printed in enumerate(CONTENT.troop.get(card, ()), 1):
            add(exchanges.get(f"{card}.{i}", printed))
    for on in plus:
        card, _, idx = on.partition(".")
        symbols = CONTENT.troop.get(card, ())
        if idx.isdigit() and 1 <= int(idx) <= len(symbols):
            add(symbols[int(idx) - 1])
    for card in koku:
        if card in exchanges:
            add(exchanges[card])
    if joker:
        add(joker)
    return out


def troops_words(counts: dict[str, int], locale: str) -> str:
    return join_words([troop_word(x, counts[x], locale) for x in TROOP_TYPES if counts.get(x)], locale)


def koku_total(koku: Sequence[str], plus: int, exchanged_symbols: int) -> int:
    return sum(CONTENT.koku.get(k, 0) for k in koku) + plus + exchanged_symbols


def payment_phrase(a: Payment, locale: str) -> str:
    """A payment in words as the news tells it: ``2 shinobi and 1 sōhei (2 cards, an exchange
    tile)`` or ``5 koku (2 koku cards, a +1 tile)``."""
    if isinstance(a, ConquerTroops):
        exchanges = {on: to for _tile, on, to in a.exchanges}
        counts = yielded(a.troops, a.koku, [on for _tile, on in a.plus], exchanges, a.joker)
        return t(
            "sh.pay_troops",
            locale,
            troops=troops_words(counts, locale),
            used=used_words(len(a.troops), len(a.koku), len(a.plus), len(a.exchanges), bool(a.joker), locale),
        )
    total = koku_total(a.koku, len(a.plus), len(a.exchanges))
    return t(
        "sh.pay_koku",
        locale,
        n=total,
        used=used_words(len(a.troops), len(a.koku), len(a.plus), len(a.exchanges), False, locale),
    )


def used_words(troops: int, koku: int, plus: int, exchanges: int, joker: bool, locale: str) -> str:
    parts = []
    if troops:
        parts.append(tn("sh.n_troop_cards", troops, locale))
    if koku:
        parts.append(tn("sh.n_koku_cards", koku, locale))
    if plus:
        parts.append(tn("sh.n_plus_tiles", plus, locale))
    if exchanges:
        parts.append(tn("sh.n_exchange_tiles", exchanges, locale))
    if joker:
        parts.append(t("sh.the_joker", locale))
    return join_words(parts, locale)


def token_words(token: str, locale: str) -> str:
    """One part of a payment's notation in words (the select's labels; the notation stays as the
    small print under each option)."""
    if token in ("conquer", "buy"):
        return t(f"sh.pay_kind.{token}", locale)
    if token in CONTENT.troop or token in CONTENT.koku:
        return card_words(token, locale)
    if token.startswith("+"):
        on = token[1:].partition("@")[2]
        return (
            t("sh.pay_plus", locale, on=card_words(on.split(".")[0], locale)) if on else t("sh.pay_plus_koku", locale)
        )
    if token.startswith("x"):
        on, _, to = token[1:].partition("@")[2].partition("=")
        card = card_words(on.split(".")[0], locale)
        if to:
            return t("sh.pay_exchange_to", locale, on=card, troop=t(f"sh.troop.{to}", locale))
        return t("sh.pay_exchange_koku", locale, on=card)
    if token.startswith("joker="):
        return t("sh.pay_joker", locale, troop=t(f"sh.troop.{token.split('=')[1]}", locale))
    return token


def tokens_of(a: Payment) -> list[str]:
    """``conquer KANTO T1 T4 +B2@T1.1`` → ``["conquer", "T1", "T4", "+B2@T1.1"]``."""
    words = a.notation().split()
    return [words[0], *words[2:]]


def payment_label(a: Payment, locale: str) -> str:
    """A whole payment as an option: what it yields, then its cards and tiles."""
    parts = ", ".join(token_words(x, locale) for x in tokens_of(a)[1:])
    return shorten(t("sh.pay_option", locale, what=payment_phrase(a, locale), parts=parts), LABEL_LIMIT)


# -- the pickers ------------------------------------------------------------------------------


def conquerable(state: ShitennoState, seat: int) -> list[str]:
    """The provinces ``seat`` can take a position in now (one payment found is enough)."""
    return [p.id for p in CONTENT.provinces if can_conquer(state, seat, p.id)]


def may_conquer(state: ShitennoState, seat: int) -> bool:
    """Whether ``seat`` can take a position in some province now (the "Conquer…" button)."""
    return any(can_conquer(state, seat, p.id) for p in CONTENT.provinces)


def province_pick(state: ShitennoState, seat: int, version: int, locale: str) -> Pick:
    """Step 1 of a conquest: which province (with the position and its VP)."""
    options = []
    for pid in conquerable(state, seat):
        taken = len(state.board[pid])
        vp = CONTENT.province[pid].values[taken]
        label = t("sh.province_choice", locale, province=province_words(pid, locale), position=taken + 1, vp=vp)
        options.append((shorten(label, LABEL_LIMIT), pid, ""))
    if not options:
        return Pick(t("sh.nothing_to_conquer", locale), [])
    spec = SelectSpec("conquer_province", t("sh.province_placeholder", locale), options, 1, 1, version)
    return Pick(t("sh.pick_province", locale), [spec])


def payment_pick(state: ShitennoState, seat: int, province: str, version: int, locale: str, narrow: str = "") -> Pick:
    """Step 2: how to pay, among the legal payments; ``narrow`` is a select value ``n.…``."""
    ways = conquest_payments(state, seat, province) if province in CONTENT.province else []
    if not ways:
        return Pick(t("sh.nothing_to_conquer", locale), [])
    tokens = [tokens_of(a) for a in ways]
    anchor, depth, page = 0, 0, 0
    if narrow.startswith("n."):
        anchor, depth, page = (int(x) for x in narrow.split(".")[1:4])
    prefix = tokens[anchor][:depth] if anchor < len(ways) else []
    chosen = [i for i, tk in enumerate(tokens) if tk[:depth] == prefix]
    options: list[tuple[str, str, str]]
    if len(chosen) <= MAX_OPTIONS:
        options = [(payment_label(ways[i], locale), f"p.{i}", shorten(ways[i].notation(), LABEL_LIMIT)) for i in chosen]
    else:
        depth = common_depth([tokens[i] for i in chosen], depth)
        groups: dict[str | None, list[int]] = {}
        for i in chosen:
            tk = tokens[i]
            groups.setdefault(tk[depth] if len(tk) > depth else None, []).append(i)
        options = []
        for key, members in groups.items():
            first = members[0]
            if len(members) == 1 or key is None:
                options += [
                    (payment_label(ways[i], locale), f"p.{i}", shorten(ways[i].notation(), LABEL_LIMIT))
                    for i in members
                ]
                continue
            words = ", ".join(token_words(x, locale) for x in tokens[first][: depth + 1])
            label = shorten(tn("sh.pay_group", len(members), locale, parts=words), LABEL_LIMIT)
            options.append((label, f"n.{first}.{depth + 1}.0", ""))
    if len(options) > MAX_OPTIONS:
        more = len(options) - (page + 1) * PAGE
        options = options[page * PAGE : (page + 1) * PAGE]
        if more > 0:
            options.append((tn("sh.pay_more", more, locale), f"n.{chosen[0]}.{depth}.{page + 1}", ""))
    spec = SelectSpec("conquer_pay", t("sh.pay_placeholder", locale), options, 1, 1, version, province)
    text = t("sh.pick_payment", locale, province=province_words(province, locale), n=len(chosen))
    return Pick(text, [spec])


def common_depth(tokens: list[list[str]], depth: int) -> int:
    """How many first parts all these payments share (at least ``depth``)."""
    shortest = min(len(tk) for tk in tokens)
    while depth < shortest and len({tk[depth] for tk in tokens}) == 1:
        depth += 1
    return depth


def chosen_payment(state: ShitennoState, seat: int, province: str, value: str) -> Payment | None:
    """The payment a ``p.<i>`` value names (``None``: not one, or no longer legal)."""
    if not value.startswith("p.") or province not in CONTENT.province:
        return None
    ways = conquest_payments(state, seat, province)
    i = int(value[2:]) if value[2:].isdigit() else -1
    return ways[i] if 0 <= i < len(ways) else None


def title_pick(unplaced: Sequence[str], split: bool, version: int, locale: str) -> Pick:
    """A lot's title (``o.<title>``), or lot A's title for a split (``s.<title>``)."""
    key = "sh.pick_split_title" if split else "sh.pick_lot_title"
    mode = "s" if split else "o"
    specs: list[ButtonSpec | SelectSpec] = [
        ButtonSpec("lot_title", title_words(x, locale), "primary", version, f"{mode}.{x}") for x in unplaced
    ]
    return Pick(t(key, locale), specs)


def second_title_pick(unplaced: Sequence[str], first: str, version: int, locale: str) -> Pick:
    """A split's lot B title, among the titles left (``s.<a>.<b>``)."""
    specs: list[ButtonSpec | SelectSpec] = [
        ButtonSpec("lot_title", title_words(x, locale), "primary", version, f"s.{first}.{x}")
        for x in unplaced
        if x != first
    ]
    return Pick(t("sh.pick_split_second", locale, title=title_words(first, locale)), specs)


def title_words(title: str, locale: str) -> str:
    return t(f"sh.hier.{title}", locale)


def cards_pick(pool: Sequence[str], unplaced: Sequence[str], arg: str, version: int, locale: str) -> Pick:
    """The cards of a lot (``o.<title>``) or of lot A (``s.<a>.<b>``): a select of the pool (any
    number of them), and **No cards**."""
    mode, title, *rest = arg.split(".")
    other = rest[0] if rest else next((x for x in unplaced if x != title), "")
    options = [(card_words(c, locale), c, "") for c in pool]
    key = "sh.pick_split_cards" if mode == "s" else "sh.pick_lot_cards"
    text = t(key, locale, title=title_words(title, locale), other=title_words(other, locale) if other else "")
    empty = ButtonSpec("lot_empty", t("btn.no_cards", locale), "secondary", version, arg)
    if not options:
        return Pick(text, [empty])
    spec = SelectSpec("lot_cards", t("sh.cards_placeholder", locale), options, 1, len(options), version, arg)
    return Pick(text, [spec, empty])


def flip_pick(flips: Sequence[tuple[str, int]], version: int, locale: str) -> Pick:
    """The Sensei's flip (SH-8.13): which simple stone turns golden (``<province>.<position>``)."""
    options = [
        (t("sh.flip_choice", locale, province=province_words(p, locale), position=n), f"{p}.{n}", "")
        for p, n in flips[:MAX_OPTIONS]
    ]
    spec = SelectSpec("flip", t("sh.flip_placeholder", locale), options, 1, 1, version)
    return Pick(t("sh.pick_flip", locale), [spec])
