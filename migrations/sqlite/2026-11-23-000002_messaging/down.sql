ALTER TABLE users DROP COLUMN live_until;
ALTER TABLE users DROP COLUMN message_emails;
DROP TABLE live_events;

CREATE TABLE conversations_prev (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_low BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    user_high BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    pet_key BIGINT NOT NULL DEFAULT 0,
    last_message_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (user_low, user_high, pet_key),
    CHECK (user_low < user_high)
);
-- A conversation about a pet that was removed has no pet key left; it keeps its own id as one.
INSERT INTO conversations_prev (id, user_low, user_high, pet_key, last_message_at, created_at, updated_at)
SELECT id, user_low, user_high,
       CASE WHEN pet_id IS NOT NULL THEN pet_id WHEN about_pet THEN -id ELSE 0 END,
       CASE WHEN last_message_id IS NOT NULL THEN last_activity_at END, created_at, updated_at
FROM conversations;

CREATE TABLE messages_prev (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id BIGINT NOT NULL REFERENCES conversations_prev (id) ON DELETE CASCADE,
    sender_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
INSERT INTO messages_prev SELECT id, conversation_id, sender_id, body, created_at, updated_at FROM messages;

CREATE TABLE conversation_reads_prev (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id BIGINT NOT NULL REFERENCES conversations_prev (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_read_message_id BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (conversation_id, user_id)
);
INSERT INTO conversation_reads_prev (id, conversation_id, user_id, last_read_message_id, created_at, updated_at)
SELECT id, conversation_id, user_id, last_read_message_id, created_at, updated_at
FROM conversation_reads WHERE last_read_message_id > 0;

DROP TABLE conversation_reads;
DROP TABLE messages;
DROP TABLE conversations;
ALTER TABLE conversations_prev RENAME TO conversations;
ALTER TABLE messages_prev RENAME TO messages;
ALTER TABLE conversation_reads_prev RENAME TO conversation_reads;
CREATE INDEX conversations_user_high ON conversations (user_high);
CREATE INDEX messages_conversation_id_id ON messages (conversation_id, id);
