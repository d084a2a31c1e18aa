-- Messaging. A conversation refers to its pet with a nullable reference (cleared when the pet is
-- removed; `about_pet` keeps that it was about one), so one pair has at most one conversation
-- without a pet and one per pet. SQLite cannot change a table's constraints in place: the three
-- conversation tables are rebuilt under new names, the old ones dropped (children first, so
-- nothing cascades) and the new ones renamed, which also renames the references to them.
CREATE TABLE conversations_next (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_low BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    user_high BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    pet_id BIGINT REFERENCES pets (id) ON DELETE SET NULL,
    about_pet BOOLEAN NOT NULL DEFAULT 0,
    started_by BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_message_id BIGINT,
    last_activity_at TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    CHECK (user_low < user_high),
    CHECK (pet_id IS NULL OR about_pet)
);
INSERT INTO conversations_next
    (id, user_low, user_high, pet_id, about_pet, started_by, last_message_id, last_activity_at, created_at, updated_at)
SELECT c.id, c.user_low, c.user_high,
       CASE WHEN c.pet_key IN (SELECT id FROM pets) THEN c.pet_key END,
       c.pet_key <> 0,
       COALESCE((SELECT m.sender_id FROM messages m WHERE m.conversation_id = c.id ORDER BY m.id LIMIT 1), c.user_low),
       (SELECT MAX(m.id) FROM messages m WHERE m.conversation_id = c.id),
       COALESCE(c.last_message_at, c.created_at), c.created_at, c.updated_at
FROM conversations c;

CREATE TABLE messages_next (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id BIGINT NOT NULL REFERENCES conversations_next (id) ON DELETE CASCADE,
    sender_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
INSERT INTO messages_next (id, conversation_id, sender_id, body, created_at, updated_at)
SELECT id, conversation_id, sender_id, body, created_at, updated_at FROM messages;

-- One row per participant from the start: how far they have read and when they were last told
-- by e-mail.
CREATE TABLE conversation_reads_next (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id BIGINT NOT NULL REFERENCES conversations_next (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_read_message_id BIGINT NOT NULL DEFAULT 0,
    read_at TIMESTAMP,
    notified_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (conversation_id, user_id)
);
INSERT INTO conversation_reads_next (id, conversation_id, user_id, last_read_message_id, read_at, created_at, updated_at)
SELECT id, conversation_id, user_id, last_read_message_id, updated_at, created_at, updated_at FROM conversation_reads;
INSERT INTO conversation_reads_next (conversation_id, user_id, created_at, updated_at)
SELECT c.id, u.user_id, c.created_at, c.created_at
FROM conversations_next c
JOIN (SELECT id, user_low AS user_id FROM conversations_next UNION ALL SELECT id, user_high FROM conversations_next) u
  ON u.id = c.id
WHERE NOT EXISTS (SELECT 1 FROM conversation_reads_next r WHERE r.conversation_id = c.id AND r.user_id = u.user_id);

DROP TABLE conversation_reads;
DROP TABLE messages;
DROP TABLE conversations;
ALTER TABLE conversations_next RENAME TO conversations;
ALTER TABLE messages_next RENAME TO messages;
ALTER TABLE conversation_reads_next RENAME TO conversation_reads;

CREATE UNIQUE INDEX conversations_pair_pet ON conversations (user_low, user_high, pet_id) WHERE pet_id IS NOT NULL;
CREATE UNIQUE INDEX conversations_pair ON conversations (user_low, user_high) WHERE NOT about_pet;
CREATE INDEX conversations_inbox_low ON conversations (user_low, last_activity_at, id);
CREATE INDEX conversations_inbox_high ON conversations (user_high, last_activity_at, id);
CREATE INDEX conversations_pet_id ON conversations (pet_id);
CREATE INDEX messages_conversation_id_id ON messages (conversation_id, id);
CREATE INDEX conversation_reads_user ON conversation_reads (user_id, conversation_id, last_read_message_id);

-- What a person's open event streams are told, kept so that a reconnecting browser misses
-- nothing (Last-Event-ID). Pruned after a day.
CREATE TABLE live_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX live_events_user_id ON live_events (user_id, id);
CREATE INDEX live_events_created_at ON live_events (created_at);

-- Whether new messages are announced by e-mail, and until when an open event stream counts the
-- person as online.
ALTER TABLE users ADD COLUMN message_emails BOOLEAN NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN live_until TIMESTAMP;
