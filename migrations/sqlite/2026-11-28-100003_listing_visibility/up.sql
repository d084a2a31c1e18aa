-- Whether a card may be listed, kept on the card so that a search filters on two columns instead
-- of asking two other tables for every row: `published` (a sitter with a published sitter's
-- minimum; written with the card, rebuilt at start for the cards of an older version) and
-- `hidden` (a moderator hid the person; written with the hiding and with every card write).
ALTER TABLE listings ADD COLUMN published BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE listings ADD COLUMN hidden BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE listings SET hidden = TRUE WHERE user_id IN (SELECT user_id FROM hidden_profiles);
-- Searches read these columns alone: near a place by postcode area, elsewhere newest first, of
-- every kind or of one; the older indexes they replace are dropped.
CREATE INDEX listings_area ON listings (postal_code, published, hidden, kind, facets, created_at, user_id);
CREATE INDEX listings_listed ON listings (published, hidden, created_at, facets, user_id);
CREATE INDEX listings_listed_kind ON listings (published, hidden, kind, created_at, facets, user_id);
DROP INDEX listings_postal_code;
DROP INDEX listings_newest;
DROP INDEX listings_kind_newest;
