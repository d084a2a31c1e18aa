//! Which profile a user has.

use crate::{ApiError, AppState};
use actix_web::{HttpResponse, get, web};
use oppas_domain::UserId;
use oppas_domain::enums::ProfileType as DomainProfileType;
use serde::Serialize;
use utoipa::ToSchema;

/// The two kinds of profile.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProfileType {
    /// A volunteer sitter.
    Vrijwilliger,
    /// A pet owner.
    Huisdier,
}

impl From<DomainProfileType> for ProfileType {
    fn from(value: DomainProfileType) -> Self {
        match value {
            DomainProfileType::Vrijwilliger => Self::Vrijwilliger,
            DomainProfileType::Huisdier => Self::Huisdier,
        }
    }
}

/// Where a user's profile lives: `id` for a volunteer, `owner_id` for an owner. Public fields only.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileRef {
    /// Volunteer profile id.
    pub id: Option<i64>,
    /// Owner profile id.
    pub owner_id: Option<i64>,
    /// Given name.
    pub first_name: Option<String>,
}

/// A user's profile kind and where it lives.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileLookup {
    /// Which kind.
    #[serde(rename = "type")]
    pub profile_type: ProfileType,
    /// Where it lives.
    pub profile: ProfileRef,
}

/// Route `/api/profiles/{userId}`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(find_profile);
}

/// The profile of a user: which kind, and its id.
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
pub async fn find_profile(user_id: web::Path<i64>, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let user = UserId(user_id.into_inner());
    let profiles = state.profiles.clone();
    let lookup = web::block(
        move || -> Result<Option<ProfileLookup>, oppas_domain::RepositoryError> {
            if let Some(volunteer) = profiles.find_volunteer_by_user(user)? {
                return Ok(Some(ProfileLookup {
                    profile_type: ProfileType::Vrijwilliger,
                    profile: ProfileRef {
                        id: Some(volunteer.id.get()),
                        owner_id: None,
                        first_name: Some(volunteer.fields.first_name),
                    },
                }));
            }
            Ok(profiles.find_owner_by_user(user)?.map(|owner| ProfileLookup {
                profile_type: ProfileType::Huisdier,
                profile: ProfileRef {
                    id: None,
                    owner_id: Some(owner.id.get()),
                    first_name: Some(owner.fields.first_name),
                },
            }))
        },
    )
    .await??;
    lookup
        .map(|found| HttpResponse::Ok().json(found))
        .ok_or_else(|| ApiError::NotFound("Deze gebruiker heeft nog geen profiel.".to_owned()))
}
