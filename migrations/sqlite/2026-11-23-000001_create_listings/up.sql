-- One profile per person, kept by the database: a volunteer or an owner claims the account once.
CREATE TABLE profile_claims (
    user_id BIGINT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
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
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    volunteer_id BIGINT UNIQUE REFERENCES volunteers (id) ON DELETE CASCADE,
    pet_id BIGINT UNIQUE REFERENCES pets (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    search_text TEXT NOT NULL,
    postal_code TEXT,
    lat DOUBLE,
    lon DOUBLE,
    card TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    CHECK ((volunteer_id IS NULL) <> (pet_id IS NULL))
);
CREATE INDEX listings_newest ON listings (created_at DESC, id DESC);
CREATE INDEX listings_kind_newest ON listings (kind, created_at DESC, id DESC);
CREATE INDEX listings_postal_code ON listings (postal_code, kind);
CREATE INDEX listings_user_id ON listings (user_id);

-- Substring search without a scan: trigrams of the normalised text, kept in step by triggers.
CREATE VIRTUAL TABLE listings_fts USING fts5(
    search_text,
    content = 'listings',
    content_rowid = 'id',
    tokenize = 'trigram'
);
CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings BEGIN
    INSERT INTO listings_fts (rowid, search_text) VALUES (new.id, new.search_text);
END;
CREATE TRIGGER listings_fts_delete AFTER DELETE ON listings BEGIN
    INSERT INTO listings_fts (listings_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
END;
CREATE TRIGGER listings_fts_update AFTER UPDATE OF search_text ON listings BEGIN
    INSERT INTO listings_fts (listings_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO listings_fts (rowid, search_text) VALUES (new.id, new.search_text);
END;
