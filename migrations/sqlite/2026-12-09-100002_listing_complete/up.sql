-- Whether a card counts as complete for the order 'Aanbevolen' (a sitter's with a photo and a
-- week; a pet's always): kept on the card so that the order reads one indexed column. Every card
-- is rebuilt at the next start (card version 7), which sets it from the profile.
ALTER TABLE listings ADD COLUMN complete BOOLEAN NOT NULL DEFAULT TRUE;
CREATE INDEX listings_recommended ON listings (published, hidden, complete, created_at, facets, user_id);
CREATE INDEX listings_recommended_kind ON listings (published, hidden, kind, complete, created_at, facets, user_id);
