-- The SHA-256 of the body that claimed an idempotency key: the same key sent again with another
-- body is refused (422 idempotency_key_reused) rather than answered as a repeat.
ALTER TABLE idempotency_keys ADD COLUMN body_digest TEXT NOT NULL DEFAULT '';
