-- The reports of a reference are found by it (a reference's deletion sets theirs to NULL).
CREATE INDEX reports_reference ON reports (reference_id);
