-- foreign_keys: off
-- Issue 18 §1: a lobby nobody started ends with its own status, 'expired' (until now 'cancelled'
-- with the outcome reason 'expired'), and an outcome names how the game ended with a typed
-- 'ending' instead of a free-text 'reason'.
--
-- SQLite cannot alter a CHECK constraint, so `games` is rebuilt by the 12 steps of
-- https://www.sqlite.org/lang_altertable.html#otheralter. The first line of this file makes the
-- runner (db/migrate.py) switch foreign keys off around it: with them on, DROP TABLE games would
-- delete every seat, action, timer, change, vote, proposal and turn page by ON DELETE CASCADE.
-- It comes after 0008 (whose columns it keeps): a database that has 0008 must not lose them. The runner
-- runs PRAGMA foreign_key_check before it commits, and switches foreign keys back on.

CREATE TABLE games_new (
    id           INTEGER PRIMARY KEY,
    kind         TEXT    NOT NULL,               -- engine name, rules.registry.GAMES key
    guild_id     INTEGER,                        -- NULL outside a guild
    channel_id   INTEGER NOT NULL,
    thread_id    INTEGER,                        -- the game's thread, once opened
    message_id   INTEGER,                        -- the challenge / lobby message
    creator_id   INTEGER NOT NULL,
    status       TEXT    NOT NULL
                 CHECK (status IN ('lobby', 'active', 'finished', 'cancelled', 'expired')),
    options      TEXT    NOT NULL DEFAULT '{}',  -- JSON object, options as resolved by the engine spec
    seed         INTEGER,                        -- NULL only in a lobby (or one cancelled or expired)
    state        TEXT,                           -- JSON from game.dump; NULL only when seed is
    version      INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    outcome      TEXT,                           -- JSON Outcome once finished, cancelled or expired
    cancelled_by INTEGER,                        -- user who cancelled; a cancel is not a loss
    created_at   REAL    NOT NULL,
    updated_at   REAL    NOT NULL,
    turn_since   REAL,                           -- when the seats now to act began waiting
    pace         INTEGER CHECK (pace IS NULL OR pace > 0), -- seconds per turn; NULL: no clock
    nudged_at    REAL,                           -- the last /game nudge
    announced    INTEGER NOT NULL DEFAULT 0,     -- the last version fully told (changes)
    lobby_challenge INTEGER CHECK (lobby_challenge IN (0, 1)),  -- 0008: a lobby's shape
    lobby_invited   TEXT,                        -- JSON array of user ids
    autoplay_by     TEXT,                        -- 0008: the automatic player's claim
    autoplay_at     REAL,
    autoplay_until  REAL,
    CHECK ((state IS NULL) = (seed IS NULL)),
    CHECK (status IN ('lobby', 'cancelled', 'expired') OR state IS NOT NULL),
    CHECK (status NOT IN ('lobby', 'expired') OR state IS NULL),  -- an expired game never started
    CHECK ((outcome IS NULL) = (status IN ('lobby', 'active')))
);

INSERT INTO games_new (
    id, kind, guild_id, channel_id, thread_id, message_id, creator_id, status, options, seed, state,
    version, outcome, cancelled_by, created_at, updated_at, turn_since, pace, nudged_at, announced,
    lobby_challenge, lobby_invited, autoplay_by, autoplay_at, autoplay_until
)
SELECT
    id, kind, guild_id, channel_id, thread_id, message_id, creator_id,
    CASE WHEN status = 'cancelled' AND seed IS NULL AND cancelled_by IS NULL
              AND json_valid(outcome) AND json_extract(outcome, '$.reason') = 'expired'
         THEN 'expired' ELSE status END,
    options, seed, state, version,
    -- {"reason": "..."} becomes {"ending": "..."}, as rules.protocol.LEGACY_REASONS maps it
    -- (Outcome.from_json still reads the old form, for rows this statement cannot parse).
    CASE WHEN outcome IS NOT NULL AND json_valid(outcome) AND json_type(outcome, '$.ending') IS NULL
         THEN json_set(
             json_remove(outcome, '$.reason'),
             '$.ending',
             CASE json_extract(outcome, '$.reason')
                 WHEN 'resign'        THEN 'resigned'
                 WHEN 'resigned'      THEN 'resigned'
                 WHEN 'timeout'       THEN 'timeout'
                 WHEN 'agreed_draw'   THEN 'agreed_draw'
                 WHEN 'no_moves'      THEN 'no_moves'
                 WHEN 'both_immobile' THEN 'no_moves'
                 WHEN 'move_limit'    THEN 'move_limit'
                 WHEN 'cancelled'     THEN 'cancelled'
                 WHEN 'expired'       THEN 'expired'
                 ELSE 'normal'  -- flag, final_scoring, automa_wins, target_reached
             END)
         ELSE outcome END,
    cancelled_by, created_at, updated_at, turn_since, pace, nudged_at, announced,
    lobby_challenge, lobby_invited, autoplay_by, autoplay_at, autoplay_until
FROM games;

-- The trigger that keeps the log append-only names `games`: while no table has that name, the
-- rename below would fail to re-parse it, so it goes and comes back as it was (0001).
DROP TRIGGER actions_append_only_delete;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;

CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
WHEN EXISTS (SELECT 1 FROM games WHERE id = OLD.game_id)
BEGIN
    SELECT RAISE(ABORT, 'actions is append-only');
END;

CREATE INDEX games_status        ON games (status);
CREATE INDEX games_guild_status  ON games (guild_id, status);
CREATE INDEX games_channel       ON games (channel_id, status);
CREATE INDEX games_thread        ON games (thread_id) WHERE thread_id IS NOT NULL;
