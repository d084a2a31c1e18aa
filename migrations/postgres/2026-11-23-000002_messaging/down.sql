ALTER TABLE users DROP COLUMN live_until;
ALTER TABLE users DROP COLUMN message_emails;
DROP TABLE live_events;

DROP INDEX conversation_reads_user;
DELETE FROM conversation_reads WHERE last_read_message_id = 0;
ALTER TABLE conversation_reads DROP COLUMN notified_at;
ALTER TABLE conversation_reads DROP COLUMN read_at;
ALTER TABLE conversation_reads ALTER COLUMN last_read_message_id DROP DEFAULT;

DROP INDEX conversations_pet_id;
DROP INDEX conversations_inbox_high;
DROP INDEX conversations_inbox_low;
DROP INDEX conversations_pair;
DROP INDEX conversations_pair_pet;
ALTER TABLE conversations DROP CONSTRAINT conversations_pet_means_about_pet;
ALTER TABLE conversations ADD COLUMN pet_key BIGINT NOT NULL DEFAULT 0;
ALTER TABLE conversations ADD COLUMN last_message_at TIMESTAMP;
-- A conversation about a pet that was removed has no pet key left; it keeps its own id as one.
UPDATE conversations SET
    pet_key = CASE WHEN pet_id IS NOT NULL THEN pet_id WHEN about_pet THEN -id ELSE 0 END,
    last_message_at = CASE WHEN last_message_id IS NOT NULL THEN last_activity_at END;
ALTER TABLE conversations ADD CONSTRAINT conversations_user_low_user_high_pet_key_key UNIQUE (user_low, user_high, pet_key);
ALTER TABLE conversations DROP COLUMN last_activity_at;
ALTER TABLE conversations DROP COLUMN last_message_id;
ALTER TABLE conversations DROP COLUMN started_by;
ALTER TABLE conversations DROP COLUMN about_pet;
ALTER TABLE conversations DROP COLUMN pet_id;
CREATE INDEX conversations_user_high ON conversations (user_high);
