-- Issue 46 §1: games with a computer seat are not rated (ratings stay human), but a player's
-- record against each computer level is kept: one row per person's seat and per level of the
-- computers in a finished game (a game with an easy and a hard computer gives each person two rows),
-- written in the transaction that writes the game's `rated_games` row (so once, however often the
-- game's end is told) and rebuilt with the ratings. `result` is the person's result against that
-- level's computers: a win when they placed above every one of them, a loss when one placed above
-- them, else a draw (in a game of two, the game's result). Games outside a server have none.
CREATE TABLE computer_results (
    game_id  INTEGER NOT NULL REFERENCES rated_games (game_id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    level    TEXT    NOT NULL CHECK (level IN ('easy', 'normal', 'hard')),
    user_id  INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    result   TEXT    NOT NULL CHECK (result IN ('win', 'loss', 'draw')),
    ended_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat, level)
) WITHOUT ROWID;
CREATE INDEX computer_results_player ON computer_results (user_id, guild_id, kind, level);
