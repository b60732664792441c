-- Issue 47 §3: a league's posts are told as a game's changes are (issue 18 §3): each piece a player
-- sees (each message of a post, each player's DM, the sign-up post's closing edit) is written down
-- here as it is made, and the post is marked told only at the end (`announced_at`,
-- `results_announced_at`, `due_told_at`, `withdrawal_told_at`), which forgets its pieces. A process
-- killed part way leaves the post untold: its successor finishes it, skipping the pieces made.
-- `post` names the post ("pairings:2", "results:2", "due:2", "withdrew:<user id>"), `step` the piece.
CREATE TABLE league_post_steps (
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    post      TEXT    NOT NULL,
    step      TEXT    NOT NULL,
    PRIMARY KEY (league_id, post, step)
) WITHOUT ROWID;

-- A withdrawal is told in the league's channel after it is committed: who withdrew them (themselves
-- or an organizer: the post's words) and when it was told (NULL: still to tell). Withdrawals made
-- before this migration were told then.
ALTER TABLE league_players ADD COLUMN withdrawn_by INTEGER;
ALTER TABLE league_players ADD COLUMN withdrawal_told_at REAL;
UPDATE league_players SET withdrawn_by = user_id, withdrawal_told_at = withdrawn_at WHERE withdrawn_at IS NOT NULL;
