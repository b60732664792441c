"""Czech: what every game says (the table, lobbies, /game, generic rule errors).

Players are addressed with "ty" (as on Discord); the verbs after a player's name are in the
present tense, so that no sentence has to guess a player's gender, and names stay in the nominative."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # --- answers -----------------------------------------------------------------------------
    "oops": "Promiň, něco se u mě pokazilo. Nic se nezměnilo; zkus to prosím znovu.",
    "made_but_not_shown": "Tvůj tah proběhl a platí, jen se ho nepodařilo zobrazit. "
    "`{cmd_game_board}` ukáže hru tak, jak je teď.",
    "busy": "Teď mám napilno — nic se nezměnilo. Zkus to prosím za chvilku znovu.",
    "stale_plain": "To tlačítko nebo příkaz už neplatí (někdo tě předběhl) — nic se nezměnilo.",
    "done": "Hotovo.",
    "page_ping": "{who}: ve hře #{game} je řada na tvém rozhodnutí — viz zprávu o tahu výše.",
    "done_elsewhere": "Hotovo. Hra i její plán jsou tady: {where}.",
    "made_but_thread_failed": "Tvůj tah proběhl a platí, ale nemohu ho zveřejnit v místě hry ({where}): "
    "možná tam nemám oprávnění, nebo bylo smazáno či zamčeno. Hráči, kteří jsou teď na řadě, "
    "dostali zprávu do DM nebo v kanálu.",
    "turn_fallback": "{who}: ve hře #{game} jsi na tahu (do jejího vlákna teď nemohu psát).",
    "jump": "Hra: {link}",
    "empty_input": "nic (bylo to prázdné)",
    "and_list": "{head} a {last}",
    "and_more": " … a další ({n})",
    # --- which game --------------------------------------------------------------------------
    "no_game": "Tu hru nemohu najít.",
    "which_game": "Máš tu několik her — vyber jednu volbou `game`: {games}.",
    "no_active_game": "Nemáš tu žádnou rozehranou hru. Založ ji příkazem {commands}.",
    "not_a_player": "Ve hře #{game} nehraješ.",
    "wrong_kind": "Hra #{game} je {kind}: použij její vlastní příkazy.",
    "finished": "dohráno",
    "game_over_named": "Hra #{game} skončila: {result}",
    "status_is.lobby": "Hra #{game} ještě nezačala: stále čeká na hráče.",
    "status_is.active": "Hra #{game} už běží.",
    "status_is.cancelled": "Hra #{game} byla zrušena.",
    "status_is.finished": "Hra #{game} skončila.",
    "not_active": "Hra #{game} neběží.",
    # --- /game -------------------------------------------------------------------------------
    "turn_of": "na tahu je {who} (tah začal <t:{since}:R>)",
    "setup_waiting": "rozestavování začalo <t:{since}:R> (čeká se na: {who})",
    "no_games_listed": "Nemáš tu žádné rozehrané hry.",
    "dm_failed": "{user}, nemohu ti posílat soukromé zprávy (máš zavřené DM), takže se o svých tazích "
    "dozvíš jen tady. Příkaz `{cmd_game_notify} {opt_game_notify__how}:{choice_mention}` to tak nastaví natrvalo.",
    "dm_failed_private": "{user}, nemohu ti posílat soukromé zprávy (máš zavřené DM). "
    "Svá tajemství si prohlédni soukromě příkazem `{cmd_game_hand}` nebo tlačítkem **{button}**.",
    "no_private": "{title} nemá žádná tajemství: všechno je vidět na společném plánu.",
    "log_empty": "Zatím žádné tahy.",
    "log_head": "Poslední tahy hry #{game}:",
    "board_caption": "Hra #{game} — {status}",
    "hand_caption": "Tvůj pohled na hru #{game} (vidíš ho jen ty).",
    "unknown_rules": "Hru jménem `{name}` neznám.",
    "notify_unknown": "Vyber jednu z možností: {choices}.",
    "notify_set.dm": "O svých tazích se teď dozvíš v DM (s vlastním pohledem na hru); zmínka přijde, "
    "jen když DM selže.",
    "notify_set.mention": "O svých tazích se teď dozvíš zmínkou ve vlákně hry; žádné DM o tazích.",
    "notify_set.both": "O svých tazích se teď dozvíš v DM i zmínkou ve vlákně.",
    # --- resigning and cancelling ------------------------------------------------------------
    "resign_confirm": "Vzdát hru #{game} ({title})? Počítá se jako prohra. Potvrď to tlačítkem.",
    "resign_which": "Kterou hru vzdáváš? Počítá se jako prohra.",
    "btn.resign_game": "Vzdát #{game} {title}",
    "cannot_resign": "{title} tu zatím vzdát nejde.",
    "cancel_in_server": "Hru zrušíš na jejím serveru (v jejím vlákně nebo kanálu).",
    "cancel_not_allowed": "Hru #{game} mohou zrušit jen její hráči (když souhlasí všichni) nebo člen "
    "s oprávněním Spravovat server; čekárnu jen ten, kdo ji založil.",
    "cancelled": "{user} ruší hru #{game}. Nepočítá se jako výhra ani prohra.",
    "cancelled_agreed": "Hra #{game} byla zrušena: souhlasili všichni hráči. Nepočítá se jako výhra ani prohra.",
    "cancel_proposed": "{user} navrhuje zrušit hru #{game} (nepočítá se jako výhra ani prohra). "
    "{waiting}: stiskněte **Souhlasím se zrušením**, nebo prostě hrajte dál.",
    "cancel_vote_counted": "Tvůj hlas pro zrušení hry #{game} je započten; hra se zruší, jakmile "
    "souhlasí všichni hráči.",
    "cancel_vote_already": "Tvůj hlas pro zrušení hry #{game} už je započten; hra se zruší, jakmile "
    "souhlasí všichni hráči.",
    "cancel_proposal_open": "{user} navrhuje zrušit hru #{game} (nepočítá se jako výhra ani prohra). "
    "Souhlasí: {agreed}. Ještě chybí souhlas: {waiting} — stiskněte **Souhlasím se zrušením**, nebo prostě "
    "hrajte dál.",
    "cancel_proposal_done": "Návrh hráče {user} na zrušení hry #{game}: všichni hráči souhlasili.",
    "btn.agree_cancel": "Souhlasím se zrušením",
    # --- the end -----------------------------------------------------------------------------
    "game_over_post": "**Konec hry** — {result}\n{players}: díky za hru!",
    "game_over_dm": "**{title} #{game}** skončila: {result}\n{link}",
    "result_short": "— {result}",
    "short.won": "vítězí {names}",
    "short.draw": "remíza",
    "short.no_winner": "bez vítěze",
    "short.cancelled": "zrušeno",
    "short.expired": "vypršela",
    "short.automa": "automa",
    "result.cancelled": "zrušena ({user}), nepočítá se jako výhra ani prohra",
    "result.expired": "vypršela dřív, než začala",
    # --- lobbies and challenges --------------------------------------------------------------
    "new_in_server": "Nové hry se zakládají v kanálu na serveru.",
    "new_in_game_thread": "Toto vlákno patří hře #{game}. Novou hru založ tady: {where}.",
    "too_many_invited": "Nejvyšší počet hráčů hry {title} (včetně tebe): {maximum}.",
    "computers_unknown": "Počítače hrají na jedné z těchto úrovní: {levels}.",
    "computers_none": "Hra {title} zatím nemá hráče za počítač.",
    "challenge_direct": "{creator} vyzývá hráče {opponent} ke hře **{kind}** ({options}). {opponent}, přijímáš?",
    "challenge_open": "{creator} hledá soupeře do hry **{kind}** ({options}). Kdo chce hrát, stiskne **Přidat se**.",
    "challenge_self": "Sebe vyzvat nemůžeš.",
    "challenge_bot": "Boti deskovky (zatím) nehrají. Vyber si lidského soupeře.",
    "challenge_not_for_you": "Tahle výzva nepatří tobě, ale hráči {opponent}.",
    "challenge_own": "Vlastní výzvu přijmout nemůžeš.",
    "challenge_declined": "{opponent} odmítá výzvu hráče {creator}.",
    "challenge_withdrawn": "{creator} bere výzvu zpět.",
    "challenge_withdraw_not_yours": "Tuto výzvu může vzít zpět jen {creator}.",
    "challenge_accepted": "{opponent} přijímá! Hra začíná tady: {where}.",
    "challenge_gone": "Tato výzva už neplatí.",
    "lobby_open": "{creator} zakládá hru **{kind}** ({options}); počet hráčů: {allowed}. "
    "Hráči ({count}): {players}. Kdo chce hrát, stiskne **Přidat se**; až budou všichni, {creator} "
    "stiskne **Začít**.",
    "lobby_invited": "{creator} zve do hry **{kind}** ({options}; počet hráčů: {allowed}) tyto hráče: "
    "{invited}. Hráči ({count}): {players}. Kdo chce hrát, stiskne **Přidat se**; až budou všichni, "
    "{creator} stiskne **Začít**.",
    "lobby_invited_only": "Tato čekárna je jen pro pozvané hráče: {invited}.",
    "lobby_already_in": "V této čekárně už jsi.",
    "lobby_not_in": "V této čekárně nejsi.",
    "lobby_full": "Čekárna je plná (hráčů: {maximum}).",
    "lobby_creator_leaves": "Tahle čekárna je tvoje: místo odchodu ji zruš tlačítkem **Zrušit**.",
    "lobby_start_not_yours": "Tuto hru může spustit jen {creator}.",
    "lobby_cancel_not_yours": "Tuto čekárnu může zrušit jen {creator} (nebo člen s oprávněním Spravovat server).",
    "lobby_wrong_count": "Počet hráčů této hry: {allowed}; v čekárně: {count}.",
    "lobby_started": "**{title} #{game}** začala tady: {where}.",
    "lobby_cancelled": "{user} ruší čekárnu.",
    "btn.accept": "Přijmout",
    "btn.decline": "Odmítnout",
    "btn.join": "Přidat se",
    "btn.leave": "Odejít",
    "btn.start": "Začít",
    "btn.cancel": "Zrušit",
    "btn.withdraw": "Vzít zpět",
    # --- rule errors every game can raise ----------------------------------------------------
    "err.unknown": "To teď není dovoleno.",
    "err.not_your_turn.not_your_turn": "Nejsi na tahu — na tahu je {to_move}.",
    "err.not_your_turn.not_a_player": "V této hře nehraješ.",
    "err.not_your_turn.no_such_seat": "V této hře nehraješ.",
    "err.not_your_turn.resigned": "Tuto hru už máš vzdanou: netáhneš v ní.",
    "err.game_over.game_over": "Tato hra už skončila.",
    "err.bad_action": "Nerozumím: {text}.",
    "err.option_choice": "Hodnota {value} není pro volbu {option} dovolená: vyber jednu z možností {choices}.",
    "err.option_range": "Volba {option} musí být mezi {minimum} a {maximum}.",
    "err.option_type": "Volba {option} má špatný typ.",
    "err.unknown_option": "Neznámé volby: {options}.",
    "err.player_count": "Počet hráčů této hry: {allowed}.",
    "language_name.cs": "čeština",
    "language_name.en": "angličtina",
    "language_set.auto": "Od teď ti budu odpovídat v jazyce tvé aplikace Discord ({language}), tady i v soukromých zprávách.",
    "language_set.cs": "Od teď ti budu odpovídat česky, tady i v soukromých zprávách.",
    "language_set.en": "Od teď ti budu odpovídat anglicky, tady i v soukromých zprávách.",
    "language_unknown": "Vyber jednu z možností: {choices}.",
    "computer.name": "Počítač ({level})",
    "computer.name_n": "Počítač {n} ({level})",
    "computer.level.easy": "lehký",
    "computer.level.normal": "normální",
    "computer.level.hard": "těžký",
    "unknown_player": "hráč {n}",
}
