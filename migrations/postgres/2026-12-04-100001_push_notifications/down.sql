DROP TABLE push_outbox;
DROP TABLE held_mails;
DROP TABLE push_devices;
ALTER TABLE users DROP COLUMN push_previews;
