-- Turns of background jobs between the instances of a deployment: a job runs on the instance
-- whose update moves `last_run_at` on (crates/domain/src/maintenance.rs, JobTurns).
CREATE TABLE job_turns (
    name TEXT PRIMARY KEY NOT NULL,
    last_run_at TIMESTAMP
);
