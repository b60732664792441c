-- Issue 18 §4: game data out of the untyped `meta` strings. A lobby's shape (a challenge of one
-- invited player or an open one, and whom it invites) becomes two columns of its game; a turn
-- page (the thread message of a game told one message per turn, its lines and running turn)
-- becomes a row of `turn_pages`. What `meta` held for them is moved, then removed from `meta`.
ALTER TABLE games ADD COLUMN lobby_challenge INTEGER CHECK (lobby_challenge IN (0, 1));
ALTER TABLE games ADD COLUMN lobby_invited TEXT;  -- JSON array of user ids
UPDATE games SET
    lobby_challenge = (SELECT CASE WHEN json_extract(m.value, '$.challenge') THEN 1 ELSE 0 END
                       FROM meta m WHERE m.key = 'lobby:' || games.id),
    lobby_invited = (SELECT json_extract(m.value, '$.invited') FROM meta m WHERE m.key = 'lobby:' || games.id)
WHERE EXISTS (SELECT 1 FROM meta m WHERE m.key = 'lobby:' || games.id);

CREATE TABLE turn_pages (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    message_id INTEGER,                 -- the thread message showing the page; NULL until posted
    lines      TEXT    NOT NULL DEFAULT '[]',  -- JSON array of the page's lines
    turn       TEXT,                    -- the running turn's opening words; NULL when none runs
    parts      TEXT    NOT NULL DEFAULT '[]',  -- JSON array of the running turn's phrases
    had_turn   INTEGER NOT NULL DEFAULT 0 CHECK (had_turn IN (0, 1)),
    opened     INTEGER NOT NULL DEFAULT 0 CHECK (opened IN (0, 1)),
    updated_at REAL    NOT NULL DEFAULT 0
);
INSERT INTO turn_pages (game_id, message_id, lines, turn, parts, had_turn, opened)
SELECT g.id,
       json_extract(m.value, '$.message'),
       COALESCE(json_extract(m.value, '$.lines'), '[]'),
       json_extract(m.value, '$.turn'),
       COALESCE(json_extract(m.value, '$.parts'), '[]'),
       CASE WHEN json_extract(m.value, '$.had_turn') THEN 1 ELSE 0 END,
       CASE WHEN json_extract(m.value, '$.opened') THEN 1 ELSE 0 END
FROM meta m JOIN games g ON m.key = 'page:' || g.id;

DELETE FROM meta WHERE key LIKE 'lobby:%' OR key LIKE 'page:%';

-- The automatic player's claim on a game (it was a set in one process's memory): the process
-- (autoplay_by) playing the absent seats until autoplay_until; another process may take it over
-- once that has passed, or at its start-up when the claim is older than its start.
ALTER TABLE games ADD COLUMN autoplay_by TEXT;
ALTER TABLE games ADD COLUMN autoplay_at REAL;
ALTER TABLE games ADD COLUMN autoplay_until REAL;
