-- Afspraken: proposed by one person of a conversation to the other, answered, cancelled or over.
-- `state` moves only by a compare-and-set on its current value, so that simultaneous answers
-- change it once. `replaces_id` is the proposal this one answered with another time.
CREATE TABLE appointments (
    id BIGSERIAL PRIMARY KEY,
    conversation_id BIGINT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    proposer_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    recipient_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    pet_ids TEXT NOT NULL,
    starts_at TIMESTAMP NOT NULL,
    ends_at TIMESTAMP NOT NULL,
    note TEXT,
    state TEXT NOT NULL,
    reason TEXT,
    replaces_id BIGINT REFERENCES appointments (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    CHECK (ends_at > starts_at)
);
CREATE INDEX appointments_conversation ON appointments (conversation_id, id);
CREATE INDEX appointments_proposer ON appointments (proposer_id, starts_at);
CREATE INDEX appointments_recipient ON appointments (recipient_id, starts_at);
