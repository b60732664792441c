-- Issue 18 §4: a turn page is folded by one teller at a time across processes, and knows which
-- version of the game it already tells.
-- `version`: the game version whose story the page last took in (a telling repeated after a crash
-- that came after the page's save does not add the same lines again).
-- `held_by`, `held_at`, `held_until`: the process (GameStore.owner) telling the page now, since
-- when, and until when its hold lasts (a process that died lets go when its hold runs out, or at
-- once for a process that opened the store after it).
ALTER TABLE turn_pages ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE turn_pages ADD COLUMN held_by TEXT;
ALTER TABLE turn_pages ADD COLUMN held_at REAL;
ALTER TABLE turn_pages ADD COLUMN held_until REAL;
