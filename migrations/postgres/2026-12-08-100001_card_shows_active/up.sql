-- Whether a card says when its person was last active ('Vandaag actief'): only when they show it
-- (users.show_last_active). A person who hides it is ordered in 'Recent actief' from the day
-- their profile was made.
ALTER TABLE listings ADD COLUMN shows_active BOOLEAN NOT NULL DEFAULT TRUE;
UPDATE listings SET shows_active = FALSE, active_at = created_at
 WHERE user_id IN (SELECT id FROM users WHERE show_last_active = FALSE);
