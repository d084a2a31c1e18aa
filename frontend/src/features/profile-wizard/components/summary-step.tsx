import {
  EXPERIENCE,
  HAS_OWN_PET_EDIT,
  HAS_OWN_PET_WIZARD,
  HOURLY_RATE_EDIT,
  HOURLY_RATE_WIZARD,
  labelOf,
  MAX_DISTANCE_EDIT,
  MAX_DISTANCE_WIZARD,
  NO_PREFERENCE,
  TRANSPORT_MODES,
} from '@/config/profile-options';
import type { WizardValues } from '@/features/profile-wizard/profile-form';

const NOT_FILLED = 'Niet ingevuld';

/** Volunteer, last step: everything entered, to check before finishing. */
export function SummaryStep({ values }: { values: WizardValues }) {
  const distance = values.maxDistance === '' ? null : Number(values.maxDistance);
  const rows: [string, string | null][] = [
    [
      'Naam',
      [values.firstName, values.lastName]
        .map((part) => part.trim())
        .join(' ')
        .trim(),
    ],
    [
      'Woonplaats',
      [values.location.trim(), values.postalCode].filter((part) => part !== '').join(', '),
    ],
    ['Telefoonnummer', values.phone.trim()],
    ['Geboortedatum', values.dateOfBirth],
    ['Over mij', values.bio.trim()],
    ['Ervaring', labelOf(EXPERIENCE, values.experience)],
    ['Beschikbaarheid', values.availability.join(', ')],
    ['Specialiteiten', values.specialties.join(', ')],
    [
      'Maximale afstand',
      distance === null
        ? NO_PREFERENCE
        : labelOf([...MAX_DISTANCE_WIZARD, ...MAX_DISTANCE_EDIT], distance),
    ],
    ['Uurtarief', labelOf([...HOURLY_RATE_WIZARD, ...HOURLY_RATE_EDIT], values.hourlyRate)],
    ['Eigen huisdieren', labelOf([...HAS_OWN_PET_WIZARD, ...HAS_OWN_PET_EDIT], values.hasOwnPet)],
    ['Vervoer', labelOf(TRANSPORT_MODES, values.transportMode)],
    ['Talen', values.languages.join(', ')],
    ['Profielfoto', values.avatarUrl === '' ? null : 'Toegevoegd'],
  ];
  return (
    <>
      <p className="text-stone-700">
        Controleer je gegevens. Klopt er iets niet? Ga met &lsquo;Vorige&rsquo; terug om het aan te
        passen.
      </p>
      <dl className="divide-y divide-stone-200 rounded-2xl ring-1 ring-stone-200">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="font-semibold text-stone-800">{term}</dt>
            <dd className="break-words whitespace-pre-line text-stone-700 sm:col-span-2">
              {value === null || value === '' ? NOT_FILLED : value}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
