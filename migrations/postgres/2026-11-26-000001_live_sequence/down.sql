CREATE INDEX live_events_user_id ON live_events (user_id, id);
DROP INDEX live_events_user_number;
ALTER TABLE live_events DROP COLUMN number;
DROP TABLE live_sequences;
