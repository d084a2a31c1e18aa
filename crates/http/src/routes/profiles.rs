//! Profiles: one's own (create, change, read whole) and everyone's public pages (owners,
//! volunteers, pets). Public answers never hold an e-mail address, phone number or date of birth.

use crate::session::session_user_id;
use crate::{ApiError, AppState, CurrentUser};
use actix_session::Session;
use actix_web::{HttpResponse, get, post, put, web};
use chrono::{Datelike, NaiveDate, NaiveDateTime};
use oppas_domain::profile::{Owner, Pet, Volunteer};
use oppas_domain::profile_draft::ProfileDraft;
use oppas_domain::profile_service::{OwnProfile, ProfileError};
use oppas_domain::{OwnerId, PetId, UserId, VolunteerId};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The wizard's draft, also sent whole by every inline edit. `userId` and `email` are accepted
/// for compatibility and ignored: the profile always belongs to the signed-in user.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct ProfileDraftBody {
    /// `huisdier` or `vrijwilliger`.
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
    pub availability: Option<Vec<String>>,
    /// Specialties (volunteers).
    pub specialties: Option<Vec<String>>,
    /// Who the pet gets along with: Kinderen, Andere honden, Katten, Kleine dieren.
    pub pet_good_with: Option<Vec<String>>,
    /// Spoken languages.
    pub languages: Option<Vec<String>>,
    /// Volunteers: beginner, ervaren, expert or professioneel. Owners: free text.
    pub experience: Option<String>,
    /// Km: 1, 3, 5, 10, 15, 20, 25 or 30; null for no preference.
    pub max_distance: Option<i32>,
    /// gratis, 5-10, 10-15, 15-20, 20+, onderhandeling, 5, 7.50, 10, 12.50, 15, 17.50, 20.
    pub hourly_rate: Option<String>,
    /// nee, ja-hond, ja-kat, ja-beide, ja-anders, ja-hond-kat, ja-andere.
    pub has_own_pet: Option<String>,
    /// lopend, fiets, auto, ov.
    pub transport_mode: Option<String>,
    /// The pet's name.
    pub pet_name: Option<String>,
    /// Breed.
    pub pet_breed: Option<String>,
    /// Age as written.
    pub pet_age: Option<String>,
    /// klein, middel, groot.
    pub pet_size: Option<String>,
    /// reu, teef.
    pub pet_gender: Option<String>,
    /// Character.
    pub pet_personality: Option<String>,
    /// Medication, diet, fears.
    pub pet_special_needs: Option<String>,
    /// Weight as written.
    pub pet_weight: Option<String>,
    /// ja, deels, nee, onbekend.
    pub pet_vaccinated: Option<String>,
    /// ja, nee, onbekend.
    pub pet_chipped: Option<String>,
    /// ja, nee, onbekend.
    pub pet_neutered: Option<String>,
    /// What the owner looks for in a sitter.
    pub pet_looking_for: Option<Vec<String>>,
    /// Ignored: the signed-in user is the owner.
    #[schema(value_type = Option<i64>)]
    pub user_id: Option<serde_json::Value>,
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
            pet_good_with: body.pet_good_with.unwrap_or_default(),
            languages: body.languages.unwrap_or_default(),
            experience: body.experience,
            max_distance: body.max_distance,
            hourly_rate: body.hourly_rate,
            has_own_pet: body.has_own_pet,
            transport_mode: body.transport_mode,
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
    /// beginner, ervaren, expert, professioneel.
    pub experience: Option<String>,
    /// Offered moments and services.
    pub availability: Vec<String>,
    /// Specialties.
    pub specialties: Vec<String>,
    /// Km, null for no preference.
    pub max_distance: Option<i32>,
    /// Hourly rate choice.
    pub hourly_rate: Option<String>,
    /// Own pets.
    pub has_own_pet: Option<String>,
    /// lopend, fiets, auto, ov.
    pub transport_mode: Option<String>,
    /// Spoken languages.
    pub languages: Vec<String>,
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
    pub languages: Vec<String>,
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
    /// klein, middel, groot.
    pub size: Option<String>,
    /// reu, teef.
    pub gender: Option<String>,
    /// Character.
    pub personality: Option<String>,
    /// Medication, diet, fears.
    pub special_needs: Option<String>,
    /// Weight as written.
    pub weight: Option<String>,
    /// ja, deels, nee, onbekend.
    pub vaccinated: Option<String>,
    /// ja, nee, onbekend.
    pub chipped: Option<String>,
    /// ja, nee, onbekend.
    pub neutered: Option<String>,
    /// Gets along with.
    pub good_with: Vec<String>,
    /// What the owner looks for in a sitter.
    pub looking_for: Vec<String>,
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
}

/// `GET /api/volunteers/{volunteerId}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct VolunteerPage {
    /// The volunteer.
    pub volunteer: VolunteerView,
}

/// `GET /api/pets/{petId}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PetPage {
    /// The pet.
    pub pet: PetView,
    /// Its owner.
    pub owner: OwnerView,
}

/// What the views are built with: "now" (for ages and the new badge) and, for your own profile,
/// your e-mail address.
struct ViewContext {
    now: NaiveDateTime,
    own_email: Option<String>,
}

impl ViewContext {
    fn public() -> Self {
        Self {
            now: chrono::Utc::now().naive_utc(),
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
        let born = date_of_birth?;
        let today = self.now.date();
        let had_birthday = (today.month(), today.day()) >= (born.month(), born.day());
        Some(today.year() - born.year() - i32::from(!had_birthday))
    }

    fn volunteer(&self, v: Volunteer) -> VolunteerView {
        let f = v.fields;
        VolunteerView {
            id: v.id.get(),
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
            max_distance: f.max_distance,
            hourly_rate: f.hourly_rate,
            has_own_pet: f.has_own_pet,
            transport_mode: f.transport_mode,
            languages: f.languages,
            is_new: self.now - v.created_at < oppas_domain::listing::NEW_FOR,
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

fn pet_view(pet: Pet, owner: &Owner) -> PetView {
    let f = pet.fields;
    let o = &owner.fields;
    PetView {
        id: pet.id.get(),
        owner_id: owner.id.get(),
        user_id: owner.user_id.get(),
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

impl From<ProfileError> for ApiError {
    fn from(error: ProfileError) -> Self {
        match error {
            ProfileError::Invalid(invalid) => Self::Invalid {
                field: invalid.field.to_owned(),
                message: invalid.message,
            },
            ProfileError::NotYours => Self::Forbidden,
            ProfileError::NoProfile => Self::NotFound(error.to_string()),
            ProfileError::AlreadyExists | ProfileError::TypeChange => Self::Conflict(error.to_string()),
            ProfileError::Limited(limited) => Self::TooManyRequests {
                retry_after_secs: limited.retry_after_secs,
                message: error.to_string(),
            },
            ProfileError::Repository(cause) => cause.into(),
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
        .service(find_pet);
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
    body: web::Json<ProfileDraftBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let draft = ProfileDraft::from(body.into_inner());
    let service = state.profile_service.clone();
    let id = user.id;
    let created = web::block(move || service.create(id, &draft)).await??;
    tracing::info!(user.id = id.get(), "profile created");
    let context = ViewContext {
        own_email: Some(user.email.as_str().to_owned()),
        ..ViewContext::public()
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
        (status = 404, description = "No profile yet", body = crate::ApiErrorBody),
        (status = 409, description = "The profile type cannot change", body = crate::ApiErrorBody),
        (status = 422, description = "A field is invalid; `field` names it", body = crate::ApiErrorBody),
        (status = 429, description = "Too many profile changes", body = crate::ApiErrorBody),
    ))]
#[put("/profiles/{userId}")]
pub async fn update_profile(
    CurrentUser(user): CurrentUser,
    target: web::Path<i64>,
    body: web::Json<ProfileDraftBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let target = UserId(target.into_inner());
    let draft = ProfileDraft::from(body.into_inner());
    let service = state.profile_service.clone();
    let id = user.id;
    let updated = web::block(move || service.update(id, target, &draft)).await??;
    tracing::info!(user.id = id.get(), "profile updated");
    let context = ViewContext {
        own_email: Some(user.email.as_str().to_owned()),
        ..ViewContext::public()
    };
    let view = lookup(updated, &context).ok_or_else(ApiError::not_found)?;
    Ok(HttpResponse::Ok().json(view))
}

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
    let own = session_user_id(&session) == Some(user);
    let service = state.profile_service.clone();
    let users = state.users.clone();
    let (profile, email) = web::block(move || -> Result<_, oppas_domain::RepositoryError> {
        let profile = service.profile_of(user)?;
        let email = match (&profile, own) {
            (Some(_), true) => users.find_user(user)?.map(|u| u.email.as_str().to_owned()),
            _ => None,
        };
        Ok((profile, email))
    })
    .await??;
    let context = ViewContext {
        own_email: email,
        ..ViewContext::public()
    };
    profile
        .and_then(|profile| lookup(profile, &context))
        .map(|found| HttpResponse::Ok().json(found))
        .ok_or_else(|| ApiError::NotFound("Deze gebruiker heeft nog geen profiel.".to_owned()))
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
pub async fn find_owner(owner_id: web::Path<i64>, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let id = OwnerId(owner_id.into_inner());
    let profiles = state.profiles.clone();
    let found = web::block(move || -> Result<_, oppas_domain::RepositoryError> {
        let Some(owner) = profiles.find_owner(id)? else {
            return Ok(None);
        };
        let pets = profiles.list_pets(owner.id)?;
        Ok(Some((owner, pets)))
    })
    .await??;
    let (owner, pets) = found.ok_or_else(|| ApiError::NotFound("Eigenaar niet gevonden".to_owned()))?;
    let context = ViewContext::public();
    Ok(HttpResponse::Ok().json(OwnerPage {
        owner: context.owner(&owner),
        pets: pets.into_iter().map(|pet| pet_view(pet, &owner)).collect(),
    }))
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
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = VolunteerId(volunteer_id.into_inner());
    let profiles = state.profiles.clone();
    let volunteer = web::block(move || profiles.find_volunteer(id))
        .await??
        .ok_or_else(|| ApiError::NotFound("Vrijwilliger niet gevonden".to_owned()))?;
    Ok(HttpResponse::Ok().json(VolunteerPage {
        volunteer: ViewContext::public().volunteer(volunteer),
    }))
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
pub async fn find_pet(pet_id: web::Path<i64>, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let id = PetId(pet_id.into_inner());
    let profiles = state.profiles.clone();
    let found = web::block(move || -> Result<_, oppas_domain::RepositoryError> {
        let Some(pet) = profiles.find_pet(id)? else {
            return Ok(None);
        };
        Ok(profiles.find_owner(pet.owner_id)?.map(|owner| (pet, owner)))
    })
    .await??;
    let (pet, owner) = found.ok_or_else(|| ApiError::NotFound("Huisdier niet gevonden".to_owned()))?;
    Ok(HttpResponse::Ok().json(PetPage {
        owner: ViewContext::public().owner(&owner),
        pet: pet_view(pet, &owner),
    }))
}
