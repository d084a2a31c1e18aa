-- The shape of each stored card. Cards from before have version 0 and are rebuilt from their
-- profile at the next start (crates/domain/src/listing.rs, CARD_VERSION).
ALTER TABLE listings ADD COLUMN card_version INTEGER NOT NULL DEFAULT 0;
