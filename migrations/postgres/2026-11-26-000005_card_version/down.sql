ALTER TABLE listings DROP COLUMN card_version;
