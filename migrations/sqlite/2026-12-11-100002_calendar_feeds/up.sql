-- 'Agenda-abonnement': the SHA-256 of a person's calendar feed token (the token itself is only
-- in the address shown once). One per person; a new one replaces it; it goes with the account.
CREATE TABLE calendar_feeds (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);
