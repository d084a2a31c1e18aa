//! What a search can narrow the cards to besides text, kind and place: the facets of a card
//! (a pet's species, size, wanted help and companions; a sitter's animals, offer and
//! experience), kept beside the card as the bits of one number so that both databases filter on
//! them with the same `&`.
//!
//! Each value of each enumeration is one bit, at its position in the enumeration's `ALL` after
//! the bits of the enumerations before it. A change of those lists changes the bits: raise
//! [`crate::profiles::card::CARD_VERSION`] with it, and start-up rebuilds every stored card.

use crate::kernel::enums::{Availability, DayPart, Experience, GoodWith, LookingFor, PetSize, ProfileType, Species};
use crate::profiles::profile::{PetFields, VolunteerFields};

/// Where each enumeration's bits start.
const SPECIES_AT: usize = 0;
const SIZE_AT: usize = SPECIES_AT + Species::ALL.len();
const LOOKING_FOR_AT: usize = SIZE_AT + PetSize::ALL.len();
const GOOD_WITH_AT: usize = LOOKING_FOR_AT + LookingFor::ALL.len();
const OFFERS_AT: usize = GOOD_WITH_AT + GoodWith::ALL.len();
const EXPERIENCE_AT: usize = OFFERS_AT + Availability::ALL.len();
const BITS: usize = EXPERIENCE_AT + Experience::ALL.len();

// Every bit fits a signed 64-bit column on both databases.
const _: () = assert!(BITS <= 63, "the facets no longer fit one BIGINT");

/// The bit of `value` in the enumeration `all` whose bits start at `at`.
fn bit<T: PartialEq>(all: &[T], value: &T, at: usize) -> i64 {
    all.iter().position(|v| v == value).map_or(0, |i| 1_i64 << (at + i))
}

fn bits<T: PartialEq>(all: &[T], values: &[T], at: usize) -> i64 {
    values.iter().fold(0, |set, value| set | bit(all, value, at))
}

/// The facets of a pet's card.
#[must_use]
pub fn of_pet(pet: &PetFields) -> i64 {
    bit(Species::ALL, &pet.species, SPECIES_AT)
        | pet.size.map_or(0, |size| bit(PetSize::ALL, &size, SIZE_AT))
        | bits(LookingFor::ALL, &pet.looking_for, LOOKING_FOR_AT)
        | bits(GoodWith::ALL, &pet.good_with, GOOD_WITH_AT)
}

/// The facets of a sitter's card: the animals they sit ('Kan goed met'), what they offer and
/// their experience.
#[must_use]
pub fn of_volunteer(volunteer: &VolunteerFields) -> i64 {
    bits(Species::ALL, &volunteer.species, SPECIES_AT)
        | bits(Availability::ALL, &volunteer.availability, OFFERS_AT)
        | volunteer
            .experience
            .map_or(0, |level| bit(Experience::ALL, &level, EXPERIENCE_AT))
}

/// A search filter: its parameter, the kind of profile that carries it (`None`: both), and
/// whether a value means that value or more of a ranked list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FilterRule {
    /// The query parameter (`GET /api/profiles`).
    pub param: &'static str,
    /// Only this kind of profile carries it.
    pub only: Option<ProfileType>,
    /// A value means itself or any higher one.
    pub at_least: bool,
}

/// Every filter besides text, kind and place, in the order the screens list them.
pub const FILTER_RULES: [FilterRule; 10] = [
    FilterRule {
        param: "species",
        only: None,
        at_least: false,
    },
    FilterRule {
        param: "size",
        only: Some(ProfileType::Huisdier),
        at_least: false,
    },
    FilterRule {
        param: "lookingFor",
        only: Some(ProfileType::Huisdier),
        at_least: false,
    },
    FilterRule {
        param: "goodWith",
        only: Some(ProfileType::Huisdier),
        at_least: false,
    },
    FilterRule {
        param: "offers",
        only: Some(ProfileType::Vrijwilliger),
        at_least: false,
    },
    FilterRule {
        param: "experience",
        only: Some(ProfileType::Vrijwilliger),
        at_least: true,
    },
    FilterRule {
        param: "availableOn",
        only: Some(ProfileType::Vrijwilliger),
        at_least: false,
    },
    FilterRule {
        param: "dayPart",
        only: Some(ProfileType::Vrijwilliger),
        at_least: false,
    },
    FilterRule {
        param: "availableFrom",
        only: Some(ProfileType::Vrijwilliger),
        at_least: false,
    },
    FilterRule {
        param: "availableUntil",
        only: Some(ProfileType::Vrijwilliger),
        at_least: false,
    },
];

/// What an 'at least' value adds to its label ('Ervaren of meer'); the highest value reads alone.
pub const AT_LEAST_WORDS: &str = "of meer";

/// What a level of experience reads as a filter: 'Ervaren of meer', or the highest alone.
#[must_use]
pub fn experience_filter_label(level: Experience) -> String {
    if Experience::ALL.last() == Some(&level) {
        level.label().to_owned()
    } else {
        format!("{} {AT_LEAST_WORDS}", level.label())
    }
}

/// The filter rules as the API document publishes them (`x-filter` on each parameter).
#[must_use]
pub fn published_rule(param: &str) -> Option<serde_json::Value> {
    let rule = FILTER_RULES.iter().find(|rule| rule.param == param)?;
    Some(serde_json::json!({
        "only": rule.only.map(ProfileType::as_str),
        "atLeast": rule.at_least.then_some(AT_LEAST_WORDS),
    }))
}

/// The facet filters of a search; each set one narrows the cards.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Filters {
    /// Pets of this species, and sitters who sit it.
    pub species: Option<Species>,
    /// Pets of this size.
    pub size: Option<PetSize>,
    /// Pets whose owner looks for this help.
    pub looking_for: Option<LookingFor>,
    /// Pets that get along with these.
    pub good_with: Option<GoodWith>,
    /// Sitters who offer this.
    pub offers: Option<Availability>,
    /// Sitters with at least this experience.
    pub experience: Option<Experience>,
    /// Sitters who can help on this day: in their week, not away, not paused.
    pub available_on: Option<chrono::NaiveDate>,
    /// ... in this part of that day.
    pub day_part: Option<DayPart>,
    /// Sitters free from this day until [`Filters::available_until`] (a sitting of several
    /// days): their week covers each weekday of it, and no period away or accepted afspraak of
    /// theirs overlaps it.
    pub available_from: Option<chrono::NaiveDate>,
    /// ... until this day, included.
    pub available_until: Option<chrono::NaiveDate>,
}

impl Filters {
    /// Whether no filter is set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// The parameters of the set filters, in the order of [`FILTER_RULES`].
    pub fn chosen(&self) -> impl Iterator<Item = &'static FilterRule> {
        let set = [
            self.species.is_some(),
            self.size.is_some(),
            self.looking_for.is_some(),
            self.good_with.is_some(),
            self.offers.is_some(),
            self.experience.is_some(),
            self.available_on.is_some(),
            self.day_part.is_some(),
            self.available_from.is_some(),
            self.available_until.is_some(),
        ];
        FILTER_RULES.iter().zip(set).filter(|(_, on)| *on).map(|(rule, _)| rule)
    }

    /// The first set filter that only `kind` carries.
    #[must_use]
    pub fn first_only_for(&self, kind: ProfileType) -> Option<&'static str> {
        self.chosen()
            .find(|rule| rule.only == Some(kind))
            .map(|rule| rule.param)
    }

    /// Whether a filter that only sitters carry is set.
    #[must_use]
    pub fn for_volunteers_only(&self) -> bool {
        self.first_only_for(ProfileType::Vrijwilliger).is_some()
    }

    /// The bits of the week a sitter must share with [`Filters::available_on`] (the day's parts,
    /// or the one asked for); `None` without a day.
    #[must_use]
    pub fn week_mask(&self) -> Option<u32> {
        use crate::profiles::availability::Week;
        use chrono::Datelike;
        let day = self.available_on?.weekday();
        let parts: &[DayPart] = match &self.day_part {
            Some(part) => std::slice::from_ref(part),
            None => DayPart::ALL,
        };
        Some(
            parts
                .iter()
                .fold(Week::default(), |week, part| week.with(day, *part))
                .bits(),
        )
    }

    /// The days of a sitting asked for ([`Filters::available_from`] to
    /// [`Filters::available_until`], both included), when both are set.
    #[must_use]
    pub fn range(&self) -> Option<(chrono::NaiveDate, chrono::NaiveDate)> {
        self.available_from.zip(self.available_until)
    }

    /// The instants a range of days covers: from the Dutch midnight its first day begins to the
    /// one after its last day.
    #[must_use]
    pub fn range_window(&self) -> Option<(chrono::DateTime<chrono::Utc>, chrono::DateTime<chrono::Utc>)> {
        use crate::kernel::clock::dutch_day_start;
        let (from, until) = self.range()?;
        Some((dutch_day_start(from), dutch_day_start(until.succ_opt()?)))
    }

    /// For a range of days: one mask of a sitter's week per weekday in it (each day's parts);
    /// a sitter is free when her week shares a bit with each.
    #[must_use]
    pub fn range_week_masks(&self) -> Vec<u32> {
        use crate::profiles::availability::Week;
        use chrono::Datelike;
        let Some((from, until)) = self.range() else {
            return Vec::new();
        };
        let mut days: Vec<chrono::Weekday> = from
            .iter_days()
            .take_while(|day| *day <= until)
            .take(7)
            .map(|day| day.weekday())
            .collect();
        days.sort_by_key(chrono::Weekday::num_days_from_monday);
        days.dedup();
        days.into_iter()
            .map(|day| {
                DayPart::ALL
                    .iter()
                    .fold(Week::default(), |week, part| week.with(day, *part))
                    .bits()
            })
            .collect()
    }

    /// One mask per set filter: a card matches when its facets share a bit with every mask.
    #[must_use]
    pub fn masks(&self) -> Vec<i64> {
        let at_least = |level: Experience| {
            Experience::ALL
                .iter()
                .skip_while(|l| **l != level)
                .fold(0, |set, l| set | bit(Experience::ALL, l, EXPERIENCE_AT))
        };
        [
            self.species.map(|s| bit(Species::ALL, &s, SPECIES_AT)),
            self.size.map(|s| bit(PetSize::ALL, &s, SIZE_AT)),
            self.looking_for.map(|l| bit(LookingFor::ALL, &l, LOOKING_FOR_AT)),
            self.good_with.map(|g| bit(GoodWith::ALL, &g, GOOD_WITH_AT)),
            self.offers.map(|o| bit(Availability::ALL, &o, OFFERS_AT)),
            self.experience.map(at_least),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// Whether facets match every set filter.
    #[must_use]
    pub fn matches(&self, facets: i64) -> bool {
        self.masks().iter().all(|mask| facets & mask != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pet() -> PetFields {
        PetFields {
            species: Species::Kat,
            size: Some(PetSize::Klein),
            looking_for: vec![LookingFor::Huisbezoek, LookingFor::Vakantie],
            good_with: vec![GoodWith::Kinderen],
            ..PetFields::default()
        }
    }

    fn sitter() -> VolunteerFields {
        VolunteerFields {
            species: vec![Species::Hond, Species::Kat],
            availability: vec![Availability::Logeren, Availability::WeekendOverdag],
            experience: Some(Experience::Expert),
            ..VolunteerFields::default()
        }
    }

    #[test]
    fn every_value_has_a_bit_of_its_own() {
        let mut seen = 0_i64;
        let mut count = 0;
        let mut add = |set: i64| {
            assert_eq!(set.count_ones(), 1);
            assert_eq!(seen & set, 0, "bit shared");
            seen |= set;
            count += 1;
        };
        Species::ALL.iter().for_each(|v| add(bit(Species::ALL, v, SPECIES_AT)));
        PetSize::ALL.iter().for_each(|v| add(bit(PetSize::ALL, v, SIZE_AT)));
        LookingFor::ALL
            .iter()
            .for_each(|v| add(bit(LookingFor::ALL, v, LOOKING_FOR_AT)));
        GoodWith::ALL
            .iter()
            .for_each(|v| add(bit(GoodWith::ALL, v, GOOD_WITH_AT)));
        Availability::ALL
            .iter()
            .for_each(|v| add(bit(Availability::ALL, v, OFFERS_AT)));
        Experience::ALL
            .iter()
            .for_each(|v| add(bit(Experience::ALL, v, EXPERIENCE_AT)));
        assert_eq!(count, BITS);
        assert!(seen > 0, "no bit is the sign bit");
    }

    #[test]
    fn a_pet_matches_its_own_facets_and_no_others() {
        let cat = of_pet(&pet());
        let only = |filters: Filters| filters.matches(cat);
        assert!(only(Filters::default()));
        assert!(only(Filters {
            species: Some(Species::Kat),
            size: Some(PetSize::Klein),
            looking_for: Some(LookingFor::Vakantie),
            good_with: Some(GoodWith::Kinderen),
            ..Filters::default()
        }));
        assert!(!only(Filters {
            species: Some(Species::Hond),
            ..Filters::default()
        }));
        assert!(!only(Filters {
            looking_for: Some(LookingFor::Uitlaten),
            ..Filters::default()
        }));
        assert!(!only(Filters {
            good_with: Some(GoodWith::Katten),
            ..Filters::default()
        }));
        assert!(
            !only(Filters {
                offers: Some(Availability::Logeren),
                ..Filters::default()
            }),
            "a sitter's filter leaves pets out"
        );
    }

    #[test]
    fn a_sitter_matches_the_animals_the_offer_and_at_least_the_experience() {
        let anna = of_volunteer(&sitter());
        let with = |filters: Filters| filters.matches(anna);
        assert!(with(Filters {
            species: Some(Species::Kat),
            offers: Some(Availability::Logeren),
            ..Filters::default()
        }));
        assert!(!with(Filters {
            species: Some(Species::Vogel),
            ..Filters::default()
        }));
        for (level, expected) in [
            (Experience::Beginner, true),
            (Experience::Ervaren, true),
            (Experience::Expert, true),
            (Experience::Professioneel, false),
        ] {
            let filters = Filters {
                experience: Some(level),
                ..Filters::default()
            };
            assert_eq!(with(filters), expected, "{level:?}");
        }
        assert!(!with(Filters {
            size: Some(PetSize::Klein),
            ..Filters::default()
        }));
    }
}
