-- Searches people saved for a daily mail of new matches (crates/domain/src/browse/alerts.rs):
-- the search in the API's parameters (JSON), what it reads, when it was last asked and since
-- when cards count as new. Gone with the account.
CREATE TABLE saved_searches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    query TEXT NOT NULL,
    label TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    asked_at TIMESTAMP NOT NULL,
    new_since TIMESTAMP NOT NULL,
    UNIQUE (user_id, query)
);
CREATE INDEX saved_searches_asked_at ON saved_searches (asked_at);
