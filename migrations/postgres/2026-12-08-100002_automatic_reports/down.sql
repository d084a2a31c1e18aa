ALTER TABLE reports DROP COLUMN automatic;
