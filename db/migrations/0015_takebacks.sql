-- foreign_keys: off
-- Issue 20 §3, takeback by agreement. A player asks to undo their last decision; the others agree
-- with a button, or the request lapses after a day (a 'takeback' timer) or when anyone acts.
-- A takeback made is a change of its own kind ('takeback'), told like any change, and a row of the
-- append-only log ({"takeback": <seq>} in `actions.action`, db/replay.py).
--
-- SQLite cannot alter a CHECK constraint, so `changes` and `timers` are rebuilt with one more kind
-- each (the 12 steps of https://www.sqlite.org/lang_altertable.html#otheralter). The first line
-- makes the runner switch foreign keys off around this file: `timeout_votes` references `timers`,
-- and dropping `timers` with foreign keys on would delete every vote by ON DELETE CASCADE.

CREATE TABLE changes_new (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version        INTEGER NOT NULL CHECK (version >= 1),
    kind           TEXT    NOT NULL
                   CHECK (kind IN ('start', 'seats', 'act', 'finish', 'cancel', 'takeback')),
    seat           INTEGER,                      -- who acted (act) or asked (takeback), else NULL
    events         TEXT    NOT NULL DEFAULT '[]',-- JSON: the engine's events (act)
    waiting_before TEXT    NOT NULL DEFAULT '[]',-- JSON: the seats that had to act before it
    done           TEXT    NOT NULL DEFAULT '[]',-- JSON: steps of the telling already made
    claimed_at     REAL,                         -- when a process last took it on
    claimed_by     TEXT,                         -- which process (a random token per store)
    tries          INTEGER NOT NULL DEFAULT 0,
    created_at     REAL    NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
INSERT INTO changes_new SELECT game_id, version, kind, seat, events, waiting_before, done, claimed_at,
    claimed_by, tries, created_at FROM changes;
DROP TABLE changes;
ALTER TABLE changes_new RENAME TO changes;
CREATE INDEX changes_claimed ON changes (claimed_at);

-- 'takeback': a request to take back a decision lapses when it falls due (seat NULL: it is no
-- seat's clock, so a clock that starts or stops never removes it).
CREATE TABLE timers_new (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: an old vote button names one timer
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER,                 -- the waiting seat; NULL for a lobby's expiry
    kind     TEXT    NOT NULL CHECK (kind IN ('half', 'late', 'deadline', 'expire', 'keep', 'takeback')),
    due      REAL    NOT NULL,
    fired_at REAL
);
INSERT INTO timers_new (id, game_id, seat, kind, due, fired_at)
SELECT id, game_id, seat, kind, due, fired_at FROM timers;
-- Ids stay never reused: the new table's counter starts where the old one was, even past the
-- highest id left.
INSERT INTO sqlite_sequence (name, seq)
SELECT 'timers_new', seq FROM sqlite_sequence WHERE name = 'timers'
  AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'timers_new');
UPDATE sqlite_sequence SET seq = MAX(seq, (SELECT seq FROM sqlite_sequence WHERE name = 'timers'))
WHERE name = 'timers_new' AND EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'timers');
DROP TABLE timers;
ALTER TABLE timers_new RENAME TO timers;
CREATE INDEX timers_due ON timers (due) WHERE fired_at IS NULL;
CREATE INDEX timers_game ON timers (game_id, seat);

-- The one open request of a game to take back a decision: the game version it is about (it is
-- carried out only while the game is still at it), the log seq of the action to undo, who asked,
-- who agreed (JSON array of user ids), and where it was posted with its words as posted.
CREATE TABLE takeback_requests (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    agreed     TEXT    NOT NULL DEFAULT '[]',
    channel_id INTEGER,
    message_id INTEGER,
    text       TEXT    NOT NULL DEFAULT '',
    opened_at  REAL    NOT NULL
);
