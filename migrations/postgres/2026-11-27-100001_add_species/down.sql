ALTER TABLE volunteers DROP COLUMN species;
ALTER TABLE pets DROP COLUMN species;
