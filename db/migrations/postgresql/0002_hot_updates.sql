-- Fewer false serialization failures between games (issue 18 §7).
--
-- Every write is SERIALIZABLE (db/postgres.py). PostgreSQL tracks what such a transaction read in
-- an index by the index's pages, not its rows, so a move's lookups of its game, seats and timers
-- also cover the games whose ids sit beside it on those pages. A move that then wrote into one of
-- those pages made the two moves look dependent on each other, and one of them was aborted and run
-- again: on the local Discord's benchmark, 513 runs again for about a thousand moves, and with
-- turn clocks more runs again than moves. Games on different rows never need that.
--
-- * A row updated without changing an indexed column, with room for its new version on its
--   page, is updated in place (a "HOT" update) and writes no index at all. A move changes no
--   indexed column of its game, seats, change or turn page; leaving half of each page free
--   keeps room for the new version, so those updates write no index page. This applies to
--   pages written from now on: an existing database's full pages stay full until their rows
--   move.
-- * Timers are deleted and inserted by each move with a turn clock, and an insert always writes
--   its indexes. Their lookup by game becomes a hash index, whose reads PostgreSQL tracks by
--   bucket rather than by page of neighbouring ids. Moves with a turn clock still abort each
--   other now and then (while there are few timers, many games share a bucket; and a heap page once a move has read
--   three timers on it), about half as often as before.
--
-- Measured (docs/PERFORMANCE.md, issue 18's fifteenth pass): the local Discord's benchmark ran
-- 513 moves again before and 1 after; 40 games with a turn clock moving at once, 531 runs again
-- for 240 moves before and 267 after.
ALTER TABLE games SET (fillfactor = 50);
ALTER TABLE seats SET (fillfactor = 50);
ALTER TABLE changes SET (fillfactor = 50);
ALTER TABLE turn_pages SET (fillfactor = 50);
DROP INDEX timers_game;
CREATE INDEX timers_game ON timers USING hash (game_id);
