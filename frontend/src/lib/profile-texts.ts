// The messages of the profile rules, shared by the wizard, the edit dialog and the pet forms.
// The rules themselves (lengths, the postcode pattern) come from the server: api/vocabulary.ts.

export const FIRST_NAME_REQUIRED = 'Voornaam is verplicht';
export const PET_NAME_REQUIRED = 'De naam van je huisdier is verplicht';
export const SPECIES_REQUIRED = 'Kies wat voor dier je huisdier is.';
export const POSTCODE_MESSAGE = 'Postcode moet uit 4 cijfers bestaan (bijvoorbeeld: 1234).';

/** The message for a text over its most characters. */
export const tooLong = (max: number) => `Maximaal ${max} tekens toegestaan.`;

/** What the dashboard says after 'Wijzigingen opslaan'. */
export const PROFILE_SAVED = 'Je profiel is opgeslagen';
