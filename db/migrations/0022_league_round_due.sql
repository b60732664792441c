-- Issue 47 §1: when a round's deadline passes with games unfinished, the league's channel is told
-- once that the organizer may close it (the league runner's poll). `due_told_at`: that notice was
-- posted (set once, by the one caller that got it), as `announced_at` is for the pairings.
ALTER TABLE league_rounds ADD COLUMN due_told_at REAL;
