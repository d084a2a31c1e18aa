ALTER TABLE reports DROP COLUMN resolution;
ALTER TABLE reports DROP COLUMN closed_by;
DROP TABLE moderation_log;
DROP TABLE hidden_profiles;
DROP TABLE moderators;
