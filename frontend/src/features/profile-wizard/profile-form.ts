import { z } from 'zod';
import type { components } from '@/lib/api/openapi';
import * as V from '@/lib/api/vocabulary';
import {
  DRAFT_MAX_LENGTH,
  VOLUNTEER_BIO_MIN,
  VOLUNTEER_MESSAGES,
  VOLUNTEER_REQUIRED,
} from '@/lib/api/vocabulary';
import { ageOn, dutchToday } from '@/lib/dates';
import {
  FIRST_NAME_REQUIRED,
  PET_NAME_REQUIRED,
  postcodeRefusal,
  SPECIES_REQUIRED,
  tooLong,
} from '@/lib/profile-texts';
import type { ProfileType } from '@/lib/profile-type';
import { fitToSpecies, speciesOf } from '@/lib/species';
import { pick, pickAll } from '@/lib/vocabulary';

export type ProfileDraftBody = components['schemas']['ProfileDraftBody'];
type ProfileLookup = components['schemas']['ProfileLookup'];
export type PetView = components['schemas']['PetView'];

/** The local copy of the profile kept in the browser after a successful create. */
export const DRAFT_COPY_KEY = 'profileDraftCopy';

/** The digits of a postcode, as POSTCODE_PATTERN (published by the server) wants them. */
const POSTCODE_LENGTH = 4;

/** Draft fields the wizard does not ask: the type is chosen before, the rest kept or the server's. */
const NOT_ASKED = ['profileType', 'coverImageUrl', 'userId', 'petId', 'email'] as const;
type DraftField = keyof typeof V.DRAFT_FIELDS;
type AskedField = Exclude<DraftField, (typeof NOT_ASKED)[number]>;
/** The draft's fields the wizard asks, in the order of the API document. */
const ASKED_FIELDS = (Object.keys(V.DRAFT_FIELDS) as DraftField[]).filter(
  (field): field is AskedField => !(NOT_ASKED as readonly DraftField[]).includes(field),
);
type AskedShape = {
  [Field in AskedField]: (typeof V.DRAFT_FIELDS)[Field] extends 'list'
    ? z.ZodArray<z.ZodString>
    : z.ZodString;
};

/**
 * What the wizard's fields hold: texts ('' when empty) and lists of chosen values, one for each
 * field of the server's draft it asks.
 */
export const wizardFields = z.object({
  profileType: z.enum(V.ProfileType.values),
  ...(Object.fromEntries(
    ASKED_FIELDS.map((field) => [
      field,
      V.DRAFT_FIELDS[field] === 'list' ? z.array(z.string()) : z.string(),
    ]),
  ) as AskedShape),
});

/** The wizard's fields with the server's rules, each refusal in the server's Dutch. */
export const wizardSchema = wizardFields
  // One pass over every rule, so that all problems show at once and in a fixed order.
  .superRefine((values, ctx) => {
    const fail = (path: keyof WizardValues, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
    };
    const maxLength = (path: keyof WizardValues, max: number) => {
      const value = values[path];
      if (typeof value === 'string' && value.trim().length > max) fail(path, tooLong(max));
    };
    const owner = values.profileType === 'huisdier';

    if (owner && speciesOf(values.petSpecies) === null) fail('petSpecies', SPECIES_REQUIRED);
    if (owner && values.petName.trim() === '') fail('petName', PET_NAME_REQUIRED);
    if (values.firstName.trim() === '') fail('firstName', FIRST_NAME_REQUIRED);
    // The server's lengths (published with the API); a volunteer's experience is a choice.
    for (const field of LIMITED_FIELDS) {
      if (field !== 'experience' || owner) maxLength(field, DRAFT_MAX_LENGTH[field]);
    }

    const postcode = values.postalCode.trim();
    const postcodeWrong = postcode === '' ? null : postcodeRefusal(postcode);
    if (postcodeWrong !== null) fail('postalCode', postcodeWrong);

    const phone = values.phone.trim();
    if (phone !== '') {
      if (phone.length > DRAFT_MAX_LENGTH.phone) {
        fail('phone', tooLong(DRAFT_MAX_LENGTH.phone));
      } else if (
        !V.PHONE_PATTERN.test(phone) ||
        phone.replace(/\D/g, '').length < V.PHONE_MIN_DIGITS
      ) {
        fail('phone', V.DRAFT_REFUSALS.phone);
      }
    }

    const born = values.dateOfBirth.trim();
    if (born !== '' && isPlausibleBirthDate(born) && born > dutchToday())
      fail('dateOfBirth', V.DRAFT_REFUSALS.dateOfBirthFuture);
    else if (born !== '' && !isPlausibleBirthDate(born))
      fail('dateOfBirth', V.DRAFT_REFUSALS.dateOfBirth);
    // The day the server judges by: the Dutch one, not the UTC one.
    else if (born !== '' && ageOn(born, dutchToday()) < V.MIN_AGE)
      fail('dateOfBirth', V.DRAFT_REFUSALS.dateOfBirthAdult);

    // A sitter is published only with what the server requires of one (x-sitter).
    if (!owner) {
      for (const field of VOLUNTEER_REQUIRED) {
        const value = values[field].trim();
        // Characters as the server counts them (code points, not UTF-16 units).
        if (field === 'bio') {
          if (Array.from(value).length < VOLUNTEER_BIO_MIN) fail('bio', VOLUNTEER_MESSAGES.bio);
        } else if (value === '') {
          fail(field, VOLUNTEER_MESSAGES[field]);
        }
      }
    }
  });

export type WizardValues = z.infer<typeof wizardSchema>;

/** The wizard's text fields with a published length, in the order their errors show. */
const LIMITED_FIELDS = (Object.keys(DRAFT_MAX_LENGTH) as (keyof typeof DRAFT_MAX_LENGTH)[]).filter(
  (field): field is keyof typeof DRAFT_MAX_LENGTH & keyof WizardValues =>
    field !== 'phone' && field in emptyValues('huisdier'),
);

function isPlausibleBirthDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return value >= V.OLDEST_BIRTH_DATE;
}

/** What a postcode field keeps of what was typed: digits only, at most four. */
export function postcodeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, POSTCODE_LENGTH);
}

export function emptyValues(profileType: ProfileType): WizardValues {
  const empty = Object.fromEntries(
    ASKED_FIELDS.map((field) => [field, V.DRAFT_FIELDS[field] === 'list' ? [] : '']),
  ) as unknown as Omit<WizardValues, 'profileType'>;
  return { profileType, ...empty };
}

/**
 * Fields of a stored profile the wizard does not show, sent back unchanged when editing: the
 * pet's header photo, and which of the owner's pets the pet fields describe.
 */
export interface KeptFields {
  coverImageUrl: string | null;
  petId: number | null;
}

export const NOTHING_KEPT: KeptFields = { coverImageUrl: null, petId: null };

/** The wizard's pet fields of a stored pet: what picking another pet in edit mode fills in. */
export type PetValues = Pick<
  WizardValues,
  | 'bio'
  | 'avatarUrl'
  | 'petGoodWith'
  | 'petLookingFor'
  | 'petSpecies'
  | 'petName'
  | 'petBreed'
  | 'petAge'
  | 'petSize'
  | 'petGender'
  | 'petPersonality'
  | 'petSpecialNeeds'
  | 'petWeight'
  | 'petVaccinated'
  | 'petChipped'
  | 'petNeutered'
>;

export function petValues(pet: PetView): PetValues {
  return {
    bio: text(pet.bio),
    avatarUrl: text(pet.avatar_url),
    petGoodWith: pet.good_with,
    petLookingFor: pet.looking_for,
    petSpecies: pet.species,
    petName: pet.name,
    petBreed: text(pet.breed),
    petAge: text(pet.age),
    petSize: text(pet.size),
    petGender: text(pet.gender),
    petPersonality: text(pet.personality),
    petSpecialNeeds: text(pet.special_needs),
    petWeight: text(pet.weight),
    petVaccinated: text(pet.vaccinated),
    petChipped: text(pet.chipped),
    petNeutered: text(pet.neutered),
  };
}

/** What an edit of `pet` sends back untouched. */
export function keptOfPet(pet: PetView): KeptFields {
  return { coverImageUrl: pet.cover_image_url ?? null, petId: pet.id };
}

const text = (value: string | null | undefined) => value ?? '';

/** The wizard's values for a stored profile (edit mode), and what it must send back untouched. */
export function valuesFromProfile(lookup: ProfileLookup): {
  values: WizardValues;
  kept: KeptFields;
} {
  if (lookup.type === 'vrijwilliger') {
    const v = lookup.profile;
    return {
      values: {
        ...emptyValues('vrijwilliger'),
        firstName: v.first_name,
        lastName: v.last_name,
        bio: text(v.bio),
        location: text(v.location),
        postalCode: text(v.postal_code),
        phone: text(v.phone),
        dateOfBirth: text(v.date_of_birth),
        avatarUrl: text(v.avatar_url),
        availability: v.availability,
        specialties: v.specialties,
        species: v.species,
        languages: v.languages,
        experience: text(v.experience),
        maxDistance: v.max_distance == null ? '' : String(v.max_distance),
        hourlyRate: text(v.hourly_rate),
        hasOwnPet: text(v.has_own_pet),
        transportMode: text(v.transport_mode),
      },
      kept: NOTHING_KEPT,
    };
  }
  const pet = lookup.profile;
  const { owner } = pet;
  return {
    values: {
      ...emptyValues('huisdier'),
      ...petValues(pet),
      firstName: owner.first_name,
      lastName: owner.last_name,
      ownerBio: text(owner.bio),
      location: text(pet.location ?? owner.location),
      postalCode: text(pet.postal_code ?? owner.postal_code),
      phone: text(owner.phone),
      dateOfBirth: text(owner.date_of_birth),
      ownerAvatarUrl: text(owner.avatar_url),
      languages: owner.languages,
      experience: text(owner.experience),
    },
    kept: keptOfPet(pet),
  };
}

const filled = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * The draft the server takes. Fields that do not belong to the profile's kind are sent empty;
 * `userId` and `email` are left out, as the server takes both from the session.
 */
export function toDraft(values: WizardValues, kept: KeptFields = NOTHING_KEPT): ProfileDraftBody {
  const owner = values.profileType === 'huisdier';
  const forOwner = (value: string) => (owner ? filled(value) : null);
  const forVolunteer = (value: string) => (owner ? null : filled(value));
  // A size or help chosen for an earlier species is not shown any more: it is not sent either.
  const species = speciesOf(values.petSpecies);
  const fitted = species
    ? fitToSpecies(
        species,
        pick(V.PetSize, forOwner(values.petSize)),
        pickAll(V.LookingFor, values.petLookingFor),
      )
    : {
        size: pick(V.PetSize, forOwner(values.petSize)),
        lookingFor: pickAll(V.LookingFor, values.petLookingFor),
      };
  return {
    profileType: values.profileType,
    userId: null,
    email: null,
    petId: owner ? kept.petId : null,
    firstName: filled(values.firstName),
    lastName: filled(values.lastName),
    bio: filled(values.bio),
    ownerBio: forOwner(values.ownerBio),
    location: filled(values.location),
    postalCode: filled(values.postalCode),
    phone: filled(values.phone),
    dateOfBirth: filled(values.dateOfBirth),
    avatarUrl: filled(values.avatarUrl),
    ownerAvatarUrl: forOwner(values.ownerAvatarUrl),
    coverImageUrl: owner ? kept.coverImageUrl : null,
    availability: owner ? [] : pickAll(V.Availability, values.availability),
    specialties: owner ? [] : pickAll(V.Specialty, values.specialties),
    species: owner ? [] : pickAll(V.Species, values.species),
    petGoodWith: owner ? pickAll(V.GoodWith, values.petGoodWith) : [],
    petLookingFor: owner ? fitted.lookingFor : [],
    languages: pickAll(V.Language, values.languages),
    experience: filled(values.experience),
    maxDistance: owner ? null : pick(V.Distance, values.maxDistance),
    hourlyRate: pick(V.HourlyRate, forVolunteer(values.hourlyRate)),
    hasOwnPet: pick(V.HasOwnPet, forVolunteer(values.hasOwnPet)),
    transportMode: pick(V.TransportMode, forVolunteer(values.transportMode)),
    petSpecies: owner ? species : null,
    petName: forOwner(values.petName),
    petBreed: forOwner(values.petBreed),
    petAge: forOwner(values.petAge),
    petSize: fitted.size,
    petGender: pick(V.PetGender, forOwner(values.petGender)),
    petPersonality: forOwner(values.petPersonality),
    petSpecialNeeds: forOwner(values.petSpecialNeeds),
    petWeight: forOwner(values.petWeight),
    petVaccinated: pick(V.Vaccinated, forOwner(values.petVaccinated)),
    petChipped: pick(V.Chipped, forOwner(values.petChipped)),
    petNeutered: pick(V.Neutered, forOwner(values.petNeutered)),
  };
}

/** The local copy of a new profile, without contact details or date of birth. */
export function draftCopy(draft: ProfileDraftBody): Partial<ProfileDraftBody> {
  return Object.fromEntries(Object.entries(draft).filter(([field]) => !PRIVATE_FIELDS.has(field)));
}

const PRIVATE_FIELDS = new Set(['email', 'phone', 'dateOfBirth', 'userId']);
