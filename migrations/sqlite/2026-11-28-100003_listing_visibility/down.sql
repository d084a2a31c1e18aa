CREATE INDEX listings_kind_newest ON listings (kind, created_at DESC, id DESC);
CREATE INDEX listings_newest ON listings (created_at DESC, id DESC);
CREATE INDEX listings_postal_code ON listings (postal_code, kind);
DROP INDEX listings_listed_kind;
DROP INDEX listings_listed;
DROP INDEX listings_area;
ALTER TABLE listings DROP COLUMN hidden;
ALTER TABLE listings DROP COLUMN published;
