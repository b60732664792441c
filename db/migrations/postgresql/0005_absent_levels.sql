-- Issue 46 §1 (SQLite: 0018_absent_levels.sql): seats.absent names the level of the computer
-- that plays a seat without its player ('easy', 'normal', 'hard'; an old 'auto' reads as
-- 'normal'), and a vacation handed to a computer ends with a 'back' timer per seat it handed.
ALTER TABLE seats DROP CONSTRAINT seats_absent_check;
ALTER TABLE seats ADD CONSTRAINT seats_absent_check
    CHECK (absent IS NULL OR absent IN ('auto', 'easy', 'normal', 'hard'));
ALTER TABLE timers DROP CONSTRAINT timers_kind_check;
ALTER TABLE timers ADD CONSTRAINT timers_kind_check
    CHECK (kind IN ('half', 'late', 'deadline', 'expire', 'keep', 'takeback', 'back'));
