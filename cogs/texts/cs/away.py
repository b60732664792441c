"""Czech: místa, za která hraje počítač, když jejich hráč není u stolu (issue 46 §1) — místo
hráče, kterému vypršel čas, a dovolená s volbou ``počítač:``."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # --- místo hráče, kterému vypršel čas (hra s počítačem) -----------------------------------
    "timeout.explain.auto.computer": "• **Hrát dál bez něj**: za hráče {user} bude rozhodovat {computer}, "
    "dokud se nevrátí jakýmkoli příkazem.",
    "timeout.auto.computer": "🤖 Stůl hraje dál: za hráče {user} rozhoduje {computer}, dokud tu nepoužije "
    "jakýkoli příkaz.",
    # --- vzdané místo, které do konce hry hraje počítač (hra tří a více hráčů) ---------------
    "resign_confirm.computer": "Vzdát hru #{game} ({title})? Počítá se jako prohra; tvé místo do konce hry "
    "převezme {computer}. Potvrď to tlačítkem.",
    "resigned_played_on": "Hru #{game} už máš vzdanou: tvé místo do jejího konce hraje {computer}, ty v ní "
    "už nehraješ.",
    # --- dovolená, během které hraje počítač -------------------------------------------------
    "away_set.computer": "🏖️ Máš dovolenou do {until}: ve tvých rozehraných hrách za tebe zatím hraje "
    "{computer} (hra, která mezitím začne, počká na tebe). Své místo si vezmeš zpět příkazem "
    "`{cmd_game_back}` nebo jakýmkoli svým příkazem ve hře. Dny dovolené v roce {year}: {used} z {limit}.",
    "away.handed": "🏖️ {user} má dovolenou do {until}; do té doby za tohoto hráče hraje {computer}.",
    # --- hra, kterou už nehraje žádný člověk (všechna místa ve hře mají počítače) ------------
    "cancelled.nobody_left": "🤖 Hra #{game} byla zrušena: nezůstal v ní žádný člověk, jen počítače. "
    "Nepočítá se jako výhra ani prohra.",
    "result.cancelled.nobody_left": "zrušena: nezůstal v ní žádný člověk, nepočítá se jako výhra ani prohra",
}
