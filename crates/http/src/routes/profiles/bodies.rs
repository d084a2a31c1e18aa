//! The bodies that write a profile: the wizard's draft and a pet's draft, and the changes of a few
//! of their fields that an inline edit sends (their schemas derived from the drafts').

use oppas_domain::kernel::enums::ProfileType;
use oppas_domain::profiles::draft::{FIELD_ORDER, PET_FIELDS, ProfileDraft};
use serde::de::value::MapAccessDeserializer;
use serde::de::{self, DeserializeSeed, IgnoredAny, IntoDeserializer, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use utoipa::openapi::schema::{AdditionalProperties, KnownFormat, ObjectBuilder, SchemaFormat, SchemaType, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

/// The wizard's draft (`POST /api/profiles`, `PUT /api/profiles/{userId}`): the fields of the
/// domain's [`ProfileDraft`], the one place they are declared, and beside them `petId` (edits
/// only: which of the owner's pets the pet fields describe, their first when absent), `userId`
/// and `email` (accepted for compatibility and ignored: the profile always belongs to the
/// signed-in user, at the account's address). Any other field is refused naming it.
#[derive(Debug, Default)]
pub struct ProfileDraftBody {
    /// The profile's fields.
    pub draft: ProfileDraft,
    /// Which of the owner's pets the pet fields describe.
    pub pet_id: Option<i64>,
}

impl From<ProfileDraftBody> for ProfileDraft {
    fn from(body: ProfileDraftBody) -> Self {
        body.draft
    }
}

impl<'de> Deserialize<'de> for ProfileDraftBody {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(DraftVisitor {
            fields: FIELD_ORDER,
            beside_the_draft: true,
        })
    }
}

impl PartialSchema for ProfileDraftBody {
    fn schema() -> RefOr<Schema> {
        let mut whole = ProfileDraft::schema();
        if let RefOr::T(Schema::Object(object)) = &mut whole {
            object.description = Some(
                "The wizard's draft. `userId` and `email` are accepted for compatibility and ignored: the profile always belongs to the signed-in user.".to_owned(),
            );
            for (name, kind, description) in [
                (
                    "petId",
                    Type::Integer,
                    "Edits only: which of the owner's pets the pet fields describe (their first when absent).",
                ),
                ("userId", Type::Integer, "Ignored: the signed-in user is the owner."),
                ("email", Type::String, "Ignored: the account's address is used."),
            ] {
                let format = (kind == Type::Integer).then_some(SchemaFormat::KnownFormat(KnownFormat::Int64));
                let field = ObjectBuilder::new()
                    .schema_type(SchemaType::from_iter([kind, Type::Null]))
                    .format(format)
                    .description(Some(description))
                    .build();
                object
                    .properties
                    .insert(name.to_owned(), RefOr::T(Schema::Object(field)));
            }
            object.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
        }
        whole
    }
}

impl ToSchema for ProfileDraftBody {
    fn name() -> std::borrow::Cow<'static, str> {
        "ProfileDraftBody".into()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        <ProfileDraft as ToSchema>::schemas(schemas);
    }
}

/// One pet, as the owner page's 'Nog een huisdier toevoegen' and a pet's edit dialog send it:
/// the pet fields of the profile draft ([`PET_FIELDS`]), with the same names and rules; any other
/// field is refused naming it.
#[derive(Debug, Default)]
pub struct PetDraftBody(pub ProfileDraft);

impl From<PetDraftBody> for ProfileDraft {
    fn from(body: PetDraftBody) -> Self {
        body.0
    }
}

impl<'de> Deserialize<'de> for PetDraftBody {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let body = deserializer.deserialize_map(DraftVisitor {
            fields: PET_FIELDS,
            beside_the_draft: false,
        })?;
        Ok(Self(ProfileDraft {
            profile_type: ProfileType::Huisdier.as_str().to_owned(),
            ..body.draft
        }))
    }
}

impl PartialSchema for PetDraftBody {
    fn schema() -> RefOr<Schema> {
        let mut whole = ProfileDraft::schema();
        if let RefOr::T(Schema::Object(object)) = &mut whole {
            object.description = Some(
                "One pet, as the owner page's 'Nog een huisdier toevoegen' and a pet's edit dialog send it: the pet fields of the profile draft, with the same names and rules.".to_owned(),
            );
            object.properties.retain(|name, _| PET_FIELDS.contains(&name.as_str()));
            object.required.retain(|name| PET_FIELDS.contains(&name.as_str()));
            object.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
        }
        whole
    }
}

impl ToSchema for PetDraftBody {
    fn name() -> std::borrow::Cow<'static, str> {
        "PetDraftBody".into()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        <ProfileDraft as ToSchema>::schemas(schemas);
    }
}

/// Reads a body object into a [`ProfileDraft`]: the keys in `fields` go to the draft, the ones
/// beside it (when the body has them) are read here, any other is an unknown field. The draft's
/// values are read through the caller's map, so a refusal still names the field it is at.
struct DraftVisitor {
    fields: &'static [&'static str],
    beside_the_draft: bool,
}

impl<'de> Visitor<'de> for DraftVisitor {
    type Value = ProfileDraftBody;

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("an object with the fields of a profile draft")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let mut pet_id = None;
        let draft = ProfileDraft::deserialize(MapAccessDeserializer::new(DraftFields {
            map,
            fields: self.fields,
            beside_the_draft: self.beside_the_draft,
            pet_id: &mut pet_id,
        }))?;
        Ok(ProfileDraftBody { draft, pet_id })
    }
}

/// The body's map as the draft sees it: only the draft's own keys.
struct DraftFields<'a, A> {
    map: A,
    fields: &'static [&'static str],
    beside_the_draft: bool,
    pet_id: &'a mut Option<i64>,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for DraftFields<'_, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, A::Error> {
        loop {
            let Some(key) = self.map.next_key::<String>()? else {
                return Ok(None);
            };
            if self.fields.contains(&key.as_str()) {
                return seed
                    .deserialize(IntoDeserializer::<A::Error>::into_deserializer(key))
                    .map(Some);
            }
            match key.as_str() {
                "petId" if self.beside_the_draft => *self.pet_id = self.map.next_value()?,
                "userId" | "email" if self.beside_the_draft => {
                    self.map.next_value::<IgnoredAny>()?;
                }
                _ => return Err(de::Error::unknown_field(&key, self.fields)),
            }
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.map.next_value_seed(seed)
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
