import type { WizardValues } from '@/features/profile-wizard/profile-form';
import * as V from '@/lib/api/vocabulary';
import { dutchDate } from '@/lib/dates';
import { LABELS } from '@/lib/profile-labels';
import { labelList, labelOf, NO_PREFERENCE } from '@/lib/vocabulary';

const NOT_FILLED = 'Niet ingevuld';

/** Volunteer, last step: everything entered, to check before finishing. */
export function SummaryStep({ values }: { values: WizardValues }) {
  const rows: [string, string | null][] = [
    [
      LABELS.name,
      [values.firstName, values.lastName]
        .map((part) => part.trim())
        .join(' ')
        .trim(),
    ],
    [
      LABELS.location,
      [values.location.trim(), values.postalCode].filter((part) => part !== '').join(', '),
    ],
    [LABELS.phone, values.phone.trim()],
    [LABELS.dateOfBirth, dutchDate(values.dateOfBirth)],
    [LABELS.bio, values.bio.trim()],
    [LABELS.experience, labelOf(V.Experience, values.experience)],
    [LABELS.species, labelList(V.Species, values.species)],
    [LABELS.availability, labelList(V.Availability, values.availability)],
    [LABELS.specialties, labelList(V.Specialty, values.specialties)],
    [LABELS.maxDistance, labelOf(V.Distance, values.maxDistance) ?? NO_PREFERENCE],
    [LABELS.hourlyRate, labelOf(V.HourlyRate, values.hourlyRate)],
    [LABELS.hasOwnPet, labelOf(V.HasOwnPet, values.hasOwnPet)],
    [LABELS.transportMode, labelOf(V.TransportMode, values.transportMode)],
    [LABELS.languages, labelList(V.Language, values.languages)],
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
