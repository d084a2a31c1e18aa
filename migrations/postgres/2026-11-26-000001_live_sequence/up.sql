-- Each person's stored live events are numbered 1, 2, 3, ... from a counter of their own, moved
-- on in the transaction that stores the event: numbers follow the order in which events commit,
-- so a replay after the last number a browser saw misses nothing (a global sequence can hand a
-- lower number to a transaction that commits later).
CREATE TABLE live_sequences (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    last_number BIGINT NOT NULL
);
ALTER TABLE live_events ADD COLUMN number BIGINT NOT NULL DEFAULT 0;
-- Events stored before keep their id as their number, and each counter goes on from the highest,
-- so that a browser's last id stays valid.
UPDATE live_events SET number = id;
INSERT INTO live_sequences (user_id, last_number)
    SELECT user_id, MAX(id) FROM live_events GROUP BY user_id;
CREATE UNIQUE INDEX live_events_user_number ON live_events (user_id, number);
DROP INDEX live_events_user_id;
