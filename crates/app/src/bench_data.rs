//! `oppas seed-bench`: a database full of realistic, reproducible profiles for benchmarks.
//!
//! Dutch first names, places and postcodes drawn from the shipped postcode table (each area about
//! as likely as any other, as postcode areas hold similar numbers of households), a third sitters
//! and two thirds owners with one or two pets, made over the last two years. The same count and
//! seed give the same profiles. Accounts are `lid{n}@oppasmaatje.test`.

use anyhow::Context;
use chrono::{DateTime, Duration, Utc};
use oppas_domain::kernel::enums::{Availability, GoodWith, HourlyRate, Language, Vocabulary};
use oppas_domain::kernel::places::{PostcodeArea, postcode_areas};
use oppas_domain::profiles::ports::{PhotoChanges, ProfileRepository};
use oppas_domain::profiles::profile::{MAX_PETS, OwnerFields, PetFields, VolunteerFields, Whereabouts};
use oppas_domain::sign_in::ports::UserRepository;
use oppas_domain::sign_in::user::NewUser;
use oppas_domain::{Clock, Email};
use oppas_persistence::{Database, PoolSettings};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::{Arc, Mutex, PoisonError};

const FIRST_NAMES: &[&str] = &[
    "Sanne", "Lotte", "Emma", "Julia", "Sophie", "Anna", "Fleur", "Lisa", "Eva", "Noa", "Zoë", "Mila", "Sara", "Iris",
    "Femke", "Anouk", "Lieke", "Maud", "Yara", "Fatima", "Daan", "Sem", "Lucas", "Milan", "Levi", "Luuk", "Thijs",
    "Jesse", "Bram", "Ruben", "Noël", "Ahmed", "Mohamed", "Youssef", "Kees", "Jan", "Pieter", "Willem", "Joost",
    "Ayoub", "Mees", "Finn", "Sven", "Stijn", "Tim", "Niels", "Ilse", "Marieke", "Els", "Ingrid",
];
const LAST_NAMES: &[&str] = &[
    "de Jong",
    "Jansen",
    "de Vries",
    "van den Berg",
    "van Dijk",
    "Bakker",
    "Janssen",
    "Visser",
    "Smit",
    "Meijer",
    "de Boer",
    "Mulder",
    "de Groot",
    "Bos",
    "Vos",
    "Peters",
    "Hendriks",
    "van Leeuwen",
    "Dekker",
    "Brouwer",
    "de Wit",
    "Dijkstra",
    "Smits",
    "de Graaf",
    "van der Meer",
    "El Amrani",
    "Yilmaz",
    "Kaya",
    "Bouzid",
    "Koster",
];
const PET_NAMES: &[&str] = &[
    "Bobby", "Luna", "Guus", "Max", "Bella", "Pip", "Sammie", "Rocky", "Milo", "Lola", "Bruno", "Nala", "Simba",
    "Kiki", "Tommie", "Pluto", "Bolletje", "Snoetje", "Flip", "Dribbel", "Moos", "Loekie", "Storm", "Joep", "Saar",
];
const BREEDS: &[&str] = &[
    "Labrador",
    "Golden Retriever",
    "Beagle",
    "Border Collie",
    "Jack Russell",
    "Franse Bulldog",
    "Teckel",
    "Stabyhoun",
    "Kooikerhondje",
    "Herdershond",
    "Maine Coon",
    "Britse Korthaar",
    "Europese Korthaar",
    "Ragdoll",
    "Noorse Boskat",
    "Dwergkonijn",
    "Cavia",
    "Vuilnisbakkie",
];
const PET_LINES: &[&str] = &[
    "Houdt van lange wandelingen in het bos.",
    "Een rustige knuffelaar die graag op schoot ligt.",
    "Speels en nieuwsgierig, altijd in voor een spelletje apporteren.",
    "Wat verlegen bij vreemden, maar na een koekje je beste vriend.",
    "Kan niet goed alleen zijn en zoekt gezelschap als wij werken.",
    "Slaapt het liefst de hele middag in de zon.",
];
const VOLUNTEER_LINES: &[&str] = &[
    "Ik ben dol op dieren en wandel graag met honden in het park.",
    "Student diergeneeskunde met tijd in de weekenden en op vrije middagen.",
    "Gepensioneerd en thuis, dus er is altijd iemand voor je huisdier.",
    "Ik heb zelf jarenlang katten gehad en pas graag op.",
    "Sportief en veel buiten: lange wandelingen zijn geen probleem.",
    "Ik werk thuis en vind het gezellig om een hond over de vloer te hebben.",
];
/// Profiles written in one transaction.
const BATCH: usize = 1000;
/// The seed of the reproducible draw.
const SEED: u64 = 20_261_123;
/// The period over which profiles were made.
const SPREAD: Duration = Duration::days(730);

/// A clock the generator sets to each profile's moment of creation.
struct SetClock(Mutex<DateTime<Utc>>);

impl Clock for SetClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn pick<'a>(rng: &mut StdRng, items: &'a [&'a str]) -> &'a str {
    items[rng.random_range(0..items.len())]
}

fn whereabouts(postcode: &str, area: &PostcodeArea) -> Whereabouts {
    Whereabouts {
        location: Some(area.place.clone()),
        postal_code: Some(postcode.to_owned()),
        lat: Some(area.lat),
        lon: Some(area.lon),
    }
}

/// Adds `profiles` generated profiles (sitters and owners; pets come on top) to the database at
/// `url`, which must hold no `lid…@oppasmaatje.test` accounts yet; returns the number of pets.
///
/// # Errors
/// The database cannot be opened or written.
pub fn seed(url: &str, profiles: usize, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let clock = Arc::new(SetClock(Mutex::new(now)));
    Database::connect(url, PoolSettings::default(), clock.clone())
        .context("opening the database")?
        .run_migrations()
        .context("applying migrations")?;
    // One connection and a transaction per batch: bulk loading without a commit per profile.
    let database = Database::single_connection(url, clock.clone()).context("opening the database")?;
    let areas = postcode_areas();
    anyhow::ensure!(!areas.is_empty(), "the postcode table is empty");
    let mut rng = StdRng::seed_from_u64(SEED);
    // A process of its own: no memory of cards to end, but the writes go the one way.
    let changes = oppas_domain::profiles::changes::ListingChanges::default();
    let mut pets = 0;
    database.begin_batch()?;
    for n in 0..profiles {
        if n > 0 && n % BATCH == 0 {
            database.commit_batch()?;
            database.begin_batch()?;
        }
        let age = Duration::seconds(rng.random_range(0..SPREAD.num_seconds()));
        *clock.0.lock().unwrap_or_else(PoisonError::into_inner) = now - age;
        let (postcode, area) = &areas[rng.random_range(0..areas.len())];
        let user = database
            .create_user(&NewUser {
                email: Email::parse(&format!("lid{n}@oppasmaatje.test"))?,
                first_name: Some(pick(&mut rng, FIRST_NAMES).to_owned()),
                last_name: Some(pick(&mut rng, LAST_NAMES).to_owned()),
                avatar_url: None,
                email_verified_at: Some(now - age),
            })
            .with_context(|| format!("account {n}"))?;
        let first_name = user.first_name.clone().unwrap_or_default();
        let last_name = user.last_name.clone().unwrap_or_default();
        if n % 3 == 0 {
            let offered: Vec<Availability> = Availability::ALL
                .iter()
                .copied()
                .filter(|_| rng.random_bool(0.4))
                .collect();
            changes.write(|card| {
                database.create_volunteer(
                    card,
                    user.id,
                    &VolunteerFields {
                        first_name,
                        last_name,
                        bio: Some(pick(&mut rng, VOLUNTEER_LINES).to_owned()),
                        whereabouts: whereabouts(postcode, area),
                        experience: Some(any(&mut rng)),
                        availability: offered,
                        languages: vec![Language::Nederlands],
                        max_distance: Some(any(&mut rng)),
                        hourly_rate: Some(HourlyRate::Gratis),
                        ..VolunteerFields::default()
                    },
                    &PhotoChanges::default(),
                )
            })?;
        } else {
            let (owner, _) = changes.write(|card| {
                database.create_owner(
                    card,
                    user.id,
                    &OwnerFields {
                        first_name,
                        last_name,
                        whereabouts: whereabouts(postcode, area),
                        languages: vec![Language::Nederlands],
                        ..OwnerFields::default()
                    },
                    &pet_fields(&mut rng),
                    &PhotoChanges::default(),
                )
            })?;
            pets += 1;
            if rng.random_bool(0.3)
                && changes
                    .write(|card| {
                        database.add_pet(
                            card,
                            owner.id,
                            &pet_fields(&mut rng),
                            MAX_PETS,
                            &PhotoChanges::default(),
                        )
                    })?
                    .is_some()
            {
                pets += 1;
            }
        }
    }
    database.commit_batch()?;
    Ok(pets)
}

/// One value of an enumeration, chosen at random.
fn any<V: Vocabulary>(rng: &mut StdRng) -> V {
    V::ALL[rng.random_range(0..V::ALL.len())]
}

fn pet_fields(rng: &mut StdRng) -> PetFields {
    let good_with: Vec<GoodWith> = GoodWith::ALL.iter().copied().filter(|_| rng.random_bool(0.5)).collect();
    PetFields {
        name: pick(rng, PET_NAMES).to_owned(),
        breed: Some(pick(rng, BREEDS).to_owned()),
        age: Some(format!("{} jaar", rng.random_range(1..15))),
        size: Some(any(rng)),
        gender: Some(any(rng)),
        neutered: Some(any(rng)),
        good_with,
        bio: Some(pick(rng, PET_LINES).to_owned()),
        ..PetFields::default()
    }
}
