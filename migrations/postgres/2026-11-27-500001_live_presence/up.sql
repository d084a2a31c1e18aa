-- Which instance holds an open live stream of whom, and until when (renewed by the instance's
-- heartbeat): a person whose last stream closes on one instance stays online while another
-- instance still holds one (crates/domain/src/messaging/service.rs, presence_changed).
CREATE TABLE live_presence (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    origin TEXT NOT NULL,
    until TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, origin)
);
