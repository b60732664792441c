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
    "Rozestavte své armády tajně: každému z vás jsem poslal rozestavení do DM (nebo použijte `/game hand`). "
    "Měňte ho příkazy `/stratego setup` a `/stratego swap`, pak dejte `/stratego ready`.",
    "sg.setup_dm": "**Stratego #{game}** — tvé rozestavení, hraješ jako {colour}. Je to náhodný návrh; "
    "změň ho příkazem `/stratego setup code:` / `preset:` / `random:` a `/stratego swap a b`, pak stiskni "
    "**Hotovo** nebo použij `/stratego ready`. Soupeř z něj nic nevidí.",
    "sg.your_pieces": "**Stratego #{game}** — tvé figurky ({colour}).",
    "sg.draft": "Tvůj návrh pro hru #{game} (vidíš ho jen ty). Až bude konečný, stiskni **Hotovo**.",
    "sg.draft_changed": "Návrh se od tohoto obrázku změnil: stiskni **Hotovo** pod tím nejnovějším, "
    "nebo použij `/stratego ready`.",
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
    "`/stratego rescue piece: square:`, nebo záchranu odmítni příkazem `/stratego rescue` (bez voleb).",
    "sg.rescue_needs_square": "Volbou `square` urči, kam zachráněná figurka půjde.",
    "sg.your_turn": "{user}, jsi na tahu.",
    "sg.your_turn_dm": "**Stratego #{game}** — jsi na tahu ({colour}).",
    "sg.rescue_dm": "**Stratego #{game}** — tvá figurka došla do zadní řady soupeře ({colour}): "
    "zachraň zajatou figurku příkazem `/stratego rescue`, nebo záchranu odmítni.",
    "sg.draw_offered": "{user} nabízí remízu. {opponent}: přijmi ji příkazem `/stratego draw` nebo tlačítkem; "
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
    "**Rozestavení**: každý hráč tajně rozmístí 40 figurek (Barrage: 8) do svých čtyř řad. `/stratego setup` "
    "(kód, předvolba nebo náhodně), `/stratego swap a b`, pak `/stratego ready`.\n"
    "**Tahy**: jedna figurka o jedno pole dopředu, dozadu nebo do strany; průzkumník o libovolný počet polí "
    "v přímém směru a na konci tahu smí zaútočit. Bomby a vlajka se nikdy nehýbou. Do jezer nesmí nikdo.\n"
    "**Boj**: vyšší hodnost vítězí, při stejné hodnosti padají obě figurky. Špión porazí maršála, jen když "
    "útočí on. Bombu zneškodní jen minér. `/stratego move from to`.\n"
    "**Pravidlo dvou polí**: figurka nesmí přejít tam a zpět mezi stejnými dvěma poli víc než třikrát "
    "po sobě (nebo pětkrát).\n"
    "**Volby** příkazu `/stratego new`: `army` classic|barrage · `attacker_advantage` (při stejné hodnosti "
    "vítězí útočník) · `silent_defence` (prozradí se jen hodnost útočníka, kromě útoku průzkumníka) · "
    "`rescue` (kdo dojde do zadní řady soupeře, vrátí do hry zajatou figurku, nejvýš dvakrát za hru) · "
    "`two_square_limit` 3|5 · `chase_rule` (žádné nekonečné pronásledování).\n"
    "**Dále**: `/stratego draw` nabízí nebo přijímá remízu; `/game resign`; `/game hand` ukáže tvé figurky.",
    "err.wrong_phase.setup_in_progress": "Hra ještě nezačala: oba hráči musí nejdřív dokončit rozestavení.",
    "err.wrong_phase.setup_over": "Rozestavování skončilo — figurky už stojí na desce.",
    "err.wrong_phase.rescue_pending": "Nejdřív se musíš rozhodnout o záchraně (`/stratego rescue`).",
    "err.wrong_phase.no_rescue_pending": "Teď není o žádné záchraně co rozhodovat.",
    "err.no_draw_offer": "Soupeř ti remízu nenabídl.",
    "err.already_ready": "Rozestavení už máš potvrzené; je konečné.",
    "err.not_in_zone": "{square} neleží ve tvém prostoru pro rozestavení: rozestavuješ v řadách {rows}.",
    "err.draw_already_offered": "Remízu už nabízíš.",
    "err.draw_offer_pending": "Soupeř ti nabízí remízu — přijmi ji příkazem `/stratego draw`.",
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
}
