-- A moderator's suspension of an account: while `suspended_at` is set the account cannot sign
-- in and its sessions are refused. Its profile is hidden as long as it lasts: a hiding the
-- suspension made is marked, so that lifting the suspension shows again only what it hid.
ALTER TABLE users ADD COLUMN suspended_at TIMESTAMP NULL;
ALTER TABLE hidden_profiles ADD COLUMN by_suspension BOOLEAN NOT NULL DEFAULT FALSE;
