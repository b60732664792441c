-- Turn clocks (issue 13): a pace per game, a deadline per waiting seat, durable timers.
-- pace is seconds per turn; NULL means no clock (the game waits for ever, and says so).
ALTER TABLE games ADD COLUMN pace INTEGER CHECK (pace IS NULL OR pace > 0);
-- When someone last used /game nudge on this game (at most once per 24 hours per game).
ALTER TABLE games ADD COLUMN nudged_at REAL;

-- A seat's clock: since when it waits for its player and until when (NULL: not waiting, or no
-- pace); absent: NULL while the player plays, 'auto' when the table plays on without them.
ALTER TABLE seats ADD COLUMN since REAL;
ALTER TABLE seats ADD COLUMN deadline REAL;
ALTER TABLE seats ADD COLUMN absent TEXT CHECK (absent IS NULL OR absent IN ('auto'));

-- Vacation: a player's clocks stop until away_until; days are counted per calendar year (UTC).
-- reminded_at: the last reminder sent to the player (at most one per 24 hours across all games).
ALTER TABLE user_prefs ADD COLUMN away_from REAL;
ALTER TABLE user_prefs ADD COLUMN away_until REAL;
ALTER TABLE user_prefs ADD COLUMN away_year INTEGER;
ALTER TABLE user_prefs ADD COLUMN away_days INTEGER NOT NULL DEFAULT 0 CHECK (away_days >= 0);
ALTER TABLE user_prefs ADD COLUMN reminded_at REAL;

-- Everything that must happen at a time: reminders, deadlines, lobby expiry, and keeping a running
-- game's thread from auto-archiving ('keep', every 6 days). The dispatcher
-- sleeps until MIN(due) of the unfired rows and claims each firing with a conditional UPDATE
-- (fired_at IS NULL), so two processes never fire the same timer.
CREATE TABLE timers (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: an old vote button names one timer
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER,                 -- the waiting seat; NULL for a lobby's expiry
    kind     TEXT    NOT NULL CHECK (kind IN ('half', 'late', 'deadline', 'expire', 'keep')),
    due      REAL    NOT NULL,
    fired_at REAL
);
CREATE INDEX timers_due ON timers (due) WHERE fired_at IS NULL;
CREATE INDEX timers_game ON timers (game_id, seat);

-- What the other players decided when a seat's time ran out: one row per voter and deadline.
CREATE TABLE timeout_votes (
    timer_id INTEGER NOT NULL REFERENCES timers (id) ON DELETE CASCADE,
    voter_id INTEGER NOT NULL,
    choice   TEXT    NOT NULL CHECK (choice IN ('wait', 'win', 'auto')),
    PRIMARY KEY (timer_id, voter_id)
) WITHOUT ROWID;

-- Lobbies already open when this migration runs expire 7 days after they were opened (or now).
INSERT INTO timers (game_id, seat, kind, due)
SELECT id, NULL, 'expire', created_at + 604800 FROM games WHERE status = 'lobby';

-- Running games keep their threads open from now on.
INSERT INTO timers (game_id, seat, kind, due)
SELECT id, NULL, 'keep', updated_at + 518400 FROM games WHERE status = 'active';
