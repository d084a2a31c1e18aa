-- A code belongs to the browser that asked for it: the SHA-256 of that browser's sign-in attempt
-- id (its cookie). Codes from before have none and match no browser; they expire within minutes.
ALTER TABLE email_codes ADD COLUMN attempt_hash TEXT NOT NULL DEFAULT '';
DROP INDEX email_codes_email_purpose;
CREATE INDEX email_codes_email_purpose_attempt ON email_codes (email, purpose, attempt_hash);
