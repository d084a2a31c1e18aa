ALTER TABLE moderation_log DROP COLUMN reference_id;
ALTER TABLE reports DROP COLUMN reference_id;
ALTER TABLE appointment_references DROP COLUMN hidden_at;
