-- One profile per person, kept by the database: a volunteer or an owner claims the account once.
CREATE TABLE profile_claims (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
INSERT INTO profile_claims (user_id, kind, created_at)
    SELECT user_id, 'vrijwilliger', created_at FROM volunteers;
INSERT INTO profile_claims (user_id, kind, created_at)
    SELECT user_id, 'huisdier', created_at FROM owners
    WHERE user_id NOT IN (SELECT user_id FROM profile_claims);

-- One row per public card (a sitter, or a pet), written in the profile's own transaction.
CREATE TABLE listings (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL,
    volunteer_id BIGINT UNIQUE REFERENCES volunteers (id) ON DELETE CASCADE,
    pet_id BIGINT UNIQUE REFERENCES pets (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    search_text TEXT NOT NULL,
    postal_code TEXT,
    lat DOUBLE PRECISION,
    lon DOUBLE PRECISION,
    card TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    CHECK ((volunteer_id IS NULL) <> (pet_id IS NULL))
);
CREATE INDEX listings_newest ON listings (created_at DESC, id DESC);
CREATE INDEX listings_kind_newest ON listings (kind, created_at DESC, id DESC);
CREATE INDEX listings_postal_code ON listings (postal_code, kind);
CREATE INDEX listings_user_id ON listings (user_id);

-- Substring search without a scan: a trigram index on the normalised text.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX listings_search_text_trgm ON listings USING gin (search_text gin_trgm_ops);
