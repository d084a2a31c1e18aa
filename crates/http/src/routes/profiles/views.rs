//! What profile answers show: one's own profile whole, and the public pages of owners, sitters
//! and pets, which never hold an e-mail address, phone number or date of birth.

use crate::{ApiError, AppState};
use actix_web::{HttpResponse, web};
use chrono::{DateTime, NaiveDate, Utc};
use oppas_domain::UserId;
use oppas_domain::kernel::enums::{
    Availability, Chipped, Distance, Experience, GoodWith, HasOwnPet, HourlyRate, Language, LookingFor, Neutered,
    PetGender, PetSize, Specialty, Species, TransportMode, Vaccinated,
};
use oppas_domain::profiles::card::ListingSource;
use oppas_domain::profiles::help_needed::HelpNeeded;
use oppas_domain::profiles::profile::{Owner, Pet, Volunteer, age_on, is_new};
use oppas_domain::profiles::service::OwnProfile;
use oppas_domain::trust::moderation::Visibility;
use serde::Serialize;
use utoipa::ToSchema;

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
    /// The parts of the days she usually can help, Monday's first (empty until she fills them
    /// in; her periods away are never on her page).
    pub week: Vec<crate::routes::schedule::WeekSlot>,
    /// 'Tijdelijk niet beschikbaar': in no list for now.
    pub paused: bool,
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
    /// When the owner looks for help: a period not yet over, or regularly on some days.
    pub help_needed: Option<HelpNeeded>,
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
    Sitter(Box<VolunteerView>),
    /// An owner: `profile.owner_id` is the owner id, `profile.id` their first pet's.
    #[serde(rename = "huisdier")]
    Owner(Box<OwnerProfileView>),
}

/// What a page tells about the person behind a profile, from stored facts.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrustSignalsView {
    /// The month the account was made: `2026-03` ('Lid sinds maart 2026').
    #[schema(example = "2026-03", pattern = r"^\d{4}-\d{2}$")]
    pub member_since: String,
    /// When they were last here, by the day; `null` when they do not show it.
    pub last_active: Option<oppas_domain::kernel::enums::LastActive>,
    /// The share (0-100) of first messages of the last 90 days they answered within 24 hours;
    /// `null` below three.
    #[schema(minimum = 0, maximum = 100)]
    pub response_rate: Option<u8>,
    /// The median hours to their answer; `null` below three first messages.
    #[schema(minimum = 1)]
    pub typical_response_hours: Option<u32>,
    /// Their afspraken that took place.
    pub completed_afspraken: i64,
}

impl From<oppas_domain::trust::signals::TrustSignals> for TrustSignalsView {
    fn from(signals: oppas_domain::trust::signals::TrustSignals) -> Self {
        Self {
            member_since: signals.member_since_month(),
            last_active: signals.last_active,
            response_rate: signals.response_rate,
            typical_response_hours: signals.typical_response_hours,
            completed_afspraken: signals.completed_afspraken,
        }
    }
}

/// `GET /api/owners/{ownerId}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OwnerPage {
    /// The owner.
    pub owner: OwnerView,
    /// What the page tells about the owner.
    pub trust: TrustSignalsView,
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
    /// What the page tells about her.
    pub trust: TrustSignalsView,
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
    /// What the page tells about the owner.
    pub trust: TrustSignalsView,
    /// A moderator hid the owner's profile: only its own person sees this page (with a notice).
    pub hidden: bool,
}

/// What the views are built with: "now" (for ages and the new badge) and, for your own profile,
/// your e-mail address.
pub(crate) struct ViewContext {
    pub(crate) now: DateTime<Utc>,
    pub(crate) own_email: Option<String>,
}

impl ViewContext {
    pub(crate) fn public(state: &AppState) -> Self {
        Self {
            now: state.profile_service.now(),
            own_email: None,
        }
    }

    pub(crate) fn private(&self, phone: Option<&String>, date_of_birth: Option<NaiveDate>) -> PrivateDetails {
        if self.own_email.is_none() {
            return PrivateDetails::default();
        }
        PrivateDetails {
            email: self.own_email.clone(),
            phone: phone.cloned(),
            date_of_birth,
        }
    }

    pub(crate) fn age(&self, date_of_birth: Option<NaiveDate>) -> Option<i32> {
        date_of_birth.map(|born| age_on(born, oppas_domain::kernel::clock::dutch_local(self.now).date()))
    }

    pub(crate) fn volunteer(&self, v: Volunteer) -> VolunteerView {
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
            week: crate::routes::schedule::week_slots(v.week),
            paused: v.paused,
            created_at: v.created_at,
        }
    }

    pub(crate) fn owner(&self, o: &Owner) -> OwnerView {
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
            created_at: o.created_at,
            private: self.private(f.phone.as_ref(), f.date_of_birth),
        }
    }
}

/// A public page's JSON, as kept or as just made.
pub(crate) fn json_page(body: web::Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(actix_web::http::header::ContentType::json())
        .body(body)
}

pub(crate) fn to_json(page: &impl Serialize) -> Result<web::Bytes, ApiError> {
    serde_json::to_vec(page)
        .map(web::Bytes::from)
        .map_err(crate::error::internal)
}

/// A pet as read at `now`: a period of help that is over is left out.
pub(crate) fn pet_view(pet: Pet, owner: &Owner, now: DateTime<Utc>) -> PetView {
    let today = oppas_domain::kernel::clock::dutch_local(now).date();
    let help_needed = pet.help.filter(|help| help.current_on(today));
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
        help_needed,
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
        created_at: pet.created_at,
    }
}

pub(crate) fn lookup(profile: OwnProfile, context: &ViewContext) -> Option<ProfileLookup> {
    match profile {
        OwnProfile::Volunteer(volunteer) => Some(ProfileLookup::Sitter(Box::new(context.volunteer(volunteer)))),
        OwnProfile::Owner(owner, pets) => {
            let first = pets.into_iter().next()?;
            Some(ProfileLookup::Owner(Box::new(OwnerProfileView {
                pet: pet_view(first, &owner, context.now),
                owner: context.owner(&owner),
            })))
        }
    }
}

/// What the page of `user`'s profile tells about them.
///
/// # Errors
/// 404 when the account is gone; storage failures.
pub(crate) async fn trust_of(state: &AppState, user: oppas_domain::UserId) -> Result<TrustSignalsView, ApiError> {
    let signals = state.signals.clone();
    web::block(move || signals.of(user))
        .await??
        .map(TrustSignalsView::from)
        .ok_or_else(|| ApiError::NotFound("Profiel niet gevonden".to_owned()))
}

/// Whether the profile of `owner` is hidden by a moderator, as `viewer` may see it: hidden
/// pages answer 404 (with `not_found`) to everyone but the profile's own person and the
/// moderators, who see them with a notice. `Ok(true)` is such an answer made for one person:
/// it is never kept for others.
pub(crate) async fn visible_to(
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
