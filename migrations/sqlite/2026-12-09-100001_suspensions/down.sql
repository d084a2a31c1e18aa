ALTER TABLE hidden_profiles DROP COLUMN by_suspension;
ALTER TABLE users DROP COLUMN suspended_at;
