-- Issue 46 §1 (SQLite: 0019_computer_results.sql, where the table is explained): a player's
-- record against each computer level, one row per person's seat and level in a finished game.
CREATE TABLE computer_results (
    game_id  BIGINT NOT NULL REFERENCES rated_games (game_id) ON DELETE CASCADE,
    seat     BIGINT NOT NULL,
    level    TEXT   NOT NULL CHECK (level IN ('easy', 'normal', 'hard')),
    user_id  BIGINT NOT NULL,
    guild_id BIGINT NOT NULL,
    kind     TEXT   NOT NULL,
    result   TEXT   NOT NULL CHECK (result IN ('win', 'loss', 'draw')),
    ended_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat, level)
);
CREATE INDEX computer_results_player ON computer_results (user_id, guild_id, kind, level);
