"""Čeština: historie hráče a záznam dohrané hry jako animace (issue 20 §2)."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # --- /game history -------------------------------------------------------------------------
    "history.head_here": "**Dohrané hry hráče {user}** na tomto serveru ({n}), od nejnovější:",
    "history.head_here_kind": "**Dohrané hry hráče {user}** ve hře {kind} na tomto serveru ({n}), od nejnovější:",
    "history.head_everywhere": "**Tvoje dohrané hry** na všech serverech ({n}), od nejnovější:",
    "history.head_everywhere_kind": "**Tvoje dohrané hry** ve hře {kind} na všech serverech ({n}), od nejnovější:",
    "history.none_here": "{user} zatím na tomto serveru nemá žádnou dohranou hru.",
    "history.none_here_kind": "{user} zatím na tomto serveru nemá žádnou dohranou hru {kind}.",
    "history.none_everywhere": "Zatím nemáš žádnou dohranou hru.",
    "history.none_everywhere_kind": "Zatím nemáš žádnou dohranou hru {kind}.",
    "history.game": "• #{id} {kind}, {date}: {result} · {players} — {link}",
    "history.game_named": "• #{id} {kind}, {date}: {result} — {link}",
    "history.page": "Strana {page} z {pages}: další ukáže `{cmd_game_history} {opt_game_history__page}:{next}`.",
    "history.dm_own": "V DM ukazuji jen tvoje vlastní hry: historii jiného hráče si vyžádej na serveru, kde jste oba.",
    # --- /game replay ------------------------------------------------------------------------------
    "replay.one_at_a_time": "Tvá předchozí animace se ještě připravuje: prosím jednu po druhé.",
    "replay.running": "Hra #{game} se ještě hraje: záznam jako animace je pro dohrané hry, kdy se už "
    "smí ukázat všechno.",
    "replay.no_moves": "Hra #{game} skončila dřív, než kdokoli táhl: není co přehrát.",
    "replay.bad_range": "Hra #{game} má tahy 1 až {moves}: zvol `od` a `do` mezi 1 a {moves}, "
    "přičemž `od` nesmí být za `do`.",
    "replay.no_images": "Hra #{game} nemá žádné obrázky k přehrání.",
    "replay.too_big": "Záznam hry #{game} se nevejde do limitu Discordu pro soubory: zkus kratší úsek "
    "pomocí `od` a `do`.",
    "replay.caption": "🎞️ Záznam hry #{game} ({kind}), tahy {first}–{last} z {moves}. Výsledek: {result}",
    "replay.sampled": "Zkráceno, aby se vešlo: ukázáno {shown} z {positions} pozic, jedna nejvýš po "
    "{every} tazích; `od` a `do` ukážou úsek tah po tahu.",
    "replay.scaled": "Zmenšeno na {percent} % plné velikosti, aby se vešlo do limitu Discordu.",
}
