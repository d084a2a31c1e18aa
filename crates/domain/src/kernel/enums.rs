//! The closed lists of values a profile and a search choose from. Each is stored and travels as
//! its value; each value has one Dutch label that people read. Where the wizard and the edit
//! dialog offer different lists, one enumeration holds both and marks which screen offers which
//! value ([`Screen`]); a stored value stays readable and selectable on either screen.
//!
//! With the `openapi` feature every enumeration is an OpenAPI enum whose `x-vocabulary` carries
//! the labels and the screens' lists, from which the web app's vocabulary module
//! is generated.

#[cfg(feature = "openapi")]
use crate::kernel::vocabulary::schema_of;
use crate::kernel::vocabulary::vocabulary;
pub use crate::kernel::vocabulary::{Screen, UnknownValue, Vocabulary, stored, stored_list, values};
use serde::{Serialize, Serializer};
use std::fmt;

vocabulary!(
    /// Which kind of profile a user has: an owner looking for a sitter, or a sitter.
    ProfileType {
        /// A pet owner (baasje) with one or more pets.
        Huisdier = "huisdier" => "Huisdier";
        /// A volunteer sitter (oppas).
        Vrijwilliger = "vrijwilliger" => "Vrijwilliger";
    }
);

vocabulary!(
    /// What kind of animal a pet is. What the platform asks and says about a pet follows it
    /// (its rules travel in `x-vocabulary` as `rules`).
    Species {
        /// A dog.
        Hond = "hond" => "Hond";
        /// A cat.
        Kat = "kat" => "Kat";
        /// A rabbit.
        Konijn = "konijn" => "Konijn";
        /// A rodent: guinea pig, hamster, rat, mouse, chinchilla.
        Knaagdier = "knaagdier" => "Knaagdier";
        /// A bird.
        Vogel = "vogel" => "Vogel";
        /// A fish.
        Vis = "vis" => "Vis";
        /// A reptile.
        Reptiel = "reptiel" => "Reptiel";
        /// A horse or a pony.
        PaardPony = "paard-pony" => "Paard of pony";
        /// A chicken.
        Kip = "kip" => "Kip";
        /// Any other animal.
        Anders = "anders" => "Anders";
    }
);

impl Default for Species {
    /// Every pet entered before there was a choice was entered as a dog.
    fn default() -> Self {
        Self::Hond
    }
}

vocabulary!(
    /// Size band of a pet: klein up to 10 kg, middel 10-25 kg, groot 25 kg and above.
    PetSize {
        /// Up to 10 kg.
        Klein = "klein" => "Klein (tot 10 kg)";
        /// 10 to 25 kg.
        Middel = "middel" => "Middel (10-25 kg)";
        /// 25 kg and above.
        Groot = "groot" => "Groot (25+ kg)";
    }
);

vocabulary!(
    /// A pet's sex.
    PetGender {
        /// Male.
        Reu = "reu" => "Reu";
        /// Female.
        Teef = "teef" => "Teef";
    }
);

vocabulary!(
    /// Whether a pet is neutered or sterilised.
    Neutered {
        /// Yes.
        Ja = "ja" => "Ja";
        /// No.
        Nee = "nee" => "Nee";
        /// Unknown.
        Onbekend = "onbekend" => "Onbekend";
    }
);

vocabulary!(
    /// Whether a pet is vaccinated.
    Vaccinated {
        /// Fully.
        Ja = "ja" => "Ja, volledig";
        /// Partly.
        Deels = "deels" => "Deels";
        /// No.
        Nee = "nee" => "Nee";
        /// Unknown.
        Onbekend = "onbekend" => "Onbekend";
    }
);

vocabulary!(
    /// Whether a pet is chipped.
    Chipped {
        /// Yes.
        Ja = "ja" => "Ja";
        /// No.
        Nee = "nee" => "Nee";
        /// Unknown.
        Onbekend = "onbekend" => "Onbekend";
    }
);

vocabulary!(
    /// Who a pet gets along with.
    GoodWith {
        /// Children.
        Kinderen = "Kinderen" => "Kinderen";
        /// Other dogs.
        AndereHonden = "Andere honden" => "Andere honden";
        /// Cats.
        Katten = "Katten" => "Katten";
        /// Small animals.
        KleineDieren = "Kleine dieren" => "Kleine dieren";
    }
);

vocabulary!(
    /// A volunteer's experience level.
    Experience {
        /// New to sitting.
        Beginner = "beginner" => "Beginner";
        /// Experienced.
        Ervaren = "ervaren" => "Ervaren";
        /// Very experienced.
        Expert = "expert" => "Expert";
        /// Works with animals professionally.
        Professioneel = "professioneel" => "Professioneel";
    }
);

vocabulary!(
    /// How a volunteer gets around.
    TransportMode {
        /// On foot.
        Lopend = "lopend" => "Lopend";
        /// By bicycle.
        Fiets = "fiets" => "Fiets";
        /// By car.
        Auto = "auto" => "Auto";
        /// By public transport.
        Ov = "ov" => "Openbaar vervoer";
    }
);

vocabulary!(
    /// Moments and services a volunteer offers: the wizard's six moments, and the edit dialog's
    /// longer list with services.
    Availability {
        /// Weekdays, daytime.
        DoordeweeksOverdag = "Doordeweeks overdag" => "Doordeweeks overdag";
        /// Weekday evenings.
        DoordeweeksAvond = "Doordeweeks avond" => "Doordeweeks avond";
        /// Weekends, daytime.
        WeekendOverdag = "Weekend overdag" => "Weekend overdag";
        /// Weekend evenings.
        WeekendAvond = "Weekend avond" => "Weekend avond";
        /// School holidays.
        Vakantieperiodes = "Vakantieperiodes" => "Vakantieperiodes";
        /// Emergencies.
        Noodgevallen = "Noodgevallen" => "Noodgevallen";
        /// Walking dogs.
        Uitlaten = "Uitlaten" => "Uitlaten", Edit;
        /// Day care.
        Dagopvang = "Dagopvang" => "Dagopvang", Edit;
        /// Boarding.
        Logeren = "Logeren" => "Logeren", Edit;
        /// Home visits.
        Huisbezoek = "Huisbezoek" => "Huisbezoek", Edit;
        /// Cat care.
        Kattenverzorging = "Kattenverzorging" => "Kattenverzorging", Edit;
        /// Care of small animals.
        VerzorgingKleineDieren = "Verzorging kleine dieren" => "Verzorging kleine dieren", Edit;
    }
);

vocabulary!(
    /// Why someone reports a profile or a conversation.
    ReportReason {
        /// The profile is not who or what it claims.
        NepProfiel = "nep-profiel" => "Nep-profiel";
        /// Rude, threatening or otherwise improper.
        OngepastGedrag = "ongepast-gedrag" => "Ongepast gedrag";
        /// Fraud, or asking for money.
        Oplichting = "oplichting" => "Oplichting of vraagt om geld";
        /// Something else (the text says what).
        Anders = "anders" => "Anders";
        /// Filed by the platform: the member tried to begin more new conversations in one Dutch
        /// day than anyone needs ([`crate::messaging::new_members::REVIEW_ABOVE`]).
        VeelNieuweGesprekken = "veel-nieuwe-gesprekken" => "Veel nieuwe gesprekken op één dag", Platform;
        /// Filed by the platform: two people said within
        /// [`crate::appointments::outcomes::NO_SHOW_DAYS`] days that the member did not come to
        /// an afspraak ([`crate::appointments::outcomes::NO_SHOWS_FOR_REVIEW`]).
        VaakNietGekomen = "vaak-niet-gekomen" => "Vaker niet gekomen op een afspraak", Platform;
        /// Filed by the platform: a reference came with a note only the moderators read.
        NotitieBijReferentie = "notitie-bij-referentie" => "Notitie bij een referentie", Platform;
    }
);

vocabulary!(
    /// What a moderator did, as the moderators' log records it.
    ModerationAction {
        /// Hid a profile.
        Hide = "hide" => "Profiel verborgen";
        /// Showed a hidden profile again.
        Show = "show" => "Profiel weer zichtbaar";
        /// Closed a report.
        CloseReport = "close-report" => "Melding afgehandeld";
        /// Hid a reference.
        HideReference = "hide-reference" => "Referentie verborgen";
        /// Showed a hidden reference again.
        ShowReference = "show-reference" => "Referentie weer zichtbaar";
        /// Suspended an account.
        Suspend = "suspend" => "Account geschorst";
        /// Lifted a suspension.
        LiftSuspension = "lift-suspension" => "Schorsing opgeheven";
        /// Downloaded a suspended account's data, to send it to the person who asked by mail.
        ExportSuspended = "export-suspended" => "Gegevens van geschorst account gedownload";
    }
);

vocabulary!(
    /// Where a report stands: open in the moderators' queue, or closed by one of them.
    ReportStatus {
        /// Waiting for a moderator.
        Open = "open" => "Open";
        /// A moderator closed it.
        Closed = "closed" => "Afgehandeld";
    }
);

vocabulary!(
    /// When a person was last on the platform, kept coarse on purpose: never finer than the day.
    LastActive {
        /// Today (the Dutch day).
        Vandaag = "vandaag" => "Vandaag actief";
        /// In the last seven days.
        DezeWeek = "deze-week" => "Deze week actief";
        /// In the last thirty days.
        DezeMaand = "deze-maand" => "Deze maand actief";
        /// Longer ago.
        Langer = "langer" => "Langer dan een maand niet actief";
    }
);

vocabulary!(
    /// The order of a search's cards: nearest first (only near a place; the default there),
    /// newest first (the default elsewhere), or the people most recently active first.
    SearchSort {
        /// Complete profiles first (a sitter with a photo and a week), then newest: the default
        /// without a place.
        Aanbevolen = "aanbevolen" => "Aanbevolen";
        /// Nearest postcode area first, then newest.
        Afstand = "afstand" => "Dichtstbij";
        /// The newest profiles first.
        Nieuwste = "nieuwste" => "Nieuwste";
        /// The profiles of the people who were on the platform most recently first (by day),
        /// then newest. A person who does not show when they were last here counts from the
        /// day their profile was made.
        RecentActief = "recent-actief" => "Recent actief";
    }
);

vocabulary!(
    /// What makes a profile one people can judge, as the dashboard's checklist names it
    /// ([`crate::profiles::completeness`]).
    CompletenessStep {
        /// A photo of the person.
        Foto = "foto" => "Een profielfoto";
        /// A few sentences about themselves.
        OverMij = "over-mij" => "Een paar zinnen over jezelf";
        /// A sitter's week: when they can help.
        Week = "week" => "Je week: wanneer je kunt helpen";
        /// An owner's pets: each with its age, its size and a photo.
        Huisdieren = "huisdieren" => "Van elk huisdier de leeftijd, de grootte en een foto";
    }
);

vocabulary!(
    /// A way of signing in: a one-time code by e-mail (open to every account), or Google.
    SignInMethod {
        /// A code mailed to the account's address.
        EmailCode = "e-mailcode" => "Een inlogcode per e-mail";
        /// An account at Google with the same address, once used to sign in.
        Google = "google" => "Google";
    }
);

vocabulary!(
    /// The help an owner looks for for their pet ('Gezochte hulp').
    LookingFor {
        /// Walking the dog.
        Uitlaten = "Uitlaten" => "Uitlaten";
        /// Sitting in the owner's home.
        OppassenThuis = "Oppassen bij jou thuis" => "Oppassen bij jou thuis";
        /// Staying over at the sitter's.
        Logeren = "Logeren" => "Logeren";
        /// Day care.
        Dagopvang = "Dagopvang" => "Dagopvang";
        /// Care while the owner is on holiday.
        Vakantie = "Verzorging tijdens vakantie" => "Verzorging tijdens vakantie";
        /// Feeding and looking in at home.
        Huisbezoek = "Huisbezoek" => "Huisbezoek (voeren en verzorgen)";
        /// Help at short notice.
        Noodopvang = "Noodopvang" => "Noodopvang";
    }
);

vocabulary!(
    /// What a volunteer asks per hour: the wizard's bands, the edit dialog's amounts.
    HourlyRate {
        /// Free: a volunteer.
        Gratis = "gratis" => "Gratis";
        /// €5 to €10.
        Band5Tot10 = "5-10" => "€5-10 per uur", Wizard;
        /// €10 to €15.
        Band10Tot15 = "10-15" => "€10-15 per uur", Wizard;
        /// €15 to €20.
        Band15Tot20 = "15-20" => "€15-20 per uur", Wizard;
        /// €20 and more.
        Vanaf20 = "20+" => "€20+ per uur", Wizard;
        /// €5.
        Euro5 = "5" => "€5 per uur", Edit;
        /// €7.50.
        Euro7_50 = "7.50" => "€7,50 per uur", Edit;
        /// €10.
        Euro10 = "10" => "€10 per uur", Edit;
        /// €12.50.
        Euro12_50 = "12.50" => "€12,50 per uur", Edit;
        /// €15.
        Euro15 = "15" => "€15 per uur", Edit;
        /// €17.50.
        Euro17_50 = "17.50" => "€17,50 per uur", Edit;
        /// €20.
        Euro20 = "20" => "€20 per uur", Edit;
        /// To be agreed.
        Onderhandeling = "onderhandeling" => "In overleg";
    }
);

vocabulary!(
    /// Whether a volunteer has pets of their own: the wizard's detail, the edit dialog's summary.
    HasOwnPet {
        /// No.
        Nee = "nee" => "Nee";
        /// A dog.
        JaHond = "ja-hond" => "Ja, een hond", Wizard;
        /// A cat.
        JaKat = "ja-kat" => "Ja, een kat", Wizard;
        /// A dog and a cat.
        JaBeide = "ja-beide" => "Ja, een hond en een kat", Wizard;
        /// Another pet.
        JaAnders = "ja-anders" => "Ja, een ander huisdier", Wizard;
        /// A dog and/or a cat.
        JaHondKat = "ja-hond-kat" => "Ja, hond en/of kat", Edit;
        /// Other pets.
        JaAndere = "ja-andere" => "Ja, andere huisdieren", Edit;
    }
);

vocabulary!(
    /// What a volunteer is good at: the wizard's six, and the edit dialog's longer list.
    Specialty {
        /// Puppies.
        Puppys = "Puppy's" => "Puppy's";
        /// Older animals.
        OudereDieren = "Oudere dieren" => "Oudere dieren";
        /// Giving medication.
        Medicatie = "Medicatie toedienen" => "Medicatie toedienen";
        /// Anxious animals.
        AngstigeDieren = "Angstige dieren" => "Angstige dieren";
        /// Large dogs.
        GroteHonden = "Grote honden" => "Grote honden";
        /// Training.
        Training = "Training" => "Training";
        /// Cats.
        Katten = "Katten" => "Katten", Edit;
        /// Small animals.
        KleineDieren = "Kleine dieren" => "Kleine dieren", Edit;
        /// Long walks.
        LangeWandelingen = "Lange wandelingen" => "Lange wandelingen", Edit;
        /// Special diets.
        SpecialeDieten = "Speciale diëten" => "Speciale diëten", Edit;
        /// First aid for animals.
        Ehbo = "EHBO voor dieren" => "EHBO voor dieren", Edit;
    }
);

vocabulary!(
    /// Languages someone speaks: the wizard's four, the edit dialog's twelve.
    Language {
        /// Dutch.
        Nederlands = "Nederlands" => "Nederlands";
        /// English.
        Engels = "Engels" => "Engels";
        /// German.
        Duits = "Duits" => "Duits";
        /// French.
        Frans = "Frans" => "Frans";
        /// Spanish.
        Spaans = "Spaans" => "Spaans", Edit;
        /// Italian.
        Italiaans = "Italiaans" => "Italiaans", Edit;
        /// Portuguese.
        Portugees = "Portugees" => "Portugees", Edit;
        /// Turkish.
        Turks = "Turks" => "Turks", Edit;
        /// Arabic.
        Arabisch = "Arabisch" => "Arabisch", Edit;
        /// Polish.
        Pools = "Pools" => "Pools", Edit;
        /// Frisian.
        Fries = "Fries" => "Fries", Edit;
        /// Papiamento.
        Papiaments = "Papiaments" => "Papiaments", Edit;
    }
);

vocabulary!(
    /// How far a volunteer travels, in km: the wizard's 1 to 15, the edit dialog's 5 to 30. It
    /// travels as a number; no value is 'Geen voorkeur'.
    Distance {
        /// 1 km.
        Km1 = "1" => "1 km", Wizard;
        /// 3 km.
        Km3 = "3" => "3 km", Wizard;
        /// 5 km.
        Km5 = "5" => "5 km";
        /// 10 km.
        Km10 = "10" => "10 km";
        /// 15 km.
        Km15 = "15" => "15 km";
        /// 20 km.
        Km20 = "20" => "20 km", Edit;
        /// 25 km.
        Km25 = "25" => "25 km", Edit;
        /// 30 km.
        Km30 = "30" => "30 km", Edit;
    }
    as integer
);

impl Distance {
    /// The distance in km.
    #[must_use]
    pub fn km(self) -> i32 {
        self.value().parse().unwrap_or_default()
    }

    /// The choice for a distance in km, if it is one.
    #[must_use]
    pub fn from_km(km: i32) -> Option<Self> {
        Self::ALL.iter().copied().find(|d| d.km() == km)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trips<V: Vocabulary>() {
        for value in V::ALL {
            assert_eq!(V::parse(value.value()), Some(*value), "{value:?}");
            assert!(!value.label().is_empty(), "{value:?} has a label");
        }
        let mut seen: Vec<&str> = V::ALL.iter().map(|v| v.value()).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), V::ALL.len(), "values are unique");
    }

    #[test]
    fn every_value_parses_back_to_itself_and_has_a_label() {
        round_trips::<ProfileType>();
        round_trips::<Species>();
        round_trips::<PetSize>();
        round_trips::<PetGender>();
        round_trips::<Neutered>();
        round_trips::<Vaccinated>();
        round_trips::<Chipped>();
        round_trips::<GoodWith>();
        round_trips::<Experience>();
        round_trips::<TransportMode>();
        round_trips::<Availability>();
        round_trips::<LookingFor>();
        round_trips::<ReportReason>();
        round_trips::<AfspraakOutcome>();
        round_trips::<ReportStatus>();
        round_trips::<SignInMethod>();
        round_trips::<HourlyRate>();
        round_trips::<HasOwnPet>();
        round_trips::<Specialty>();
        round_trips::<Language>();
        round_trips::<Distance>();
        round_trips::<LastActive>();
    }

    #[test]
    fn values_are_case_sensitive() {
        assert_eq!(PetSize::parse("Klein"), None);
        assert_eq!(ProfileType::parse("Huisdier"), None);
    }

    #[test]
    fn each_screen_offers_its_own_list() {
        let wizard: Vec<&str> = HourlyRate::ALL
            .iter()
            .filter(|r| r.screen().in_wizard())
            .map(|r| r.value())
            .collect();
        assert_eq!(wizard, ["gratis", "5-10", "10-15", "15-20", "20+", "onderhandeling"]);
        let edit: Vec<i32> = Distance::ALL
            .iter()
            .filter(|d| d.screen().in_edit())
            .map(|d| d.km())
            .collect();
        assert_eq!(edit, [5, 10, 15, 20, 25, 30]);
        assert_eq!(Language::ALL.iter().filter(|l| l.screen().in_edit()).count(), 12);
        assert_eq!(Language::ALL.iter().filter(|l| l.screen().in_wizard()).count(), 4);
    }

    #[test]
    fn distances_travel_as_numbers_and_words_as_strings() {
        assert_eq!(serde_json::to_string(&Distance::Km15).ok().as_deref(), Some("15"));
        assert_eq!(serde_json::from_str::<Distance>("3").ok(), Some(Distance::Km3));
        assert!(serde_json::from_str::<Distance>("4").is_err());
        assert_eq!(
            serde_json::to_string(&HourlyRate::Euro7_50).ok().as_deref(),
            Some("\"7.50\"")
        );
        assert_eq!(Distance::from_km(30).map(Distance::km), Some(30));
    }

    #[test]
    fn stored_values_no_longer_known_are_left_out() {
        let list = stored_list::<GoodWith>(&["Kinderen".to_owned(), "Paarden".to_owned()]);
        assert_eq!(list, [GoodWith::Kinderen]);
        assert_eq!(stored::<PetSize>(Some("reusachtig")), None);
    }
}

vocabulary!(
    /// The kind of help an afspraak is for.
    AppointmentKind {
        /// A first meeting, to get to know each other and the pet.
        Kennismaking = "kennismaking" => "Kennismaking";
        /// Walking a dog.
        Uitlaten = "uitlaten" => "Uitlaten";
        /// Looking after the pet at the owner's home.
        OppassenThuis = "oppassen-thuis" => "Oppassen bij de baas thuis";
        /// The pet stays at the sitter's.
        Logeren = "logeren" => "Logeren bij de oppas";
        /// The pet spends the day at the sitter's.
        Dagopvang = "dagopvang" => "Dagopvang";
        /// Calls at the owner's home to feed and care for the pet.
        Huisbezoek = "huisbezoek" => "Huisbezoek (eten geven en verzorgen)";
    }
);

vocabulary!(
    /// Where an afspraak stands. A proposal is answered (accepted, declined or met with another
    /// proposal) or withdrawn; an accepted afspraak is cancelled before it starts or is over
    /// once it has ended.
    AppointmentState {
        /// Proposed, waiting for the other's answer.
        Voorgesteld = "voorgesteld" => "Voorgesteld";
        /// Accepted by the other.
        Geaccepteerd = "geaccepteerd" => "Geaccepteerd";
        /// Declined by the other.
        Afgewezen = "afgewezen" => "Afgewezen";
        /// The other proposed another time instead.
        Tegenvoorstel = "tegenvoorstel" => "Ander voorstel gedaan";
        /// Withdrawn by the one who proposed it.
        Ingetrokken = "ingetrokken" => "Ingetrokken";
        /// Cancelled by either before it started.
        Geannuleerd = "geannuleerd" => "Geannuleerd";
        /// Accepted and over.
        Afgerond = "afgerond" => "Afgerond";
    }
);

vocabulary!(
    /// A part of the day in a sitter's week.
    DayPart {
        /// Until noon.
        Ochtend = "ochtend" => "Ochtend";
        /// From noon until six.
        Middag = "middag" => "Middag";
        /// From six.
        Avond = "avond" => "Avond";
    }
);

vocabulary!(
    /// A day of the week, Monday first, as a sitter's week grid lists them.
    WeekDay {
        /// Monday.
        Maandag = "maandag" => "Maandag";
        /// Tuesday.
        Dinsdag = "dinsdag" => "Dinsdag";
        /// Wednesday.
        Woensdag = "woensdag" => "Woensdag";
        /// Thursday.
        Donderdag = "donderdag" => "Donderdag";
        /// Friday.
        Vrijdag = "vrijdag" => "Vrijdag";
        /// Saturday.
        Zaterdag = "zaterdag" => "Zaterdag";
        /// Sunday.
        Zondag = "zondag" => "Zondag";
    }
);

impl WeekDay {
    /// The day as chrono counts it.
    #[must_use]
    pub const fn chrono(self) -> chrono::Weekday {
        match self {
            Self::Maandag => chrono::Weekday::Mon,
            Self::Dinsdag => chrono::Weekday::Tue,
            Self::Woensdag => chrono::Weekday::Wed,
            Self::Donderdag => chrono::Weekday::Thu,
            Self::Vrijdag => chrono::Weekday::Fri,
            Self::Zaterdag => chrono::Weekday::Sat,
            Self::Zondag => chrono::Weekday::Sun,
        }
    }

    /// Where the day stands in the week, Monday 0: the one numbering of days every stored week
    /// (a sitter's day parts, an owner's regular days) is laid out by.
    #[must_use]
    pub fn index(day: chrono::Weekday) -> usize {
        day.num_days_from_monday() as usize
    }
}

vocabulary!(
    /// When an owner looks for help with a pet.
    HelpKind {
        /// From one day until another.
        Periode = "periode" => "In een periode";
        /// Regularly, on some days of the week.
        Regelmatig = "regelmatig" => "Regelmatig";
    }
);

vocabulary!(
    /// 'Is de afspraak doorgegaan?': each of an afspraak's two answers it after its end, before
    /// writing a reference ([`crate::appointments::outcomes`]).
    AfspraakOutcome {
        /// It took place.
        Ja = "ja" => "Ja";
        /// The other person did not come.
        NietGekomen = "niet-gekomen" => "Nee, de ander kwam niet";
        /// The two called it off together.
        Afgezegd = "afgezegd" => "Nee, we hebben het samen afgezegd";
    }
);

vocabulary!(
    /// What a reference may say in a word besides its text.
    ReferenceTag {
        /// Did what was agreed.
        Betrouwbaar = "betrouwbaar" => "Betrouwbaar";
        /// Was there when agreed.
        OpTijd = "op-tijd" => "Op tijd";
        /// Kind and careful with the animals.
        LiefVoorDieren = "lief-voor-dieren" => "Lief voor dieren";
        /// Kept the other informed.
        GoedeCommunicatie = "goede-communicatie" => "Goede communicatie";
        /// Clear about the pet's needs (a reference about an owner).
        DuidelijkeUitleg = "duidelijke-uitleg" => "Duidelijke uitleg";
        /// Left the home or the pet's things as found.
        NetjesAchtergelaten = "netjes-achtergelaten" => "Netjes achtergelaten";
    }
);
