"""Czech: turn clocks — paces, reminders, nudges, deadlines, vacations, "games waiting for me".

``{when}``/``{since}`` are Discord timestamps: a relative one reads "za 2 dny" / "před 3 hodinami"
in the reader's language, so the sentences are built around those phrases."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # --- paces -------------------------------------------------------------------------------
    "pace.none": "bez hodin",
    "pace.days.one": "{n} den na tah",
    "pace.days.few": "{n} dny na tah",
    "pace.days.other": "{n} dní na tah",
    "pace_unknown": "Vyber tempo z možností {choices}.",
    "with_pace": "{options}; {pace}",
    "pace_due": "{pace}, {due}",
    "due": "termín {when}",
    "turn_due": "⏱ Táhni nejpozději {when} ({pace}).",
    "start_pace": "⏱ {pace}: připomínka přijde v polovině času a 12 hodin před termínem; po něm "
    "ostatní rozhodnou, zda počkat. `{cmd_game_away}` ti o dovolené zastaví hodiny.",
    "start_pace.none": "⏱ Bez hodin: tato hra počká na každý tah, jak dlouho bude třeba.",
    # --- reminders and nudges ----------------------------------------------------------------
    "reminder_dm": "⏰ Připomínka: tyto hry čekají na tvůj tah (nejstarší první).",
    "nudge_dm": "👋 {who} tě popohání ve hře #{game}. Hry, které čekají na tvůj tah (nejstarší první):",
    "waiting_line": "• #{game} {title}: tvůj tah začal {since}, {due} — {link}",
    "and_more_games_list": "• … a další ({n}): `{cmd_game_list}` ukáže všechny.",
    "reminder_post": "⏰ {user}, připomínka: jsi tu na tahu ({due}).",
    "nudge_post": "👋 {user}, {by} tě popohání: jsi tu na tahu ({due}).",
    "nudge_your_turn": "Ve hře #{game} jsi na tahu ty — není koho popohánět.",
    "nudge_nobody": "Ve hře #{game} teď není nikdo na tahu.",
    "nudge_too_soon": "Hru #{game} už někdo popohnal před méně než dnem; znovu můžeš popohnat {when}.",
    "nudged": "Popoháním ve hře #{game}: {who}.",
    # --- lobbies ------------------------------------------------------------------------------
    "lobby_expired": "Tato čekárna ({title}) vypršela: nikdo ji nespustil včas (dní: {days}). "
    "Novou můžeš založit, kdykoli budeš chtít.",
    "status_is.expired": "Hra #{game} vypršela dřív, než začala.",
    # --- when the time runs out ---------------------------------------------------------------
    "timeout.ran_out": "hráči {user} vypršel čas",
    "timeout.left": "{user} už není na serveru",
    "timeout.head": "⏰ Hra #{game}: {reason} ({pace}).",
    "timeout.alone": "Hra na tebe počká: jakýkoli tah ji posune dál.",
    "timeout.nobody": "Nikdo jiný teď rozhodnout nemůže (hra čeká i na ostatní), takže hodiny běží znovu "
    "({pace}); jakýkoli tah hru posune dál.",
    "timeout.ask": "{voters}: co teď? (potřeba hlasů: {n}; při rovnosti se čeká)",
    "timeout.ask_one": "{voters}: co teď? (potřeba hlasů: {n})",
    "timeout.explain.wait": "• **Počkat**: {user} dostane nový termín ({pace}).",
    "timeout.explain.win": "• **Vzít si výhru**: hra hned skončí výhrou kvůli vypršení času.",
    "timeout.explain.auto": "• **Hrát dál bez něj**: rozhodnutí za hráče {user} budu dělat já (ta nejjednodušší, "
    "která udrží hru v chodu: viz `{cmd_game_rules}`), dokud se nevrátí jakýmkoli příkazem.",
    "btn.timeout.wait": "Počkat",
    "btn.timeout.win": "Vzít si výhru",
    "btn.timeout.auto": "Hrát dál bez něj",
    "timeout.gone": "O tomhle se už nerozhoduje: hra mezitím pokročila.",
    "timeout.played": "✅ {user} mezitím táhne: není o čem rozhodovat.",
    "timeout.over": "Hra skončila: není o čem rozhodovat.",
    "timeout.not_you": "Vypršel čas tobě: prostě táhni a hra pokračuje.",
    "timeout.not_voter": "O tomhle rozhodují jen ostatní hráči hry #{game}.",
    "timeout.counted": "Tvá volba se počítá (zatím hlasů: {n}, potřeba: {needed}).",
    "timeout.waits": "⏳ Stůl čeká na hráče {user}: nový termín {when}.",
    "timeout.waits_unpaced": "⏳ Stůl čeká na hráče {user}, jak dlouho bude třeba.",
    "timeout.auto": "🤖 Stůl hraje dál: za hráče {user} rozhoduji já, dokud tu nepoužije jakýkoli příkaz.",
    "timeout.claimed": "🏁 Hráči {user} vypršel čas a výhra byla přiznána soupeři.",
    "seat_back": "👋 Vítej zpět, {user}: tvé místo u stolu je zase tvoje.",
    "result.timeout": "vítězí {winners}: hráči {losers} vypršel čas",
    # --- vacations ----------------------------------------------------------------------------
    "away_range": "Vyber počet dní od 1 do {limit}.",
    "away_too_long": "Na rok {year} ti zbývá dní dovolené: {left} (z {limit}); vyber nejvýš {left}.",
    "away_none_left": "Všechny dny dovolené na rok {year} máš vyčerpané ({limit}).",
    "away_set": "🏖️ Tvé hodiny stojí do {until}: mezitím ti nevyprší žádný termín a nechodí ti "
    "připomínky. Dny dovolené v roce {year}: {used} z {limit}. `{cmd_game_back}` ji ukončí dřív.",
    "back_not_away": "Nejsi na dovolené.",
    "back_set": "Vítej zpět: tvé hodiny zase běží. Dny dovolené v roce {year}: {used} z {limit}.",
    # --- /game list and /game next ------------------------------------------------------------
    "list.head_yours": "**Čekají na tebe** (nejdéle čekající první)",
    "list.head_others": "**Tvoje další hry**",
    "list.game": "• #{id} {kind}: {status} · {when} — {link}",
    "list.lobby": "• #{id} {kind}: čekárna ({creator}), čeká na hráče, vyprší {expires} · {pace} — {link}",
    "list.away": "🏖️ Jsi pryč do {until} (dny dovolené v roce {year}: {used} z {limit}).",
    "list.away_used": "Dny dovolené v roce {year}: {used} z {limit}.",
    "list.page": "Strana {page} z {pages}: další ukáže `{cmd_game_list} {opt_game_list__page}:{next}`.",
    "next_none": "Žádná hra nečeká na tvůj tah. 🎉",
    # --- /game rules ---------------------------------------------------------------------------
    "rules_pace": "**Tempo.** Každá hra má hodiny zvolené při založení (`{opt_stratego_new__pace}`: "
    "{choice_none}, {choice_1d}, {choice_3d} — výchozí — nebo {choice_7d} na tah; souběžné rozestavování "
    "dostane stejnou lhůtu). Připomínka přijde v polovině času "
    "a 12 hodin před termínem (nejvýš jedna denně, se všemi hrami, které na tebe čekají); "
    "`{cmd_game_nudge}` dovolí ostatním popohnat tě jednou denně. Když termín uplyne, rozhodnou ostatní: "
    "počkat (nový termín), vzít si výhru (dva hráči) nebo hrát dál bez tebe (tři nebo čtyři: za tebe "
    "rozhoduje počítač na normální úrovni, dokud nepoužiješ jakýkoli příkaz). `{cmd_game_away} {opt_game_away__days}:` "
    "zastaví všechny tvé hodiny, nejvýš na 14 dní v roce — nebo s `{opt_game_away__computer}:` za tebe mezitím hraje "
    "počítač; `{cmd_game_back}` dovolenou ukončí. Čekárny, které nikdo nespustí, po 7 dnech vyprší.",
}
