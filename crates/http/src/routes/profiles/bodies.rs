//! The bodies that write a profile: the wizard's draft and a pet's draft, and the changes of a few
//! of their fields that an inline edit sends (their schemas derived from the drafts').

use oppas_domain::kernel::enums::{
    Availability, Chipped, Distance, GoodWith, HasOwnPet, HourlyRate, Language, LookingFor, Neutered, PetGender,
    PetSize, ProfileType, Specialty, Species, TransportMode, Vaccinated,
};
use oppas_domain::profiles::draft::ProfileDraft;
use serde::Deserialize;
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

/// The wizard's draft. `userId` and `email` are accepted
/// for compatibility and ignored: the profile always belongs to the signed-in user.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct ProfileDraftBody {
    /// Which kind of profile.
    #[schema(value_type = ProfileType)]
    pub profile_type: String,
    /// The volunteer's or owner's given name.
    pub first_name: Option<String>,
    /// Family name.
    pub last_name: Option<String>,
    /// A volunteer's about-me, or the pet's description.
    pub bio: Option<String>,
    /// The owner's own about-me.
    pub owner_bio: Option<String>,
    /// Place name.
    pub location: Option<String>,
    /// Four-digit postcode.
    pub postal_code: Option<String>,
    /// Private phone number.
    pub phone: Option<String>,
    /// Private date of birth, `YYYY-MM-DD`.
    pub date_of_birth: Option<String>,
    /// A volunteer's photo, or the pet's photo (a URL from `POST /api/upload`).
    pub avatar_url: Option<String>,
    /// The owner's own photo.
    pub owner_avatar_url: Option<String>,
    /// The pet's wide header photo.
    pub cover_image_url: Option<String>,
    /// Offered moments and services (volunteers).
    #[schema(value_type = Option<Vec<Availability>>)]
    pub availability: Option<Vec<String>>,
    /// Specialties (volunteers).
    #[schema(value_type = Option<Vec<Specialty>>)]
    pub specialties: Option<Vec<String>>,
    /// The kinds of animal a volunteer has experience with ('Ervaring met').
    #[schema(value_type = Option<Vec<Species>>)]
    pub species: Option<Vec<String>>,
    /// Who the pet gets along with.
    #[schema(value_type = Option<Vec<GoodWith>>)]
    pub pet_good_with: Option<Vec<String>>,
    /// Spoken languages.
    #[schema(value_type = Option<Vec<Language>>)]
    pub languages: Option<Vec<String>>,
    /// Volunteers: one of `Experience`. Owners: their experience with pets in their own words.
    pub experience: Option<String>,
    /// How far a volunteer travels; null for no preference.
    #[schema(value_type = Option<Distance>)]
    pub max_distance: Option<i32>,
    /// Hourly rate.
    #[schema(value_type = Option<HourlyRate>)]
    pub hourly_rate: Option<String>,
    /// Own pets.
    #[schema(value_type = Option<HasOwnPet>)]
    pub has_own_pet: Option<String>,
    /// How the volunteer gets around.
    #[schema(value_type = Option<TransportMode>)]
    pub transport_mode: Option<String>,
    /// What kind of animal the pet is; without one, a dog.
    #[schema(value_type = Option<Species>)]
    pub pet_species: Option<String>,
    /// The pet's name.
    pub pet_name: Option<String>,
    /// Breed.
    pub pet_breed: Option<String>,
    /// Age as written.
    pub pet_age: Option<String>,
    /// Size band.
    #[schema(value_type = Option<PetSize>)]
    pub pet_size: Option<String>,
    /// Sex.
    #[schema(value_type = Option<PetGender>)]
    pub pet_gender: Option<String>,
    /// Character.
    pub pet_personality: Option<String>,
    /// Medication, diet, fears.
    pub pet_special_needs: Option<String>,
    /// Weight as written.
    pub pet_weight: Option<String>,
    /// Vaccination state.
    #[schema(value_type = Option<Vaccinated>)]
    pub pet_vaccinated: Option<String>,
    /// Chip state.
    #[schema(value_type = Option<Chipped>)]
    pub pet_chipped: Option<String>,
    /// Neutered or sterilised.
    #[schema(value_type = Option<Neutered>)]
    pub pet_neutered: Option<String>,
    /// The help the owner looks for ('Gezochte hulp').
    #[schema(value_type = Option<Vec<LookingFor>>)]
    pub pet_looking_for: Option<Vec<String>>,
    /// Ignored: the signed-in user is the owner.
    #[schema(value_type = Option<i64>)]
    pub user_id: Option<serde_json::Value>,
    /// Edits only: which of the owner's pets the pet fields describe (their first when absent).
    pub pet_id: Option<i64>,
    /// Ignored: the account's address is used.
    #[schema(value_type = Option<String>)]
    pub email: Option<serde_json::Value>,
}

impl From<ProfileDraftBody> for ProfileDraft {
    fn from(body: ProfileDraftBody) -> Self {
        Self {
            profile_type: body.profile_type,
            first_name: body.first_name,
            last_name: body.last_name,
            bio: body.bio,
            owner_bio: body.owner_bio,
            location: body.location,
            postal_code: body.postal_code,
            phone: body.phone,
            date_of_birth: body.date_of_birth,
            avatar_url: body.avatar_url,
            owner_avatar_url: body.owner_avatar_url,
            cover_image_url: body.cover_image_url,
            availability: body.availability.unwrap_or_default(),
            specialties: body.specialties.unwrap_or_default(),
            species: body.species.unwrap_or_default(),
            pet_good_with: body.pet_good_with.unwrap_or_default(),
            languages: body.languages.unwrap_or_default(),
            experience: body.experience,
            max_distance: body.max_distance,
            hourly_rate: body.hourly_rate,
            has_own_pet: body.has_own_pet,
            transport_mode: body.transport_mode,
            pet_species: body.pet_species,
            pet_name: body.pet_name,
            pet_breed: body.pet_breed,
            pet_age: body.pet_age,
            pet_size: body.pet_size,
            pet_gender: body.pet_gender,
            pet_personality: body.pet_personality,
            pet_special_needs: body.pet_special_needs,
            pet_weight: body.pet_weight,
            pet_vaccinated: body.pet_vaccinated,
            pet_chipped: body.pet_chipped,
            pet_neutered: body.pet_neutered,
            pet_looking_for: body.pet_looking_for.unwrap_or_default(),
        }
    }
}

/// One pet, as the owner page's 'Nog een huisdier toevoegen' and a pet's edit dialog send it:
/// the pet fields of the profile draft, with the same names and rules.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct PetDraftBody {
    /// What kind of animal the pet is; without one, a dog.
    #[schema(value_type = Option<Species>)]
    pub pet_species: Option<String>,
    /// The pet's name.
    pub pet_name: Option<String>,
    /// Breed.
    pub pet_breed: Option<String>,
    /// Age as written.
    pub pet_age: Option<String>,
    /// Size band.
    #[schema(value_type = Option<PetSize>)]
    pub pet_size: Option<String>,
    /// Sex.
    #[schema(value_type = Option<PetGender>)]
    pub pet_gender: Option<String>,
    /// Character.
    pub pet_personality: Option<String>,
    /// Medication, diet, fears.
    pub pet_special_needs: Option<String>,
    /// Weight as written.
    pub pet_weight: Option<String>,
    /// Vaccination state.
    #[schema(value_type = Option<Vaccinated>)]
    pub pet_vaccinated: Option<String>,
    /// Chip state.
    #[schema(value_type = Option<Chipped>)]
    pub pet_chipped: Option<String>,
    /// Neutered or sterilised.
    #[schema(value_type = Option<Neutered>)]
    pub pet_neutered: Option<String>,
    /// Who the pet gets along with.
    #[schema(value_type = Option<Vec<GoodWith>>)]
    pub pet_good_with: Option<Vec<String>>,
    /// The help the owner looks for ('Gezochte hulp').
    #[schema(value_type = Option<Vec<LookingFor>>)]
    pub pet_looking_for: Option<Vec<String>>,
    /// The pet's photo (a URL from `POST /api/upload`).
    pub avatar_url: Option<String>,
    /// The pet's wide header photo.
    pub cover_image_url: Option<String>,
    /// About the pet.
    pub bio: Option<String>,
}

impl From<PetDraftBody> for ProfileDraft {
    fn from(body: PetDraftBody) -> Self {
        Self {
            profile_type: ProfileType::Huisdier.as_str().to_owned(),
            pet_species: body.pet_species,
            pet_name: body.pet_name,
            pet_breed: body.pet_breed,
            pet_age: body.pet_age,
            pet_size: body.pet_size,
            pet_gender: body.pet_gender,
            pet_personality: body.pet_personality,
            pet_special_needs: body.pet_special_needs,
            pet_weight: body.pet_weight,
            pet_vaccinated: body.pet_vaccinated,
            pet_chipped: body.pet_chipped,
            pet_neutered: body.pet_neutered,
            pet_good_with: body.pet_good_with.unwrap_or_default(),
            pet_looking_for: body.pet_looking_for.unwrap_or_default(),
            avatar_url: body.avatar_url,
            cover_image_url: body.cover_image_url,
            bio: body.bio,
            ..Self::default()
        }
    }
}

/// Some fields of a profile, as an inline edit sends them (`PATCH /api/profiles/{userId}`): any
/// of [`ProfileDraftBody`]'s fields, each with its shape and rules; those left out keep what is
/// stored, `null` empties one.
#[derive(Debug)]
pub struct ProfileChangesBody;

impl PartialSchema for ProfileChangesBody {
    fn schema() -> RefOr<Schema> {
        some_fields_of(
            ProfileDraftBody::schema(),
            "Some fields of a profile: any of `ProfileDraftBody`'s, each with its shape and rules; those left out keep what is stored, `null` empties one. For an owner, `petId` picks the pet the pet fields change (their first when absent).",
        )
    }
}

impl ToSchema for ProfileChangesBody {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        <ProfileDraftBody as ToSchema>::schemas(schemas);
    }
}

/// Some fields of one pet (`PATCH /api/pets/{petId}`): any of [`PetDraftBody`]'s.
#[derive(Debug)]
pub struct PetChangesBody;

impl PartialSchema for PetChangesBody {
    fn schema() -> RefOr<Schema> {
        some_fields_of(
            PetDraftBody::schema(),
            "Some fields of a pet: any of `PetDraftBody`'s, each with its shape and rules; those left out keep what is stored, `null` empties one.",
        )
    }
}

impl ToSchema for PetChangesBody {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        <PetDraftBody as ToSchema>::schemas(schemas);
    }
}

/// The schema of a whole body (`whole`) with every field optional and without defaults: a
/// field left out is not changed.
fn some_fields_of(whole: RefOr<Schema>, description: &str) -> RefOr<Schema> {
    let RefOr::T(Schema::Object(mut object)) = whole else {
        return whole;
    };
    object.required.clear();
    object.description = Some(description.to_owned());
    for property in object.properties.values_mut() {
        let Ok(mut value) = serde_json::to_value(&*property) else {
            continue;
        };
        if let Some(fields) = value.as_object_mut() {
            fields.remove("default");
        }
        if let Ok(without_default) = serde_json::from_value(value) {
            *property = without_default;
        }
    }
    RefOr::T(Schema::Object(object))
}
