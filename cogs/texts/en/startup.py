"""English: what the bot tells its operator when it cannot start (issue 44 §6) — the guide to a
token, malformed settings, and the one-line problems of a start (Discord refused the token, no
network, no database). Shown in Czech when the operator's locale is Czech (``LC_ALL``,
``LC_MESSAGES`` or ``LANG`` starting with ``cs``), in English otherwise."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "startup.no_token": """\
Deskovka needs a Discord bot token, and DISCORD_TOKEN is not set.

1. Open https://discord.com/developers/applications and press "New Application".
2. In "Bot", press "Reset Token" and copy the token. No privileged intents are needed.
3. Put it in a file named .env next to bot.py (start from .env.example):
       DISCORD_TOKEN=your-token-here
4. Invite the bot: in "OAuth2 → URL Generator" tick the scopes `bot` and `applications.commands`,
   and the permissions Send Messages, Send Messages in Threads, Create Public Threads,
   Attach Files and Embed Links; open the generated URL and pick your server.
5. Optional: set DEV_GUILD_ID to your server's id so that slash commands appear there at once.
   To copy it, turn on User Settings → Advanced → Developer Mode in Discord, then right-click
   the server icon → Copy Server ID. Without DEV_GUILD_ID the commands sync globally, which can
   take up to an hour to appear.
6. Run `make run` again.
""",
    "startup.dev_guild_id": "DEV_GUILD_ID must be a server id (digits only), not {value}.",
    "startup.log_level": "LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {value}.",
    "startup.render_processes": "RENDER_PROCESSES must be a whole number from 0 to {maximum}, not {value}.",
    "startup.think_processes": "THINK_PROCESSES must be a whole number from 0 to {maximum}, not {value}.",
    "startup.computer_pause": "COMPUTER_PAUSE must be a number of seconds from 0 to {maximum} (e.g. 3 or 1.5), "
    "not {value}.",
    "startup.shard_ids_alone": "SHARD_IDS ({value}) needs SHARD_COUNT: the number of shards over all the bot's "
    "processes.",
    "startup.shard_count": "SHARD_COUNT must be a whole number of shards, 1 or more, not {value}.",
    "startup.shard_ids": "SHARD_IDS must list different shard numbers from 0 to {last} (SHARD_COUNT is {count}), "
    "separated by commas, e.g. 0,1; not {value}.",
    "startup.database_url": "DATABASE_URL must be empty (SQLite at DATABASE_PATH), sqlite:///relative/path.db, "
    "sqlite:////absolute/path.db or postgresql://user:password@host:port/database",
    "startup.database_url.not_a_url": "{expected}, not {value}.",
    "startup.database_url.sqlite_path": "{expected}: an sqlite URL needs three slashes and a path, not {value}.",
    "startup.database_url.postgresql_port": "{expected}: {detail} in the PostgreSQL URL.",
    "startup.database_url.postgresql_database": "{expected}: the PostgreSQL URL names no database.",
    "startup.database_url.scheme": "{expected}, not a {value} URL.",
    "startup.token_refused": "Discord refused the token in DISCORD_TOKEN (401 Unauthorized): reset it in the "
    "Developer Portal (Bot → Reset Token) and put the new one in .env.",
    "startup.intents_refused": "Discord refused the gateway connection (4014 Disallowed intents): the bot asks for "
    "privileged intents that are off; turn them on in the Developer Portal (Bot → Privileged Gateway Intents).",
    "startup.database_unavailable": "Cannot open the database {where} ({reason}): check DATABASE_URL and that the "
    "PostgreSQL server runs and has that database and user.",
    "startup.no_network": "Cannot reach Discord ({reason}): check the network connection.",
    "startup.timed_out": "timed out",
}
