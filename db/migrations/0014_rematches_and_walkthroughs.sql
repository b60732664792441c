-- Issue 20 §3: a finished game's **Rematch** button opens one lobby. `rematches` links the
-- finished game (`game_id`) to the lobby its button opened (`lobby_id`); the link is claimed with a
-- conditional write in the transaction that makes the lobby, so two presses at once make one lobby.
-- A rematch lobby that ended without starting (declined, cancelled, expired) may be replaced by a
-- later press (the write's condition names the lobby it replaces).
CREATE TABLE rematches (
    game_id    INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    lobby_id   INTEGER NOT NULL UNIQUE REFERENCES games(id) ON DELETE CASCADE,
    by_user    INTEGER NOT NULL,
    created_at REAL    NOT NULL
);

-- Issue 20 §4: the first-game walkthrough of a game kind is shown once per player and kind.
CREATE TABLE walkthroughs (
    user_id  INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    shown_at REAL    NOT NULL,
    PRIMARY KEY (user_id, kind)
);
