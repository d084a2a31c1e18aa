ALTER TABLE listings DROP COLUMN facets;
