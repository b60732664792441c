-- Issue 19 §3: a game's language (its thread, public images, game-over), chosen with `/… new`.
-- It is the table's, not the rules': the engines' option specs refuse unknown options, so it is a
-- column of its own rather than one of `options`. NULL: a game made before, in English.
ALTER TABLE games ADD COLUMN language TEXT;

-- Issue 19 §2: a player's language is a choice, `auto` (follow the Discord client, the default),
-- `en` or `cs`; with `auto` the client's locale last seen in an interaction is remembered in
-- `client_locale` for the DMs sent later (reminders, turn notices). Until now `language` could not
-- be chosen (no command set it), so an 'en' in it is the old default and becomes 'auto'.
--
-- SQLite cannot change a column's default, so `user_prefs` is rebuilt (no table references it).
CREATE TABLE user_prefs_new (
    user_id       INTEGER PRIMARY KEY,
    dms_enabled   INTEGER NOT NULL DEFAULT 1 CHECK (dms_enabled IN (0, 1)),
    language      TEXT    NOT NULL DEFAULT 'auto',  -- 'auto' or a locale with a table ('en', 'cs')
    updated_at    REAL,
    notify        TEXT    NOT NULL DEFAULT 'dm' CHECK (notify IN ('dm', 'mention', 'both')),
    away_from     REAL,
    away_until    REAL,
    away_year     INTEGER,
    away_days     INTEGER NOT NULL DEFAULT 0 CHECK (away_days >= 0),
    reminded_at   REAL,
    client_locale TEXT                              -- the client's locale last seen; NULL: never
);

INSERT INTO user_prefs_new (
    user_id, dms_enabled, language, updated_at, notify, away_from, away_until, away_year, away_days, reminded_at
)
SELECT user_id, dms_enabled, CASE WHEN language = 'en' THEN 'auto' ELSE language END, updated_at, notify,
       away_from, away_until, away_year, away_days, reminded_at
FROM user_prefs;

DROP TABLE user_prefs;
ALTER TABLE user_prefs_new RENAME TO user_prefs;
