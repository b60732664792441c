"""Czech: Stratego. The ranks and terms are those of the Czech rulebook (docs/glossary-cs.md):
a rank is named in the nominative, after a colon or in brackets, so that no sentence has to decline it."""

from __future__ import annotations

RANKS = {
    "M": ("maršál", "maršálové", "maršálů"),
    "9": ("generál", "generálové", "generálů"),
    "8": ("plukovník", "plukovníci", "plukovníků"),
    "7": ("major", "majoři", "majorů"),
    "6": ("kapitán", "kapitáni", "kapitánů"),
    "5": ("poručík", "poručíci", "poručíků"),
    "4": ("seržant", "seržanti", "seržantů"),
    "3": ("minér", "minéři", "minérů"),
    "2": ("průzkumník", "průzkumníci", "průzkumníků"),
    "S": ("špión", "špióni", "špiónů"),
    "B": ("bomba", "bomby", "bomb"),
    "F": ("vlajka", "vlajky", "vlajek"),
}
"""Each rank: one (1), few (2–4), other (0, 5+)."""

TEXTS: dict[str, str] = {
    "sg.title": "Stratego",
    "sg.thread_name": "Stratego #{game}: {red} vs. {blue}",
    "sg.started": "**Stratego #{game}** — {red} hraje za **červené**, {blue} za **modré** ({options}).\n"
    "Rozestavte své armády tajně: každému z vás jsem poslal rozestavení do DM (nebo použijte `{cmd_game_hand}`). "
    "Měňte ho příkazy `{cmd_stratego_setup}` a `{cmd_stratego_swap}`, pak dejte `{cmd_stratego_ready}`.",
    "sg.setup_dm": "**Stratego #{game}** — tvé rozestavení, hraješ jako {colour}. Je to náhodný návrh; "
    "změň ho příkazem `{cmd_stratego_setup} {opt_stratego_setup__code}:` / `{opt_stratego_setup__preset}:` / "
    "`{opt_stratego_setup__random}:` a `{cmd_stratego_swap} {opt_stratego_swap__a} {opt_stratego_swap__b}`, pak stiskni "
    "**Hotovo** nebo použij `{cmd_stratego_ready}`. Soupeř z něj nic nevidí.",
    "sg.your_pieces": "**Stratego #{game}** — tvé figurky ({colour}).",
    "sg.draft": "Tvůj návrh pro hru #{game} (vidíš ho jen ty). Až bude konečný, stiskni **Hotovo**.",
    "sg.draft_changed": "Návrh se od tohoto obrázku změnil: stiskni **Hotovo** pod tím nejnovějším, "
    "nebo použij `{cmd_stratego_ready}`.",
    "sg.ready_status": "Rozestavení: {red} {red_state} · {blue} {blue_state}",
    "sg.ready": "hotovo ✅",
    "sg.not_ready": "rozestavuje ⏳",
    "sg.you_are_ready": "Rozestavení je potvrzené. Čeká se na soupeře.",
    "sg.begin": "Obě armády stojí na svých místech. Začíná **{red}** (Červený).",
    "sg.colour.red": "Červený",
    "sg.colour.blue": "Modrý",
    "sg.army.classic": "klasická armáda",
    "sg.army.barrage": "armáda Barrage",
    "sg.option.attacker_advantage": "Převaha útočníka",
    "sg.option.silent_defence": "Tichá obrana",
    "sg.option.rescue": "Záchrana",
    "sg.option.chase_rule": "pravidlo pronásledování",
    "sg.option.two_square_limit": "pravidlo dvou polí: {n}",
    "sg.attacks": " a útočí (útočník: {attacker}, obránce: {defender})",
    "sg.moved": "{who} táhne z pole {frm} na pole {to}{attack}{battle}{scout}.",
    "sg.battle.attacker": " — vítězí útočník",
    "sg.battle.defender": " — vítězí obránce",
    "sg.battle.both": " — padají obě figurky",
    "sg.scout_revealed": " (průzkumník, prozrazený dlouhým tahem)",
    "sg.lost_yours": "padá tvá figurka ({rank})",
    "sg.lost_theirs": "padá soupeřova figurka ({rank})",
    "sg.unknown_piece": "neznámá",
    "sg.rescued": "{who} zachraňuje figurku ({rank}) na pole {square}.",
    "sg.rescue_declined": "{who} se záchrany vzdává.",
    "sg.rescue_prompt": "{user}, tvá figurka došla do zadní řady soupeře: zachraň zajatou figurku příkazem "
    "`{cmd_stratego_rescue} {opt_stratego_rescue__piece}: {opt_stratego_rescue__square}:`, nebo záchranu odmítni příkazem `{cmd_stratego_rescue}` (bez voleb).",
    "sg.rescue_needs_square": "Volbou `square` urči, kam zachráněná figurka půjde.",
    "sg.your_turn": "{user}, jsi na tahu.",
    "sg.your_turn_dm": "**Stratego #{game}** — jsi na tahu ({colour}).",
    "sg.rescue_dm": "**Stratego #{game}** — tvá figurka došla do zadní řady soupeře ({colour}): "
    "zachraň zajatou figurku příkazem `{cmd_stratego_rescue}`, nebo záchranu odmítni.",
    "sg.draw_offered": "{user} nabízí remízu. {opponent}: přijmi ji příkazem `{cmd_stratego_draw}` nebo tlačítkem; "
    "když táhneš, nabídku odmítáš.",
    "sg.draw_declined": "Nabídka remízy byla odmítnuta tahem.",
    "sg.draw_offer_gone": "Ta nabídka remízy už neplatí: byla odmítnuta tahem. Nic se nezměnilo.",
    "sg.own_draw_offer": "To je tvoje vlastní nabídka remízy: rozhoduje soupeř.",
    "sg.result.win": "vítězí {winner} — {reason}.",
    "sg.result.draw": "remíza — {reason}.",
    "sg.reason.flag": "vlajka byla zajata",
    "sg.reason.no_moves": "poražený už neměl žádný platný tah",
    "sg.reason.resign": "soupeř se vzdal",
    "sg.reason.both_immobile": "ani jedna strana nemůže táhnout",
    "sg.reason.agreed_draw": "dohodou",
    "sg.reason.move_limit": "příliš dlouho bez boje",
    "sg.reason.timeout": "vypršel čas",
    "sg.setup_one_source": "Zadej právě jedno z `code`, `preset` nebo `random`.",
    "sg.attack": "útok",
    "sg.empty_square": "prázdné",
    "sg.nth.4": "počtvrté",
    "sg.nth.6": "pošesté",
    "sg.nth.more": "znovu",
    "sg.too_few": "chybí",
    "sg.too_many": "navíc",
    "btn.ready": "Hotovo",
    "btn.my_pieces": "Moje figurky",
    "btn.accept_draw": "Přijmout remízu",
    **{f"sg.rank.{r}": one for r, (one, _, _) in RANKS.items()},
    **{f"sg.count.{r}.one": f"{{n}} {one}" for r, (one, _, _) in RANKS.items()},
    **{f"sg.count.{r}.few": f"{{n}} {few}" for r, (_, few, _) in RANKS.items()},
    **{f"sg.count.{r}.other": f"{{n}} {many}" for r, (_, _, many) in RANKS.items()},
    "sg.rules": "**Stratego** — dva hráči, deska 10×10, každá armáda je před soupeřem skrytá.\n"
    "**Cíl**: zajmout soupeřovu vlajku, nebo soupeře připravit o poslední platný tah.\n"
    "**Rozestavení**: každý hráč tajně rozmístí 40 figurek (Barrage: 8) do svých čtyř řad. `{cmd_stratego_setup}` "
    "(kód, předvolba nebo náhodně), `{cmd_stratego_swap} {opt_stratego_swap__a} {opt_stratego_swap__b}`, pak `{cmd_stratego_ready}`.\n"
    "**Tahy**: jedna figurka o jedno pole dopředu, dozadu nebo do strany; průzkumník o libovolný počet polí "
    "v přímém směru a na konci tahu smí zaútočit. Bomby a vlajka se nikdy nehýbou. Do jezer nesmí nikdo.\n"
    "**Boj**: vyšší hodnost vítězí, při stejné hodnosti padají obě figurky. Špión porazí maršála, jen když "
    "útočí on. Bombu zneškodní jen minér. `{cmd_stratego_move} {opt_stratego_move__from} {opt_stratego_move__to}`.\n"
    "**Pravidlo dvou polí**: figurka nesmí přejít tam a zpět mezi stejnými dvěma poli víc než třikrát "
    "po sobě (nebo pětkrát).\n"
    "**Volby** příkazu `{cmd_stratego_new}`: `{opt_stratego_new__army}` {choice_classic}|{choice_barrage} · `{opt_stratego_new__attacker_advantage}` (při stejné hodnosti "
    "vítězí útočník) · `{opt_stratego_new__silent_defence}` (prozradí se jen hodnost útočníka, kromě útoku průzkumníka) · "
    "`{opt_stratego_new__rescue}` (kdo dojde do zadní řady soupeře, vrátí do hry zajatou figurku, nejvýš dvakrát za hru) · "
    "`{opt_stratego_new__two_square_limit}` 3|5 · `{opt_stratego_new__chase_rule}` (žádné nekonečné pronásledování).\n"
    "**Dále**: `{cmd_stratego_draw}` nabízí nebo přijímá remízu; `{cmd_game_resign}`; `{cmd_game_hand}` ukáže tvé figurky.",
    "err.wrong_phase.setup_in_progress": "Hra ještě nezačala: oba hráči musí nejdřív dokončit rozestavení.",
    "err.wrong_phase.setup_over": "Rozestavování skončilo — figurky už stojí na desce.",
    "err.wrong_phase.rescue_pending": "Nejdřív se musíš rozhodnout o záchraně (`{cmd_stratego_rescue}`).",
    "err.wrong_phase.no_rescue_pending": "Teď není o žádné záchraně co rozhodovat.",
    "err.no_draw_offer": "Soupeř ti remízu nenabídl.",
    "err.already_ready": "Rozestavení už máš potvrzené; je konečné.",
    "err.not_in_zone": "{square} neleží ve tvém prostoru pro rozestavení: rozestavuješ v řadách {rows}.",
    "err.draw_already_offered": "Remízu už nabízíš.",
    "err.draw_offer_pending": "Soupeř ti nabízí remízu — přijmi ji příkazem `{cmd_stratego_draw}`.",
    "err.no_piece": "Na poli {square} žádná figurka není.",
    "err.not_your_piece": "Figurka na poli {square} není tvoje.",
    "err.immobile": "Na poli {square} stojí tvá figurka ({rank}) a ta se nehýbe: bomby a vlajka se nikdy nepohybují.",
    "err.same_square": "Tah musí vést jinam než na {square}.",
    "err.lake": "{square} je jezero: žádná figurka na něj nesmí vstoupit ani ho přejít.",
    "err.own_piece": "Na poli {square} stojí tvá vlastní figurka.",
    "err.not_adjacent": "Tvá figurka ({rank}) táhne o jedno pole dopředu, dozadu nebo do strany: "
    "{frm} → {to} je moc daleko nebo šikmo.",
    "err.two_squares": "Tahem {frm} → {to} by figurka přešla tam a zpět už {nth} (pravidlo dvou polí).",
    "err.chase": "Tah {frm} → {to} by zopakoval pozici tvého pronásledování (pravidlo pronásledování): "
    "táhni jinam nebo jinou figurkou.",
    "err.not_straight": "Průzkumník táhne v přímém směru: {frm} → {to} přímý směr není.",
    "err.blocked": "Cestu z {frm} na {to} blokuje pole {by}.",
    "err.rescue_bomb": "Bombu zachránit nelze.",
    "err.rescue_not_captured": "Mezi tvými zajatými figurkami není žádná taková: {rank}.",
    "err.rescue_not_own_half": "Zachráněná figurka jde na prázdné pole tvé poloviny desky; {square} takové pole není.",
    "err.rescue_occupied": "Pole {square} je obsazené; vyber prázdné pole.",
    "err.unknown_square": "{text} není pole. Pole jsou A1 až J10.",
    "err.setup_rows": "Kód rozestavení má 4 řady oddělené `/`; tento jich má: {rows}.",
    "err.setup_row_length": "Řada {row} kódu má písmen: {length}; každá řada jich má 10.",
    "err.setup_length": "Kód rozestavení má 40 písmen (4 řady po 10); tento jich má: {length}.",
    "err.setup_letter": "`{letter}` (písmeno č. {position}) není figurka. Použij M 9 8 7 6 5 4 3 2 S B F "
    "a . pro prázdné pole.",
    "err.setup_counts": "V rozestavení nesedí figurky: {counts}.",
    "err.gravon_mixed_colours": "Ten řetězec StraDoS2 míchá písmena červených a modrých.",
    "err.unknown_preset": "Předvolba {name} neexistuje. Předvolby: {known}.",
    "err.unknown_rank": "{text} není hodnost. Použij M, 9 … 2, S (nebo 10 pro maršála).",
    "err.bad_swap": "Výměna potřebuje dvě pole, třeba `A1 B1`.",
    "sg.btn.move": "Táhnout…",
    "sg.pick.piece_text": "Kterou figurkou táhneš?",
    "sg.pick.which_piece": "Tvoje figurka",
    "sg.pick.piece": "{rank} na poli {square}",
    "sg.pick.unknown": "figurka",
    "sg.pick.more.one": "Další {n} figurka…",
    "sg.pick.more.few": "Další {n} figurky…",
    "sg.pick.more.other": "Dalších {n} figurek…",
    "sg.pick.target_text": "Kam táhne tvoje figurka {rank} z pole {square}?",
    "sg.pick.where": "Kam ({rank}, pole {square})",
    "sg.pick.to": "na pole {square}",
    "sg.pick.attack": "zaútočit na pole {square}",
    "sg.pick.attack_known": "zaútočit na figurku {rank} na poli {square}",
    "sg.pick.no_moves": "Žádná tvoje figurka nemůže táhnout.",
    "sg.pick.not_your_move": "Teď nejsi na tahu.",
    # images (issue 19)
    "img.sg.ply": "Tah {n}",
    "img.sg.waiting": "Čeká se",
    "img.sg.your_move": "Jsi na tahu",
    "img.sg.to_move": "Na tahu: {name}",
    "img.sg.choose_rescue": "{title}: vyber figurku k záchraně",
    "img.sg.rescue_pending": "{title}: čeká se na záchranu",
    "img.sg.setup_title": "Rozestavení",
    "img.sg.your_zone": "Tvé pole: řady {rows}, dole",
    "img.sg.setup_public": "Obě rozestavení zůstanou skrytá až do začátku hry",
    "img.sg.hidden_ready": "rozestavení skryté, hotovo",
    "img.sg.hidden_not_ready": "rozestavení skryté, ještě není hotovo",
    "img.sg.ready": "hotovo",
    "img.sg.not_ready": "ještě není hotovo",
    "img.sg.last_move": "Poslední tah: {name}, {frm} → {to}",
    "img.sg.rescued": "{name} zachraňuje figurku ({rank}) na pole {square}",
    "img.sg.rescue_declined": "{name} se záchrany vzdává",
    "img.sg.draw_offer": "{name} nabízí remízu",
    "img.sg.rescue_pending_by": "{name}: čeká se na záchranu",
    "img.sg.wins": "Vítězí {name}",
    "img.sg.draw": "Remíza",
    "img.sg.you_won": "{title}  ·  tvá výhra",
    "img.sg.you_lost": "{title}  ·  tvá prohra",
    "img.sg.game_over": "Konec hry: {reason}",
    "img.sg.reason.flag": "padla vlajka hráče {loser}",
    "img.sg.reason.no_moves": "{loser} nemá žádný platný tah",
    "img.sg.reason.resign": "{loser} se vzdává",
    "img.sg.reason.timeout": "hráči {loser} vypršel čas",
    "img.sg.reason.both_immobile": "žádná strana nemůže táhnout",
    "img.sg.reason.agreed_draw": "remíza dohodou",
    "img.sg.reason.move_limit.one": "{n} tah bez boje",
    "img.sg.reason.move_limit.few": "{n} tahy bez boje",
    "img.sg.reason.move_limit.other": "{n} tahů bez boje",
    "img.sg.you": "{name} (ty)",
    "img.sg.lost.one": "ztráty: {n} figurka",
    "img.sg.lost.few": "ztráty: {n} figurky",
    "img.sg.lost.other": "ztráty: {n} figurek",
    "img.sg.none": "žádné",
    "img.sg.last_battle": "Poslední boj  ·  tah {n}",
    "img.sg.vs": "proti",
    "img.sg.battle.attacker": "vítězí útočník",
    "img.sg.battle.defender": "obránce odolává",
    "img.sg.battle.both": "padají obě figurky",
    "img.sg.to_place": "Zbývá rozestavit: {n} z {total}",
    "img.sg.all_placed": "Vše rozestaveno",
    "img.sg.army.classic": "Klasická armáda",
    "img.sg.army.barrage": "Armáda Barrage",
    "img.sg.army.other": "Armáda {army}",
    "img.sg.no_variants": "{army}, bez variant",
    "img.sg.option.silent_defence": "Tichá obrana",
    "img.sg.option.attacker_advantage": "Převaha útočníka",
    "img.sg.option.rescue": "Záchrana",
    "img.sg.option.chase_rule": "Pravidlo pronásledování",
    "img.sg.two_squares": "pravidlo dvou polí: {n}",
    "img.sg.rescues_used": "Použité záchrany: {red} {a}/2, {blue} {b}/2",
    "img.sg.no_battle": "Tahy bez boje: {n} z {limit}",
    "img.sg.legend.move": "poslední tah",
    "img.sg.legend.battle": "poslední boj",
    "img.sg.legend.moved": "figurka už táhla",
    "img.sg.legend.known": "soupeř ji zná",
    # --- around the game: /help, the first-game walkthrough, /game rules, ratings -----------
    "rules_computers.stratego": "**Hra proti počítači** (Stratego): `{cmd_stratego_new} "
    "{opt_stratego_new__computers}:1 {opt_stratego_new__level}:{choice_hard}` hru hned zahájí. Počítač se "
    "rozestaví podle knihovny osvědčených rozestavení (vlajka v zadní řadě za bombami), pokaždé trochu jinak. "
    "Vidí jen to, co bys na jeho místě viděl ty: tvé hodnosti pozná z bojů, nikdy nešpehuje.\n"
    "• **Lehký**: myslí vždy jen na jeden tah — zaútočí, když mu to, co o tvé figurce ví, dává dobré šance, jinak "
    "postupuje vpřed a uhýbá známým silnějším figurkám; trochu nahodile.\n"
    "• **Normální**: odhaduje tvé skryté figurky z toho, co viděl (figurka, která se pohnula, není bomba ani "
    "vlajka, hodnosti odhalené v bojích, co zbývá), a propočítá tři tahy dopředu přes mnoho takových odhadů; "
    "když se tvé figurky přiblíží k jeho vlajce, zváží její obranu.\n"
    "• **Těžký**: počítá dál (čtyři tahy dopředu, mnohem víc odhadů) a navíc cení bomby kolem své vlajky "
    "i nebezpečí minéra, který by jimi prošel, stráž u ní, která zastaví minéra, obránce po ruce u každé tvé figurky poblíž ní, ústup před silnějšími "
    "figurkami, které zná, a utajení svých hodností; když se dlouho nebojuje, sám boj vyhledá, aby hra nedošla "
    "k remíze. Na figurky, které se nikdy nepohnuly (mohou to být bomby), útočí jen nižšími hodnostmi (když žádné "
    "nemá, tak ne, dokud to musí být většinou bomby), a jakmile zhruba ví, kde stojí tvá vlajka, pošle si pro ni figurku (přes bomby minéra).\n"
    "Nikdy se nevzdá, remízu nenabídne ani nepřijme.",
    "help_computers.stratego": "**Stratego** — lehký: zaútočí, když má dobré šance, jinak postupuje; "
    "normální: odhaduje tvé skryté figurky a počítá tři tahy dopředu; těžký: počítá dál a hlídá svou vlajku.",
    "help.game.stratego": "**Stratego** — dvě skryté armády; dobuď nepřátelskou vlajku. {new}",
    "walk.stratego": "• Své figurky dostaneš do DM (nebo **{label_btn__my_pieces}** / `{cmd_game_hand}`): na svém "
    "plánu vidíš hodnosti svých figurek; nepřátelské zůstanou prázdné, dokud je neodhalí boj.\n"
    "• Nejdřív rozestavění: v DM máš náhodné. Změň ho příkazem `{cmd_stratego_swap}` nebo "
    "`{cmd_stratego_setup}` a stiskni **{label_btn__ready}**. Až budou hotovi oba, začíná červený.\n"
    "• Když jsi na tahu, stiskni **{label_sg__btn__move}** pod nejnovějším příspěvkem ve vlákně, vyber "
    "figurku a pak pole. Vlákno popíše každý tah i boj.",
}

COMMANDS: dict[str, str] = {
    # --- /stratego in a Czech Discord app (keys: cogs/texts/commands), and its choices ---
    "choice:stratego": "stratego",
    "choice:classic": "klasická",
    "choice:barrage": "barrage",
    "choice:3": "3",
    "choice:5 (ISF)": "5 (ISF)",
    "stratego.name": "stratego",
    "stratego.description": "Hraj Stratego",
    "stratego new.name": "nová",
    "stratego new.description": "Vyzvi někoho (nebo kohokoli) ke hře Stratego",
    "stratego new:opponent.name": "soupeř",
    "stratego new:opponent.description": "Koho vyzýváš; vynech pro otevřenou výzvu, kterou může přijmout kdokoli",
    "stratego new:army.name": "armáda",
    "stratego new:army.description": "klasická (40 figurek) nebo barrage (8 figurek, rychlá hra)",
    "stratego new:attacker_advantage.name": "výhoda_útočníka",
    "stratego new:attacker_advantage.description": "Při stejné hodnosti vyhrává útočník",
    "stratego new:silent_defence.name": "tichá_obrana",
    "stratego new:silent_defence.description": "V boji se odhalí jen hodnost útočníka (kromě útoku průzkumníka)",
    "stratego new:rescue.name": "záchrana",
    "stratego new:rescue.description": "Figurka na nepřátelské zadní řadě vrátí do hry zajatou figurku (dvakrát za hru)",
    "stratego new:two_square_limit.name": "limit_dvou_polí",
    "stratego new:two_square_limit.description": "Kolikrát za sebou smí figurka přecházet mezi dvěma poli",
    "stratego new:chase_rule.name": "zákaz_honičky",
    "stratego new:chase_rule.description": "Zakaž nekonečné pronásledování (pravidlo ISF)",
    "stratego setup.name": "rozestavění",
    "stratego setup.description": "Nahraď své rozestavění: kódem, předlohou, nebo náhodně",
    "stratego setup:code.name": "kód",
    "stratego setup:code.description": "Kód rozestavění od zadní řady (např. FB3B24B5B3/B4M2356743/...) nebo zápis StraDoS2",
    "stratego setup:preset.name": "předloha",
    "stratego setup:preset.description": "Pojmenované rozestavění",
    "stratego setup:random.name": "náhodně",
    "stratego setup:random.description": "Náhodné rozestavění",
    "stratego setup:game.description": "Která hra (máš-li jich víc)",
    "stratego swap.name": "prohodit",
    "stratego swap.description": "Prohoď dvě pole svého rozestavění",
    "stratego swap:a.name": "a",
    "stratego swap:a.description": "Pole tvého území",
    "stratego swap:b.name": "b",
    "stratego swap:b.description": "Jiné pole tvého území",
    "stratego ready.name": "hotovo",
    "stratego ready.description": "Potvrď své rozestavění (už ho nezměníš)",
    "stratego move.name": "tah",
    "stratego move.description": "Táhni nebo zaútoč: z jednoho pole na jiné",
    "stratego move:from.name": "z",
    "stratego move:from.description": "Pole tvé figurky",
    "stratego move:to.name": "na",
    "stratego move:to.description": "Kam jde",
    "stratego rescue.name": "zachránit",
    "stratego rescue.description": "Zachraň zajatou figurku (nebo figurku vynech a záchranu odmítni)",
    "stratego rescue:piece.name": "figurka",
    "stratego rescue:piece.description": "Zajatá figurka, kterou vrátíš do hry",
    "stratego rescue:square.name": "pole",
    "stratego rescue:square.description": "Prázdné pole tvé poloviny",
    "stratego draw.name": "remíza",
    "stratego draw.description": "Nabídni remízu, nebo přijmi soupeřovu nabídku",
}
