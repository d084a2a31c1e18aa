// The messages of the profile rules, shared by the wizard, the edit dialog and the pet forms.
// The server's own refusals come with its rules from the API document (api/vocabulary.ts).
import { DRAFT_REFUSALS, POSTCODE_PATTERN, TOO_LONG } from '@/lib/api/vocabulary';

export const FIRST_NAME_REQUIRED = DRAFT_REFUSALS.firstName;
export const PET_NAME_REQUIRED = DRAFT_REFUSALS.petName;
export const POSTCODE_MESSAGE = DRAFT_REFUSALS.postalCode;

/**
 * Why `postcode` (trimmed, not empty) is no postcode, as the server says it: four digits that
 * start with 0 are told that, anything else how a postcode looks. Null for a good one.
 */
export function postcodeRefusal(postcode: string): string | null {
  if (POSTCODE_PATTERN.test(postcode)) return null;
  return /^0\d{3}$/.test(postcode) ? DRAFT_REFUSALS.postalCodeLeadingZero : POSTCODE_MESSAGE;
}
/** The forms ask for a kind of animal (the server takes a pet without one as a dog). */
export const SPECIES_REQUIRED = 'Kies wat voor dier je huisdier is.';

/** The message for a text over its most characters. */
export const tooLong = (max: number) => TOO_LONG.replace('{max}', String(max));

/** What the dashboard says after 'Wijzigingen opslaan'. */
export const PROFILE_SAVED = 'Je profiel is opgeslagen';

/** The dashboard's notice after the wizard made a profile. */
export const PROFILE_ONLINE = 'Je profiel staat online.';
