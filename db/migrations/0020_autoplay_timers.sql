-- foreign_keys: off
-- Issue 46 §1: a computer's decision is told after a short pause (COMPUTER_PAUSE). The pause is an
-- 'autoplay' timer of the game (seat NULL: it is the table's, whichever seat it plays), due when
-- the table's next decision is, so that it survives a restart and runs on the replaceable clock.
--
-- SQLite cannot alter a CHECK constraint, so `timers` is rebuilt with one more kind (the 12 steps
-- of https://www.sqlite.org/lang_altertable.html#otheralter, as in 0015 and 0018). The first line
-- makes the runner switch foreign keys off around this file: `timeout_votes` references `timers`,
-- and dropping `timers` with foreign keys on would delete every vote by ON DELETE CASCADE.

CREATE TABLE timers_new (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: an old vote button names one timer
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER,                 -- the waiting seat; NULL for a lobby's expiry, the table's autoplay
    kind     TEXT    NOT NULL
             CHECK (kind IN ('half', 'late', 'deadline', 'expire', 'keep', 'takeback', 'back', 'autoplay')),
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
