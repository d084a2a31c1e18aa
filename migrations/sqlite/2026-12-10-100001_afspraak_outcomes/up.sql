-- 'Is de afspraak doorgegaan?': each of an afspraak's two people answers once after its end
-- ('ja', 'niet-gekomen', 'afgezegd'), before writing a reference. Never shown to the other or on
-- a page: a 'no' of either ends the references of the afspraak and keeps it out of the
-- afspraken that took place; 'niet-gekomen' about the same member twice in 90 days puts them in
-- the moderators' queue. The answer goes with the account of either.
CREATE TABLE appointment_outcomes (
    appointment_id BIGINT NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
    author_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    subject_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    outcome TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (appointment_id, author_id)
);
CREATE INDEX appointment_outcomes_subject ON appointment_outcomes (subject_id, outcome, created_at);
-- A note with a reference that only the moderators read.
ALTER TABLE appointment_references ADD COLUMN moderator_note TEXT;
