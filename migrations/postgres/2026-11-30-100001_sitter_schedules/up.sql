-- When a sitter can help: her week of day parts (bit day * 3 + part, Monday's ochtend is bit 0;
-- 0 until she fills it in), a pause ('Tijdelijk niet beschikbaar'), and her periods away. The
-- card keeps the week beside the facets, so that 'beschikbaar op' filters on the card itself.
ALTER TABLE volunteers ADD COLUMN week INTEGER NOT NULL DEFAULT 0;
ALTER TABLE volunteers ADD COLUMN paused BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE listings ADD COLUMN week INTEGER NOT NULL DEFAULT 0;
CREATE TABLE away_periods (
    id BIGSERIAL PRIMARY KEY,
    volunteer_id BIGINT NOT NULL REFERENCES volunteers (id) ON DELETE CASCADE,
    starts_on DATE NOT NULL,
    ends_on DATE NOT NULL,
    created_at TIMESTAMP NOT NULL,
    CHECK (ends_on >= starts_on)
);
CREATE INDEX away_periods_volunteer ON away_periods (volunteer_id, ends_on);
