-- Issue 18 §7: a change told is forgotten by the database itself. Raising a game's `announced`
-- (the last version fully told) deletes its changes up to that version, so marking a change told
-- is one statement (`GameStore.told`): one round trip on the relaxed pool (db/postgres.py)
-- instead of four (BEGIN, the update, the delete, COMMIT). SQLite has the same trigger
-- (0016_told_changes_forgotten.sql).
CREATE FUNCTION forget_told_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM changes WHERE game_id = NEW.id AND version <= NEW.announced;
    RETURN NULL;
END
$$;

CREATE TRIGGER changes_told AFTER UPDATE OF announced ON games
FOR EACH ROW WHEN (NEW.announced > OLD.announced)
EXECUTE FUNCTION forget_told_changes();
