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
-- * Timers are deleted and made by each move with a turn clock (the default), and an insert
--   always writes its indexes. Their lookup by game becomes a hash index, whose reads PostgreSQL
--   tracks by bucket rather than by a page of neighbouring ids, with few entries a bucket (its
--   fillfactor) so that games seldom share one; the table keeps few rows a page, so that the
--   timers a move reads seldom share a page with another game's.
--
-- Measured (docs/PERFORMANCE.md, issue 18's fifteenth pass): in the local Discord's quick
-- benchmark, games without a turn clock ran 513 moves again before and 1 after; with the default
-- clock 1,855 before, and 139 with the hash index but not the two fillfactors of timers; two
-- shard processes 205 runs again without those two, 36 with them. tests/db/test_db_backends.py:
-- 240 moves of 40 games at once, 111 runs again before and none after, with turn clocks 369
-- before and 7 to 20 after.
ALTER TABLE games SET (fillfactor = 50);
ALTER TABLE seats SET (fillfactor = 50);
ALTER TABLE changes SET (fillfactor = 50);
ALTER TABLE turn_pages SET (fillfactor = 50);
DROP INDEX timers_game;
ALTER TABLE timers SET (fillfactor = 10);
CREATE INDEX timers_game ON timers USING hash (game_id) WITH (fillfactor = 10);
