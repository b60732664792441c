-- Issue 47 §3 (SQLite: 0023_league_posts_told.sql): a league's posts told piece by piece, marked
-- told at the end; a withdrawal told after its commit.
CREATE TABLE league_post_steps (
    league_id BIGINT NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    post      TEXT   NOT NULL,
    step      TEXT   NOT NULL,
    PRIMARY KEY (league_id, post, step)
);

ALTER TABLE league_players ADD COLUMN withdrawn_by BIGINT;
ALTER TABLE league_players ADD COLUMN withdrawal_told_at DOUBLE PRECISION;
UPDATE league_players SET withdrawn_by = user_id, withdrawal_told_at = withdrawn_at WHERE withdrawn_at IS NOT NULL;
