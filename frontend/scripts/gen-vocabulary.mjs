// Writes src/lib/api/vocabulary.ts from openapi.json: every enumeration the server declares (its
// values, Dutch labels and the lists the wizard and the edit dialog offer), the profile draft's
// rules (lengths, the postcode pattern, a sitter's minimum), the rules of each pet species, each
// search filter's kind and each search order's rules, a
// report's note length, a message's and a moderator's note's (a suspension's reason too), a
// suspension's warning window, the organisation's contact address, the most favourites, the search's
// text lengths and cards per page, the upload size cap, every error code and when a failed call
// may be repeated with its idempotency key. The server is the one source; this
// file and scripts/test keep the copy current.
// Usage: node scripts/gen-vocabulary.mjs [openapi.json] [out.ts]
import { readFileSync, writeFileSync } from 'node:fs';

const [input = 'openapi.json', output = 'src/lib/api/vocabulary.ts'] = process.argv.slice(2);
const document = JSON.parse(readFileSync(input, 'utf8'));
const schemas = document.components?.schemas ?? {};

/** @param {unknown} value */
const literal = (value) => JSON.stringify(value);
const lines = [
  '// Generated from openapi.json by scripts/gen-vocabulary.mjs (run scripts/api-types). Do not edit:',
  '// the enumerations and rules are declared once, on the server.',
  "import type { components } from './openapi';",
  '',
  "type Schemas = components['schemas'];",
  '',
  '/** A closed list of values with the Dutch label people read for each. */',
  'export interface Vocabulary<Value extends string | number> {',
  '  /** Every value, in the order the screens list them. */',
  '  readonly values: readonly [Value, ...Value[]];',
  '  /** The label of each value. */',
  '  readonly labels: Readonly<Record<Value, string>>;',
  '  /** The values the wizard offers. */',
  '  readonly wizard: readonly Value[];',
  '  /** The values the edit dialog offers. */',
  '  readonly edit: readonly Value[];',
  '}',
  '',
];

const names = Object.keys(schemas)
  .filter((name) => Array.isArray(schemas[name].enum) && schemas[name]['x-vocabulary']?.labels)
  .sort();
if (names.length === 0) throw new Error(`${input} declares no enumerations with labels`);

for (const name of names) {
  const schema = schemas[name];
  const values = schema.enum;
  const labels = schema['x-vocabulary'].labels;
  for (const value of values) {
    if (typeof labels[String(value)] !== 'string')
      throw new Error(`${name}: no label for ${value}`);
  }
  /** @param {unknown} value */
  const key = (value) => (typeof value === 'number' ? String(value) : literal(value));
  if (schema.description) lines.push(`/** ${schema.description.replaceAll('*/', '* /')} */`);
  lines.push(`export const ${name}: Vocabulary<Schemas[${literal(name)}]> = {`);
  lines.push(`  values: [${values.map(literal).join(', ')}],`);
  lines.push('  labels: {');
  for (const value of values) lines.push(`    ${key(value)}: ${literal(labels[String(value)])},`);
  lines.push('  },');
  lines.push(`  wizard: [${(schema['x-vocabulary'].wizard ?? values).map(literal).join(', ')}],`);
  lines.push(`  edit: [${(schema['x-vocabulary'].edit ?? values).map(literal).join(', ')}],`);
  lines.push('};', '');
}

const draft = schemas.ProfileDraftBody?.properties;
if (!draft) throw new Error(`${input} has no ProfileDraftBody`);
const maxLengths = Object.entries(draft)
  .filter(([, property]) => typeof property.maxLength === 'number')
  .sort(([a], [b]) => a.localeCompare(b));
const noteMax = schemas.ReportBody?.properties?.note?.maxLength;
if (typeof noteMax !== 'number') throw new Error(`${input}: ReportBody.note has no maxLength`);
const signUpNameMax = schemas.RegisterRequest?.properties?.firstName?.maxLength;
if (typeof signUpNameMax !== 'number')
  throw new Error(`${input}: RegisterRequest.firstName has no maxLength`);
const careTextMax = schemas.CareCardBody?.properties?.food?.maxLength;
if (typeof careTextMax !== 'number') throw new Error(`${input}: CareCardBody.food has no maxLength`);
const careDaysAfter = schemas.CareCardBody?.['x-care']?.sitterDaysAfter;
if (typeof careDaysAfter !== 'number') throw new Error(`${input}: CareCardBody has no x-care.sitterDaysAfter`);
const messageMax = schemas.SendMessage?.properties?.content?.maxLength;
if (typeof messageMax !== 'number')
  throw new Error(`${input}: SendMessage.content has no maxLength`);
const moderationNoteMax = schemas.CloseReport?.properties?.note?.maxLength;
if (typeof moderationNoteMax !== 'number')
  throw new Error(`${input}: CloseReport.note has no maxLength`);
if (schemas.SuspendAccount?.properties?.reason?.maxLength !== moderationNoteMax)
  throw new Error(`${input}: SuspendAccount.reason's maxLength is not CloseReport.note's`);
const codeValidSeconds = schemas.DeletionRequest?.['x-code']?.validSeconds;
if (typeof codeValidSeconds !== 'number')
  throw new Error(`${input}: DeletionRequest has no x-code.validSeconds`);
const suspensionWarnDays = schemas.SuspendAccount?.['x-suspension']?.warnDays;
if (typeof suspensionWarnDays !== 'number')
  throw new Error(`${input}: SuspendAccount has no x-suspension.warnDays`);
const contactEmail = document.info?.contact?.email;
if (typeof contactEmail !== 'string') throw new Error(`${input}: info.contact.email is missing`);
const awayMax = schemas.ScheduleBody?.properties?.away?.maxItems;
if (typeof awayMax !== 'number') throw new Error(`${input}: ScheduleBody.away has no maxItems`);
const favouritesMax = schemas.FavouriteList?.properties?.profiles?.maxItems;
if (typeof favouritesMax !== 'number')
  throw new Error(`${input}: FavouriteList.profiles has no maxItems`);
/** @param {string} name @param {string} rule */
const searchRule = (name, rule) => {
  /** @type {{ name: string; schema?: Record<string, unknown> }[]} */
  const parameters = document.paths?.['/api/profiles']?.get?.parameters ?? [];
  const value = parameters.find((parameter) => parameter.name === name)?.schema?.[rule];
  if (typeof value !== 'number')
    throw new Error(`${input}: GET /api/profiles ${name} has no ${rule}`);
  return value;
};
/** @type {{ name: string; 'x-filter'?: { only: string | null; atLeast: string | null } }[]} */
const searchParameters = document.paths?.['/api/profiles']?.get?.parameters ?? [];
const searchFilters = Object.fromEntries(
  searchParameters
    .filter((parameter) => parameter['x-filter'])
    .map((parameter) => [parameter.name, parameter['x-filter']]),
);
if (Object.keys(searchFilters).length === 0)
  throw new Error(`${input}: GET /api/profiles has no parameter with x-filter`);
const kindRules = schemas.AppointmentKind?.['x-vocabulary']?.rules;
if (!kindRules) throw new Error(`${input}: AppointmentKind has no x-vocabulary.rules`);
const kindHelp = Object.fromEntries(Object.entries(kindRules).map(([kind, rule]) => [kind, rule.help]));
const sortRules = schemas.SearchSort?.['x-vocabulary']?.rules;
if (!sortRules) throw new Error(`${input}: SearchSort has no x-vocabulary.rules`);
const searchQueryMax = searchRule('q', 'maxLength');
const searchPlaceMax = searchRule('near', 'maxLength');
const searchPerPage = searchRule('perPage', 'default');
const uploadMax = schemas.UploadForm?.properties?.file?.['x-max-bytes'];
if (typeof uploadMax !== 'number') throw new Error(`${input}: UploadForm.file has no x-max-bytes`);
const uploadMegapixels = schemas.UploadForm?.['x-image']?.maxMegapixels;
if (typeof uploadMegapixels !== 'number')
  throw new Error(`${input}: UploadForm has no x-image.maxMegapixels`);
/** @type {unknown} */
const imageTypes = schemas.UploadForm?.['x-image']?.types;
if (!Array.isArray(imageTypes) || imageTypes.some((type) => typeof type !== 'string'))
  throw new Error(`${input}: UploadForm has no x-image.types`);
const defaultRadius = searchRule('radiusKm', 'default');
/** @type {Record<string, unknown> | undefined} */
const refusals = schemas.ProfileDraftBody?.['x-refusals'];
if (!refusals) throw new Error(`${input}: ProfileDraftBody has no x-refusals`);
/** @param {string} field @param {string} rule */
const refusal = (field, rule) => {
  const entry = refusals[field];
  const value =
    typeof entry === 'object' && entry !== null
      ? /** @type {Record<string, unknown>} */ (entry)[rule]
      : undefined;
  if (value === undefined) throw new Error(`${input}: x-refusals has no ${field}.${rule}`);
  return value;
};
const tooLong = refusals.maxLength;
if (typeof tooLong !== 'string' || !tooLong.includes('{max}'))
  throw new Error(`${input}: x-refusals.maxLength has no {max}`);
/** Every field of the profile draft: a list, or one value (a text, a choice, a number). */
const draftFields = Object.fromEntries(
  Object.entries(draft).map(([field, property]) => [
    field,
    Array.isArray(property.type) && property.type.includes('array') ? 'list' : 'one',
  ]),
);
/** @type {Record<string, Record<string, unknown>> | undefined} */
const signInRefusals = schemas.RegisterRequest?.['x-refusals'];
if (!signInRefusals) throw new Error(`${input}: RegisterRequest has no x-refusals`);
const signIn = {
  firstNameRequired: signInRefusals.firstName?.required,
  lastNameRequired: signInRefusals.lastName?.required,
  emailRequired: signInRefusals.email?.required,
  emailTooLong: signInRefusals.email?.tooLong,
  emailInvalid: signInRefusals.email?.invalid,
  termsRequired: signInRefusals.terms?.required,
  code: signInRefusals.code?.pattern,
};
for (const [name, text] of Object.entries(signIn))
  if (typeof text !== 'string')
    throw new Error(`${input}: RegisterRequest x-refusals has no ${name}`);
const emailMax = signInRefusals.email?.maxLength;
if (typeof emailMax !== 'number')
  throw new Error(`${input}: RegisterRequest x-refusals has no email.maxLength`);
const notAnImage = schemas.UploadForm?.['x-image']?.notAnImage;
const imageTooLarge = schemas.UploadForm?.['x-image']?.tooLarge;
if (typeof notAnImage !== 'string' || typeof imageTooLarge !== 'string')
  throw new Error(`${input}: UploadForm has no x-image.notAnImage or x-image.tooLarge`);
/** @type {Record<string, Record<string, unknown>> | undefined} */
const proposalRefusals = schemas.ProposeBody?.['x-refusals'];
const startInFuture = proposalRefusals?.startsAt?.future;
const endAfterStart = proposalRefusals?.endsAt?.afterStart;
if (typeof startInFuture !== 'string' || typeof endAfterStart !== 'string')
  throw new Error(`${input}: ProposeBody has no x-refusals of its times`);
const phonePattern = draft.phone?.pattern;
if (!phonePattern) throw new Error(`${input}: ProfileDraftBody.phone has no pattern`);
const volunteerRequired = Object.entries(draft)
  .filter(([, property]) => property['x-volunteer']?.required === true)
  .map(([field]) => field);
if (volunteerRequired.length === 0)
  throw new Error(`${input}: ProfileDraftBody has no field with x-volunteer`);
const volunteerMessages = Object.fromEntries(
  volunteerRequired.map((field) => [field, draft[field]['x-volunteer'].message]),
);
if (Object.values(volunteerMessages).some((message) => typeof message !== 'string'))
  throw new Error(`${input}: an x-volunteer field has no message`);
const volunteerBioMin = draft.bio?.['x-volunteer']?.minLength;
if (typeof volunteerBioMin !== 'number')
  throw new Error(`${input}: ProfileDraftBody.bio has no x-volunteer.minLength`);
const pattern = draft.postalCode?.pattern;
if (!pattern) throw new Error(`${input}: ProfileDraftBody.postalCode has no pattern`);

const speciesRules = schemas.Species?.['x-vocabulary']?.rules;
if (!speciesRules) throw new Error(`${input}: Species has no x-vocabulary.rules`);
lines.push(
  "/** What follows from a pet's species, as the server declares and checks it. */",
  'export interface SpeciesRule {',
  "  /** The word for each sex, e.g. 'Kater' and 'Poes'. */",
  "  readonly gender: Readonly<Record<Schemas['PetGender'], string>>;",
  '  /** The size bands that fit; empty when a size says nothing. */',
  "  readonly sizes: readonly Schemas['PetSize'][];",
  "  /** The help ('Gezochte hulp') that can be asked. */",
  "  readonly lookingFor: readonly Schemas['LookingFor'][];",
  '  /** How the good-with list reads for this kind. */',
  "  readonly goodWith: Readonly<Record<Schemas['GoodWith'], string>>;",
  "  /** The kind in the plural, as in 'ervaring met katten'. */",
  '  readonly plural: string;',
  "  /** One of the kind, as in 'een kat'. */",
  '  readonly one: string;',
  '  /** The animals a sitter has experience with, by size band. */',
  "  readonly experienceBySize: Readonly<Record<Schemas['PetSize'], string>>;",
  "  /** An example of a breed for the form ('Europese korthaar'); empty when there is none. */",
  '  readonly breedExample: string;',
  "  /** An example of a weight for the form ('4 kg'); empty when there is none. */",
  '  readonly weightExample: string;',
  '}',
  '',
  '/** The rules of every species (`x-vocabulary.rules` of Species in openapi.json). */',
  `export const SPECIES_RULES: Readonly<Record<Schemas['Species'], SpeciesRule>> = ${JSON.stringify(speciesRules, null, 2)};`,
  '',
);

lines.push(
  '/** A search filter: the kind of profile that alone carries it, and what an "at least" value adds to its label. */',
  'export interface SearchFilterRule {',
  "  readonly only: Schemas['ProfileType'] | null;",
  '  readonly atLeast: string | null;',
  '}',
  '',
  '/** Every facet filter of a search by its parameter, in the order the screens list them (`x-filter` in openapi.json). */',
  `export const SEARCH_FILTERS = ${JSON.stringify(searchFilters, null, 2)} as const satisfies Readonly<Record<string, SearchFilterRule>>;`,
  '',
  '/** An order of a search: whether it needs a place, and whether it is the default near a place or elsewhere. */',
  'export interface SearchSortRule {',
  '  readonly needsPlace: boolean;',
  '  readonly defaultNear: boolean;',
  '  readonly defaultElsewhere: boolean;',
  '}',
  '',
  "/** The help of a pet's list each kind of afspraak gives; null for one that suits every pet (`x-vocabulary.rules` of AppointmentKind). */",
  `export const APPOINTMENT_KIND_HELP: Readonly<Record<Schemas['AppointmentKind'], Schemas['LookingFor'] | null>> = ${JSON.stringify(kindHelp, null, 2)};`,
  '',
  '/** The rules of every order (`x-vocabulary.rules` of SearchSort in openapi.json). */',
  `export const SEARCH_SORT_RULES: Readonly<Record<Schemas['SearchSort'], SearchSortRule>> = ${JSON.stringify(sortRules, null, 2)};`,
  '',
);

lines.push(
  '/** The most characters of each text field of a profile, as the server checks them. */',
  'export const DRAFT_MAX_LENGTH = {',
  ...maxLengths.map(([field, property]) => `  ${field}: ${property.maxLength},`),
  '} as const;',
  '',
  '/** A postcode: four digits, 1000 to 9999. */',
  `export const POSTCODE_PATTERN = new RegExp(${literal(pattern)});`,
  '',
  "/** The fields a sitter's profile must fill in before it is published. */",
  `export const VOLUNTEER_REQUIRED = [${volunteerRequired.map(literal).join(', ')}] as const;`,
  '',
  "/** Fewest characters of a sitter's 'Over mij'. */",
  `export const VOLUNTEER_BIO_MIN = ${volunteerBioMin};`,
  '',
  "/** The server's refusal of each field a sitter left out (or, for 'Over mij', wrote too little in). */",
  `export const VOLUNTEER_MESSAGES: Readonly<Record<(typeof VOLUNTEER_REQUIRED)[number], string>> = ${JSON.stringify(volunteerMessages, null, 2)};`,
  '',
  '/** The most characters of each name at sign-up, as the server checks them. */',
  `export const SIGN_UP_NAME_MAX = ${signUpNameMax};`,
  '',
  "/** The most characters of a report's note, as the server checks them. */",
  `export const REPORT_NOTE_MAX = ${noteMax};`,
  '',
  "/** The most characters of each text of a pet's zorgkaart, as the server checks them. */",
  `export const CARE_TEXT_MAX = ${careTextMax};`,
  '',
  "/** How many days after an afspraak's end its sitter still reads the zorgkaart of its pets. */",
  `export const CARE_SITTER_DAYS_AFTER = ${careDaysAfter};`,
  '',
  '/** The most characters of a message (after trimming), as the server checks them. */',
  `export const MESSAGE_MAX = ${messageMax};`,
  '',
  "/** The most characters of a moderator's note (closing a report, a suspension's reason), as the server checks them. */",
  `export const MODERATION_NOTE_MAX = ${moderationNoteMax};`,
  '',
  '/** How many days back the people a suspended account wrote to are warned. */',
  `export const SUSPENSION_WARN_DAYS = ${suspensionWarnDays};`,
  '',
  '/** How long a mailed code stays valid, in seconds. */',
  `export const CODE_VALID_SECONDS = ${codeValidSeconds};`,
  '',
  '/** Where people write to the organisation. */',
  `export const CONTACT_EMAIL = ${literal(contactEmail)};`,
  '',
  '/** The most periods away a sitter keeps. */',
  `export const AWAY_PERIODS_MAX = ${awayMax};`,
  '',
  '/** The most favourites one person keeps. */',
  `export const FAVOURITES_MAX = ${favouritesMax};`,
  '',
  '/** The most characters of a search text, as the server checks them. */',
  `export const SEARCH_QUERY_MAX = ${searchQueryMax};`,
  '',
  '/** The most characters of the postcode or place a search is near, as the server checks them. */',
  `export const SEARCH_PLACE_MAX = ${searchPlaceMax};`,
  '',
  '/** Profiles per page of a search unless asked otherwise. */',
  `export const SEARCH_PER_PAGE = ${searchPerPage};`,
  '',
  '/** The largest image the server takes, in bytes. */',
  `export const MAX_IMAGE_BYTES = ${uploadMax};`,
  '',
  '/** The most megapixels an image may declare; the server refuses a larger one unread. */',
  `export const MAX_IMAGE_MEGAPIXELS = ${uploadMegapixels};`,
  '',
  "/** The kinds of image the server takes, by media type (a file picker's `accept`). */",
  `export const ACCEPTED_IMAGE_TYPES = ${JSON.stringify(imageTypes)} as const;`,
  '',
  '/** How far a search near a place reaches unless asked otherwise, in km. */',
  `export const DEFAULT_RADIUS_KM = ${defaultRadius};`,
  '',
  "/** A phone number's characters: digits, +, spaces, dashes and brackets. */",
  `export const PHONE_PATTERN = new RegExp(${literal(phonePattern)});`,
  '',
  '/** Fewest digits in a phone number. */',
  `export const PHONE_MIN_DIGITS = ${JSON.stringify(refusal('phone', 'minDigits'))};`,
  '',
  '/** The oldest date of birth the server accepts (`YYYY-MM-DD`). */',
  `export const OLDEST_BIRTH_DATE = ${literal(String(refusal('dateOfBirth', 'oldest')))};`,
  '',
  '/** The youngest age of a member, in whole years. */',
  `export const MIN_AGE = ${JSON.stringify(refusal('dateOfBirth', 'minAge'))};`,
  '',
  '/** Every field of the profile draft (ProfileDraftBody): a list, or one value. */',
  `export const DRAFT_FIELDS = ${JSON.stringify(draftFields, null, 2)} as const;`,
  '',
  "/** The server's refusals of the draft's fields that a form checks before it sends. */",
  `export const DRAFT_REFUSALS = ${JSON.stringify(
    {
      firstName: refusal('firstName', 'required'),
      petName: refusal('petName', 'required'),
      postalCode: refusal('postalCode', 'pattern'),
      postalCodeLeadingZero: refusal('postalCode', 'leadingZero'),
      phone: refusal('phone', 'pattern'),
      dateOfBirth: refusal('dateOfBirth', 'date'),
      dateOfBirthAdult: refusal('dateOfBirth', 'adult'),
      dateOfBirthFuture: refusal('dateOfBirth', 'future'),
    },
    null,
    2,
  )} as const;`,
  '',
  "/** The server's refusals of the sign-up and the code that their forms check before they send. */",
  `export const SIGN_IN_REFUSALS = ${JSON.stringify(signIn, null, 2)} as const;`,
  '',
  '/** The longest e-mail address the server takes. */',
  `export const EMAIL_MAX = ${emailMax};`,
  '',
  "/** The server's refusal of a file that is not an image it takes. */",
  `export const NOT_AN_IMAGE = ${literal(notAnImage)};`,
  '',
  "/** The server's refusal of an image over its size. */",
  `export const IMAGE_TOO_LARGE = ${literal(imageTooLarge)};`,
  '',
  "/** The server's refusals of an afspraak's times that the proposal form checks before it sends. */",
  `export const PROPOSAL_REFUSALS = ${JSON.stringify({ startInFuture, endAfterStart }, null, 2)} as const;`,
  '',
  "/** The server's refusal of a text over its most characters, `{max}` standing for the number. */",
  `export const TOO_LONG = ${literal(tooLong)};`,
  '',
);

const errorCodes = schemas.ErrorCode?.enum;
if (!Array.isArray(errorCodes)) throw new Error(`${input}: ErrorCode has no enum`);
const repeat = schemas.ApiErrorBody?.['x-repeat-with-same-key'];
if (
  typeof repeat?.fromStatus !== 'number' ||
  !Array.isArray(repeat.statuses) ||
  !Array.isArray(repeat.codes)
)
  throw new Error(`${input}: ApiErrorBody has no x-repeat-with-same-key`);
/** @param {string} code */
const camel = (code) => code.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase());
lines.push(
  '/** Every code an error answer of the server carries (`ErrorCode` in openapi.json), by name. */',
  'export const ERROR_CODE = {',
  ...errorCodes.map((code) => `  ${camel(code)}: ${literal(code)},`),
  "} as const satisfies Readonly<Record<string, Schemas['ErrorCode']>>;",
  '',
  '/**',
  ' * When a failed call may go again under the same idempotency key: the server keeps no answer',
  ' * from `fromStatus` on, nor for `statuses`, and a repeat while the first is at work gets one of',
  ' * `codes` (`x-repeat-with-same-key` on ApiErrorBody).',
  ' */',
  'export const REPEAT_WITH_SAME_KEY: {',
  '  readonly fromStatus: number;',
  '  readonly statuses: readonly number[];',
  "  readonly codes: readonly Schemas['ErrorCode'][];",
  `} = ${JSON.stringify(repeat)};`,
  '',
);

// Enumerations without labels (codes and reasons the app switches on rather than shows): their
// values, for the checks of what arrives (zod's `enum`).
const bare = Object.keys(schemas)
  .filter((name) => Array.isArray(schemas[name].enum) && !schemas[name]['x-vocabulary'])
  .sort();
lines.push(
  '/** Every value of each enumeration that has no labels, in the order the server declares them. */',
  'export const VALUES = {',
  ...bare.map((name) => `  ${name}: [${schemas[name].enum.map(literal).join(', ')}],`),
  '} as const satisfies { readonly [Name in ' +
    (bare.map(literal).join(' | ') || 'never') +
    "]: readonly [Schemas[Name], ...Schemas[Name][]] };",
  '',
);

writeFileSync(output, lines.join('\n'));
