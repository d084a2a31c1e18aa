DROP INDEX email_codes_email_purpose_attempt;
CREATE INDEX email_codes_email_purpose ON email_codes (email, purpose);
ALTER TABLE email_codes DROP COLUMN attempt_hash;
