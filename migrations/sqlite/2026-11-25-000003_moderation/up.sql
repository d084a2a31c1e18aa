-- Who moderates: granted and revoked with `oppas moderator grant|revoke <email>`.
CREATE TABLE moderators (
    user_id BIGINT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    granted_at TIMESTAMP NOT NULL
);

-- Profiles a moderator hid: their cards leave every list and their pages answer 404 to
-- everyone but their owner, who sees a notice.
CREATE TABLE hidden_profiles (
    user_id BIGINT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    hidden_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    hidden_at TIMESTAMP NOT NULL
);

-- Every moderator action, with who and when.
CREATE TABLE moderation_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    moderator_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    action TEXT NOT NULL,
    subject_user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    report_id BIGINT REFERENCES reports (id) ON DELETE SET NULL,
    note TEXT,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX moderation_log_created_at ON moderation_log (created_at);

ALTER TABLE reports ADD COLUMN closed_by BIGINT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE reports ADD COLUMN resolution TEXT;
