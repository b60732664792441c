-- Small key/value facts about the deployment (e.g. the hash of the last synced command tree),
-- and which players were told in a game's thread that their DMs are closed (said once, DESIGN §1.3).
CREATE TABLE meta (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at REAL NOT NULL
);

ALTER TABLE seats ADD COLUMN dm_warned INTEGER NOT NULL DEFAULT 0 CHECK (dm_warned IN (0, 1));
