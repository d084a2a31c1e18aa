DROP TABLE away_periods;
ALTER TABLE listings DROP COLUMN week;
ALTER TABLE volunteers DROP COLUMN paused;
ALTER TABLE volunteers DROP COLUMN week;
