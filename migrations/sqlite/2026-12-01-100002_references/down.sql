DROP TABLE appointment_references;
