//! The draft of what is stored: the profile as the wizard would send it to keep it as it is. A
//! change of a few fields is laid over it ([`ProfileDraft::changed`]) and the result is checked
//! and written whole, by the same rules as the wizard's draft.

use super::{FIELD_ORDER, InvalidField, ProfileDraft};
use crate::kernel::enums::{ProfileType, Vocabulary};
use crate::profiles::profile::{OwnerFields, PetFields, VolunteerFields, Whereabouts};
use serde_json::{Map, Value};

/// What a changed field says when its value has the wrong shape (a number for a text, a text for
/// a list).
pub const WRONG_SHAPE: &str = "Dit veld heeft niet de goede vorm.";

impl ProfileDraft {
    /// The draft of a stored sitter.
    #[must_use]
    pub fn of_volunteer(fields: &VolunteerFields) -> Self {
        Self {
            profile_type: ProfileType::Vrijwilliger.value().to_owned(),
            first_name: Some(fields.first_name.clone()),
            last_name: Some(fields.last_name.clone()),
            bio: fields.bio.clone(),
            phone: fields.phone.clone(),
            date_of_birth: fields.date_of_birth.map(|born| born.format("%Y-%m-%d").to_string()),
            avatar_url: fields.avatar_url.clone(),
            experience: fields.experience.map(|level| level.value().to_owned()),
            availability: values(&fields.availability),
            specialties: values(&fields.specialties),
            species: values(&fields.species),
            languages: values(&fields.languages),
            max_distance: fields.max_distance.map(crate::kernel::enums::Distance::km),
            hourly_rate: value(fields.hourly_rate),
            has_own_pet: value(fields.has_own_pet),
            transport_mode: value(fields.transport_mode),
            ..Self::default()
        }
        .placed(&fields.whereabouts)
    }

    /// The draft of a stored owner with `pet`, the pet the draft's pet fields describe.
    #[must_use]
    pub fn of_owner(owner: &OwnerFields, pet: &PetFields) -> Self {
        Self {
            first_name: Some(owner.first_name.clone()),
            last_name: Some(owner.last_name.clone()),
            owner_bio: owner.bio.clone(),
            phone: owner.phone.clone(),
            date_of_birth: owner.date_of_birth.map(|born| born.format("%Y-%m-%d").to_string()),
            owner_avatar_url: owner.avatar_url.clone(),
            experience: owner.experience.clone(),
            languages: values(&owner.languages),
            ..Self::of_pet(pet)
        }
        .placed(&owner.whereabouts)
    }

    /// The pet fields of a stored pet (an owner's draft without the owner's own fields).
    #[must_use]
    pub fn of_pet(pet: &PetFields) -> Self {
        Self {
            profile_type: ProfileType::Huisdier.value().to_owned(),
            pet_species: Some(pet.species.value().to_owned()),
            pet_name: Some(pet.name.clone()),
            pet_breed: pet.breed.clone(),
            pet_age: pet.age.clone(),
            pet_size: value(pet.size),
            pet_gender: value(pet.gender),
            pet_personality: pet.personality.clone(),
            pet_special_needs: pet.special_needs.clone(),
            pet_weight: pet.weight.clone(),
            pet_vaccinated: value(pet.vaccinated),
            pet_chipped: value(pet.chipped),
            pet_neutered: value(pet.neutered),
            pet_good_with: values(&pet.good_with),
            pet_looking_for: values(&pet.looking_for),
            avatar_url: pet.avatar_url.clone(),
            cover_image_url: pet.cover_image_url.clone(),
            bio: pet.bio.clone(),
            ..Self::default()
        }
    }

    /// The draft with its place and postcode.
    fn placed(self, whereabouts: &Whereabouts) -> Self {
        Self {
            location: whereabouts.location.clone(),
            postal_code: whereabouts.postal_code.clone(),
            ..self
        }
    }

    /// This draft with `changes` laid over it, by the draft's field names (`petName`): a field
    /// named there takes its value (`null` empties it), every other field keeps its own. Names
    /// that are not draft fields are passed over.
    ///
    /// # Errors
    /// [`InvalidField`] naming the first changed field, in [`FIELD_ORDER`], whose value has the
    /// wrong shape.
    pub fn changed(&self, changes: &Map<String, Value>) -> Result<Self, InvalidField> {
        let Ok(Value::Object(mut merged)) = serde_json::to_value(self) else {
            return Ok(self.clone());
        };
        for field in FIELD_ORDER {
            let Some(change) = changes.get(*field) else {
                continue;
            };
            let Some(stored) = merged.get(*field) else {
                continue;
            };
            // An emptied list is an empty list.
            let change = match (stored, change) {
                (Value::Array(_), Value::Null) => Value::Array(Vec::new()),
                _ => change.clone(),
            };
            let mut tried = merged.clone();
            tried.insert((*field).to_owned(), change);
            if serde_json::from_value::<Self>(Value::Object(tried.clone())).is_err() {
                return Err(InvalidField {
                    field,
                    message: WRONG_SHAPE.to_owned(),
                });
            }
            merged = tried;
        }
        serde_json::from_value(Value::Object(merged)).map_err(|_| InvalidField {
            field: FIELD_ORDER[0],
            message: WRONG_SHAPE.to_owned(),
        })
    }
}

/// The value of a stored choice.
fn value<V: Vocabulary>(choice: Option<V>) -> Option<String> {
    choice.map(|choice| choice.value().to_owned())
}

/// The values of a stored list of choices.
fn values<V: Vocabulary>(choices: &[V]) -> Vec<String> {
    choices.iter().map(|choice| choice.value().to_owned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::enums::{Distance, Language, PetSize, Species};
    use chrono::NaiveDate;
    use serde_json::json;

    fn changes(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 28).unwrap_or_default()
    }

    #[test]
    fn a_stored_sitter_gives_back_the_fields_it_was_made_of() -> Result<(), InvalidField> {
        let draft = ProfileDraft {
            profile_type: "vrijwilliger".to_owned(),
            first_name: Some("Sanne".to_owned()),
            last_name: Some("de Vries".to_owned()),
            bio: Some("Ik wandel graag met honden door het park, elke ochtend en in het weekend.".to_owned()),
            location: Some("Utrecht".to_owned()),
            postal_code: Some("3512".to_owned()),
            date_of_birth: Some("1990-04-02".to_owned()),
            languages: vec!["Nederlands".to_owned(), "Engels".to_owned()],
            max_distance: Some(10),
            ..ProfileDraft::default()
        };
        let super::super::ValidDraft::Volunteer(fields) = draft.check(today())? else {
            panic!("a sitter's draft gives a sitter");
        };
        let again = ProfileDraft::of_volunteer(&fields);
        assert_eq!(again.check(today())?, draft.check(today())?);
        assert_eq!(again.max_distance, Some(Distance::Km10.km()));
        assert_eq!(
            again.languages,
            vec![Language::Nederlands.value(), Language::Engels.value()]
        );
        Ok(())
    }

    #[test]
    fn a_change_replaces_the_fields_it_names_and_keeps_the_others() -> Result<(), InvalidField> {
        let stored = ProfileDraft::of_pet(&PetFields {
            species: Species::Hond,
            name: "Bobby".to_owned(),
            size: Some(PetSize::Middel),
            breed: Some("Labrador".to_owned()),
            good_with: Vec::new(),
            ..PetFields::default()
        });
        let changed = stored.changed(&changes(
            json!({ "petName": "Max", "petBreed": null, "petGoodWith": null }),
        ))?;
        assert_eq!(changed.pet_name.as_deref(), Some("Max"));
        assert_eq!(changed.pet_breed, None);
        assert_eq!(changed.pet_size.as_deref(), Some(PetSize::Middel.value()));
        assert_eq!(changed.pet_species.as_deref(), Some(Species::Hond.value()));
        Ok(())
    }

    #[test]
    fn a_change_of_the_wrong_shape_names_its_field_and_changes_nothing() {
        let stored = ProfileDraft::of_pet(&PetFields {
            name: "Bobby".to_owned(),
            ..PetFields::default()
        });
        let refused = stored.changed(&changes(json!({ "petName": "Max", "petGoodWith": "katten" })));
        assert_eq!(
            refused,
            Err(InvalidField {
                field: "petGoodWith",
                message: WRONG_SHAPE.to_owned()
            })
        );
        assert_eq!(stored.pet_name.as_deref(), Some("Bobby"));
    }
}
