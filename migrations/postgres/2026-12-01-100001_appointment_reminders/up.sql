-- When the reminder of an accepted afspraak went out (a day before it starts); set once, by a
-- compare-and-set on NULL, so that of several instances one sends it. Accepted afspraken that
-- are over are looked up by their end.
ALTER TABLE appointments ADD COLUMN reminded_at TIMESTAMP;
CREATE INDEX appointments_due ON appointments (state, starts_at);
CREATE INDEX appointments_over ON appointments (state, ends_at);
