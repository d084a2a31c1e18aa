DROP INDEX reports_reference;
