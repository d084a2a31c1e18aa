//! Profiles: one's own (create, change, read whole) and everyone's public pages (owners,
//! volunteers, pets). Public answers never hold an e-mail address, phone number or date of birth.

use crate::page_cache::Page;
use crate::session::session_user_id;
use crate::{ApiError, AppState, CurrentUser};
use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use chrono::{NaiveDate, NaiveDateTime};
use oppas_domain::browse::card::ListingSource;
use oppas_domain::kernel::enums::{
    Availability, Chipped, Distance, Experience, GoodWith, HasOwnPet, HourlyRate, Language, LookingFor, Neutered,
    PetGender, PetSize, ProfileType, Specialty, Species, TransportMode, Vaccinated,
};
use oppas_domain::profiles::draft::ProfileDraft;
use oppas_domain::profiles::profile::{Owner, Pet, Volunteer, age_on, is_new};
use oppas_domain::profiles::service::OwnProfile;
use oppas_domain::trust::moderation::Visibility;
use oppas_domain::{OwnerId, PetId, UserId, VolunteerId};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The wizard's draft, also sent whole by every inline edit. `userId` and `email` are accepted
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

/// Contact details, present only when you read your own profile.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct PrivateDetails {
    /// The account's e-mail address.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Phone number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    /// Date of birth.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date_of_birth: Option<NaiveDate>,
}

/// A volunteer (sitter) as read.
#[derive(Debug, Serialize, ToSchema)]
pub struct VolunteerView {
    /// Volunteer profile id.
    pub id: i64,
    /// The id of its card (`volunteer-{id}`), for favourites and view counts.
    pub listing_id: String,
    /// The account it belongs to.
    pub user_id: i64,
    /// Given name.
    pub first_name: String,
    /// Family name.
    pub last_name: String,
    /// About me.
    pub bio: Option<String>,
    /// Place name.
    pub location: Option<String>,
    /// Four-digit postcode.
    pub postal_code: Option<String>,
    /// Latitude of the postcode area.
    pub lat: Option<f64>,
    /// Longitude of the postcode area.
    pub lon: Option<f64>,
    /// Photo.
    pub avatar_url: Option<String>,
    /// Experience level.
    pub experience: Option<Experience>,
    /// Offered moments and services.
    pub availability: Vec<Availability>,
    /// Specialties.
    pub specialties: Vec<Specialty>,
    /// The kinds of animal they have experience with ('Ervaring met').
    pub species: Vec<Species>,
    /// Km, null for no preference.
    pub max_distance: Option<Distance>,
    /// Hourly rate.
    pub hourly_rate: Option<HourlyRate>,
    /// Own pets.
    pub has_own_pet: Option<HasOwnPet>,
    /// How the volunteer gets around.
    pub transport_mode: Option<TransportMode>,
    /// Spoken languages.
    pub languages: Vec<Language>,
    /// Age in years, when a date of birth is known.
    pub age: Option<i32>,
    /// Made in the last 7 days: the 'Nieuw' badge.
    pub is_new: bool,
    /// Made at (UTC).
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// Only in your own profile.
    #[serde(flatten)]
    pub private: PrivateDetails,
}

/// An owner (baasje) as read.
#[derive(Debug, Serialize, ToSchema)]
pub struct OwnerView {
    /// Owner profile id.
    pub id: i64,
    /// The account it belongs to.
    pub user_id: i64,
    /// Given name.
    pub first_name: String,
    /// Family name.
    pub last_name: String,
    /// About me.
    pub bio: Option<String>,
    /// Place name.
    pub location: Option<String>,
    /// Four-digit postcode.
    pub postal_code: Option<String>,
    /// Latitude of the postcode area.
    pub lat: Option<f64>,
    /// Longitude of the postcode area.
    pub lon: Option<f64>,
    /// Photo.
    pub avatar_url: Option<String>,
    /// Experience with pets.
    pub experience: Option<String>,
    /// Spoken languages.
    pub languages: Vec<Language>,
    /// Age in years, when a date of birth is known.
    pub age: Option<i32>,
    /// Made at (UTC).
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// Only in your own profile.
    #[serde(flatten)]
    pub private: PrivateDetails,
}

/// A pet as read, with its owner's name, photo and place.
#[derive(Debug, Serialize, ToSchema)]
pub struct PetView {
    /// Pet id.
    pub id: i64,
    /// The id of its card (`pet-{id}`), for favourites and view counts.
    pub listing_id: String,
    /// Its owner's profile id.
    pub owner_id: i64,
    /// Its owner's account id.
    pub user_id: i64,
    /// Name.
    pub name: String,
    /// Breed.
    pub breed: Option<String>,
    /// Age as written.
    pub age: Option<String>,
    /// What kind of animal.
    pub species: Species,
    /// Size band.
    pub size: Option<PetSize>,
    /// Sex.
    pub gender: Option<PetGender>,
    /// Character.
    pub personality: Option<String>,
    /// Medication, diet, fears.
    pub special_needs: Option<String>,
    /// Weight as written.
    pub weight: Option<String>,
    /// Vaccination state.
    pub vaccinated: Option<Vaccinated>,
    /// Chip state.
    pub chipped: Option<Chipped>,
    /// Neutered or sterilised.
    pub neutered: Option<Neutered>,
    /// Gets along with.
    pub good_with: Vec<GoodWith>,
    /// The help the owner looks for ('Gezochte hulp').
    pub looking_for: Vec<LookingFor>,
    /// Photo.
    pub avatar_url: Option<String>,
    /// Wide header photo.
    pub cover_image_url: Option<String>,
    /// About the pet.
    pub bio: Option<String>,
    /// The owner's place.
    pub location: Option<String>,
    /// The owner's postcode.
    pub postal_code: Option<String>,
    /// Latitude of the owner's postcode area.
    pub lat: Option<f64>,
    /// Longitude of the owner's postcode area.
    pub lon: Option<f64>,
    /// The owner's given name.
    pub owner_first_name: String,
    /// The owner's family name.
    pub owner_last_name: String,
    /// The owner's photo.
    pub owner_avatar_url: Option<String>,
    /// Made at (UTC).
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// An owner's profile as the wizard and the owner's pages read it: their first pet, and the owner.
#[derive(Debug, Serialize, ToSchema)]
pub struct OwnerProfileView {
    /// The first pet, with the owner's name and place.
    #[serde(flatten)]
    pub pet: PetView,
    /// The owner.
    pub owner: OwnerView,
}

/// A user's profile, by kind: `{type, profile}`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "type", content = "profile")]
pub enum ProfileLookup {
    /// A sitter: `profile.id` is the volunteer id.
    #[serde(rename = "vrijwilliger")]
    Vrijwilliger(Box<VolunteerView>),
    /// An owner: `profile.owner_id` is the owner id, `profile.id` their first pet's.
    #[serde(rename = "huisdier")]
    Huisdier(Box<OwnerProfileView>),
}

/// `GET /api/owners/{ownerId}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OwnerPage {
    /// The owner.
    pub owner: OwnerView,
    /// Their pets, oldest first.
    pub pets: Vec<PetView>,
    /// A moderator hid the profile: only its own person sees this page (with a notice).
    pub hidden: bool,
}

/// `GET /api/volunteers/{volunteerId}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct VolunteerPage {
    /// The volunteer.
    pub volunteer: VolunteerView,
    /// A moderator hid the profile: only its own person sees this page (with a notice).
    pub hidden: bool,
}

/// `GET /api/pets/{petId}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PetPage {
    /// The pet.
    pub pet: PetView,
    /// Its owner.
    pub owner: OwnerView,
    /// A moderator hid the owner's profile: only its own person sees this page (with a notice).
    pub hidden: bool,
}

/// What the views are built with: "now" (for ages and the new badge) and, for your own profile,
/// your e-mail address.
struct ViewContext {
    now: NaiveDateTime,
    own_email: Option<String>,
}

impl ViewContext {
    fn public(state: &AppState) -> Self {
        Self {
            now: state.profile_service.now(),
            own_email: None,
        }
    }

    fn private(&self, phone: Option<&String>, date_of_birth: Option<NaiveDate>) -> PrivateDetails {
        if self.own_email.is_none() {
            return PrivateDetails::default();
        }
        PrivateDetails {
            email: self.own_email.clone(),
            phone: phone.cloned(),
            date_of_birth,
        }
    }

    fn age(&self, date_of_birth: Option<NaiveDate>) -> Option<i32> {
        date_of_birth.map(|born| age_on(born, self.now.date()))
    }

    fn volunteer(&self, v: Volunteer) -> VolunteerView {
        let f = v.fields;
        VolunteerView {
            id: v.id.get(),
            listing_id: ListingSource::Volunteer(v.id).key(),
            user_id: v.user_id.get(),
            age: self.age(f.date_of_birth),
            private: self.private(f.phone.as_ref(), f.date_of_birth),
            first_name: f.first_name,
            last_name: f.last_name,
            bio: f.bio,
            location: f.whereabouts.location,
            postal_code: f.whereabouts.postal_code,
            lat: f.whereabouts.lat,
            lon: f.whereabouts.lon,
            avatar_url: f.avatar_url,
            experience: f.experience,
            availability: f.availability,
            specialties: f.specialties,
            species: f.species,
            max_distance: f.max_distance,
            hourly_rate: f.hourly_rate,
            has_own_pet: f.has_own_pet,
            transport_mode: f.transport_mode,
            languages: f.languages,
            is_new: is_new(v.created_at, self.now),
            created_at: v.created_at.and_utc(),
        }
    }

    fn owner(&self, o: &Owner) -> OwnerView {
        let f = &o.fields;
        OwnerView {
            id: o.id.get(),
            user_id: o.user_id.get(),
            first_name: f.first_name.clone(),
            last_name: f.last_name.clone(),
            bio: f.bio.clone(),
            location: f.whereabouts.location.clone(),
            postal_code: f.whereabouts.postal_code.clone(),
            lat: f.whereabouts.lat,
            lon: f.whereabouts.lon,
            avatar_url: f.avatar_url.clone(),
            experience: f.experience.clone(),
            languages: f.languages.clone(),
            age: self.age(f.date_of_birth),
            created_at: o.created_at.and_utc(),
            private: self.private(f.phone.as_ref(), f.date_of_birth),
        }
    }
}

/// A public page's JSON, as kept or as just made.
fn json_page(body: web::Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(actix_web::http::header::ContentType::json())
        .body(body)
}

fn to_json(page: &impl Serialize) -> Result<web::Bytes, ApiError> {
    serde_json::to_vec(page)
        .map(web::Bytes::from)
        .map_err(crate::error::internal)
}

fn pet_view(pet: Pet, owner: &Owner) -> PetView {
    let f = pet.fields;
    let o = &owner.fields;
    PetView {
        id: pet.id.get(),
        listing_id: ListingSource::Pet(pet.id).key(),
        owner_id: owner.id.get(),
        user_id: owner.user_id.get(),
        species: f.species,
        name: f.name,
        breed: f.breed,
        age: f.age,
        size: f.size,
        gender: f.gender,
        personality: f.personality,
        special_needs: f.special_needs,
        weight: f.weight,
        vaccinated: f.vaccinated,
        chipped: f.chipped,
        neutered: f.neutered,
        good_with: f.good_with,
        looking_for: f.looking_for,
        avatar_url: f.avatar_url,
        cover_image_url: f.cover_image_url,
        bio: f.bio,
        location: o.whereabouts.location.clone(),
        postal_code: o.whereabouts.postal_code.clone(),
        lat: o.whereabouts.lat,
        lon: o.whereabouts.lon,
        owner_first_name: o.first_name.clone(),
        owner_last_name: o.last_name.clone(),
        owner_avatar_url: o.avatar_url.clone(),
        created_at: pet.created_at.and_utc(),
    }
}

fn lookup(profile: OwnProfile, context: &ViewContext) -> Option<ProfileLookup> {
    match profile {
        OwnProfile::Volunteer(volunteer) => Some(ProfileLookup::Vrijwilliger(Box::new(context.volunteer(volunteer)))),
        OwnProfile::Owner(owner, pets) => {
            let first = pets.into_iter().next()?;
            Some(ProfileLookup::Huisdier(Box::new(OwnerProfileView {
                pet: pet_view(first, &owner),
                owner: context.owner(&owner),
            })))
        }
    }
}

/// Routes for profiles, owners, volunteers and pets.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(create_profile)
        .service(find_profile)
        .service(update_profile)
        .service(find_owner)
        .service(find_volunteer)
        .service(find_pet)
        .service(add_pet)
        .service(update_pet)
        .service(remove_pet);
}

/// Makes the signed-in user's profile from the wizard's draft.
///
/// # Errors
/// 401 signed out; 409 when they already have one; 422 naming the invalid field; 429 over the
/// hourly allowance.
#[utoipa::path(post, path = "/api/profiles", tag = "profiles", operation_id = "create_profile",
    request_body = ProfileDraftBody,
    responses(
        (status = 201, description = "The new profile", body = ProfileLookup),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 409, description = "Already has a profile", body = crate::ApiErrorBody),
        (status = 422, description = "A field is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[post("/profiles")]
pub async fn create_profile(
    CurrentUser(user): CurrentUser,
    body: crate::extract::Body<ProfileDraftBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let draft = ProfileDraft::from(body.into_inner());
    let service = state.profile_service.clone();
    let id = user.id;
    let created = web::block(move || service.create(id, &draft)).await??;
    tracing::info!(user.id = id.get(), "profile created");
    let context = ViewContext {
        own_email: Some(user.email.as_str().to_owned()),
        ..ViewContext::public(&state)
    };
    let view = lookup(created, &context).ok_or_else(ApiError::not_found)?;
    Ok(HttpResponse::Created().json(view))
}

/// Replaces the signed-in user's own profile (inline edits send the whole draft).
///
/// # Errors
/// 401 signed out; 403 for someone else's profile (nothing is written); 404 without a profile;
/// 409 when the type would change; 422 naming the invalid field; 429 over the hourly allowance.
#[utoipa::path(put, path = "/api/profiles/{userId}", tag = "profiles", operation_id = "update_profile",
    params(("userId" = i64, Path, description = "The user's account id: your own")),
    request_body = ProfileDraftBody,
    responses(
        (status = 200, description = "The changed profile", body = ProfileLookup),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not your profile", body = crate::ApiErrorBody),
        (status = 404, description = "No profile yet, or `petId` is not one of your pets", body = crate::ApiErrorBody),
        (status = 409, description = "The profile type cannot change", body = crate::ApiErrorBody),
        (status = 422, description = "A field is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[put("/profiles/{userId}")]
pub async fn update_profile(
    CurrentUser(user): CurrentUser,
    target: web::Path<i64>,
    body: crate::extract::Body<ProfileDraftBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let target = UserId(target.into_inner());
    let body = body.into_inner();
    let pet = body.pet_id.map(PetId);
    let draft = ProfileDraft::from(body);
    let service = state.profile_service.clone();
    let id = user.id;
    let updated = web::block(move || service.update_with_pet(id, target, &draft, pet)).await??;
    tracing::info!(user.id = id.get(), "profile updated");
    let context = ViewContext {
        own_email: Some(user.email.as_str().to_owned()),
        ..ViewContext::public(&state)
    };
    let view = lookup(updated, &context).ok_or_else(ApiError::not_found)?;
    Ok(HttpResponse::Ok().json(view))
}

/// The answer for a person without a profile, and for a hidden one to everyone else.
const NO_PROFILE: &str = "Deze gebruiker heeft nog geen profiel.";

/// The profile of a user: its kind and fields. Your own comes whole; anyone else's holds public
/// fields only.
///
/// # Errors
/// 404 when the user has no profile.
#[utoipa::path(get, path = "/api/profiles/{userId}", tag = "profiles", operation_id = "find_profile",
    params(("userId" = i64, Path, description = "The user's account id")),
    responses(
        (status = 200, description = "The user's profile", body = ProfileLookup),
        (status = 404, description = "No profile", body = crate::ApiErrorBody),
    ))]
#[get("/profiles/{userId}")]
pub async fn find_profile(
    user_id: web::Path<i64>,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let user = UserId(user_id.into_inner());
    let viewer = session_user_id(&session);
    let own = viewer == Some(user);
    visible_to(&state, user, viewer, NO_PROFILE).await?;
    let service = state.profile_service.clone();
    let accounts = state.accounts.clone();
    let (profile, email) = web::block(move || -> Result<_, oppas_domain::RepositoryError> {
        let profile = service.profile_of(user)?;
        let email = match (&profile, own) {
            (Some(_), true) => accounts.find(user)?.map(|u| u.email.as_str().to_owned()),
            _ => None,
        };
        Ok((profile, email))
    })
    .await??;
    let context = ViewContext {
        own_email: email,
        ..ViewContext::public(&state)
    };
    profile
        .and_then(|profile| lookup(profile, &context))
        .map(|found| HttpResponse::Ok().json(found))
        .ok_or_else(|| ApiError::NotFound(NO_PROFILE.to_owned()))
}

/// An owner's public page: the owner and their pets.
///
/// # Errors
/// 404 for an unknown owner.
#[utoipa::path(get, path = "/api/owners/{ownerId}", tag = "profiles", operation_id = "find_owner",
    params(("ownerId" = i64, Path, description = "Owner profile id")),
    responses(
        (status = 200, description = "The owner and their pets", body = OwnerPage),
        (status = 404, description = "Unknown owner", body = crate::ApiErrorBody),
    ))]
#[get("/owners/{ownerId}")]
pub async fn find_owner(
    owner_id: web::Path<i64>,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = OwnerId(owner_id.into_inner());
    let page = Page::Owner(id.get());
    if let Some(body) = state.pages.get(page, session_user_id(&session)) {
        return Ok(json_page(body));
    }
    let changes = state.pages.changes();
    let service = state.profile_service.clone();
    let found = web::block(move || service.owner_page(id)).await??;
    let (owner, pets) = found.ok_or_else(|| ApiError::NotFound("Eigenaar niet gevonden".to_owned()))?;
    let hidden = visible_to(
        &state,
        owner.user_id,
        session_user_id(&session),
        "Eigenaar niet gevonden",
    )
    .await?;
    let context = ViewContext::public(&state);
    let body = to_json(&OwnerPage {
        owner: context.owner(&owner),
        pets: pets.into_iter().map(|pet| pet_view(pet, &owner)).collect(),
        hidden,
    })?;
    if !hidden {
        state.pages.keep(page, owner.user_id, changes, body.clone());
    }
    Ok(json_page(body))
}

/// Whether the profile of `owner` is hidden by a moderator, as `viewer` may see it: hidden
/// pages answer 404 (with `not_found`) to everyone but the profile's own person and the
/// moderators, who see them with a notice. `Ok(true)` is such an answer made for one person:
/// it is never kept for others.
async fn visible_to(
    state: &AppState,
    owner: UserId,
    viewer: Option<UserId>,
    not_found: &str,
) -> Result<bool, ApiError> {
    let moderation = state.moderation.clone();
    match web::block(move || moderation.visibility(owner, viewer)).await?? {
        Visibility::Public => Ok(false),
        Visibility::HiddenShownToViewer => Ok(true),
        Visibility::Gone => Err(ApiError::NotFound(not_found.to_owned())),
    }
}

/// A volunteer's public page.
///
/// # Errors
/// 404 for an unknown volunteer.
#[utoipa::path(get, path = "/api/volunteers/{volunteerId}", tag = "profiles", operation_id = "find_volunteer",
    params(("volunteerId" = i64, Path, description = "Volunteer profile id")),
    responses(
        (status = 200, description = "The volunteer", body = VolunteerPage),
        (status = 404, description = "Unknown volunteer", body = crate::ApiErrorBody),
    ))]
#[get("/volunteers/{volunteerId}")]
pub async fn find_volunteer(
    volunteer_id: web::Path<i64>,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = VolunteerId(volunteer_id.into_inner());
    let page = Page::Volunteer(id.get());
    if let Some(body) = state.pages.get(page, session_user_id(&session)) {
        return Ok(json_page(body));
    }
    let changes = state.pages.changes();
    let service = state.profile_service.clone();
    let volunteer = web::block(move || service.volunteer_page(id))
        .await??
        .ok_or_else(|| ApiError::NotFound("Vrijwilliger niet gevonden".to_owned()))?;
    let user = volunteer.user_id;
    let hidden = visible_to(&state, user, session_user_id(&session), "Vrijwilliger niet gevonden").await?;
    let body = to_json(&VolunteerPage {
        volunteer: ViewContext::public(&state).volunteer(volunteer),
        hidden,
    })?;
    if !hidden {
        state.pages.keep(page, user, changes, body.clone());
    }
    Ok(json_page(body))
}

/// A pet's public page, with its owner.
///
/// # Errors
/// 404 for an unknown pet.
#[utoipa::path(get, path = "/api/pets/{petId}", tag = "profiles", operation_id = "find_pet",
    params(("petId" = i64, Path, description = "Pet id")),
    responses(
        (status = 200, description = "The pet and its owner", body = PetPage),
        (status = 404, description = "Unknown pet", body = crate::ApiErrorBody),
    ))]
#[get("/pets/{petId}")]
pub async fn find_pet(
    pet_id: web::Path<i64>,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = PetId(pet_id.into_inner());
    let page = Page::Pet(id.get());
    if let Some(body) = state.pages.get(page, session_user_id(&session)) {
        return Ok(json_page(body));
    }
    let changes = state.pages.changes();
    let service = state.profile_service.clone();
    let found = web::block(move || service.pet_page(id)).await??;
    let (pet, owner) = found.ok_or_else(|| ApiError::NotFound("Huisdier niet gevonden".to_owned()))?;
    let hidden = visible_to(
        &state,
        owner.user_id,
        session_user_id(&session),
        "Huisdier niet gevonden",
    )
    .await?;
    let body = to_json(&PetPage {
        owner: ViewContext::public(&state).owner(&owner),
        pet: pet_view(pet, &owner),
        hidden,
    })?;
    if !hidden {
        state.pages.keep(page, owner.user_id, changes, body.clone());
    }
    Ok(json_page(body))
}

/// Adds a pet to the signed-in owner's profile; it gets its own page and its own card.
///
/// # Errors
/// 401 signed out; 403 without an owner profile; 409 at the most pets a profile lists; 422 naming
/// the invalid field; 429 over the hourly allowance.
#[utoipa::path(post, path = "/api/pets", tag = "profiles", operation_id = "add_pet",
    params(crate::idempotency::IdempotencyKeyHeader),
    request_body = PetDraftBody,
    responses(
        (status = 201, description = "The new pet and its owner", body = PetPage),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Only owners add pets", body = crate::ApiErrorBody),
        (status = 409, description = "As many pets as a profile lists, or the same key's first request still at work", body = crate::ApiErrorBody),
        (status = 422, description = "A field (or the Idempotency-Key) is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[post("/pets")]
pub async fn add_pet(
    req: HttpRequest,
    CurrentUser(user): CurrentUser,
    body: crate::extract::Body<PetDraftBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let draft = ProfileDraft::from(body.into_inner());
    let id = user.id;
    let shared = state.clone();
    crate::idempotency::once(&req, &state, id, move || async move {
        let service = shared.profile_service.clone();
        let (owner, pet) = web::block(move || service.add_pet(id, &draft)).await??;
        tracing::info!(user.id = id.get(), pet.id = pet.id.get(), "pet added");
        let hidden = visible_to(&shared, owner.user_id, Some(owner.user_id), "").await?;
        Ok(HttpResponse::Created().json(PetPage {
            owner: ViewContext::public(&shared).owner(&owner),
            pet: pet_view(pet, &owner),
            hidden,
        }))
    })
    .await
}

/// Replaces the fields of one of the signed-in owner's pets.
///
/// # Errors
/// 401 signed out; 403 for someone else's pet (nothing is written); 404 for an unknown pet; 422
/// naming the invalid field; 429 over the hourly allowance.
#[utoipa::path(put, path = "/api/pets/{petId}", tag = "profiles", operation_id = "update_pet",
    params(("petId" = i64, Path, description = "Pet id: one of your own")),
    request_body = PetDraftBody,
    responses(
        (status = 200, description = "The changed pet and its owner", body = PetPage),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not your pet", body = crate::ApiErrorBody),
        (status = 404, description = "Unknown pet", body = crate::ApiErrorBody),
        (status = 422, description = "A field is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[put("/pets/{petId}")]
pub async fn update_pet(
    CurrentUser(user): CurrentUser,
    pet_id: web::Path<i64>,
    body: crate::extract::Body<PetDraftBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let pet_id = PetId(pet_id.into_inner());
    let draft = ProfileDraft::from(body.into_inner());
    let service = state.profile_service.clone();
    let id = user.id;
    let (owner, pet) = web::block(move || service.update_pet(id, pet_id, &draft)).await??;
    tracing::info!(user.id = id.get(), pet.id = pet.id.get(), "pet updated");
    let hidden = visible_to(&state, owner.user_id, Some(owner.user_id), "").await?;
    Ok(HttpResponse::Ok().json(PetPage {
        owner: ViewContext::public(&state).owner(&owner),
        pet: pet_view(pet, &owner),
        hidden,
    }))
}

/// Removes one of the signed-in owner's pets, with its page and card; never the last one.
///
/// # Errors
/// 401 signed out; 403 for someone else's pet; 404 for an unknown pet; 409 for the owner's only
/// pet; 429 over the hourly allowance.
#[utoipa::path(delete, path = "/api/pets/{petId}", tag = "profiles", operation_id = "remove_pet",
    params(("petId" = i64, Path, description = "Pet id: one of your own")),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 403, description = "Not your pet", body = crate::ApiErrorBody),
        (status = 404, description = "Unknown pet", body = crate::ApiErrorBody),
        (status = 409, description = "Your only pet", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[delete("/pets/{petId}")]
pub async fn remove_pet(
    CurrentUser(user): CurrentUser,
    pet_id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let pet_id = PetId(pet_id.into_inner());
    let service = state.profile_service.clone();
    let id = user.id;
    web::block(move || service.remove_pet(id, pet_id)).await??;
    tracing::info!(user.id = id.get(), pet.id = pet_id.get(), "pet removed");
    Ok(HttpResponse::NoContent().finish())
}
