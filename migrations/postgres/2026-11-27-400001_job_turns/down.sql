DROP TABLE job_turns;
