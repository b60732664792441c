"""Czech: what the bot tells its operator when it cannot start (issue 44 §6). The Developer Portal
speaks English only, so its buttons and sections stay in English quotes; the rest is Czech."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "startup.no_token": """\
Deskovka potřebuje token bota pro Discord a proměnná DISCORD_TOKEN není nastavená.

1. Otevři https://discord.com/developers/applications a stiskni „New Application“.
2. V části „Bot“ stiskni „Reset Token“ a token zkopíruj. Žádné privilegované intenty nejsou potřeba.
3. Vlož ho do souboru .env vedle bot.py (začni kopií .env.example):
       DISCORD_TOKEN=tvuj-token
4. Pozvi bota na server: v „OAuth2 → URL Generator“ zaškrtni scopes `bot` a `applications.commands`
   a oprávnění Send Messages, Send Messages in Threads, Create Public Threads, Attach Files
   a Embed Links; otevři vygenerovanou adresu a vyber svůj server.
5. Nepovinné: nastav DEV_GUILD_ID na id svého serveru, aby se příkazy s lomítkem objevily hned.
   Id zkopíruješ tak, že v Discordu zapneš Uživatelská nastavení → Rozšířené → Vývojářský režim
   a pak klikneš pravým tlačítkem na ikonu serveru → Kopírovat ID serveru. Bez DEV_GUILD_ID se
   příkazy registrují globálně a může trvat až hodinu, než se objeví.
6. Spusť znovu `make run`.
""",
    "startup.dev_guild_id": "DEV_GUILD_ID musí být id serveru (jen číslice), ne {value}.",
    "startup.log_level": "LOG_LEVEL musí být DEBUG, INFO, WARNING nebo ERROR, ne {value}.",
    "startup.render_processes": "RENDER_PROCESSES musí být celé číslo od 0 do {maximum}, ne {value}.",
    "startup.think_processes": "THINK_PROCESSES musí být celé číslo od 0 do {maximum}, ne {value}.",
    "startup.computer_pause": "COMPUTER_PAUSE musí být počet sekund od 0 do {maximum} (např. 3 nebo 1.5), ne {value}.",
    "startup.shard_ids_alone": "SHARD_IDS ({value}) potřebuje SHARD_COUNT: počet shardů ve všech procesech bota.",
    "startup.shard_count": "SHARD_COUNT musí být celý počet shardů, 1 nebo víc, ne {value}.",
    "startup.shard_ids": "SHARD_IDS musí vyjmenovat různá čísla shardů od 0 do {last} (SHARD_COUNT je {count}), "
    "oddělená čárkami, např. 0,1; ne {value}.",
    "startup.database_url": "DATABASE_URL musí být prázdná (SQLite v DATABASE_PATH), sqlite:///relativni/cesta.db, "
    "sqlite:////absolutni/cesta.db nebo postgresql://uzivatel:heslo@server:port/databaze",
    "startup.database_url.not_a_url": "{expected}, ne {value}.",
    "startup.database_url.sqlite_path": "{expected}: adresa sqlite potřebuje tři lomítka a cestu, ne {value}.",
    "startup.database_url.postgresql_port": "{expected}: v adrese PostgreSQL je chyba ({detail}).",
    "startup.database_url.postgresql_database": "{expected}: adresa PostgreSQL neuvádí žádnou databázi.",
    "startup.database_url.scheme": "{expected}, ne adresa typu {value}.",
    "startup.token_refused": "Discord odmítl token z DISCORD_TOKEN (401 Unauthorized): vygeneruj nový v Developer "
    "Portalu (Bot → Reset Token) a vlož ho do .env.",
    "startup.intents_refused": "Discord odmítl připojení ke gatewayi (4014 Disallowed intents): bot žádá "
    "privilegované intenty, které jsou vypnuté; zapni je v Developer Portalu (Bot → Privileged Gateway Intents).",
    "startup.database_unavailable": "Nelze otevřít databázi {where} ({reason}): zkontroluj DATABASE_URL a že server "
    "PostgreSQL běží a má tuto databázi i uživatele.",
    "startup.no_network": "Nelze se spojit s Discordem ({reason}): zkontroluj připojení k síti.",
    "startup.timed_out": "vypršel čas",
}
