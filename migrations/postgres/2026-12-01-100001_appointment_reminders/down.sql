DROP INDEX appointments_over;
DROP INDEX appointments_due;
ALTER TABLE appointments DROP COLUMN reminded_at;
