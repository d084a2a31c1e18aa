DROP TABLE listings;
DROP TABLE profile_claims;
