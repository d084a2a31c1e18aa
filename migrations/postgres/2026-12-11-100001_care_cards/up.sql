-- A pet's zorgkaart: its owner's texts on how to care for it, read by a sitter only while an
-- accepted afspraak for the pet holds (from acceptance until seven days after its end). It goes
-- with the pet.
CREATE TABLE pet_care (
    pet_id BIGINT PRIMARY KEY REFERENCES pets (id) ON DELETE CASCADE,
    food TEXT,
    walks TEXT,
    medication TEXT,
    allergies TEXT,
    vet TEXT,
    emergency_contact TEXT,
    house_notes TEXT,
    updated_at TIMESTAMP NOT NULL
);
-- Each time a sitter opened a zorgkaart (once per quarter hour), for its owner to see. It goes
-- with the pet and with the sitter's account.
CREATE TABLE pet_care_views (
    id BIGSERIAL PRIMARY KEY,
    pet_id BIGINT NOT NULL REFERENCES pets (id) ON DELETE CASCADE,
    viewer_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    viewed_at TIMESTAMP NOT NULL
);
CREATE INDEX pet_care_views_pet ON pet_care_views (pet_id, viewed_at);
CREATE INDEX pet_care_views_viewer ON pet_care_views (viewer_id);
