-- When the owner looks for help with a pet: in a period (help_from to help_until, both days
-- included), or regularly on some days (help_days: bit 0 for Monday). NULL kind: not stated.
ALTER TABLE pets ADD COLUMN help_kind TEXT;
ALTER TABLE pets ADD COLUMN help_from DATE;
ALTER TABLE pets ADD COLUMN help_until DATE;
ALTER TABLE pets ADD COLUMN help_days INTEGER NOT NULL DEFAULT 0;
