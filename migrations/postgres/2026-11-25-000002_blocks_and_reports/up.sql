-- Who blocked whom. A block ends contact both ways and hides both people's cards from each other.
CREATE TABLE blocks (
    id BIGSERIAL PRIMARY KEY,
    blocker_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked_id ON blocks (blocked_id);

-- Reports for the moderators. `listing_key` names the card ('pet-3'), kept as text so that a
-- report outlives a removed card; a report goes with its reporter's or its subject's account.
CREATE TABLE reports (
    id BIGSERIAL PRIMARY KEY,
    reporter_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reported_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    listing_key TEXT,
    conversation_id BIGINT REFERENCES conversations (id) ON DELETE SET NULL,
    reason TEXT NOT NULL,
    note TEXT,
    status TEXT NOT NULL DEFAULT 'open',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX reports_reporter_created ON reports (reporter_id, created_at);
CREATE INDEX reports_status_created ON reports (status, created_at);
CREATE INDEX reports_reported_id ON reports (reported_id);
