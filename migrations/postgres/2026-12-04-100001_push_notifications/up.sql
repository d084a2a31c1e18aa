-- Push notifications (crates/domain/src/notifications/): whether a person's notifications show
-- the start of a message (off unless they turn it on).
ALTER TABLE users ADD COLUMN push_previews BOOLEAN NOT NULL DEFAULT FALSE;

-- The browsers a person turned notifications on for: the push service's address for the
-- browser and the keys that encrypt for it, with the browser's name. Gone with the account.
CREATE TABLE push_devices (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX push_devices_user ON push_devices (user_id);

-- The e-mail about a new message while pushes about it are on their way: `send_at` is NULL
-- until they are settled, then the time it goes (`send_if_pushed_at` when one arrived, at once
-- when none did), and only if the message is still unread then. `body` is sealed as in
-- mail_outbox.
CREATE TABLE held_mails (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    conversation_id BIGINT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    message_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    pushed BOOLEAN NOT NULL DEFAULT FALSE,
    send_if_pushed_at TIMESTAMP NOT NULL,
    send_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX held_mails_send_at ON held_mails (send_at);

-- Pushes wait here, one per device, until a worker of any instance delivered them, as mail does
-- in mail_outbox (a lease in `locked_until`).
CREATE TABLE push_outbox (
    id BIGSERIAL PRIMARY KEY,
    device_id BIGINT NOT NULL REFERENCES push_devices (id) ON DELETE CASCADE,
    held_mail_id BIGINT REFERENCES held_mails (id) ON DELETE SET NULL,
    payload TEXT NOT NULL,
    urgency TEXT NOT NULL,
    ttl_secs BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    locked_until TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX push_outbox_due ON push_outbox (next_attempt_at);
CREATE INDEX push_outbox_device ON push_outbox (device_id);
CREATE INDEX push_outbox_held ON push_outbox (held_mail_id);
