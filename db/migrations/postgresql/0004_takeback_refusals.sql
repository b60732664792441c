-- Issue 44 §5: the version whose takeback request was refused, per game (SQLite:
-- 0017_takeback_refusals.sql): one request per decision, in the store, not in a process's memory.
CREATE TABLE takeback_refusals (
    game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version BIGINT NOT NULL
);
