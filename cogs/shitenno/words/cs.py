"""Czech: Shitenno. The terms are those of the Czech review of the game (docs/glossary-cs.md):
sestava (lot), vyložené karty (pool), karty bojovníků a koku, karta hierarchie, bonusový žeton,
kámen vlivu, rozdělování karet a obsazování provincií, Tairó."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # --- Shitenno: the table -----------------------------------------------------------------
    "sh.title": "Shitenno",
    "sh.thread_name": "Shitenno #{game}: {names}",
    "sh.plays": "{user} hraje za generála **{general}** ({colour}), začíná s titulem {title}",
    "sh.started": "**Shitenno #{game}** začíná.\n{players}\n"
    "Karty v ruce ti přijdou do DM (nebo **Moje karty** / `/game hand`); vyložené karty, sestavy a plán "
    "vidí všichni.",
    "sh.generals_in_order": "generálové v pořadí přihlášení",
    "sh.generals_picked": "generálové: {picks}",
    "sh.koku_card": "{label} (koku: {n})",
    "sh.tile": "{label} ({effect}, {troop})",
    "sh.effect.DRAW": "dobrání",
    "sh.effect.PLUS_ONE": "+1",
    "sh.effect.EXCHANGE": "výměna",
    "sh.no_cards": "žádné",
    "sh.hand": "**Shitenno #{game}** — tvé karty, generál {general} ({title}).\nKarty bojovníků: {troops}\n"
    "Karty koku: {koku}\nBonusové žetony: {tiles}",
    "sh.setup": "Počáteční tituly: {titles}.",
    "sh.round": "**Kolo {round}** — rozdělování karet. Vyložené karty: {pool}.",
    "sh.titles": "Tituly v tomto kole: {titles}.",
    "sh.holds_title": "{who} — {title}",
    "sh.last_round.koku_deck_empty": "Balíček koku je dobraný: toto je poslední kolo.",
    "sh.last_round.stones_placed": "{who} pokládá svůj poslední kámen vlivu: toto je poslední kolo.",
    "sh.scoring_head": "**Závěrečné hodnocení**",
    "sh.scoring_line": "{who}: **{total} VB** — pozice {positions}, tituly {titles}, většiny {majorities} "
    "({provinces}), koku {koku}",
    "sh.scoring_ties": "Při shodě v provincii získá body ten, jehož kámen přišel dřív; při shodě celkových bodů "
    "rozhoduje víc získaných provincií, pak větší váha kamenů.",
    "sh.offered": "{who} nabízí sestavu s kartou hierarchie {tile}: {cards}.",
    "sh.offered_to": "{who} nabízí sestavu s kartou hierarchie {tile} hráči {to}: {cards}.",
    "sh.accepted": "{who} přijímá.",
    "sh.refused": "{who} odmítá.",
    "sh.receives": "{who} dostává sestavu s kartou hierarchie {tile}: {cards}.",
    "sh.is_tairo": "{who} je teď Tairó.",
    "sh.split": "{who} dělí vyložené karty: sestava A — {a_tile}: {a}; sestava B — {b_tile}: {b}.",
    "sh.chose": "{who} bere sestavu {lot}.",
    "sh.conquer": "{who} obsazuje pozici {position} v provincii {province} ({vp} VB); platí: {payment}.",
    "sh.conquer_bonus": "{who} obsazuje pozici {position} v provincii {province} ({vp} VB, +{bonus} za titul); "
    "platí: {payment}.",
    "sh.buy": "{who} kupuje pozici {position} v provincii {province} ({vp} VB); platí: {payment}.",
    "sh.buy_bonus": "{who} kupuje pozici {position} v provincii {province} ({vp} VB, +{bonus} za titul); "
    "platí: {payment}.",
    "sh.takes": "{who} si bere bonusový žeton {tile}.",
    "sh.drew": "{who} používá žeton {tile} a dobírá karty bojovníků.",
    "sh.flipped": "{who} otáčí kámen vlivu v provincii {province} na pozici {position} zlatou stranou nahoru (Sensei).",
    "sh.ended": "{who} končí tah.",
    "sh.ended_auto": "Tah hráče {who} končí (už nemá co dělat).",
    "sh.resigned": "{who} se vzdává a odchází ze hry.",
    "sh.skipped": "Hráč {who} už hru vzdal: tah přechází dál.",
    "sh.record_head": "Shitenno #{game}",
    "sh.record_player": "{general} ({colour}): {user}",
    "sh.record_seed": "Seed: {seed}",
    "sh.prompt_offer": "{who}: jako Tairó nabídni sestavu hráči {to} — vyber titul a libovolné vyložené karty "
    "(**Nabídnout sestavu**, nebo `/shitenno offer`).",
    "sh.prompt_split": "{who}: jako Tairó rozděl vyložené karty na sestavy A a B pro sebe a hráče {other} — "
    "vyber titul a karty sestavy A (**Rozdělit karty**).",
    "sh.prompt_answer": "{who}: přijmi, nebo odmítni sestavu {tile}: {cards}.",
    "sh.prompt_choose": "{who}: vezmi si sestavu A, nebo B.",
    "sh.prompt_control": "{who}: tvůj tah obsazování (obsazení: {done} ze 2) — obsazuj příkazem "
    "`/shitenno conquer`, použij bonusový žeton, nebo **Ukončit tah**.",
    "sh.your_decision_dm": "**Shitenno #{game}** — rozhoduješ ty.",
    "sh.not_your_decision": "Teď nerozhoduješ ty — čeká se na: {prompt}",
    "sh.status.sharing": "kolo {round}, rozdělování karet: čeká se na hráče {who} (rozhodování začalo <t:{since}:R>)",
    "sh.status.control": "kolo {round}, obsazování: na tahu je {who} (tah začal <t:{since}:R>)",
    "sh.result.final_scoring": "Vítězí {winners}. Konečné skóre: {scores}.",
    "sh.result.resign": "Vítězí {winners}: ostatní se vzdali. Skóre: {scores}.",
    "sh.pick_lot_title": "Který titul patří k sestavě?",
    "sh.no_second_title": "Zbývá jen jeden titul, takže vyložené karty rozdělit nelze: nabídni je jako sestavu.",
    "sh.pick_split_title": "Který titul patří k sestavě A? Ten druhý půjde k sestavě B.",
    "sh.pick_lot_cards": "Sestava **{title}**: vyber do ní vyložené karty (nebo **Bez karet**).",
    "sh.pick_split_cards": "Sestava A (**{title}**): vyber její karty; zbytek vyložených karet připadne "
    "sestavě B (**{other}**).",
    "sh.cards_placeholder": "Vyložené karty",
    "sh.province_choice": "{province} — pozice {position} ({vp} VB)",
    "sh.payment_for_other": "Tahle platba patří k jiné provincii než {province}.",
    "sh.pay_plus": "+1 ({tile}) na {on}",
    "sh.pay_exchange": "{tile}: {rest}",
    "sh.pay_joker": "žolík jako {troop}",
    "sh.pay_plus_koku": "+1 koku ({tile})",
    "sh.pay_exchange_to": "{tile}: {on} → {troop}",
    "sh.pay_exchange_koku": "{tile}: {on} → 1 koku",
    "sh.conquer_help": "Pozici můžeš obsadit v provinciích: {provinces}. Použij `/shitenno conquer`: "
    "`province` nabídne tyto provincie, `with` všechny způsoby, jak můžeš zaplatit.\nTvé karty: {hand}",
    "sh.nothing_to_conquer": "Teď nemůžeš obsadit žádnou pozici. Tvé karty: {hand}",
    "sh.nothing_to_flip": "Nemáš žádný obyčejný kámen, který by šel otočit zlatou stranou nahoru.",
    "sh.pick_flip": "Který tvůj kámen se otočí zlatou stranou nahoru?",
    "sh.flip_placeholder": "Tvé obyčejné kameny",
    "sh.flip_choice": "{province}, pozice {position}",
    "btn.my_hand": "Moje karty",
    "btn.accept_lot": "Přijmout sestavu",
    "btn.refuse_lot": "Odmítnout",
    "btn.take_lot": "Vzít sestavu {lot}",
    "btn.lot_start": "Nabídnout sestavu",
    "btn.split_start": "Rozdělit karty",
    "btn.no_cards": "Bez karet",
    "btn.conquer": "Obsadit…",
    "btn.draw": "Dobrat ({tile})",
    "btn.flip": "Otočit (Sensei)",
    "btn.end_turn": "Ukončit tah",
    "sh.rules": "**Shitenno** — 2 až 4 hráči, generálové šóguna; hraje se na kola o dvou fázích.\n"
    "**Rozdělování karet**: rozdělí se vyložené karty (bojovníci a koku) a tituly hierarchie. Tairó nabídne "
    "sestavu (titul a libovolné karty) dalšímu hráči, ten ji přijme, nebo odmítne; sestavu, kterou odmítnou "
    "všichni, si vezme Tairó. Pro poslední dva hráče rozdělí Tairó zbytek na sestavy A a B a druhý hráč "
    "si jednu vybere.\n"
    "**Obsazování provincií**: v pořadí titulů provede každý generál až 2 obsazení: karty bojovníků podle "
    "požadavku provincie (nebo koku v hodnotě pozice), s pomocí žetonů +1 a výměny; žeton dobrání dobírá "
    "karty; Sensei otočí kámen zlatou stranou nahoru; Hatamoto má žolíka.\n"
    "**Konec**: body za pozice, bonusy za tituly, většiny v provinciích (při shodě rozhoduje, kdo tam byl "
    "dřív), zbylá koku.\n"
    "**Příkazy**: `/shitenno new`, tlačítka pod každým tahem, `/shitenno offer`, `/shitenno conquer`, "
    "`/shitenno end`, `/shitenno act` pro jakékoli rozhodnutí v notaci; `/game hand` pro tvé karty.",
    "err.already_flipped": "V tomto kole už máš jeden kámen otočený zlatou stranou nahoru.",
    "err.bad_payment": "Taková platba není dovolena ({rule}).",
    "err.card_not_in_hand": "{card} nemáš v ruce.",
    "err.card_not_in_pool": "{card} mezi vyloženými kartami není.",
    "err.conquest_limit": "V tomto tahu už máš obě obsazení.",
    "err.joker_unavailable": "Žolíka smí použít jen Hatamoto, jednou za kolo.",
    "err.named_twice": "{item}: uvedeno dvakrát.",
    "err.no_stone": "Už ti nezbývají žádné kameny vlivu.",
    "err.not_expected_action": "Teď ne: na řadě je jiné rozhodnutí ({expected}).",
    "err.not_own_simple_stone": "{province} {position} není tvůj obyčejný kámen.",
    "err.not_sensei": "Kámen smí zlatou stranou nahoru otočit jen Sensei.",
    "err.province_full": "Provincie {province} je plná.",
    "err.split_leaves_cards": "Každá vyložená karta musí patřit do některé sestavy; zbývají: {cards}.",
    "err.split_same_tile": "Obě sestavy potřebují různé karty hierarchie; obě mají {tile}.",
    "err.tile_not_available": "Karta hierarchie {tile} už je v jiné sestavě.",
    "err.tile_not_kept": "Žeton {tile} nemáš.",
    "err.tile_wrong_effect": "{tile} není žeton typu {effect}.",
    "err.troop_piles_empty": "Nezbývají žádné karty bojovníků k dobrání.",
    "err.no_such_lot": "Vyber sestavu A, nebo B, ne {lot}.",
    "err.unknown_troop_type": "{value} není druh bojovníka; použij BU, SA, SH nebo SO.",
    "err.unknown_province": "Provincie {province} neexistuje.",
    "err.generals_count": "Počet vybraných generálů: {given}; počet hráčů: {players}.",
    "err.unknown_general": "{pick} není generál; vyber z těchto: {known}.",
    "err.general_taken": "Generál {pick} je vybraný dvakrát.",
    "err.wrong_phase.not_control": "To jde jen ve fázi obsazování provincií.",
    "err.wrong_phase.not_sharing": "To jde jen ve fázi rozdělování karet.",
}
