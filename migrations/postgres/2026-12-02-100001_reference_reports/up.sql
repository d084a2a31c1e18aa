-- A reference can be reported (the report names it, and the author as the person reported) and
-- a moderator can hide it (`hidden_at`; logged in moderation_log with the reference's id): a
-- hidden reference is on no page and in no count, but stays in its two people's data export.
ALTER TABLE appointment_references ADD COLUMN hidden_at TIMESTAMP;
ALTER TABLE reports ADD COLUMN reference_id BIGINT REFERENCES appointment_references (id) ON DELETE SET NULL;
ALTER TABLE moderation_log ADD COLUMN reference_id BIGINT;
