ALTER TABLE pets DROP COLUMN help_days;
ALTER TABLE pets DROP COLUMN help_until;
ALTER TABLE pets DROP COLUMN help_from;
ALTER TABLE pets DROP COLUMN help_kind;
