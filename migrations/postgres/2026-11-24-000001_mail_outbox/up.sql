-- Outgoing mail waits here, stored in the transaction of what caused it, until a worker of any
-- instance delivered it. `body` is sealed by the mail adapter: no code or address is readable.
-- A worker leases the mails it takes (`locked_until`), so two instances never send one twice.
CREATE TABLE mail_outbox (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    locked_until TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at);
