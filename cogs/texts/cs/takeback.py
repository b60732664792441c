"""Czech: takeback by agreement (issue 20 §3) — asking, answering, and how a request ends."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "takeback.asked": "↩️ {user} žádá o vrácení svého posledního tahu ve hře #{game}. {waiting}: souhlasíte? "
    "Žádost propadne za den, nebo jakmile kdokoli zahraje.",
    "takeback.agreed_so_far": "Zatím souhlasí: {agreed}. Odpověď ještě chybí od: {waiting}.",
    "takeback.all_agreed": "✅ Všichni souhlasili: tah se vrací.",
    "takeback.refused_by": "❌ {user} nesouhlasí: tah platí.",
    "takeback.lapsed_acted": "⌛ Propadlo: hra pokračovala dřív, než všichni souhlasili.",
    "takeback.lapsed_over": "⌛ Propadlo: hra skončila.",
    "takeback.lapsed_time": "⌛ Propadlo: do jednoho dne neodpověděli všichni.",
    "takeback.done": "↩️ Po dohodě se vrací poslední tah hráče {user}. Hra je zase tak, jak byla před ním.",
    "takeback.done_plain": "↩️ Po dohodě se vrací poslední tah.",
    "takeback.done_alone": "↩️ {user} vrací svůj poslední tah (není koho se ptát). Hra je zase tak, jak byla před ním.",
    "takeback.done_solo": "↩️ Tvůj poslední tah ve hře #{game} je vrácen (není koho se ptát).",
    "takeback.no.refused": "Žádost o vrácení tohoto tahu ve hře #{game} už byla odmítnuta: "
    "o každý tah se dá požádat jen jednou.",
    "takeback.sent": "Ostatní hráči hry #{game} dostali otázku, jestli smíš vrátit svůj poslední tah.",
    "takeback.already": "Žádost o vrácení tahu ve hře #{game} už je otevřená: "
    "ostatní hráči na ni odpovídají ve vlákně hry.",
    "takeback.counted": "Tvůj souhlas je započítán.",
    "takeback.refused_ok": "Tvůj nesouhlas je zaznamenán: tah platí.",
    "takeback.own": "Tohle je tvoje vlastní žádost: odpovídají na ni ostatní hráči.",
    "takeback.not_asked": "Na tuto žádost odpovídají jen ostatní hráči hry #{game}.",
    "takeback.gone": "Tato žádost už skončila: hra pokračovala, nebo už byla zodpovězena.",
    "takeback.moved_on": "Hra #{game} mezitím pokračovala: nic se nevrátilo.",
    "takeback.vote_moot": "{user} už nemusí hrát: předchozí tah byl vrácen.",
    "takeback.no.nothing": "Ve hře #{game} zatím není žádný tah, který by šel vrátit.",
    "takeback.no.not_yours": "Poslední tah ve hře #{game} nebyl tvůj: o jeho vrácení může požádat jen ten, "
    "kdo ho zahrál.",
    "takeback.no.acted_since": "Od tvého posledního tahu ve hře #{game} už hrál někdo jiný: tah už nejde vrátit.",
    "takeback.no.revealed": "Tvůj poslední tah ve hře #{game} nejde vrátit: odhalil něco skrytého "
    "(souboj, průzkumníka, taženou kartu nebo dílek, karty z ruky) nebo se vracet nesmí.",
    "btn.take_back": "Vrátit tah",
    "takeback.not_mover": "O vrácení tohoto tahu ve hře #{game} může požádat jen ten, kdo ho zahrál: {user}.",
    "takeback.moved_on_since": "Hra #{game} od toho tahu pokračovala: už ho nejde vrátit.",
    "btn.takeback_agree": "Souhlasím s vrácením",
    "btn.takeback_refuse": "Nesouhlasím",
}
