-- A person's favourite cards. A favourite goes with its card (a removed pet or profile) and
-- with its person.
CREATE TABLE favourites (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    listing_id BIGINT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (user_id, listing_id)
);
CREATE INDEX favourites_listing_id ON favourites (listing_id);

-- Views of a card's page: one row per viewer per day. `viewer_key` is the signed-in viewer
-- ('u' and the id) or a keyed hash of an anonymous client's address and browser (never the
-- address itself); `day` is 'YYYY-MM-DD'. Rows older than the counted window are deleted.
CREATE TABLE profile_views (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    listing_id BIGINT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    viewer_user_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
    viewer_key TEXT NOT NULL,
    day TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (listing_id, viewer_key, day)
);
CREATE INDEX profile_views_day ON profile_views (day);
CREATE INDEX profile_views_viewer_user_id ON profile_views (viewer_user_id);
