// Generated from openapi.json by scripts/gen-vocabulary.mjs (run scripts/api-types). Do not edit:
// the enumerations and rules are declared once, on the server.
import type { components } from './openapi';

type Schemas = components['schemas'];

/** A closed list of values with the Dutch label people read for each. */
export interface Vocabulary<Value extends string | number> {
  /** Every value, in the order the screens list them. */
  readonly values: readonly [Value, ...Value[]];
  /** The label of each value. */
  readonly labels: Readonly<Record<Value, string>>;
  /** The values the wizard offers. */
  readonly wizard: readonly Value[];
  /** The values the edit dialog offers. */
  readonly edit: readonly Value[];
}

/** 'Is de afspraak doorgegaan?': each of an afspraak's two answers it after its end, before writing a reference ([`crate::appointments::outcomes`]). */
export const AfspraakOutcome: Vocabulary<Schemas["AfspraakOutcome"]> = {
  values: ["ja", "niet-gekomen", "afgezegd"],
  labels: {
    "ja": "Ja",
    "niet-gekomen": "Nee, de ander kwam niet",
    "afgezegd": "Nee, we hebben het samen afgezegd",
  },
  wizard: ["ja", "niet-gekomen", "afgezegd"],
  edit: ["ja", "niet-gekomen", "afgezegd"],
};

/** The kind of help an afspraak is for. */
export const AppointmentKind: Vocabulary<Schemas["AppointmentKind"]> = {
  values: ["kennismaking", "uitlaten", "oppassen-thuis", "logeren", "dagopvang", "huisbezoek"],
  labels: {
    "kennismaking": "Kennismaking",
    "uitlaten": "Uitlaten",
    "oppassen-thuis": "Oppassen bij de baas thuis",
    "logeren": "Logeren bij de oppas",
    "dagopvang": "Dagopvang",
    "huisbezoek": "Huisbezoek (eten geven en verzorgen)",
  },
  wizard: ["kennismaking", "uitlaten", "oppassen-thuis", "logeren", "dagopvang", "huisbezoek"],
  edit: ["kennismaking", "uitlaten", "oppassen-thuis", "logeren", "dagopvang", "huisbezoek"],
};

/** Where an afspraak stands. A proposal is answered (accepted, declined or met with another proposal) or withdrawn; an accepted afspraak is cancelled before it starts or is over once it has ended. */
export const AppointmentState: Vocabulary<Schemas["AppointmentState"]> = {
  values: ["voorgesteld", "geaccepteerd", "afgewezen", "tegenvoorstel", "ingetrokken", "geannuleerd", "afgerond"],
  labels: {
    "voorgesteld": "Voorgesteld",
    "geaccepteerd": "Geaccepteerd",
    "afgewezen": "Afgewezen",
    "tegenvoorstel": "Ander voorstel gedaan",
    "ingetrokken": "Ingetrokken",
    "geannuleerd": "Geannuleerd",
    "afgerond": "Afgerond",
  },
  wizard: ["voorgesteld", "geaccepteerd", "afgewezen", "tegenvoorstel", "ingetrokken", "geannuleerd", "afgerond"],
  edit: ["voorgesteld", "geaccepteerd", "afgewezen", "tegenvoorstel", "ingetrokken", "geannuleerd", "afgerond"],
};

/** Moments and services a volunteer offers: the wizard's six moments, and the edit dialog's longer list with services. */
export const Availability: Vocabulary<Schemas["Availability"]> = {
  values: ["Doordeweeks overdag", "Doordeweeks avond", "Weekend overdag", "Weekend avond", "Vakantieperiodes", "Noodgevallen", "Uitlaten", "Dagopvang", "Logeren", "Huisbezoek", "Kattenverzorging", "Verzorging kleine dieren"],
  labels: {
    "Doordeweeks overdag": "Doordeweeks overdag",
    "Doordeweeks avond": "Doordeweeks avond",
    "Weekend overdag": "Weekend overdag",
    "Weekend avond": "Weekend avond",
    "Vakantieperiodes": "Vakantieperiodes",
    "Noodgevallen": "Noodgevallen",
    "Uitlaten": "Uitlaten",
    "Dagopvang": "Dagopvang",
    "Logeren": "Logeren",
    "Huisbezoek": "Huisbezoek",
    "Kattenverzorging": "Kattenverzorging",
    "Verzorging kleine dieren": "Verzorging kleine dieren",
  },
  wizard: ["Doordeweeks overdag", "Doordeweeks avond", "Weekend overdag", "Weekend avond", "Vakantieperiodes", "Noodgevallen"],
  edit: ["Doordeweeks overdag", "Doordeweeks avond", "Weekend overdag", "Weekend avond", "Vakantieperiodes", "Noodgevallen", "Uitlaten", "Dagopvang", "Logeren", "Huisbezoek", "Kattenverzorging", "Verzorging kleine dieren"],
};

/** Whether a pet is chipped. */
export const Chipped: Vocabulary<Schemas["Chipped"]> = {
  values: ["ja", "nee", "onbekend"],
  labels: {
    "ja": "Ja",
    "nee": "Nee",
    "onbekend": "Onbekend",
  },
  wizard: ["ja", "nee", "onbekend"],
  edit: ["ja", "nee", "onbekend"],
};

/** What makes a profile one people can judge, as the dashboard's checklist names it ([`crate::profiles::completeness`]). */
export const CompletenessStep: Vocabulary<Schemas["CompletenessStep"]> = {
  values: ["foto", "over-mij", "week", "huisdieren"],
  labels: {
    "foto": "Een profielfoto",
    "over-mij": "Een paar zinnen over jezelf",
    "week": "Je week: wanneer je kunt helpen",
    "huisdieren": "Van elk huisdier de leeftijd, de grootte en een foto",
  },
  wizard: ["foto", "over-mij", "week", "huisdieren"],
  edit: ["foto", "over-mij", "week", "huisdieren"],
};

/** A part of the day in a sitter's week. */
export const DayPart: Vocabulary<Schemas["DayPart"]> = {
  values: ["ochtend", "middag", "avond"],
  labels: {
    "ochtend": "Ochtend",
    "middag": "Middag",
    "avond": "Avond",
  },
  wizard: ["ochtend", "middag", "avond"],
  edit: ["ochtend", "middag", "avond"],
};

/** How far a volunteer travels, in km: the wizard's 1 to 15, the edit dialog's 5 to 30. It travels as a number; no value is 'Geen voorkeur'. */
export const Distance: Vocabulary<Schemas["Distance"]> = {
  values: [1, 3, 5, 10, 15, 20, 25, 30],
  labels: {
    1: "1 km",
    3: "3 km",
    5: "5 km",
    10: "10 km",
    15: "15 km",
    20: "20 km",
    25: "25 km",
    30: "30 km",
  },
  wizard: [1, 3, 5, 10, 15],
  edit: [5, 10, 15, 20, 25, 30],
};

/** A volunteer's experience level. */
export const Experience: Vocabulary<Schemas["Experience"]> = {
  values: ["beginner", "ervaren", "expert", "professioneel"],
  labels: {
    "beginner": "Beginner",
    "ervaren": "Ervaren",
    "expert": "Expert",
    "professioneel": "Professioneel",
  },
  wizard: ["beginner", "ervaren", "expert", "professioneel"],
  edit: ["beginner", "ervaren", "expert", "professioneel"],
};

/** Who a pet gets along with. */
export const GoodWith: Vocabulary<Schemas["GoodWith"]> = {
  values: ["Kinderen", "Andere honden", "Katten", "Kleine dieren"],
  labels: {
    "Kinderen": "Kinderen",
    "Andere honden": "Andere honden",
    "Katten": "Katten",
    "Kleine dieren": "Kleine dieren",
  },
  wizard: ["Kinderen", "Andere honden", "Katten", "Kleine dieren"],
  edit: ["Kinderen", "Andere honden", "Katten", "Kleine dieren"],
};

/** Whether a volunteer has pets of their own: the wizard's detail, the edit dialog's summary. */
export const HasOwnPet: Vocabulary<Schemas["HasOwnPet"]> = {
  values: ["nee", "ja-hond", "ja-kat", "ja-beide", "ja-anders", "ja-hond-kat", "ja-andere"],
  labels: {
    "nee": "Nee",
    "ja-hond": "Ja, een hond",
    "ja-kat": "Ja, een kat",
    "ja-beide": "Ja, een hond en een kat",
    "ja-anders": "Ja, een ander huisdier",
    "ja-hond-kat": "Ja, hond en/of kat",
    "ja-andere": "Ja, andere huisdieren",
  },
  wizard: ["nee", "ja-hond", "ja-kat", "ja-beide", "ja-anders"],
  edit: ["nee", "ja-hond-kat", "ja-andere"],
};

/** When an owner looks for help with a pet. */
export const HelpKind: Vocabulary<Schemas["HelpKind"]> = {
  values: ["periode", "regelmatig"],
  labels: {
    "periode": "In een periode",
    "regelmatig": "Regelmatig",
  },
  wizard: ["periode", "regelmatig"],
  edit: ["periode", "regelmatig"],
};

/** What a volunteer asks per hour: the wizard's bands, the edit dialog's amounts. */
export const HourlyRate: Vocabulary<Schemas["HourlyRate"]> = {
  values: ["gratis", "5-10", "10-15", "15-20", "20+", "5", "7.50", "10", "12.50", "15", "17.50", "20", "onderhandeling"],
  labels: {
    "gratis": "Gratis",
    "5-10": "€5-10 per uur",
    "10-15": "€10-15 per uur",
    "15-20": "€15-20 per uur",
    "20+": "€20+ per uur",
    "5": "€5 per uur",
    "7.50": "€7,50 per uur",
    "10": "€10 per uur",
    "12.50": "€12,50 per uur",
    "15": "€15 per uur",
    "17.50": "€17,50 per uur",
    "20": "€20 per uur",
    "onderhandeling": "In overleg",
  },
  wizard: ["gratis", "5-10", "10-15", "15-20", "20+", "onderhandeling"],
  edit: ["gratis", "5", "7.50", "10", "12.50", "15", "17.50", "20", "onderhandeling"],
};

/** Languages someone speaks: the wizard's four, the edit dialog's twelve. */
export const Language: Vocabulary<Schemas["Language"]> = {
  values: ["Nederlands", "Engels", "Duits", "Frans", "Spaans", "Italiaans", "Portugees", "Turks", "Arabisch", "Pools", "Fries", "Papiaments"],
  labels: {
    "Nederlands": "Nederlands",
    "Engels": "Engels",
    "Duits": "Duits",
    "Frans": "Frans",
    "Spaans": "Spaans",
    "Italiaans": "Italiaans",
    "Portugees": "Portugees",
    "Turks": "Turks",
    "Arabisch": "Arabisch",
    "Pools": "Pools",
    "Fries": "Fries",
    "Papiaments": "Papiaments",
  },
  wizard: ["Nederlands", "Engels", "Duits", "Frans"],
  edit: ["Nederlands", "Engels", "Duits", "Frans", "Spaans", "Italiaans", "Portugees", "Turks", "Arabisch", "Pools", "Fries", "Papiaments"],
};

/** When a person was last on the platform, kept coarse on purpose: never finer than the day. */
export const LastActive: Vocabulary<Schemas["LastActive"]> = {
  values: ["vandaag", "deze-week", "deze-maand", "langer"],
  labels: {
    "vandaag": "Vandaag actief",
    "deze-week": "Deze week actief",
    "deze-maand": "Deze maand actief",
    "langer": "Langer dan een maand niet actief",
  },
  wizard: ["vandaag", "deze-week", "deze-maand", "langer"],
  edit: ["vandaag", "deze-week", "deze-maand", "langer"],
};

/** The help an owner looks for for their pet ('Gezochte hulp'). */
export const LookingFor: Vocabulary<Schemas["LookingFor"]> = {
  values: ["Uitlaten", "Oppassen bij jou thuis", "Logeren", "Dagopvang", "Verzorging tijdens vakantie", "Huisbezoek", "Noodopvang"],
  labels: {
    "Uitlaten": "Uitlaten",
    "Oppassen bij jou thuis": "Oppassen bij jou thuis",
    "Logeren": "Logeren",
    "Dagopvang": "Dagopvang",
    "Verzorging tijdens vakantie": "Verzorging tijdens vakantie",
    "Huisbezoek": "Huisbezoek (voeren en verzorgen)",
    "Noodopvang": "Noodopvang",
  },
  wizard: ["Uitlaten", "Oppassen bij jou thuis", "Logeren", "Dagopvang", "Verzorging tijdens vakantie", "Huisbezoek", "Noodopvang"],
  edit: ["Uitlaten", "Oppassen bij jou thuis", "Logeren", "Dagopvang", "Verzorging tijdens vakantie", "Huisbezoek", "Noodopvang"],
};

/** What a moderator did, as the moderators' log records it. */
export const ModerationAction: Vocabulary<Schemas["ModerationAction"]> = {
  values: ["hide", "show", "close-report", "hide-reference", "show-reference", "suspend", "lift-suspension", "export-suspended"],
  labels: {
    "hide": "Profiel verborgen",
    "show": "Profiel weer zichtbaar",
    "close-report": "Melding afgehandeld",
    "hide-reference": "Referentie verborgen",
    "show-reference": "Referentie weer zichtbaar",
    "suspend": "Account geschorst",
    "lift-suspension": "Schorsing opgeheven",
    "export-suspended": "Gegevens van geschorst account gedownload",
  },
  wizard: ["hide", "show", "close-report", "hide-reference", "show-reference", "suspend", "lift-suspension", "export-suspended"],
  edit: ["hide", "show", "close-report", "hide-reference", "show-reference", "suspend", "lift-suspension", "export-suspended"],
};

/** Whether a pet is neutered or sterilised. */
export const Neutered: Vocabulary<Schemas["Neutered"]> = {
  values: ["ja", "nee", "onbekend"],
  labels: {
    "ja": "Ja",
    "nee": "Nee",
    "onbekend": "Onbekend",
  },
  wizard: ["ja", "nee", "onbekend"],
  edit: ["ja", "nee", "onbekend"],
};

/** A pet's sex. */
export const PetGender: Vocabulary<Schemas["PetGender"]> = {
  values: ["reu", "teef"],
  labels: {
    "reu": "Reu",
    "teef": "Teef",
  },
  wizard: ["reu", "teef"],
  edit: ["reu", "teef"],
};

/** Size band of a pet: klein up to 10 kg, middel 10-25 kg, groot 25 kg and above. */
export const PetSize: Vocabulary<Schemas["PetSize"]> = {
  values: ["klein", "middel", "groot"],
  labels: {
    "klein": "Klein (tot 10 kg)",
    "middel": "Middel (10-25 kg)",
    "groot": "Groot (25+ kg)",
  },
  wizard: ["klein", "middel", "groot"],
  edit: ["klein", "middel", "groot"],
};

/** Which kind of profile a user has: an owner looking for a sitter, or a sitter. */
export const ProfileType: Vocabulary<Schemas["ProfileType"]> = {
  values: ["huisdier", "vrijwilliger"],
  labels: {
    "huisdier": "Huisdier",
    "vrijwilliger": "Vrijwilliger",
  },
  wizard: ["huisdier", "vrijwilliger"],
  edit: ["huisdier", "vrijwilliger"],
};

/** What a reference may say in a word besides its text. */
export const ReferenceTag: Vocabulary<Schemas["ReferenceTag"]> = {
  values: ["betrouwbaar", "op-tijd", "lief-voor-dieren", "goede-communicatie", "duidelijke-uitleg", "netjes-achtergelaten"],
  labels: {
    "betrouwbaar": "Betrouwbaar",
    "op-tijd": "Op tijd",
    "lief-voor-dieren": "Lief voor dieren",
    "goede-communicatie": "Goede communicatie",
    "duidelijke-uitleg": "Duidelijke uitleg",
    "netjes-achtergelaten": "Netjes achtergelaten",
  },
  wizard: ["betrouwbaar", "op-tijd", "lief-voor-dieren", "goede-communicatie", "duidelijke-uitleg", "netjes-achtergelaten"],
  edit: ["betrouwbaar", "op-tijd", "lief-voor-dieren", "goede-communicatie", "duidelijke-uitleg", "netjes-achtergelaten"],
};

/** Why someone reports a profile or a conversation. */
export const ReportReason: Vocabulary<Schemas["ReportReason"]> = {
  values: ["nep-profiel", "ongepast-gedrag", "oplichting", "anders", "veel-nieuwe-gesprekken", "vaak-niet-gekomen", "notitie-bij-referentie"],
  labels: {
    "nep-profiel": "Nep-profiel",
    "ongepast-gedrag": "Ongepast gedrag",
    "oplichting": "Oplichting of vraagt om geld",
    "anders": "Anders",
    "veel-nieuwe-gesprekken": "Veel nieuwe gesprekken op één dag",
    "vaak-niet-gekomen": "Vaker niet gekomen op een afspraak",
    "notitie-bij-referentie": "Notitie bij een referentie",
  },
  wizard: ["nep-profiel", "ongepast-gedrag", "oplichting", "anders"],
  edit: ["nep-profiel", "ongepast-gedrag", "oplichting", "anders"],
};

/** Where a report stands: open in the moderators' queue, or closed by one of them. */
export const ReportStatus: Vocabulary<Schemas["ReportStatus"]> = {
  values: ["open", "closed"],
  labels: {
    "open": "Open",
    "closed": "Afgehandeld",
  },
  wizard: ["open", "closed"],
  edit: ["open", "closed"],
};

/** The order of a search's cards: nearest first (only near a place; the default there), newest first (the default elsewhere), or the people most recently active first. */
export const SearchSort: Vocabulary<Schemas["SearchSort"]> = {
  values: ["aanbevolen", "afstand", "nieuwste", "recent-actief"],
  labels: {
    "aanbevolen": "Aanbevolen",
    "afstand": "Dichtstbij",
    "nieuwste": "Nieuwste",
    "recent-actief": "Recent actief",
  },
  wizard: ["aanbevolen", "afstand", "nieuwste", "recent-actief"],
  edit: ["aanbevolen", "afstand", "nieuwste", "recent-actief"],
};

/** A way of signing in: a one-time code by e-mail (open to every account), or Google. */
export const SignInMethod: Vocabulary<Schemas["SignInMethod"]> = {
  values: ["e-mailcode", "google"],
  labels: {
    "e-mailcode": "Een inlogcode per e-mail",
    "google": "Google",
  },
  wizard: ["e-mailcode", "google"],
  edit: ["e-mailcode", "google"],
};

/** What a volunteer is good at: the wizard's six, and the edit dialog's longer list. */
export const Specialty: Vocabulary<Schemas["Specialty"]> = {
  values: ["Puppy's", "Oudere dieren", "Medicatie toedienen", "Angstige dieren", "Grote honden", "Training", "Katten", "Kleine dieren", "Lange wandelingen", "Speciale diëten", "EHBO voor dieren"],
  labels: {
    "Puppy's": "Puppy's",
    "Oudere dieren": "Oudere dieren",
    "Medicatie toedienen": "Medicatie toedienen",
    "Angstige dieren": "Angstige dieren",
    "Grote honden": "Grote honden",
    "Training": "Training",
    "Katten": "Katten",
    "Kleine dieren": "Kleine dieren",
    "Lange wandelingen": "Lange wandelingen",
    "Speciale diëten": "Speciale diëten",
    "EHBO voor dieren": "EHBO voor dieren",
  },
  wizard: ["Puppy's", "Oudere dieren", "Medicatie toedienen", "Angstige dieren", "Grote honden", "Training"],
  edit: ["Puppy's", "Oudere dieren", "Medicatie toedienen", "Angstige dieren", "Grote honden", "Training", "Katten", "Kleine dieren", "Lange wandelingen", "Speciale diëten", "EHBO voor dieren"],
};

/** What kind of animal a pet is. What the platform asks and says about a pet follows it (its rules travel in `x-vocabulary` as `rules`). */
export const Species: Vocabulary<Schemas["Species"]> = {
  values: ["hond", "kat", "konijn", "knaagdier", "vogel", "vis", "reptiel", "paard-pony", "kip", "anders"],
  labels: {
    "hond": "Hond",
    "kat": "Kat",
    "konijn": "Konijn",
    "knaagdier": "Knaagdier",
    "vogel": "Vogel",
    "vis": "Vis",
    "reptiel": "Reptiel",
    "paard-pony": "Paard of pony",
    "kip": "Kip",
    "anders": "Anders",
  },
  wizard: ["hond", "kat", "konijn", "knaagdier", "vogel", "vis", "reptiel", "paard-pony", "kip", "anders"],
  edit: ["hond", "kat", "konijn", "knaagdier", "vogel", "vis", "reptiel", "paard-pony", "kip", "anders"],
};

/** How a volunteer gets around. */
export const TransportMode: Vocabulary<Schemas["TransportMode"]> = {
  values: ["lopend", "fiets", "auto", "ov"],
  labels: {
    "lopend": "Lopend",
    "fiets": "Fiets",
    "auto": "Auto",
    "ov": "Openbaar vervoer",
  },
  wizard: ["lopend", "fiets", "auto", "ov"],
  edit: ["lopend", "fiets", "auto", "ov"],
};

/** Whether a pet is vaccinated. */
export const Vaccinated: Vocabulary<Schemas["Vaccinated"]> = {
  values: ["ja", "deels", "nee", "onbekend"],
  labels: {
    "ja": "Ja, volledig",
    "deels": "Deels",
    "nee": "Nee",
    "onbekend": "Onbekend",
  },
  wizard: ["ja", "deels", "nee", "onbekend"],
  edit: ["ja", "deels", "nee", "onbekend"],
};

/** A day of the week, Monday first, as a sitter's week grid lists them. */
export const WeekDay: Vocabulary<Schemas["WeekDay"]> = {
  values: ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"],
  labels: {
    "maandag": "Maandag",
    "dinsdag": "Dinsdag",
    "woensdag": "Woensdag",
    "donderdag": "Donderdag",
    "vrijdag": "Vrijdag",
    "zaterdag": "Zaterdag",
    "zondag": "Zondag",
  },
  wizard: ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"],
  edit: ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"],
};

/** What follows from a pet's species, as the server declares and checks it. */
export interface SpeciesRule {
  /** The word for each sex, e.g. 'Kater' and 'Poes'. */
  readonly gender: Readonly<Record<Schemas['PetGender'], string>>;
  /** The size bands that fit; empty when a size says nothing. */
  readonly sizes: readonly Schemas['PetSize'][];
  /** The help ('Gezochte hulp') that can be asked. */
  readonly lookingFor: readonly Schemas['LookingFor'][];
  /** How the good-with list reads for this kind. */
  readonly goodWith: Readonly<Record<Schemas['GoodWith'], string>>;
  /** The kind in the plural, as in 'ervaring met katten'. */
  readonly plural: string;
  /** One of the kind, as in 'een kat'. */
  readonly one: string;
  /** The animals a sitter has experience with, by size band. */
  readonly experienceBySize: Readonly<Record<Schemas['PetSize'], string>>;
  /** An example of a breed for the form ('Europese korthaar'); empty when there is none. */
  readonly breedExample: string;
  /** An example of a weight for the form ('4 kg'); empty when there is none. */
  readonly weightExample: string;
}

/** The rules of every species (`x-vocabulary.rules` of Species in openapi.json). */
export const SPECIES_RULES: Readonly<Record<Schemas['Species'], SpeciesRule>> = {
  "anders": {
    "breedExample": "",
    "experienceBySize": {
      "groot": "grote huisdieren",
      "klein": "kleine huisdieren",
      "middel": "middelgrote huisdieren"
    },
    "gender": {
      "reu": "Mannetje",
      "teef": "Vrouwtje"
    },
    "goodWith": {
      "Andere honden": "Honden",
      "Katten": "Katten",
      "Kinderen": "Kinderen",
      "Kleine dieren": "Kleine dieren"
    },
    "lookingFor": [
      "Oppassen bij jou thuis",
      "Logeren",
      "Verzorging tijdens vakantie",
      "Huisbezoek",
      "Noodopvang"
    ],
    "one": "een huisdier",
    "plural": "huisdieren",
    "sizes": [
      "klein",
      "middel",
      "groot"
    ],
    "weightExample": ""
  },
  "hond": {
    "breedExample": "Labrador",
    "experienceBySize": {
      "groot": "grote honden",
      "klein": "kleine honden",
      "middel": "middelgrote honden"
    },
    "gender": {
      "reu": "Reu",
      "teef": "Teef"
    },
    "goodWith": {
      "Andere honden": "Andere honden",
      "Katten": "Katten",
      "Kinderen": "Kinderen",
      "Kleine dieren": "Kleine dieren"
    },
    "lookingFor": [
      "Uitlaten",
      "Oppassen bij jou thuis",
      "Logeren",
      "Dagopvang",
      "Verzorging tijdens vakantie",
      "Huisbezoek",
      "Noodopvang"
    ],
    "one": "een hond",
    "plural": "honden",
    "sizes": [
      "klein",
      "middel",
      "groot"
    ],
    "weightExample": "25 kg"
  },
  "kat": {
    "breedExample": "Europese korthaar",
    "experienceBySize": {
      "groot": "katten",
      "klein": "katten",
      "middel": "katten"
    },
    "gender": {
      "reu": "Kater",
      "teef": "Poes"
    },
    "goodWith": {
      "Andere honden": "Honden",
      "Katten": "Andere katten",
      "Kinderen": "Kinderen",
      "Kleine dieren": "Kleine dieren"
    },
    "lookingFor": [
      "Oppassen bij jou thuis",
      "Logeren",
      "Verzorging tijdens vakantie",
      "Huisbezoek",
      "Noodopvang"
    ],
    "one": "een kat",
    "plural": "katten",
    "sizes": [
      "klein",
      "middel"
    ],
    "weightExample": "4 kg"
  },
  "kip": {
    "breedExample": "Barnevelder",
    "experienceBySize": {
      "groot": "kippen",
      "klein": "kippen",
      "middel": "kippen"
    },
    "gender": {
      "reu": "Mannetje",
      "teef": "Vrouwtje"
    },
    "goodWith": {
      "Andere honden": "Honden",
      "Katten": "Katten",
      "Kinderen": "Kinderen",
      "Kleine dieren": "Kleine dieren"
    },
    "lookingFor": [
      "Oppassen bij jou thuis",
      "Verzorging tijdens vakantie",
      "Huisbezoek",
      "Noodopvang"
    ],
    "one": "een kip",
    "plural": "kippen",
    "sizes": [
      "klein"
    ],
    "weightExample": "2 kg"
  },
  "knaagdier": {
    "breedExample": "Cavia",
    "experienceBySize": {
      "groot": "knaagdieren",
      "klein": "knaagdieren",
      "middel": "knaagdieren"
    },
    "gender": {
      "reu": "Mannetje",
      "teef": "Vrouwtje"
    },
    "goodWith": {
      "Andere honden": "Honden",
      "Katten": "Katten",
      "Kinderen": "Kinderen",
      "Kleine dieren": "Kleine dieren"
    },
    "lookingFor": [
      "Oppassen bij jou thuis",
      "Logeren",
      "Verzorging tijdens vakantie",
      "Huisbezoek",
      "Noodopvang"
    ],
    "one": "een knaagdier",
    "plural": "knaagdieren",
    "sizes": [
      "klein"
    ],
    "weightExample": "1 kg"
  },
  "konijn": {
    "breedExample": "Hollander",
    "experienceBySize": {
      "groot": "konijnen",
      "klein": "konijnen",
      "middel": "konijnen"
    },
    "gender": {
      "reu": "Mannetje",
      "teef": "Vrouwtje"
    },
    "goodWith": {
      "Andere honden": "Honden",
      "Katten": "Katten",
      "Kinderen": "Kinderen",
      "Kleine dieren": "Kleine dieren"
    },
    "lookingFor": [
      "Oppassen bij jou thuis",
      "Logeren",
      "Verzorging tijdens vakantie",
      "Huisbezoek",
      "Noodopvang"
    ],
    "one": "een konijn",
    "plural": "konijnen",
    "sizes": [
      "klein",
      "middel"
    ],
    "weightExample": "2 kg"
  },
  "paard-pony": {
    "breedExample": "Shetlander",
    "experienceBySize": {
      "groot": "paarden en pony's",
      "klein": "paarden en pony's",
      "middel": "paarden en pony's"
    },
    "gender": {
      "reu": "Mannetje",
      "teef": "Vrouwtje"
    },
    "goodWith": {
      "Andere honden": "Honden",
      "Katten": "Katten",
      "Kinderen": "Kinderen",
      "Kleine dieren": "Kleine dieren"
    },
    "lookingFor": [
      "Dagopvang",
      "Verzorging tijdens vakantie",
      "Huisbezoek",
      "Noodopvang"
    ],
    "one": "een paard of pony",
    "plural": "paarden en pony's",
    "sizes": [
      "groot"
    ],
    "weightExample": "200 kg"
  },
  "reptiel": {
    "breedExample": "Baardagaam",
    "experienceBySize": {
      "groot": "grote reptielen",
      "klein": "kleine reptielen",
      "middel": "middelgrote reptielen"
    },
    "gender": {
      "reu": "Mannetje",
      "teef": "Vrouwtje"
    },
    "goodWith": {
      "Andere honden": "Honden",
      "Katten": "Katten",
      "Kinderen": "Kinderen",
      "Kleine dieren": "Kleine dieren"
    },
    "lookingFor": [
      "Oppassen bij jou thuis",
      "Verzorging tijdens vakantie",
      "Huisbezoek",
      "Noodopvang"
    ],
    "one": "een reptiel",
    "plural": "reptielen",
    "sizes": [
      "klein",
      "middel",
      "groot"
    ],
    "weightExample": "400 gram"
  },
  "vis": {
    "breedExample": "Goudvis",
    "experienceBySize": {
      "groot": "vissen",
      "klein": "vissen",
      "middel": "vissen"
    },
    "gender": {
      "reu": "Mannetje",
      "teef": "Vrouwtje"
    },
    "goodWith": {
      "Andere honden": "Honden",
      "Katten": "Katten",
      "Kinderen": "Kinderen",
      "Kleine dieren": "Kleine dieren"
    },
    "lookingFor": [
      "Oppassen bij jou thuis",
      "Verzorging tijdens vakantie",
      "Huisbezoek",
      "Noodopvang"
    ],
    "one": "een vis",
    "plural": "vissen",
    "sizes": [],
    "weightExample": "20 gram"
  },
  "vogel": {
    "breedExample": "Grasparkiet",
    "experienceBySize": {
      "groot": "vogels",
      "klein": "vogels",
      "middel": "vogels"
    },
    "gender": {
      "reu": "Mannetje",
      "teef": "Vrouwtje"
    },
    "goodWith": {
      "Andere honden": "Honden",
      "Katten": "Katten",
      "Kinderen": "Kinderen",
      "Kleine dieren": "Kleine dieren"
    },
    "lookingFor": [
      "Oppassen bij jou thuis",
      "Logeren",
      "Verzorging tijdens vakantie",
      "Huisbezoek",
      "Noodopvang"
    ],
    "one": "een vogel",
    "plural": "vogels",
    "sizes": [
      "klein"
    ],
    "weightExample": "40 gram"
  }
};

/** A search filter: the kind of profile that alone carries it, and what an "at least" value adds to its label. */
export interface SearchFilterRule {
  readonly only: Schemas['ProfileType'] | null;
  readonly atLeast: string | null;
}

/** Every facet filter of a search by its parameter, in the order the screens list them (`x-filter` in openapi.json). */
export const SEARCH_FILTERS = {
  "species": {
    "atLeast": null,
    "only": null
  },
  "size": {
    "atLeast": null,
    "only": "huisdier"
  },
  "lookingFor": {
    "atLeast": null,
    "only": "huisdier"
  },
  "goodWith": {
    "atLeast": null,
    "only": "huisdier"
  },
  "offers": {
    "atLeast": null,
    "only": "vrijwilliger"
  },
  "experience": {
    "atLeast": "of meer",
    "only": "vrijwilliger"
  },
  "availableOn": {
    "atLeast": null,
    "only": "vrijwilliger"
  },
  "dayPart": {
    "atLeast": null,
    "only": "vrijwilliger"
  },
  "availableFrom": {
    "atLeast": null,
    "only": "vrijwilliger"
  },
  "availableUntil": {
    "atLeast": null,
    "only": "vrijwilliger"
  }
} as const satisfies Readonly<Record<string, SearchFilterRule>>;

/** An order of a search: whether it needs a place, and whether it is the default near a place or elsewhere. */
export interface SearchSortRule {
  readonly needsPlace: boolean;
  readonly defaultNear: boolean;
  readonly defaultElsewhere: boolean;
}

/** The help of a pet's list each kind of afspraak gives; null for one that suits every pet (`x-vocabulary.rules` of AppointmentKind). */
export const APPOINTMENT_KIND_HELP: Readonly<Record<Schemas['AppointmentKind'], Schemas['LookingFor'] | null>> = {
  "dagopvang": "Dagopvang",
  "huisbezoek": "Huisbezoek",
  "kennismaking": null,
  "logeren": "Logeren",
  "oppassen-thuis": "Oppassen bij jou thuis",
  "uitlaten": "Uitlaten"
};

/** The rules of every order (`x-vocabulary.rules` of SearchSort in openapi.json). */
export const SEARCH_SORT_RULES: Readonly<Record<Schemas['SearchSort'], SearchSortRule>> = {
  "aanbevolen": {
    "defaultElsewhere": true,
    "defaultNear": false,
    "needsPlace": false
  },
  "afstand": {
    "defaultElsewhere": false,
    "defaultNear": true,
    "needsPlace": true
  },
  "nieuwste": {
    "defaultElsewhere": false,
    "defaultNear": false,
    "needsPlace": false
  },
  "recent-actief": {
    "defaultElsewhere": false,
    "defaultNear": false,
    "needsPlace": false
  }
};

/** The most characters of each text field of a profile, as the server checks them. */
export const DRAFT_MAX_LENGTH = {
  avatarUrl: 2000,
  bio: 2000,
  coverImageUrl: 2000,
  experience: 100,
  firstName: 50,
  lastName: 50,
  location: 100,
  ownerAvatarUrl: 2000,
  ownerBio: 2000,
  petAge: 100,
  petBreed: 100,
  petName: 50,
  petPersonality: 2000,
  petSpecialNeeds: 2000,
  petWeight: 100,
  phone: 20,
} as const;

/** A postcode: four digits, 1000 to 9999. */
export const POSTCODE_PATTERN = new RegExp("^[1-9][0-9]{3}$");

/** The fields a sitter's profile must fill in before it is published. */
export const VOLUNTEER_REQUIRED = ["bio", "location", "postalCode"] as const;

/** Fewest characters of a sitter's 'Over mij'. */
export const VOLUNTEER_BIO_MIN = 50;

/** The server's refusal of each field a sitter left out (or, for 'Over mij', wrote too little in). */
export const VOLUNTEER_MESSAGES: Readonly<Record<(typeof VOLUNTEER_REQUIRED)[number], string>> = {
  "bio": "Schrijf minstens 50 tekens over jezelf.",
  "location": "Vul je woonplaats in.",
  "postalCode": "Vul je postcode in."
};

/** The most characters of each name at sign-up, as the server checks them. */
export const SIGN_UP_NAME_MAX = 50;

/** The most characters of a report's note, as the server checks them. */
export const REPORT_NOTE_MAX = 1000;

/** The most characters of each text of a pet's zorgkaart, as the server checks them. */
export const CARE_TEXT_MAX = 2000;

/** How many days after an afspraak's end its sitter still reads the zorgkaart of its pets. */
export const CARE_SITTER_DAYS_AFTER = 7;

/** The most characters of a message (after trimming), as the server checks them. */
export const MESSAGE_MAX = 2000;

/** The most characters of a moderator's note (closing a report, a suspension's reason), as the server checks them. */
export const MODERATION_NOTE_MAX = 1000;

/** How many days back the people a suspended account wrote to are warned. */
export const SUSPENSION_WARN_DAYS = 30;

/** How long a mailed code stays valid, in seconds. */
export const CODE_VALID_SECONDS = 600;

/** Where people write to the organisation. */
export const CONTACT_EMAIL = "info@oppasmaatje.nl";

/** The most periods away a sitter keeps. */
export const AWAY_PERIODS_MAX = 10;

/** The most favourites one person keeps. */
export const FAVOURITES_MAX = 500;

/** The most characters of a search text, as the server checks them. */
export const SEARCH_QUERY_MAX = 100;

/** The most characters of the postcode or place a search is near, as the server checks them. */
export const SEARCH_PLACE_MAX = 100;

/** Profiles per page of a search unless asked otherwise. */
export const SEARCH_PER_PAGE = 24;

/** The largest image the server takes, in bytes. */
export const MAX_IMAGE_BYTES = 5242880;

/** The most megapixels an image may declare; the server refuses a larger one unread. */
export const MAX_IMAGE_MEGAPIXELS = 24;

/** The kinds of image the server takes, by media type (a file picker's `accept`). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg","image/png","image/gif","image/webp"] as const;

/** How far a search near a place reaches unless asked otherwise, in km. */
export const DEFAULT_RADIUS_KM = 10;

/** A phone number's characters: digits, +, spaces, dashes and brackets. */
export const PHONE_PATTERN = new RegExp("^[0-9+ ()-]+$");

/** Fewest digits in a phone number. */
export const PHONE_MIN_DIGITS = 6;

/** The oldest date of birth the server accepts (`YYYY-MM-DD`). */
export const OLDEST_BIRTH_DATE = "1900-01-01";

/** The youngest age of a member, in whole years. */
export const MIN_AGE = 18;

/** Every field of the profile draft (ProfileDraftBody): a list, or one value. */
export const DRAFT_FIELDS = {
  "availability": "list",
  "avatarUrl": "one",
  "bio": "one",
  "coverImageUrl": "one",
  "dateOfBirth": "one",
  "email": "one",
  "experience": "one",
  "firstName": "one",
  "hasOwnPet": "one",
  "hourlyRate": "one",
  "languages": "list",
  "lastName": "one",
  "location": "one",
  "maxDistance": "one",
  "ownerAvatarUrl": "one",
  "ownerBio": "one",
  "petAge": "one",
  "petBreed": "one",
  "petChipped": "one",
  "petGender": "one",
  "petGoodWith": "list",
  "petId": "one",
  "petLookingFor": "list",
  "petName": "one",
  "petNeutered": "one",
  "petPersonality": "one",
  "petSize": "one",
  "petSpecialNeeds": "one",
  "petSpecies": "one",
  "petVaccinated": "one",
  "petWeight": "one",
  "phone": "one",
  "postalCode": "one",
  "profileType": "one",
  "specialties": "list",
  "species": "list",
  "transportMode": "one",
  "userId": "one"
} as const;

/** The server's refusals of the draft's fields that a form checks before it sends. */
export const DRAFT_REFUSALS = {
  "firstName": "Voornaam is verplicht",
  "petName": "De naam van je huisdier is verplicht",
  "postalCode": "Postcode moet uit 4 cijfers bestaan (bijvoorbeeld: 1234).",
  "postalCodeLeadingZero": "Een postcode begint niet met 0 (bijvoorbeeld: 1234).",
  "phone": "Vul een geldig telefoonnummer in.",
  "dateOfBirth": "Vul een geldige geboortedatum in (jjjj-mm-dd).",
  "dateOfBirthAdult": "Oppasmaatje is voor mensen van 18 jaar en ouder. Controleer je geboortedatum.",
  "dateOfBirthFuture": "Een geboortedatum ligt niet in de toekomst. Kies de dag waarop je bent geboren."
} as const;

/** The server's refusals of the sign-up and the code that their forms check before they send. */
export const SIGN_IN_REFUSALS = {
  "firstNameRequired": "Voornaam is verplicht",
  "lastNameRequired": "Achternaam is verplicht",
  "emailRequired": "E-mailadres is verplicht",
  "emailTooLong": "E-mailadres is te lang",
  "emailInvalid": "Voer een geldig e-mailadres in",
  "termsRequired": "Je moet akkoord gaan met de algemene voorwaarden",
  "code": "Voer een geldige 6-cijferige code in"
} as const;

/** The longest e-mail address the server takes. */
export const EMAIL_MAX = 254;

/** The server's refusal of a file that is not an image it takes. */
export const NOT_AN_IMAGE = "Alleen afbeeldingen zijn toegestaan";

/** The server's refusal of an image over its size. */
export const IMAGE_TOO_LARGE = "Afbeelding mag maximaal 5MB groot zijn";

/** The server's refusals of an afspraak's times that the proposal form checks before it sends. */
export const PROPOSAL_REFUSALS = {
  "startInFuture": "Kies een begin in de toekomst.",
  "endAfterStart": "Kies een einde na het begin."
} as const;

/** The server's refusal of a text over its most characters, `{max}` standing for the number. */
export const TOO_LONG = "Maximaal {max} tekens toegestaan.";

/** Every code an error answer of the server carries (`ErrorCode` in openapi.json), by name. */
export const ERROR_CODE = {
  badRequest: "bad_request",
  malformedJson: "malformed_json",
  oneFileOnly: "one_file_only",
  noFile: "no_file",
  notAnImage: "not_an_image",
  signInFailed: "sign_in_failed",
  noVerifiedEmail: "no_verified_email",
  invalidCode: "invalid_code",
  codeExhausted: "code_exhausted",
  invalidLink: "invalid_link",
  locked: "locked",
  accountSuspended: "account_suspended",
  badToken: "bad_token",
  ownProfile: "own_profile",
  profileRequired: "profile_required",
  accountDeleted: "account_deleted",
  unavailable: "unavailable",
  blocked: "blocked",
  ownProfileHidden: "own_profile_hidden",
  suspended: "suspended",
  unauthenticated: "unauthenticated",
  forbidden: "forbidden",
  notFound: "not_found",
  methodNotAllowed: "method_not_allowed",
  requestTimeout: "request_timeout",
  conflict: "conflict",
  requestInProgress: "request_in_progress",
  payloadTooLarge: "payload_too_large",
  unsupportedMediaType: "unsupported_media_type",
  invalidInput: "invalid_input",
  idempotencyKeyReused: "idempotency_key_reused",
  tooManyRequests: "too_many_requests",
  newMemberLimit: "new_member_limit",
  serviceUnavailable: "service_unavailable",
  busy: "busy",
  internalError: "internal_error",
} as const satisfies Readonly<Record<string, Schemas['ErrorCode']>>;

/**
 * When a failed call may go again under the same idempotency key: the server keeps no answer
 * from `fromStatus` on, nor for `statuses`, and a repeat while the first is at work gets one of
 * `codes` (`x-repeat-with-same-key` on ApiErrorBody).
 */
export const REPEAT_WITH_SAME_KEY: {
  readonly fromStatus: number;
  readonly statuses: readonly number[];
  readonly codes: readonly Schemas['ErrorCode'][];
} = {"codes":["request_in_progress"],"fromStatus":500,"statuses":[429]};

/** Every value of each enumeration that has no labels, in the order the server declares them. */
export const VALUES = {
  Closed: ["accountDeleted", "suspended", "unavailable", "blocked", "ownProfileHidden"],
  ErrorCode: ["bad_request", "malformed_json", "one_file_only", "no_file", "not_an_image", "sign_in_failed", "no_verified_email", "invalid_code", "code_exhausted", "invalid_link", "locked", "account_suspended", "bad_token", "own_profile", "profile_required", "account_deleted", "unavailable", "blocked", "own_profile_hidden", "suspended", "unauthenticated", "forbidden", "not_found", "method_not_allowed", "request_timeout", "conflict", "request_in_progress", "payload_too_large", "unsupported_media_type", "invalid_input", "idempotency_key_reused", "too_many_requests", "new_member_limit", "service_unavailable", "busy", "internal_error"],
  StepName: ["accepteren", "afwijzen", "intrekken", "annuleren"],
} as const satisfies { readonly [Name in "Closed" | "ErrorCode" | "StepName"]: readonly [Schemas[Name], ...Schemas[Name][]] };
