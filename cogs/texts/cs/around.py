"""Czech: around a game (issue 20 §3, §4) — the rematch, the open lobbies (``/game open``),
``/help`` and the first-game walkthroughs."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # --- rematch -----------------------------------------------------------------------------
    "btn.rematch": "Odveta",
    "rematch_head": "🔁 Odveta hry #{game}.",
    "rematch_not_player": "O odvetu hry #{game} mohou požádat jen její hráči.",
    "rematch_opened": "Odveta hry #{game}: čekárna je otevřená, ostatní hráči jsou pozvaní — {link}",
    "rematch_already": "Odveta už je otevřená: {link}",
    "rematch_already_started": "Odveta už se hraje: hra #{game}, {where}",
    # --- lobbies joined or started from elsewhere ----------------------------------------------
    "lobby_joined_elsewhere": "Jsi v čekárně: {link}",
    "started_elsewhere": "Hra začala tady: {where}.",
    # --- /game open ----------------------------------------------------------------------------
    "open_in_server": "Otevřené čekárny patří serveru: použij tento příkaz na serveru.",
    "open.none": "Na tomto serveru teď není otevřená žádná čekárna ani výzva. Založ ji sám: {commands}.",
    "open.title.one": "**Otevřená čekárna nebo výzva (1):**",
    "open.title.few": "**Otevřené čekárny a výzvy ({n}):**",
    "open.title.other": "**Otevřené čekárny a výzvy ({n}):**",
    "open.head": "**#{id} {kind}** ({options}) · {link}",
    "open.challenge": "{creator} vyzývá hráče {invited}; přidat se může jen {invited}.",
    "open.lobby": "Hráči: {players} · {free} (počet hráčů: {allowed})",
    "open.free.one": "{n} volné místo",
    "open.free.few": "{n} volná místa",
    "open.free.other": "{n} volných míst",
    "open.invited": "· jen pro pozvané: {invited}",
    "open.page": "Strana {page} z {pages}: další ukáže `{command}`.",
    "open.btn": "Přidat se #{id}",
    # --- /help ---------------------------------------------------------------------------------
    "help.title": "Deskovka — deskové hry na Discordu",
    "help.intro": "Deskovka hraje pomalé deskové hry přímo tady: tah dnes večer, odpověď zítra. Každá hra má "
    "vlastní vlákno; bot hlídá herní plán, dá každému vědět, když je na tahu, a přežije i restart. Mluví "
    "česky a anglicky (`{language}`).",
    "help.games": "Hry",
    "help.start_head": "Jak založit hru",
    "help.start": "Napiš v kanálu příkaz hry, třeba {new}. Když uvedeš soupeře, je to výzva; když nikoho, "
    "je to otevřená čekárna, do které se kdokoli přidá tlačítkem **{join}**. {open} vypíše čekárny, které "
    "čekají na hráče; {rules} vysvětlí pravidla hry.",
    "help.private_head": "Tvůj soukromý pohled",
    "help.private": "Co smíš vidět jen ty (své figurky, své karty), ti přijde do DM i s plánem. Máš-li DM "
    "zavřené, stiskni pod příspěvky hry {buttons} nebo použij {hand}; odpověď uvidíš jen ty. {notify} "
    "nastaví, jak se dozvíš, že jsi na tahu.",
    "help.commands": "Příkazy {game}",
    "help.computers_head": "Hra proti počítači",
    "help.computers": "Počítače posadíš ke hře volbami nové hry `{opt_stratego_new__computers}:` a "
    "`{opt_stratego_new__level}:` nebo tlačítkem **{label_btn__add_computer}** v čekárně. Počítač vidí jen to, "
    "co smí vidět jeho místo. Hry s počítačem se nehodnotí; `{cmd_game_stats}` ukáže tvé hry proti každé "
    "úrovni. Co která úroveň dělá:",
    "rules_computers_stats": "Hry s počítačem se nehodnotí; `{cmd_game_stats}` ukáže tvé hry proti každé úrovni.",
    # --- first-game walkthroughs ---------------------------------------------------------------
    "walk_head": "**Hraješ {title} poprvé?** Jak hru číst a co stisknout nejdřív:",
    "walk_again": "_`{cmd_game_rules}` ti tohle ukáže znovu._",
}
