//! The document of 'Download mijn gegevens': everything stored about a person, with Dutch keys,
//! and beside every value from a closed list the Dutch words the screens show for it
//! (`{"waarde": "middel", "betekenis": "Middel (10-25 kg)"}`).

use crate::account::ports::PersonalRecords;
use crate::browse::query::ShownCard;
use crate::kernel::enums::{ProfileType, ReportReason, ReportStatus, SignInMethod, Vocabulary};
use crate::profiles::help_needed::HelpNeeded;
use crate::profiles::profile::{Owner, Pet, Volunteer, Whereabouts};
use crate::profiles::service::OwnProfile;
use crate::sign_in::user::User;
use crate::trust::ports::BlockedPerson;
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

/// The name of the JSON file inside the archive.
pub const FILE_NAME: &str = "mijn-gegevens.json";

/// The folder of the photos inside the archive.
pub const PHOTOS_FOLDER: &str = "fotos";

/// What the document is made of.
#[derive(Debug, Clone, Copy)]
pub struct ExportSources<'a> {
    /// The account.
    pub user: &'a User,
    /// Their profile with its private details and every pet, if they made one.
    pub profile: Option<&'a OwnProfile>,
    /// Their favourite cards.
    pub favourites: &'a [ShownCard],
    /// The people they blocked.
    pub blocked: &'a [BlockedPerson],
    /// Their saved searches.
    pub saved_searches: &'a [crate::browse::saved::SavedSearch],
    /// Their devices with push notifications and whether those show previews.
    pub push: &'a crate::notifications::service::PushSettings,
    /// Identities, sessions, messages, reports and uploads.
    pub records: &'a PersonalRecords,
    /// What their pages tell about them, and whether they show when they were last active.
    pub signals: Option<&'a crate::trust::signals::TrustSignals>,
    /// Whether their pages say when they were last active.
    pub shows_last_active: bool,
}

fn time(at: DateTime<Utc>) -> String {
    at.to_rfc3339()
}

/// A value from a closed list with what it means.
fn choice<V: Vocabulary>(value: V) -> Value {
    json!({"waarde": value.value(), "betekenis": value.label()})
}

fn maybe<V: Vocabulary>(value: Option<V>) -> Value {
    value.map_or(Value::Null, choice)
}

fn choices<V: Vocabulary>(values: &[V]) -> Value {
    values.iter().copied().map(choice).collect()
}

/// A stored value read back into its list; one no longer known keeps its value without meaning.
fn stored<V: Vocabulary>(raw: &str) -> Value {
    V::parse(raw).map_or_else(|| json!({"waarde": raw, "betekenis": null}), choice)
}

/// The ways the person can sign in: a code by e-mail always, Google for every linked identity.
fn sign_in_methods(user: &User, records: &PersonalRecords) -> Vec<Value> {
    let mut methods = vec![json!({
        "methode": choice(SignInMethod::EmailCode),
        "emailadres": user.email.as_str(),
    })];
    methods.extend(records.identities.iter().map(|identity| {
        json!({
            "methode": choice(SignInMethod::Google),
            "aanbieder": identity.provider,
            "kenmerk": identity.subject,
            "emailadres": identity.email,
            "emailadresBevestigd": identity.email_verified,
            "voornaam": identity.given_name,
            "naam": identity.name,
            "foto": identity.picture,
        })
    }));
    methods
}

fn place(whereabouts: &Whereabouts) -> Value {
    json!({
        "plaats": whereabouts.location,
        "postcode": whereabouts.postal_code,
        "breedtegraad": whereabouts.lat,
        "lengtegraad": whereabouts.lon,
    })
}

fn volunteer(v: &Volunteer) -> Value {
    let f = &v.fields;
    json!({
        "soort": choice(ProfileType::Vrijwilliger),
        "id": v.id.get(),
        "voornaam": f.first_name,
        "achternaam": f.last_name,
        "overMij": f.bio,
        "woonplaats": place(&f.whereabouts),
        "telefoon": f.phone,
        "geboortedatum": f.date_of_birth.map(|d| d.to_string()),
        "foto": f.avatar_url,
        "ervaring": maybe(f.experience),
        "beschikbaarVoor": choices(&f.availability),
        "specialiteiten": choices(&f.specialties),
        "ervaringMet": choices(&f.species),
        "talen": choices(&f.languages),
        "maximaleAfstand": maybe(f.max_distance),
        "uurtarief": maybe(f.hourly_rate),
        "eigenHuisdier": maybe(f.has_own_pet),
        "vervoer": maybe(f.transport_mode),
        "weekBeschikbaar": crate::appointments::schedule::slots(v.week)
            .into_iter()
            .map(|(day, part)| json!({"dag": choice(day), "dagdeel": choice(part)}))
            .collect::<Vec<_>>(),
        "tijdelijkNietBeschikbaar": v.paused,
        "aangemaaktOp": time(v.created_at),
        "gewijzigdOp": time(v.updated_at),
    })
}

fn pet(p: &Pet) -> Value {
    let f = &p.fields;
    json!({
        "id": p.id.get(),
        "diersoort": choice(f.species),
        "naam": f.name,
        "ras": f.breed,
        "leeftijd": f.age,
        "grootte": maybe(f.size),
        // In the words of the species: a cat is a kater or a poes.
        "geslacht": f.gender.map_or(Value::Null, |gender| {
            json!({"waarde": gender.value(), "betekenis": f.species.gender_label(gender)})
        }),
        "karakter": f.personality,
        "bijzondereZorg": f.special_needs,
        "gewicht": f.weight,
        "gevaccineerd": maybe(f.vaccinated),
        "gechipt": maybe(f.chipped),
        "gecastreerdGesteriliseerd": maybe(f.neutered),
        "kanGoedOverwegMet": choices(&f.good_with),
        "gezochteHulp": choices(&f.looking_for),
        "hulpNodig": p.help.as_ref().map_or(Value::Null, |help| match help {
            HelpNeeded::Period { from, until } => json!({"soort": choice(help.kind()), "van": from, "totEnMet": until}),
            HelpNeeded::Regular { days } => json!({"soort": choice(help.kind()), "dagen": choices(days)}),
        }),
        "overHuisdier": f.bio,
        "foto": f.avatar_url,
        "omslagfoto": f.cover_image_url,
        "aangemaaktOp": time(p.created_at),
        "gewijzigdOp": time(p.updated_at),
    })
}

fn owner(o: &Owner, pets: &[Pet]) -> Value {
    let f = &o.fields;
    json!({
        "soort": choice(ProfileType::Huisdier),
        "id": o.id.get(),
        "voornaam": f.first_name,
        "achternaam": f.last_name,
        "overMij": f.bio,
        "woonplaats": place(&f.whereabouts),
        "telefoon": f.phone,
        "geboortedatum": f.date_of_birth.map(|d| d.to_string()),
        "foto": f.avatar_url,
        "ervaring": f.experience,
        "talen": choices(&f.languages),
        "aangemaaktOp": time(o.created_at),
        "gewijzigdOp": time(o.updated_at),
        "huisdieren": pets.iter().map(pet).collect::<Vec<_>>(),
    })
}

/// The messages grouped per conversation, in order.
fn conversations(records: &PersonalRecords) -> Vec<Value> {
    let mut grouped: Vec<(i64, Option<String>, Vec<Value>)> = Vec::new();
    for message in &records.messages {
        let id = message.conversation.get();
        if grouped.last().is_none_or(|(last, _, _)| *last != id) {
            grouped.push((id, message.with_first_name.clone(), Vec::new()));
        }
        if let Some((_, _, messages)) = grouped.last_mut() {
            messages.push(json!({
                "vanJou": message.own,
                "tekst": message.body,
                "verstuurdOp": time(message.created_at),
            }));
        }
    }
    grouped
        .into_iter()
        .map(|(id, with, messages)| json!({"gesprek": id, "met": with, "berichten": messages}))
        .collect()
}

/// Everything about the person in one readable document with Dutch keys.
#[must_use]
pub fn document(sources: ExportSources<'_>) -> Value {
    let ExportSources {
        user,
        profile,
        favourites,
        blocked,
        saved_searches,
        push,
        records,
        signals,
        shows_last_active,
    } = sources;
    json!({
        "toelichting": format!(
            "Alles wat Oppasmaatje over je bewaart, op het moment van downloaden. Tijden zijn in UTC. \
             Bij een keuze uit een lijst staat de opgeslagen waarde met haar betekenis. \
             Je foto's staan in de map '{PHOTOS_FOLDER}'."
        ),
        "account": {
            "id": user.id.get(),
            "emailadres": user.email.as_str(),
            "voornaam": user.first_name,
            "achternaam": user.last_name,
            "foto": user.avatar_url,
            "emailadresBevestigdOp": user.email_verified_at.map(time),
            "laatstActiefOp": user.last_seen_at.map(time),
            "aangemaaktOp": time(user.created_at),
            "emailBijNieuweBerichten": user.message_emails,
            "beginBerichtInMeldingen": push.previews,
            "laatstActiefTonen": shows_last_active,
            "geschorstOp": user.suspended_at.map(time),
        },
        // What the pages of their profile say about them, as computed at the download.
        "opJePagina": signals.map(|signals| json!({
            "lidSinds": signals.member_since_month(),
            "laatstActief": maybe(signals.last_active),
            "reageertOpProcent": signals.response_rate,
            "reageertMeestalBinnenUur": signals.typical_response_hours,
            "afsprakenGehad": signals.completed_afspraken,
        })),
        // The push service's address and keys of each device: what the server posts to.
        "apparatenMetMeldingen": push.devices.iter().map(|device| json!({
            "naam": device.name,
            "pushadres": device.subscription.endpoint,
            "aangezetOp": time(device.created_at),
        })).collect::<Vec<_>>(),
        "inlogmethoden": sign_in_methods(user, records),
        "afwezig": records.away.iter().map(|(from, until)| json!({
            "van": from.to_string(),
            "totEnMet": until.to_string(),
        })).collect::<Vec<_>>(),
        "profiel": match profile {
            Some(OwnProfile::Volunteer(v)) => volunteer(v),
            Some(OwnProfile::Owner(o, pets)) => owner(o, pets),
            None => Value::Null,
        },
        "favorieten": favourites.iter().map(|shown| json!({
            "profiel": shown.card.id,
            "soort": choice(shown.card.listing_type),
            "naam": shown.card.name,
            "plaats": shown.card.location,
        })).collect::<Vec<_>>(),
        "bewaardeZoekopdrachten": saved_searches.iter().map(|search| json!({
            "omschrijving": search.label,
            "zoekopdracht": search.address(),
            "bewaardOp": time(search.created_at),
        })).collect::<Vec<_>>(),
        "geblokkeerd": blocked.iter().map(|person| json!({
            "account": person.user_id.get(),
            "voornaam": person.first_name,
            "geblokkeerdOp": time(person.blocked_at),
        })).collect::<Vec<_>>(),
        "gesprekken": conversations(records),
        "sessies": records.sessions.iter().map(|session| json!({
            "begonnenOp": time(session.created_at),
            "laatstGebruiktOp": time(session.last_seen_at),
            "verlooptOp": time(session.expires_at),
        })).collect::<Vec<_>>(),
        "meldingen": records.reports.iter().map(|report| json!({
            "gemeldAccount": report.reported.get(),
            "profiel": report.listing,
            "gesprek": report.conversation.map(|c| c.get()),
            "reden": stored::<ReportReason>(&report.reason),
            "toelichting": report.note,
            "status": stored::<ReportStatus>(&report.status),
            "gemeldOp": time(report.created_at),
        })).collect::<Vec<_>>(),
        "afspraken": records.afspraken.iter().map(|a| json!({
            "id": a.id.get(),
            "gesprek": a.conversation.get(),
            "voorgesteldDoor": a.proposer.get(),
            "voorgesteldAan": a.recipient.get(),
            "soort": choice(a.kind),
            "huisdieren": a.pets.iter().map(|pet| pet.get()).collect::<Vec<_>>(),
            "van": time(a.timing.starts_at),
            "tot": time(a.timing.ends_at),
            "notitie": a.note,
            "status": choice(a.state),
            "reden": a.reason,
            "voorgesteldOp": time(a.created_at),
        })).collect::<Vec<_>>(),
        "referenties": records.references.iter().map(|found| {
            let r = &found.reference;
            json!({
                "afspraak": r.appointment.get(),
                "geschrevenDoor": r.author.get(),
                "over": r.subject.get(),
                "tekst": r.text,
                "weerAfspreken": r.again,
                "kenmerken": choices(&r.tags),
                "geschrevenOp": time(r.created_at),
                "reactie": r.reply,
                "verborgenDoorModeratorOp": r.hidden_at.map(time),
                // Only the author's own: the subject never reads it.
                "alleenVoorModeratoren": if r.author == user.id { r.moderator_note.clone() } else { None },
            })
        }).collect::<Vec<_>>(),
        "afspraakDoorgegaan": records.outcomes.iter().map(|(afspraak, outcome, at)| json!({
            "afspraak": afspraak.get(),
            "antwoord": choice(*outcome),
            "beantwoordOp": time(*at),
        })).collect::<Vec<_>>(),
        // The one place the platform passes on contact details: the owner's own words.
        "zorgkaarten": records.care_cards.iter().map(|own| {
            let t = &own.card.texts;
            json!({
                "huisdier": own.pet.get(),
                "eten": t.food,
                "uitlaten": t.walks,
                "medicijnen": t.medication,
                "allergieEnAngsten": t.allergies,
                "dierenarts": t.vet,
                "noodcontact": t.emergency_contact,
                "inHuis": t.house_notes,
                "gewijzigdOp": time(own.card.updated_at),
                "bekekenDoor": own.views.iter().map(|view| json!({
                    "voornaam": view.first_name,
                    "op": time(view.at),
                })).collect::<Vec<_>>(),
            })
        }).collect::<Vec<_>>(),
        "zorgkaartBekeken": records.care_opened.iter().map(|(pet, at)| json!({
            "huisdier": pet.get(),
            "op": time(*at),
        })).collect::<Vec<_>>(),
        "fotos": records.uploads.iter().map(|upload| json!({
            "bestand": format!("{PHOTOS_FOLDER}/{}", upload.public_name),
            "inGebruik": upload.attached,
            "geuploadOp": time(upload.created_at),
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::enums::PetSize;

    #[test]
    fn a_choice_carries_its_value_and_its_dutch_meaning() {
        assert_eq!(
            choice(PetSize::Middel),
            json!({"waarde": "middel", "betekenis": "Middel (10-25 kg)"})
        );
        assert_eq!(maybe::<PetSize>(None), Value::Null);
        assert_eq!(
            stored::<ReportStatus>("closed"),
            json!({"waarde": "closed", "betekenis": "Afgehandeld"})
        );
        assert_eq!(
            stored::<ReportStatus>("weg"),
            json!({"waarde": "weg", "betekenis": null}),
            "an unknown stored value is kept, without a meaning"
        );
    }
}
