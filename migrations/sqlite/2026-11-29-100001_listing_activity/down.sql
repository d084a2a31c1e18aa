DROP INDEX listings_active_kind;
DROP INDEX listings_active;
ALTER TABLE listings DROP COLUMN active_at;
