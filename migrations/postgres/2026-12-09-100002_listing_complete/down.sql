DROP INDEX listings_recommended_kind;
DROP INDEX listings_recommended;
ALTER TABLE listings DROP COLUMN complete;
