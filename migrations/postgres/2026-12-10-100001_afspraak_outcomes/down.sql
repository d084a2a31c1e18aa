ALTER TABLE appointment_references DROP COLUMN moderator_note;
DROP TABLE appointment_outcomes;
