-- Issue 47 §1 (SQLite: 0022_league_round_due.sql): a round past its deadline told once.
ALTER TABLE league_rounds ADD COLUMN due_told_at DOUBLE PRECISION;
