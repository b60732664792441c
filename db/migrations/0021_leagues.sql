-- Issue 47: leagues — a season in a server, run by the bot from sign-up to the winner. The store
-- keeps a league's facts and the claims that make its rounds happen once (issue 47 §3); pairings,
-- formats and results are JSON written by the pure league code (rules/league/), opaque here.

-- Who may create and manage leagues in a server besides members with Manage Server.
CREATE TABLE league_settings (
    guild_id        INTEGER PRIMARY KEY,
    manager_role_id INTEGER                       -- NULL: Manage Server only
);

-- One league. `options` are the game's options resolved as a game stores them; `format` the league's
-- format, rounds, table size, scoring, unfinished rule (JSON). `current_round` is the last round
-- claimed (0 before the first): claiming round n moves it from n-1 to n with the version check, so
-- among several processes one claims each round. Ids are never reused: buttons name them.
CREATE TABLE leagues (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id          INTEGER NOT NULL,
    channel_id        INTEGER NOT NULL,
    signup_message_id INTEGER,
    name              TEXT    NOT NULL,
    kind              TEXT    NOT NULL,
    options           TEXT    NOT NULL DEFAULT '{}',
    format            TEXT    NOT NULL,
    pace              INTEGER CHECK (pace IS NULL OR pace > 0),          -- seconds per turn
    round_days        INTEGER NOT NULL CHECK (round_days > 0),
    starts_at         REAL,
    player_limit      INTEGER CHECK (player_limit IS NULL OR player_limit >= 2),
    language          TEXT,
    created_by        INTEGER NOT NULL,
    created_at        REAL    NOT NULL,
    status            TEXT    NOT NULL DEFAULT 'signup'
                      CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    current_round     INTEGER NOT NULL DEFAULT 0 CHECK (current_round >= 0),
    version           INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0)
);
CREATE INDEX leagues_guild_status ON leagues (guild_id, status);
CREATE INDEX leagues_starting ON leagues (starts_at) WHERE status = 'signup' AND starts_at IS NOT NULL;

-- Who plays: a sign-up (the row is deleted when they leave before the start); a withdrawal in play
-- keeps the row and notes when and in which round (their later games are forfeited by the caller).
CREATE TABLE league_players (
    league_id       INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL,
    joined_at       REAL    NOT NULL,
    withdrawn_at    REAL,
    withdrawn_round INTEGER,
    PRIMARY KEY (league_id, user_id),
    CHECK ((withdrawn_at IS NULL) = (withdrawn_round IS NULL))
) WITHOUT ROWID;
CREATE INDEX league_players_user ON league_players (user_id);

-- A round: claimed ('opening', by the process `claimed_by`), open once every table has its game,
-- closed when every table has a result. `announced_at` / `results_announced_at`: its pairings and its
-- results were posted (set once, by the one caller that got it).
CREATE TABLE league_rounds (
    league_id            INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    round_no             INTEGER NOT NULL CHECK (round_no >= 1),
    status               TEXT    NOT NULL DEFAULT 'opening' CHECK (status IN ('opening', 'open', 'closed')),
    claimed_by           TEXT    NOT NULL,
    claimed_at           REAL    NOT NULL,
    opened_at            REAL,
    deadline             REAL    NOT NULL,
    closed_at            REAL,
    announced_at         REAL,
    results_announced_at REAL,
    PRIMARY KEY (league_id, round_no),
    CHECK ((opened_at IS NULL) = (status = 'opening')),
    CHECK ((closed_at IS NULL) = (status <> 'closed'))
) WITHOUT ROWID;
CREATE INDEX league_rounds_status ON league_rounds (status, deadline);

-- A round's tables: the players in seat order (JSON), a bye (one player, never a game), the game
-- made for it (set in the game's own creating transaction, once: UNIQUE and NULL until then) and
-- its result (JSON, set once).
CREATE TABLE league_tables (
    league_id INTEGER NOT NULL,
    round_no  INTEGER NOT NULL,
    table_no  INTEGER NOT NULL CHECK (table_no >= 1),
    seats     TEXT    NOT NULL,
    bye       INTEGER NOT NULL DEFAULT 0 CHECK (bye IN (0, 1)),
    game_id   INTEGER UNIQUE REFERENCES games (id),
    result    TEXT,
    PRIMARY KEY (league_id, round_no, table_no),
    FOREIGN KEY (league_id, round_no) REFERENCES league_rounds (league_id, round_no) ON DELETE CASCADE,
    CHECK (bye = 0 OR game_id IS NULL)
) WITHOUT ROWID;
