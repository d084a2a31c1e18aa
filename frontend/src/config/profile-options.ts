/**
 * The choices of the profile forms (spec section 3, "Enumerations"). `value` is what the server
 * stores and checks; `label` is what people read. The server refuses any other value with a 422
 * naming the field.
 */
export interface Option<Value extends string | number = string> {
  value: Value;
  label: string;
}

export const PROFILE_TYPES = {
  huisdier: 'Huisdier',
  vrijwilliger: 'Vrijwilliger',
} as const;

export type ProfileType = keyof typeof PROFILE_TYPES;

export const PET_SIZES: Option[] = [
  { value: 'klein', label: 'Klein (tot 10 kg)' },
  { value: 'middel', label: 'Middel (10-25 kg)' },
  { value: 'groot', label: 'Groot (25+ kg)' },
];

export const PET_GENDERS: Option[] = [
  { value: 'reu', label: 'Reu' },
  { value: 'teef', label: 'Teef' },
];

export const NEUTERED: Option[] = [
  { value: 'ja', label: 'Ja' },
  { value: 'nee', label: 'Nee' },
  { value: 'onbekend', label: 'Onbekend' },
];

export const VACCINATED: Option[] = [
  { value: 'ja', label: 'Ja, volledig' },
  { value: 'deels', label: 'Deels' },
  { value: 'nee', label: 'Nee' },
  { value: 'onbekend', label: 'Onbekend' },
];

export const CHIPPED: Option[] = [
  { value: 'ja', label: 'Ja' },
  { value: 'nee', label: 'Nee' },
  { value: 'onbekend', label: 'Onbekend' },
];

export const GOOD_WITH: Option[] = [
  { value: 'Kinderen', label: 'Kinderen' },
  { value: 'Andere honden', label: 'Andere honden' },
  { value: 'Katten', label: 'Katten' },
  { value: 'Kleine dieren', label: 'Kleine dieren' },
];

export const EXPERIENCE: Option[] = [
  { value: 'beginner', label: 'Beginner' },
  { value: 'ervaren', label: 'Ervaren' },
  { value: 'expert', label: 'Expert' },
  { value: 'professioneel', label: 'Professioneel' },
];

/** The wizard's distances, in km. */
export const MAX_DISTANCE_WIZARD: Option<number>[] = [1, 3, 5, 10, 15].map((km) => ({
  value: km,
  label: `${km} km`,
}));

/** The edit dialog's distances: 5 to 30 km; 'Geen voorkeur' is sent as null. */
export const MAX_DISTANCE_EDIT: Option<number>[] = [5, 10, 15, 20, 25, 30].map((km) => ({
  value: km,
  label: `${km} km`,
}));

export const NO_PREFERENCE = 'Geen voorkeur';

export const TRANSPORT_MODES: Option[] = [
  { value: 'lopend', label: 'Lopend' },
  { value: 'fiets', label: 'Fiets' },
  { value: 'auto', label: 'Auto' },
  { value: 'ov', label: 'Openbaar vervoer' },
];

/** The wizard's availability list. */
export const AVAILABILITY_WIZARD: string[] = [
  'Doordeweeks overdag',
  'Doordeweeks avond',
  'Weekend overdag',
  'Weekend avond',
  'Vakantieperiodes',
  'Noodgevallen',
];

/** The edit dialog's longer availability list (the server accepts exactly these). */
export const AVAILABILITY_EDIT: string[] = [
  ...AVAILABILITY_WIZARD,
  'Uitlaten',
  'Dagopvang',
  'Logeren',
  'Huisbezoek',
  'Kattenverzorging',
  'Verzorging kleine dieren',
];

export const HOURLY_RATE_WIZARD: Option[] = [
  { value: 'gratis', label: 'Gratis (vrijwilliger)' },
  { value: '5-10', label: '€5 - €10 per uur' },
  { value: '10-15', label: '€10 - €15 per uur' },
  { value: '15-20', label: '€15 - €20 per uur' },
  { value: '20+', label: '€20+ per uur' },
  { value: 'onderhandeling', label: 'In overleg' },
];

export const HOURLY_RATE_EDIT: Option[] = [
  { value: 'gratis', label: 'Gratis' },
  { value: '5', label: '€5 per uur' },
  { value: '7.50', label: '€7,50 per uur' },
  { value: '10', label: '€10 per uur' },
  { value: '12.50', label: '€12,50 per uur' },
  { value: '15', label: '€15 per uur' },
  { value: '17.50', label: '€17,50 per uur' },
  { value: '20', label: '€20 per uur' },
  { value: 'onderhandeling', label: 'In overleg' },
];

export const HAS_OWN_PET_WIZARD: Option[] = [
  { value: 'nee', label: 'Nee' },
  { value: 'ja-hond', label: 'Ja, een hond' },
  { value: 'ja-kat', label: 'Ja, een kat' },
  { value: 'ja-beide', label: 'Ja, een hond en een kat' },
  { value: 'ja-anders', label: 'Ja, een ander huisdier' },
];

export const HAS_OWN_PET_EDIT: Option[] = [
  { value: 'nee', label: 'Nee' },
  { value: 'ja-hond-kat', label: 'Ja, hond en/of kat' },
  { value: 'ja-andere', label: 'Ja, andere huisdieren' },
];

export const SPECIALTIES_WIZARD: string[] = [
  "Puppy's",
  'Oudere dieren',
  'Medicatie toedienen',
  'Angstige dieren',
  'Grote honden',
  'Training',
];

export const SPECIALTIES_EDIT: string[] = [
  ...SPECIALTIES_WIZARD,
  'Katten',
  'Kleine dieren',
  'Lange wandelingen',
  'Speciale diëten',
  'EHBO voor dieren',
];

export const LANGUAGES_WIZARD: string[] = ['Nederlands', 'Engels', 'Duits', 'Frans'];

/** The edit dialog's twelve languages. */
export const LANGUAGES_EDIT: string[] = [
  'Nederlands',
  'Engels',
  'Duits',
  'Frans',
  'Spaans',
  'Italiaans',
  'Portugees',
  'Turks',
  'Arabisch',
  'Pools',
  'Fries',
  'Papiaments',
];

/** The label of a stored value, or the value itself when the list does not know it. */
export function labelOf<Value extends string | number>(
  options: Option<Value>[],
  value: Value | null | undefined,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  return options.find((option) => option.value === value)?.label ?? String(value);
}
