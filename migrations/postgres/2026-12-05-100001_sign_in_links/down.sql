DROP INDEX email_codes_link_hash;
ALTER TABLE email_codes DROP COLUMN link_hash;
