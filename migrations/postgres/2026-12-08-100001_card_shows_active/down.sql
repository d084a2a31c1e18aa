ALTER TABLE listings DROP COLUMN shows_active;
