-- Issue 20 §1: ratings and leaderboards (docs/ratings.md).
--
-- When a game ended: the rating replays finished games in the order they ended, so the end time is
-- a column of its own (updated_at moves on with metadata). Games that ended before this migration
-- take their last update's time.
ALTER TABLE games ADD COLUMN ended_at REAL;
UPDATE games SET ended_at = updated_at WHERE status IN ('finished', 'cancelled', 'expired');
CREATE INDEX games_ended ON games (ended_at, id) WHERE status = 'finished';

-- Since when the acting seat waited for its player when the action was made (its clock's `since`;
-- NULL: it was not waiting for its player — the table played it — or the action was logged before
-- this migration). A player's pace is the time from there to their first action.
ALTER TABLE actions ADD COLUMN waiting_since REAL;

-- One row per finished game the ratings took in, written in the same transaction as the ratings it
-- moved: a game's rating is applied once, however often its ending is told. `rated` is 0 for a
-- game recorded without moving any rating (solo against an automa, outside a server, one player in
-- two seats).
CREATE TABLE rated_games (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id INTEGER,
    kind     TEXT    NOT NULL,
    ending   TEXT    NOT NULL,
    ended_at REAL    NOT NULL,
    rated    INTEGER NOT NULL CHECK (rated IN (0, 1))
);
CREATE INDEX rated_games_ended ON rated_games (ended_at);

-- Each seat's result in a rated or recorded game: its rank (0 best, ties share one), win / loss /
-- draw, a loss on time, its score, the difficulty of a solo game against an automa (NULL in any
-- other game), and its rating after the game (NULL when the game moved none).
CREATE TABLE results (
    game_id   INTEGER NOT NULL REFERENCES rated_games (game_id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    guild_id  INTEGER NOT NULL,
    kind      TEXT    NOT NULL,
    ended_at  REAL    NOT NULL,
    rank      INTEGER NOT NULL,
    result    TEXT    NOT NULL CHECK (result IN ('win', 'loss', 'draw')),
    timed_out INTEGER NOT NULL DEFAULT 0 CHECK (timed_out IN (0, 1)),
    score     INTEGER,
    solo      TEXT,
    mu        REAL,
    sigma     REAL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX results_player ON results (user_id, guild_id, kind, ended_at);

-- A player's rating per server and game kind (OpenSkill's Plackett-Luce: mean and uncertainty),
-- with the rated games, wins, losses and draws behind it.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
) WITHOUT ROWID;
CREATE INDEX ratings_board ON ratings (guild_id, kind, (mu - 3 * sigma) DESC);
