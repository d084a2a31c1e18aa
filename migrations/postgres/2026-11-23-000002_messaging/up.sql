-- Messaging. A conversation refers to its pet with a nullable reference (cleared when the pet is
-- removed; `about_pet` keeps that it was about one), so one pair has at most one conversation
-- without a pet and one per pet.
ALTER TABLE conversations ADD COLUMN pet_id BIGINT REFERENCES pets (id) ON DELETE SET NULL;
ALTER TABLE conversations ADD COLUMN about_pet BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE conversations ADD COLUMN started_by BIGINT REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE conversations ADD COLUMN last_message_id BIGINT;
ALTER TABLE conversations ADD COLUMN last_activity_at TIMESTAMP;
UPDATE conversations c SET
    pet_id = (SELECT p.id FROM pets p WHERE p.id = c.pet_key),
    about_pet = c.pet_key <> 0,
    started_by = COALESCE((SELECT m.sender_id FROM messages m WHERE m.conversation_id = c.id ORDER BY m.id LIMIT 1), c.user_low),
    last_message_id = (SELECT MAX(m.id) FROM messages m WHERE m.conversation_id = c.id),
    last_activity_at = COALESCE(c.last_message_at, c.created_at);
ALTER TABLE conversations ALTER COLUMN started_by SET NOT NULL;
ALTER TABLE conversations ALTER COLUMN last_activity_at SET NOT NULL;
ALTER TABLE conversations DROP CONSTRAINT conversations_user_low_user_high_pet_key_key;
ALTER TABLE conversations DROP COLUMN pet_key;
ALTER TABLE conversations DROP COLUMN last_message_at;
ALTER TABLE conversations ADD CONSTRAINT conversations_pet_means_about_pet CHECK (pet_id IS NULL OR about_pet);
DROP INDEX conversations_user_high;
CREATE UNIQUE INDEX conversations_pair_pet ON conversations (user_low, user_high, pet_id) WHERE pet_id IS NOT NULL;
CREATE UNIQUE INDEX conversations_pair ON conversations (user_low, user_high) WHERE NOT about_pet;
CREATE INDEX conversations_inbox_low ON conversations (user_low, last_activity_at, id);
CREATE INDEX conversations_inbox_high ON conversations (user_high, last_activity_at, id);
CREATE INDEX conversations_pet_id ON conversations (pet_id);

-- One row per participant from the start: how far they have read and when they were last told
-- by e-mail.
ALTER TABLE conversation_reads ALTER COLUMN last_read_message_id SET DEFAULT 0;
ALTER TABLE conversation_reads ADD COLUMN read_at TIMESTAMP;
ALTER TABLE conversation_reads ADD COLUMN notified_at TIMESTAMP;
UPDATE conversation_reads SET read_at = updated_at;
INSERT INTO conversation_reads (conversation_id, user_id, created_at, updated_at)
SELECT c.id, u.user_id, c.created_at, c.created_at
FROM conversations c
JOIN (SELECT id, user_low AS user_id FROM conversations UNION ALL SELECT id, user_high FROM conversations) u
  ON u.id = c.id
ON CONFLICT (conversation_id, user_id) DO NOTHING;
CREATE INDEX conversation_reads_user ON conversation_reads (user_id, conversation_id, last_read_message_id);

-- What a person's open event streams are told, kept so that a reconnecting browser misses
-- nothing (Last-Event-ID). Pruned after a day.
CREATE TABLE live_events (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX live_events_user_id ON live_events (user_id, id);
CREATE INDEX live_events_created_at ON live_events (created_at);

-- Whether new messages are announced by e-mail, and until when an open event stream counts the
-- person as online.
ALTER TABLE users ADD COLUMN message_emails BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE users ADD COLUMN live_until TIMESTAMP;
