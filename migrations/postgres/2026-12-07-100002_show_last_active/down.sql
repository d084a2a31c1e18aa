ALTER TABLE users DROP COLUMN show_last_active;
