-- Whether a person's pages say when they were last active ('Vandaag actief'); they can turn it off.
ALTER TABLE users ADD COLUMN show_last_active BOOLEAN NOT NULL DEFAULT TRUE;
