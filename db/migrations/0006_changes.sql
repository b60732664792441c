-- Issue 18, commit once and tell once: every committed change of a game waits in `changes` until
-- the Discord side has told it (the thread post or turn page, the prompts, the DMs); it is written
-- in the same transaction as the change, so a process that dies after the commit leaves it for
-- the catch-up at start-up (or when the dispatcher wakes after its lease). `done` lists the steps
-- of the telling already made ("dm:2", "post"), so a telling cut short is finished without
-- doubling what players already saw. `announced` is the last version fully told.
CREATE TABLE changes (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version        INTEGER NOT NULL CHECK (version >= 1),
    kind           TEXT    NOT NULL CHECK (kind IN ('start', 'seats', 'act', 'finish', 'cancel')),
    seat           INTEGER,                      -- who acted (act), else NULL
    events         TEXT    NOT NULL DEFAULT '[]',-- JSON: the engine's events (act)
    waiting_before TEXT    NOT NULL DEFAULT '[]',-- JSON: the seats that had to act before it
    done           TEXT    NOT NULL DEFAULT '[]',-- JSON: steps of the telling already made
    claimed_at     REAL,                         -- when a process last took it on
    claimed_by     TEXT,                         -- which process (a random token per store)
    tries          INTEGER NOT NULL DEFAULT 0,
    created_at     REAL    NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
CREATE INDEX changes_claimed ON changes (claimed_at);

ALTER TABLE games ADD COLUMN announced INTEGER NOT NULL DEFAULT 0;
UPDATE games SET announced = version;

-- The engine's events of each action, for the record file and for a catch-up (NULL: logged
-- before this migration).
ALTER TABLE actions ADD COLUMN events TEXT;
