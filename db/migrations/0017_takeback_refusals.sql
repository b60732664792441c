-- Issue 44 §5: "one request per decision" is a rule of the table, so it lives in the store. A
-- refused request leaves the version it was about here; a request about that version is refused
-- without asking anyone again (in every process, after any restart). A request about a later
-- version replaces the row when it is opened.
CREATE TABLE takeback_refusals (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL
);
