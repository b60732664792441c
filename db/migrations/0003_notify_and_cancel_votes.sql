-- How a player wants to hear it is their turn (DESIGN §4 user preferences: DMs / mentions).
ALTER TABLE user_prefs ADD COLUMN notify TEXT NOT NULL DEFAULT 'dm' CHECK (notify IN ('dm', 'mention', 'both'));

-- A running game is cancelled only when every player agrees: each seat's vote, kept until withdrawn.
ALTER TABLE seats ADD COLUMN cancel_vote INTEGER NOT NULL DEFAULT 0 CHECK (cancel_vote IN (0, 1));
