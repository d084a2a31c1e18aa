//! A pet's zorgkaart (`/api/pets/{id}/care`): its owner reads and writes it; a sitter reads it
//! only while an accepted afspraak for the pet holds, from its acceptance until seven days after
//! its end. Anyone else gets the answer about an unknown pet.

use crate::session::CurrentUser;
use crate::{ApiError, AppState};
use actix_web::{HttpResponse, get, put, web};
use chrono::{DateTime, Utc};
use oppas_domain::PetId;
use oppas_domain::appointments::care::{CareRead, CareTexts};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The texts of a zorgkaart; each at most `CARE_TEXT_MAX` characters, empty or absent when left
/// out.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CareCardBody {
    /// Food: what, how much, when.
    #[serde(default)]
    pub food: Option<String>,
    /// Walks.
    #[serde(default)]
    pub walks: Option<String>,
    /// Medication: name, dose, times.
    #[serde(default)]
    pub medication: Option<String>,
    /// Allergies and fears.
    #[serde(default)]
    pub allergies: Option<String>,
    /// The vet: practice and phone.
    #[serde(default)]
    pub vet: Option<String>,
    /// Whom to call in an emergency.
    #[serde(default)]
    pub emergency_contact: Option<String>,
    /// The house: keys, alarm, where things are.
    #[serde(default)]
    pub house_notes: Option<String>,
}

impl From<CareCardBody> for CareTexts {
    fn from(body: CareCardBody) -> Self {
        Self {
            food: body.food,
            walks: body.walks,
            medication: body.medication,
            allergies: body.allergies,
            vet: body.vet,
            emergency_contact: body.emergency_contact,
            house_notes: body.house_notes,
        }
    }
}

impl From<&CareTexts> for CareCardBody {
    fn from(texts: &CareTexts) -> Self {
        Self {
            food: texts.food.clone(),
            walks: texts.walks.clone(),
            medication: texts.medication.clone(),
            allergies: texts.allergies.clone(),
            vet: texts.vet.clone(),
            emergency_contact: texts.emergency_contact.clone(),
            house_notes: texts.house_notes.clone(),
        }
    }
}

/// A sitter's opening of the zorgkaart, as its owner sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareViewItem {
    /// The sitter's first name.
    pub first_name: String,
    /// When (UTC).
    pub at: DateTime<Utc>,
}

/// A zorgkaart as the reader may read it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareCardView {
    /// The pet.
    pub pet_id: i64,
    /// Its name.
    pub pet_name: String,
    /// The texts (all null while nothing is filled in).
    pub card: CareCardBody,
    /// Last saved (UTC); null while never saved.
    pub updated_at: Option<DateTime<Utc>>,
    /// Whether the reader is the owner, who may change it.
    pub mine: bool,
    /// For the owner: the sitters' openings, the latest first (at most 20); empty for a sitter.
    pub views: Vec<CareViewItem>,
}

impl From<CareRead> for CareCardView {
    fn from(read: CareRead) -> Self {
        Self {
            pet_id: read.pet.get(),
            pet_name: read.pet_name,
            card: read
                .card
                .as_ref()
                .map_or_else(CareCardBody::default, |card| CareCardBody::from(&card.texts)),
            updated_at: read.card.as_ref().map(|card| card.updated_at),
            mine: read.owner,
            views: read
                .views
                .into_iter()
                .map(|view| CareViewItem {
                    first_name: view.first_name,
                    at: view.at,
                })
                .collect(),
        }
    }
}

/// Routes of the zorgkaart.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(pet_care).service(save_pet_care);
}

/// The zorgkaart of a pet: for its owner (with the sitters' openings), or for a sitter while an
/// accepted afspraak for it holds (the opening is shown to the owner).
///
/// # Errors
/// 404 for anyone else, as for an unknown pet.
#[utoipa::path(get, path = "/api/pets/{id}/care", tag = "profiles", operation_id = "pet_care",
    params(("id" = i64, Path, description = "The pet")),
    responses(
        (status = 200, description = "The zorgkaart", body = CareCardView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Unknown, or not theirs to read now", body = crate::ApiErrorBody),
    ))]
#[get("/pets/{id}/care")]
pub async fn pet_care(
    CurrentUser(user): CurrentUser,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let pet = PetId(id.into_inner());
    let care = state.care.clone();
    let read = web::block(move || care.read(user.id, pet)).await??;
    Ok(HttpResponse::Ok().json(CareCardView::from(read)))
}

/// The owner saves the zorgkaart of their pet, whole.
///
/// # Errors
/// 404 for a pet that is not theirs; 422 naming a text that is too long or unreadable.
#[utoipa::path(put, path = "/api/pets/{id}/care", tag = "profiles", operation_id = "save_pet_care",
    params(("id" = i64, Path, description = "The pet")),
    request_body = CareCardBody,
    responses(
        (status = 200, description = "Kept", body = CareCardView),
        (status = 401, description = "Not signed in", body = crate::ApiErrorBody),
        (status = 404, description = "Not their pet", body = crate::ApiErrorBody),
        (status = 422, description = "A text is wrong; `field` names it", body = crate::ApiErrorBody),
    ))]
#[put("/pets/{id}/care")]
pub async fn save_pet_care(
    CurrentUser(user): CurrentUser,
    id: web::Path<i64>,
    body: crate::extract::Body<CareCardBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let pet = PetId(id.into_inner());
    let texts = CareTexts::from(body.into_inner());
    let care = state.care.clone();
    let read = web::block(move || care.save(user.id, pet, &texts)).await??;
    Ok(HttpResponse::Ok().json(CareCardView::from(read)))
}
