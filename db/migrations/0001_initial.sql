-- Deskovka initial schema (DESIGN §4).
-- Times are unix seconds (REAL, UTC) from the store's injectable clock.
-- Discord ids are 64-bit snowflakes and fit SQLite's signed INTEGER.
-- JSON columns are TEXT written by the store with json.dumps; never pickle.

CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    kind         TEXT    NOT NULL,               -- engine name, rules.registry.GAMES key
    guild_id     INTEGER,                        -- NULL outside a guild
    channel_id   INTEGER NOT NULL,
    thread_id    INTEGER,                        -- the game's thread, once opened
    message_id   INTEGER,                        -- the challenge / lobby message
    creator_id   INTEGER NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    options      TEXT    NOT NULL DEFAULT '{}',  -- JSON object, options as resolved by the engine spec
    seed         INTEGER,                        -- NULL only while in the lobby (or cancelled there)
    state        TEXT,                           -- JSON from game.dump; NULL only in the lobby
    version      INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    outcome      TEXT,                           -- JSON Outcome once finished or cancelled
    cancelled_by INTEGER,                        -- user who cancelled; a cancel is not a loss
    created_at   REAL    NOT NULL,
    updated_at   REAL    NOT NULL,
    turn_since   REAL,                           -- when the seats now to act began waiting
    CHECK ((state IS NULL) = (seed IS NULL)),
    CHECK (status IN ('lobby', 'cancelled') OR state IS NOT NULL),
    CHECK (status <> 'lobby' OR state IS NULL),
    CHECK ((outcome IS NULL) = (status IN ('lobby', 'active')))
);

CREATE INDEX games_status        ON games (status);
CREATE INDEX games_guild_status  ON games (guild_id, status);
CREATE INDEX games_channel       ON games (channel_id, status);
CREATE INDEX games_thread        ON games (thread_id) WHERE thread_id IS NOT NULL;

CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL CHECK (seat >= 0),
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE INDEX seats_user ON seats (user_id, game_id);

-- The append-only action log: replaying it from the game's seed gives the stored state.
-- seq is the game version the action produced, so it increases strictly but may skip numbers
-- (lobby seat changes, finish and cancel bump the version without an action).
CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,                 -- JSON {"n": "<engine notation>"}
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions is append-only');
END;

-- Deleting a whole game (and its log by cascade) stays possible; editing a live game's log is not.
CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
WHEN EXISTS (SELECT 1 FROM games WHERE id = OLD.game_id)
BEGIN
    SELECT RAISE(ABORT, 'actions is append-only');
END;

CREATE TABLE user_prefs (
    user_id     INTEGER PRIMARY KEY,
    dms_enabled INTEGER NOT NULL DEFAULT 1 CHECK (dms_enabled IN (0, 1)),
    language    TEXT    NOT NULL DEFAULT 'en',
    updated_at  REAL
);
