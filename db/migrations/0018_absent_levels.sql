-- foreign_keys: off
-- Issue 46 §1: a seat the table plays without its player is played by a computer at a level.
-- seats.absent names that level ('easy', 'normal', 'hard'; a row's old 'auto' stays and reads as
-- 'normal'), and a vacation handed to a computer ends with a 'back' timer per seat it handed
-- (the seat goes back to its player when the vacation ends).
--
-- SQLite cannot alter a CHECK constraint, so `seats` and `timers` are rebuilt (the 12 steps of
-- https://www.sqlite.org/lang_altertable.html#otheralter). The first line makes the runner switch
-- foreign keys off around this file: `timeout_votes` references `timers`, and dropping `timers`
-- with foreign keys on would delete every vote by ON DELETE CASCADE.

CREATE TABLE seats_new (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    user_id     INTEGER NOT NULL,
    dm_warned   INTEGER NOT NULL DEFAULT 0 CHECK (dm_warned IN (0, 1)),
    cancel_vote INTEGER NOT NULL DEFAULT 0 CHECK (cancel_vote IN (0, 1)),
    since       REAL,
    deadline    REAL,
    absent      TEXT CHECK (absent IS NULL OR absent IN ('auto', 'easy', 'normal', 'hard')),
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
INSERT INTO seats_new (game_id, seat, user_id, dm_warned, cancel_vote, since, deadline, absent)
SELECT game_id, seat, user_id, dm_warned, cancel_vote, since, deadline, absent FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;
CREATE INDEX seats_user ON seats (user_id, game_id);

CREATE TABLE timers_new (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: an old vote button names one timer
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER,                 -- the waiting seat; NULL for a lobby's expiry
    kind     TEXT    NOT NULL
             CHECK (kind IN ('half', 'late', 'deadline', 'expire', 'keep', 'takeback', 'back')),
    due      REAL    NOT NULL,
    fired_at REAL
);
INSERT INTO timers_new (id, game_id, seat, kind, due, fired_at)
SELECT id, game_id, seat, kind, due, fired_at FROM timers;
-- Ids stay never reused: the new table's counter starts where the old one was (as in 0015).
INSERT INTO sqlite_sequence (name, seq)
SELECT 'timers_new', seq FROM sqlite_sequence WHERE name = 'timers'
  AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'timers_new');
UPDATE sqlite_sequence SET seq = MAX(seq, (SELECT seq FROM sqlite_sequence WHERE name = 'timers'))
WHERE name = 'timers_new' AND EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'timers');
DROP TABLE timers;
ALTER TABLE timers_new RENAME TO timers;
CREATE INDEX timers_due ON timers (due) WHERE fired_at IS NULL;
CREATE INDEX timers_game ON timers (game_id, seat);
