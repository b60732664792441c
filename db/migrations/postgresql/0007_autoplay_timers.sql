-- Issue 46 §1 (SQLite: 0020_autoplay_timers.sql): a computer's decision is told after a short
-- pause, an 'autoplay' timer of the game (seat NULL) due when the table's next decision is.
ALTER TABLE timers DROP CONSTRAINT timers_kind_check;
ALTER TABLE timers ADD CONSTRAINT timers_kind_check
    CHECK (kind IN ('half', 'late', 'deadline', 'expire', 'keep', 'takeback', 'back', 'autoplay'));
