//! The eight sample profiles a fresh installation shows: three dogs, a cat and a rabbit with
//! their owners, and three sitters. Seeding is idempotent: profiles are keyed by their account's e-mail address.

use crate::kernel::enums::{
    Availability, Chipped, Distance, Experience, GoodWith, HasOwnPet, HourlyRate, Language, LookingFor, Neutered,
    PetGender, PetSize, Specialty, Species, TransportMode, Vaccinated, WeekDay,
};
use crate::profiles::changes::ListingChanges;
use crate::profiles::help_needed::HelpNeeded;
use crate::profiles::ports::{PetHelpRepository, PhotoChanges, ProfileRepository};
use crate::profiles::profile::{OwnerFields, PetFields, VolunteerFields, Whereabouts};
use crate::sign_in::ports::UserRepository;
use crate::sign_in::user::NewUser;
use crate::{Clock, Email, RepositoryError};

/// What a seeding run did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeedOutcome {
    /// Profiles made by this run.
    pub created: usize,
    /// Profiles that were already there.
    pub existing: usize,
}

struct DemoPlace {
    location: &'static str,
    postal_code: &'static str,
    lat: f64,
    lon: f64,
}

impl DemoPlace {
    fn whereabouts(&self) -> Whereabouts {
        Whereabouts {
            location: Some(self.location.to_owned()),
            postal_code: Some(self.postal_code.to_owned()),
            lat: Some(self.lat),
            lon: Some(self.lon),
        }
    }
}

// Coordinates are the postcode-area centres of the shipped postcode table.
const UTRECHT: DemoPlace = DemoPlace {
    location: "Utrecht",
    postal_code: "3512",
    lat: 52.0916,
    lon: 5.1228,
};

const AMSTERDAM: DemoPlace = DemoPlace {
    location: "Amsterdam",
    postal_code: "1072",
    lat: 52.3535,
    lon: 4.8902,
};

const GRONINGEN: DemoPlace = DemoPlace {
    location: "Groningen",
    postal_code: "9711",
    lat: 53.2166,
    lon: 6.5695,
};

const HAARLEM: DemoPlace = DemoPlace {
    location: "Haarlem",
    postal_code: "2011",
    lat: 52.3812,
    lon: 4.6361,
};

const ROTTERDAM: DemoPlace = DemoPlace {
    location: "Rotterdam",
    postal_code: "3012",
    lat: 51.9187,
    lon: 4.4759,
};

const DEN_HAAG: DemoPlace = DemoPlace {
    location: "Den Haag",
    postal_code: "2511",
    lat: 52.0780,
    lon: 4.3177,
};

const EINDHOVEN: DemoPlace = DemoPlace {
    location: "Eindhoven",
    postal_code: "5611",
    lat: 51.4367,
    lon: 5.4801,
};

const NIJMEGEN: DemoPlace = DemoPlace {
    location: "Nijmegen",
    postal_code: "6511",
    lat: 51.8463,
    lon: 5.8626,
};

fn some(text: &str) -> Option<String> {
    Some(text.to_owned())
}

struct DemoOwner {
    email: &'static str,
    owner: OwnerFields,
    pet: PetFields,
    help: DemoHelp,
}

/// When a demo owner looks for help: on some days, or for a few days some weeks from the seeding.
enum DemoHelp {
    None,
    Days(&'static [WeekDay]),
    FromNow { in_days: i64, days: i64 },
}

impl DemoHelp {
    fn on(&self, today: chrono::NaiveDate) -> Option<HelpNeeded> {
        match self {
            Self::None => None,
            Self::Days(days) => Some(HelpNeeded::Regular { days: days.to_vec() }),
            Self::FromNow { in_days, days } => {
                let from = today + chrono::Duration::days(*in_days);
                Some(HelpNeeded::Period {
                    from,
                    until: from + chrono::Duration::days(days - 1),
                })
            }
        }
    }
}

struct DemoVolunteer {
    email: &'static str,
    volunteer: VolunteerFields,
}

fn demo_owners() -> Vec<DemoOwner> {
    vec![
        DemoOwner {
            email: "sanne.jansen@demo.oppasmaatje.nl",
            help: DemoHelp::Days(&[WeekDay::Maandag, WeekDay::Woensdag, WeekDay::Vrijdag]),
            owner: OwnerFields {
                first_name: "Sanne".into(),
                last_name: "Jansen".into(),
                bio: some(
                    "Ik werk drie dagen per week in het ziekenhuis en zoek iemand die Bobby op die dagen een lange wandeling geeft.",
                ),
                whereabouts: UTRECHT.whereabouts(),
                experience: some("Ik heb mijn hele leven honden gehad."),
                languages: vec![Language::Nederlands, Language::Engels],
                ..OwnerFields::default()
            },
            pet: PetFields {
                name: "Bobby".into(),
                breed: some("Labrador Retriever"),
                age: some("4 jaar"),
                size: Some(PetSize::Groot),
                gender: Some(PetGender::Reu),
                personality: some("Vrolijk, speels en dol op water"),
                weight: some("32 kg"),
                vaccinated: Some(Vaccinated::Ja),
                chipped: Some(Chipped::Ja),
                neutered: Some(Neutered::Ja),
                good_with: vec![GoodWith::Kinderen, GoodWith::AndereHonden],
                looking_for: vec![LookingFor::Uitlaten, LookingFor::Dagopvang],
                bio: some(
                    "Bobby is een vrolijke labrador die nooit genoeg krijgt van wandelen in het Wilhelminapark. Hij luistert goed, houdt van apporteren en springt in elke sloot die hij ziet.",
                ),
                ..PetFields::default()
            },
        },
        DemoOwner {
            email: "mohamed.elamrani@demo.oppasmaatje.nl",
            help: DemoHelp::FromNow { in_days: 21, days: 5 },
            owner: OwnerFields {
                first_name: "Mohamed".into(),
                last_name: "El Amrani".into(),
                bio: some("Ik reis regelmatig voor mijn werk en zoek een vaste oppas voor Luna in Amsterdam-Zuid."),
                whereabouts: AMSTERDAM.whereabouts(),
                experience: some("Luna is mijn eerste hond; ik heb samen met haar de puppycursus gedaan."),
                languages: vec![Language::Nederlands, Language::Arabisch, Language::Engels],
                ..OwnerFields::default()
            },
            pet: PetFields {
                name: "Luna".into(),
                breed: some("Border Collie"),
                age: some("2 jaar"),
                size: Some(PetSize::Middel),
                gender: Some(PetGender::Teef),
                personality: some("Slim, energiek en een beetje verlegen bij vreemden"),
                special_needs: some("Luna heeft veel beweging en denkspelletjes nodig."),
                weight: some("17 kg"),
                vaccinated: Some(Vaccinated::Ja),
                chipped: Some(Chipped::Ja),
                neutered: Some(Neutered::Nee),
                good_with: vec![GoodWith::AndereHonden],
                looking_for: vec![LookingFor::Logeren, LookingFor::Vakantie],
                bio: some(
                    "Luna is een slimme border collie die het liefst de hele dag bezig is. Na een paar minuten kennismaken is ze je beste vriendin.",
                ),
                ..PetFields::default()
            },
        },
        DemoOwner {
            email: "els.bakker@demo.oppasmaatje.nl",
            help: DemoHelp::None,
            owner: OwnerFields {
                first_name: "Els".into(),
                last_name: "Bakker".into(),
                bio: some(
                    "Sinds mijn heupoperatie lukt het me niet meer om Guus elke dag uit te laten. Wie wil er met hem op pad?",
                ),
                whereabouts: GRONINGEN.whereabouts(),
                experience: some("Ik heb al veertig jaar honden."),
                languages: vec![Language::Nederlands],
                ..OwnerFields::default()
            },
            pet: PetFields {
                name: "Guus".into(),
                breed: some("Jack Russell Terriër"),
                age: some("9 jaar"),
                size: Some(PetSize::Klein),
                gender: Some(PetGender::Reu),
                personality: some("Eigenwijs, lief en altijd in voor een snoepje"),
                special_needs: some("Krijgt 's ochtends een tablet voor zijn gewrichten."),
                weight: some("7 kg"),
                vaccinated: Some(Vaccinated::Ja),
                chipped: Some(Chipped::Ja),
                neutered: Some(Neutered::Ja),
                good_with: vec![GoodWith::Kinderen],
                looking_for: vec![LookingFor::Uitlaten],
                bio: some(
                    "Guus is een ondeugende Jack Russell met een hart van goud. Hij wandelt graag een rondje door het Noorderplantsoen.",
                ),
                ..PetFields::default()
            },
        },
        DemoOwner {
            email: "noor.dekker@demo.oppasmaatje.nl",
            help: DemoHelp::None,
            owner: OwnerFields {
                first_name: "Noor".into(),
                last_name: "Dekker".into(),
                bio: some(
                    "Ik ben een paar keer per jaar een week op reis en zoek iemand die dan bij Minoes langsgaat.",
                ),
                whereabouts: DEN_HAAG.whereabouts(),
                experience: some("Ik ben opgegroeid met katten."),
                languages: vec![Language::Nederlands, Language::Engels],
                ..OwnerFields::default()
            },
            pet: PetFields {
                species: Species::Kat,
                name: "Minoes".into(),
                breed: some("Europese korthaar"),
                age: some("6 jaar"),
                size: Some(PetSize::Klein),
                gender: Some(PetGender::Teef),
                personality: some("Rustig, aanhankelijk en nieuwsgierig naar bezoek"),
                weight: some("4 kg"),
                vaccinated: Some(Vaccinated::Ja),
                chipped: Some(Chipped::Ja),
                neutered: Some(Neutered::Ja),
                good_with: vec![GoodWith::Kinderen],
                looking_for: vec![LookingFor::Huisbezoek, LookingFor::Vakantie],
                bio: some(
                    "Minoes is een lieve cyperse poes die graag op de vensterbank in de zon ligt. Ze heeft twee keer per dag eten en een schone kattenbak nodig, en een aai als je tijd hebt.",
                ),
                ..PetFields::default()
            },
        },
        DemoOwner {
            email: "daan.smit@demo.oppasmaatje.nl",
            help: DemoHelp::None,
            owner: OwnerFields {
                first_name: "Daan".into(),
                last_name: "Smit".into(),
                bio: some("Wij gaan deze zomer drie weken kamperen en zoeken een oppas voor ons konijn Pluis."),
                whereabouts: EINDHOVEN.whereabouts(),
                experience: some("Pluis is ons tweede konijn."),
                languages: vec![Language::Nederlands],
                ..OwnerFields::default()
            },
            pet: PetFields {
                species: Species::Konijn,
                name: "Pluis".into(),
                breed: some("Hollandse hangoor"),
                age: some("3 jaar"),
                size: Some(PetSize::Klein),
                gender: Some(PetGender::Reu),
                personality: some("Nieuwsgierig en dol op paardenbloemen"),
                weight: some("2 kg"),
                vaccinated: Some(Vaccinated::Ja),
                chipped: Some(Chipped::Nee),
                neutered: Some(Neutered::Ja),
                good_with: vec![GoodWith::Kinderen, GoodWith::KleineDieren],
                looking_for: vec![LookingFor::Logeren, LookingFor::Huisbezoek],
                bio: some(
                    "Pluis is een zacht hangoorkonijn dat overdag in zijn ren in de tuin scharrelt. Hij krijgt hooi, verse groente en 's avonds een knuffel.",
                ),
                ..PetFields::default()
            },
        },
    ]
}

fn demo_volunteers() -> Vec<DemoVolunteer> {
    vec![
        DemoVolunteer {
            email: "lotte.devries@demo.oppasmaatje.nl",
            volunteer: VolunteerFields {
                first_name: "Lotte".into(),
                last_name: "de Vries".into(),
                bio: some(
                    "Ik ben student diergeneeskunde en mis mijn hond van thuis. In mijn vrije uren wandel ik graag met jouw hond door de Haarlemmerhout.",
                ),
                whereabouts: HAARLEM.whereabouts(),
                experience: Some(Experience::Ervaren),
                availability: vec![Availability::DoordeweeksAvond, Availability::WeekendOverdag],
                specialties: vec![Specialty::Puppys, Specialty::LangeWandelingen],
                languages: vec![Language::Nederlands, Language::Engels],
                max_distance: Some(Distance::Km5),
                hourly_rate: Some(HourlyRate::Gratis),
                has_own_pet: Some(HasOwnPet::Nee),
                transport_mode: Some(TransportMode::Fiets),
                species: vec![Species::Hond],
                ..VolunteerFields::default()
            },
        },
        DemoVolunteer {
            email: "ahmed.yilmaz@demo.oppasmaatje.nl",
            volunteer: VolunteerFields {
                first_name: "Ahmed".into(),
                last_name: "Yılmaz".into(),
                bio: some(
                    "Gepensioneerd buschauffeur met een grote tuin in Rotterdam-Kralingen. Logeerhonden zijn altijd welkom.",
                ),
                whereabouts: ROTTERDAM.whereabouts(),
                experience: Some(Experience::Expert),
                availability: vec![
                    Availability::DoordeweeksOverdag,
                    Availability::Vakantieperiodes,
                    Availability::Noodgevallen,
                ],
                specialties: vec![Specialty::OudereDieren, Specialty::Medicatie],
                languages: vec![Language::Nederlands, Language::Turks],
                max_distance: Some(Distance::Km10),
                hourly_rate: Some(HourlyRate::Gratis),
                has_own_pet: Some(HasOwnPet::JaHond),
                transport_mode: Some(TransportMode::Auto),
                species: vec![Species::Hond, Species::Kat],
                ..VolunteerFields::default()
            },
        },
        DemoVolunteer {
            email: "fleur.visser@demo.oppasmaatje.nl",
            volunteer: VolunteerFields {
                first_name: "Fleur".into(),
                last_name: "Visser".into(),
                bio: some(
                    "Ik werk vanuit huis en neem graag een hond mee op mijn lunchwandeling langs de Waal. Ook katten verzorg ik met plezier.",
                ),
                whereabouts: NIJMEGEN.whereabouts(),
                experience: Some(Experience::Beginner),
                availability: vec![Availability::DoordeweeksOverdag, Availability::WeekendAvond],
                specialties: vec![Specialty::Katten, Specialty::LangeWandelingen],
                languages: vec![Language::Nederlands, Language::Duits],
                max_distance: Some(Distance::Km3),
                hourly_rate: Some(HourlyRate::Band5Tot10),
                has_own_pet: Some(HasOwnPet::JaKat),
                transport_mode: Some(TransportMode::Lopend),
                species: vec![Species::Hond, Species::Kat, Species::Konijn],
                ..VolunteerFields::default()
            },
        },
    ]
}

fn demo_user(email: &str, first_name: &str, last_name: &str, clock: &dyn Clock) -> Result<NewUser, RepositoryError> {
    let email = Email::parse(email).map_err(|e| RepositoryError::Unexpected(anyhow::anyhow!("demo address: {e}")))?;
    Ok(NewUser {
        email,
        first_name: Some(first_name.to_owned()),
        last_name: Some(last_name.to_owned()),
        avatar_url: None,
        email_verified_at: Some(clock.now()),
    })
}

/// Makes the demo accounts and their profiles where they are missing.
///
/// # Errors
/// Storage failures; profiles made before the failure stay.
pub fn seed(
    users: &dyn UserRepository,
    profiles: &dyn ProfileRepository,
    help: &dyn PetHelpRepository,
    changes: &ListingChanges,
    clock: &dyn Clock,
) -> Result<SeedOutcome, RepositoryError> {
    let today = clock.today();
    let mut outcome = SeedOutcome::default();
    for demo in demo_owners() {
        let new = demo_user(demo.email, &demo.owner.first_name, &demo.owner.last_name, clock)?;
        let user = match users.find_user_by_email(&new.email)? {
            Some(user) => user,
            None => users.create_user(&new)?,
        };
        if profiles.find_owner_by_user(user.id)?.is_some() {
            outcome.existing += 1;
        } else {
            let (_, pet) = changes
                .write(|card| profiles.create_owner(card, user.id, &demo.owner, &demo.pet, &PhotoChanges::default()))?;
            if let Some(needed) = demo.help.on(today) {
                changes.write(|card| help.save_pet_help(card, pet.id, Some(&needed)))?;
            }
            outcome.created += 1;
        }
    }
    for demo in demo_volunteers() {
        let new = demo_user(demo.email, &demo.volunteer.first_name, &demo.volunteer.last_name, clock)?;
        let user = match users.find_user_by_email(&new.email)? {
            Some(user) => user,
            None => users.create_user(&new)?,
        };
        if profiles.find_volunteer_by_user(user.id)?.is_some() {
            outcome.existing += 1;
        } else {
            changes
                .write(|card| profiles.create_volunteer(card, user.id, &demo.volunteer, &PhotoChanges::default()))?;
            outcome.created += 1;
        }
    }
    Ok(outcome)
}
