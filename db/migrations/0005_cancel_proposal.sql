-- Issue 18 §4/§5: game data out of the untyped meta table, and one open cancel proposal per game.

-- The proposal to cancel a running game: who opened it, and where its message is (NULL until it is
-- posted), so that a repeat or another player's agreement edits it instead of posting (and pinging)
-- again. The row is claimed by the first agreement, in the transaction that counts it.
CREATE TABLE cancel_proposals (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    proposer_id INTEGER NOT NULL,
    channel_id  INTEGER,
    message_id  INTEGER,
    opened_at   REAL    NOT NULL
);

-- The message that asks the other players about a seat's passed deadline, until the question is
-- moot or decided; whoever deletes the row retires the message (once, across processes). It
-- outlives the seat's timers on purpose: the seat's move deletes them before the message goes.
CREATE TABLE deadline_votes (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    text       TEXT    NOT NULL,  -- the question as posted: a retired message keeps it and says why
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- Open questions kept until now in meta as 'timeout:{game}:{seat}' = {"channel", "message", "text"}.
INSERT OR IGNORE INTO deadline_votes (game_id, seat, channel_id, message_id, text)
SELECT CAST(substr(rest, 1, instr(rest, ':') - 1) AS INTEGER),
       CAST(substr(rest, instr(rest, ':') + 1) AS INTEGER),
       json_extract(value, '$.channel'),
       json_extract(value, '$.message'),
       json_extract(value, '$.text')
FROM (SELECT substr(key, 9) AS rest, value FROM meta WHERE key LIKE 'timeout:%')
WHERE json_valid(value)
  AND json_extract(value, '$.message') IS NOT NULL
  AND json_extract(value, '$.channel') IS NOT NULL
  AND json_extract(value, '$.text') IS NOT NULL
  AND CAST(substr(rest, 1, instr(rest, ':') - 1) AS INTEGER) IN (SELECT id FROM games);
DELETE FROM meta WHERE key LIKE 'timeout:%';
