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
    "help.game.stratego": "**Stratego** — dvě skryté armády; dobuď nepřátelskou vlajku. {new}",
    "help.game.shitenno": "**Shitenno** — 2–4 generálové si dělí karty a tituly a pak obsazují provincie "
    "Japonska. {new}",
    "help.game.stroganov": "**Stroganov** — 1–4 kozáci loví kožešiny napříč Sibiří; sám hraješ proti Ivanovi. {new}",
    "help.start_head": "Jak založit hru",
    "help.start": "Napiš v kanálu příkaz hry, třeba {new}. Když uvedeš soupeře, je to výzva; když nikoho, "
    "je to otevřená čekárna, do které se kdokoli přidá tlačítkem **{join}**. {open} vypíše čekárny, které "
    "čekají na hráče; {rules} vysvětlí pravidla hry.",
    "help.private_head": "Tvůj soukromý pohled",
    "help.private": "Co smíš vidět jen ty (své figurky, své karty), ti přijde do DM i s plánem. Máš-li DM "
    "zavřené, stiskni pod příspěvky hry {buttons} nebo použij {hand}; odpověď uvidíš jen ty. {notify} "
    "nastaví, jak se dozvíš, že jsi na tahu.",
    "help.commands": "Příkazy {game}",
    # --- first-game walkthroughs ---------------------------------------------------------------
    "walk_head": "**Hraješ {title} poprvé?** Jak hru číst a co stisknout nejdřív:",
    "walk_again": "_`{cmd_game_rules}` ti tohle ukáže znovu._",
    "walk.stratego": "• Své figurky dostaneš do DM (nebo **{label_btn__my_pieces}** / `{cmd_game_hand}`): na svém "
    "plánu vidíš hodnosti svých figurek; nepřátelské zůstanou prázdné, dokud je neodhalí boj.\n"
    "• Nejdřív rozestavění: v DM máš náhodné. Změň ho příkazem `{cmd_stratego_swap}` nebo "
    "`{cmd_stratego_setup}` a stiskni **{label_btn__ready}**. Až budou hotovi oba, začíná červený.\n"
    "• Když jsi na tahu, stiskni **{label_sg__btn__move}** pod nejnovějším příspěvkem ve vlákně, vyber "
    "figurku a pak pole. Vlákno popíše každý tah i boj.",
    "walk.shitenno": "• Své karty dostaneš do DM (nebo **{label_btn__my_hand}** / `{cmd_game_hand}`); plán "
    "s provinciemi, nabídka karet a tituly jsou veřejně ve vlákně.\n"
    "• Každé kolo začíná rozdělováním: Tairó stiskne **{label_btn__lot_start}** a nabídne titul a karty; "
    "hráč, kterému je nabízí, stiskne **{label_btn__accept_lot}** nebo **{label_btn__refuse_lot}**.\n"
    "• Pak kontrola: když jsi na tahu, stiskni **{label_btn__conquer}** a obsaď pozici kartami vojsk, které "
    "provincie žádá; nakonec **{label_btn__end_turn}**. Tlačítka jsou pod nejnovějším příspěvkem.",
    "walk.stroganov": "• Všechno je veřejné: zpráva o tahu ve vlákně ukazuje desku, kdo je na tahu a co se "
    "stalo; tlačítko **{label_img__sv__button}** ukáže celou desku i tabla všech hráčů.\n"
    "• Pod zprávou o tahu najdeš, co teď můžeš udělat, i s cenou: nejdřív si vyber hráčskou desku; pak "
    "v každém tahu pohyb na východ, stříbrná akce, extra akce 3a a 3b a nakonec **{label_sv__btn__end}**.\n"
    "• `{cmd_stroganov_act}` udělá jakékoli rozhodnutí napsáním, s nápovědou.",
}
