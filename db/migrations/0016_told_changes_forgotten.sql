-- Issue 18 §7: a change told is forgotten by the database itself. Raising a game's `announced`
-- (the last version fully told) deletes its changes up to that version, so marking a change told
-- is one statement (`GameStore.told`), one round trip on PostgreSQL instead of four, where the
-- same trigger is made by postgresql/0003_told_changes_forgotten.sql.
--
-- A later migration that rebuilds `games` (the twelve steps of
-- https://www.sqlite.org/lang_altertable.html#otheralter) drops this trigger with the old table:
-- it must make it again.
CREATE TRIGGER changes_told AFTER UPDATE OF announced ON games
WHEN NEW.announced > OLD.announced
BEGIN
    DELETE FROM changes WHERE game_id = NEW.id AND version <= NEW.announced;
END;
