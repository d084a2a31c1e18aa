-- Idempotency keys: the answer to a create call (a message, a conversation, a report, a pet),
-- stored with the client's key for that intent so that a repeat gets the same answer and
-- writes nothing. `status` and `response_body` stay NULL while the request that claimed the
-- key is at work. Keys go after a day (the hourly clean-up) and with their person.
CREATE TABLE idempotency_keys (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint TEXT NOT NULL,
    key TEXT NOT NULL,
    status INTEGER,
    response_body TEXT,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (user_id, endpoint, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
