DROP TABLE appointments;
