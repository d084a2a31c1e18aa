-- What kind of animal a pet is. Every pet entered before there was a choice was entered as a dog.
ALTER TABLE pets ADD COLUMN species TEXT NOT NULL DEFAULT 'hond';
-- The kinds of animal a sitter has experience with ('Ervaring met'), a JSON list of species.
ALTER TABLE volunteers ADD COLUMN species TEXT NOT NULL DEFAULT '[]';
