-- References: after an accepted afspraak has ended, each of its two people may write one about
-- the other, once (UNIQUE). Published when both wrote (`published_at`, set on both in the
-- transaction of the second, so that a later deletion of one does not hide the other) or 14
-- days after the end (a rule of the domain, read at each request). `author_id` passes to the stand-in account when the author's
-- account is deleted; a reference about a deleted account goes with it.
CREATE TABLE appointment_references (
    id BIGSERIAL PRIMARY KEY,
    appointment_id BIGINT NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
    author_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    subject_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    text TEXT NOT NULL,
    again BOOLEAN NOT NULL,
    tags TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    published_at TIMESTAMP,
    -- The subject's one public reply, once published; set once (compare-and-set on NULL).
    reply TEXT,
    replied_at TIMESTAMP,
    UNIQUE (appointment_id, author_id)
);
CREATE INDEX appointment_references_subject ON appointment_references (subject_id, created_at);
