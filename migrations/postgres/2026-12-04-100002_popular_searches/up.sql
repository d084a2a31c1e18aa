-- How often each search of /profielen was asked (never by whom), so that a server fills the
-- first pages people ask for most before it listens (crates/domain/src/browse/service.rs).
-- `query` holds the search's parameters as JSON; a search nobody asked for a week is forgotten.
CREATE TABLE popular_searches (
    key TEXT PRIMARY KEY,
    query TEXT NOT NULL,
    asks BIGINT NOT NULL,
    asked_at TIMESTAMP NOT NULL
);
CREATE INDEX popular_searches_asks ON popular_searches (asks);
