-- The day a card's person was last active (signed in, or used a signed-in session), for the
-- order 'Recent actief': kept on the card, like `published` and `hidden`, so that the order reads
-- one indexed column; moved at most once a day per person. A card starts on the day it was made,
-- or on the person's last active day when that is known.
ALTER TABLE listings ADD COLUMN active_at TIMESTAMP NOT NULL DEFAULT '1970-01-01 00:00:00';
UPDATE listings SET active_at = GREATEST(date_trunc('day', listings.created_at),
  COALESCE((SELECT date_trunc('day', users.last_seen_at) FROM users WHERE users.id = listings.user_id), '1970-01-01'));
CREATE INDEX listings_active ON listings (published, hidden, active_at, created_at, facets, user_id);
CREATE INDEX listings_active_kind ON listings (published, hidden, kind, active_at, created_at, facets, user_id);
