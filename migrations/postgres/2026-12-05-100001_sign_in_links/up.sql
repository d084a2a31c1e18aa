-- The one-time sign-in link of each code mail: the SHA-256 of its token (the token itself is only
-- in the mail, in the link's fragment). Empty for a mail without a link and once a newer mail of
-- the same address and purpose voided it.
ALTER TABLE email_codes ADD COLUMN link_hash TEXT NOT NULL DEFAULT '';
CREATE INDEX email_codes_link_hash ON email_codes (link_hash) WHERE link_hash <> '';
