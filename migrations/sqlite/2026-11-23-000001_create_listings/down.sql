DROP TRIGGER listings_fts_update;
DROP TRIGGER listings_fts_delete;
DROP TRIGGER listings_fts_insert;
DROP TABLE listings_fts;
DROP TABLE listings;
DROP TABLE profile_claims;
