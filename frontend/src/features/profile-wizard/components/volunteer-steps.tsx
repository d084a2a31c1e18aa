import { CheckboxGroup, Select, Textarea } from '@/components/ui/form-fields';
import {
  NameFields,
  PrivateFields,
  WhereaboutsFields,
  type StepProps,
} from '@/features/profile-wizard/components/step-fields';
import * as V from '@/lib/api/vocabulary';
import { DRAFT_MAX_LENGTH } from '@/lib/api/vocabulary';
import { LABELS, required } from '@/lib/profile-labels';
import { optionsFor } from '@/lib/vocabulary';

/** How far an 'Over mij' is, counted as the server counts (code points), while one types. */
export function bioCount(bio: string): string {
  const count = Array.from(bio.trim()).length;
  return count >= V.VOLUNTEER_BIO_MIN
    ? `${count} tekens.`
    : `${count} van minstens ${V.VOLUNTEER_BIO_MIN} tekens.`;
}

/** Volunteer, step 1: name, place and private contact details. */
export function VolunteerBasicStep({ register, errors }: StepProps) {
  return (
    <>
      <NameFields register={register} errors={errors} />
      <WhereaboutsFields register={register} errors={errors} requiredFields />
      <PrivateFields register={register} errors={errors} />
    </>
  );
}

/** Volunteer, step 2: about me, experience, availability, specialties and the animals they know. */
export function VolunteerDetailsStep({ register, errors, values }: StepProps) {
  return (
    <>
      <Textarea
        label={required(LABELS.bio)}
        aria-required="true"
        maxLength={DRAFT_MAX_LENGTH.bio}
        hint={`Vertel baasjes wie je bent en waarom je graag oppast. ${bioCount(values.bio)}`}
        error={errors.bio?.message}
        {...register('bio')}
      />
      <Select
        label={LABELS.experience}
        options={optionsFor(V.Experience, 'wizard', [values.experience])}
        error={errors.experience?.message}
        {...register('experience')}
      />
      <CheckboxGroup
        legend={LABELS.availability}
        options={optionsFor(V.Availability, 'wizard', values.availability)}
        error={errors.availability?.message}
        registration={register('availability')}
      />
      <CheckboxGroup
        legend={LABELS.specialties}
        options={optionsFor(V.Specialty, 'wizard', values.specialties)}
        error={errors.specialties?.message}
        registration={register('specialties')}
      />
      <CheckboxGroup
        legend={LABELS.species}
        options={optionsFor(V.Species, 'wizard', values.species)}
        error={errors.species?.message}
        registration={register('species')}
      />
    </>
  );
}

/** Volunteer, step 3: distance, rate, own pets, transport and languages. */
export function VolunteerAdditionalStep({ register, errors, values }: StepProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={LABELS.maxDistance}
          placeholder="Geen voorkeur"
          options={optionsFor(V.Distance, 'wizard', [values.maxDistance])}
          error={errors.maxDistance?.message}
          {...register('maxDistance')}
        />
        <Select
          label={LABELS.hourlyRate}
          options={optionsFor(V.HourlyRate, 'wizard', [values.hourlyRate])}
          error={errors.hourlyRate?.message}
          {...register('hourlyRate')}
        />
        <Select
          label={LABELS.hasOwnPet}
          options={optionsFor(V.HasOwnPet, 'wizard', [values.hasOwnPet])}
          error={errors.hasOwnPet?.message}
          {...register('hasOwnPet')}
        />
        <Select
          label={LABELS.transportMode}
          options={optionsFor(V.TransportMode, 'wizard', [values.transportMode])}
          error={errors.transportMode?.message}
          {...register('transportMode')}
        />
      </div>
      <CheckboxGroup
        legend={LABELS.languages}
        options={optionsFor(V.Language, 'wizard', values.languages)}
        error={errors.languages?.message}
        registration={register('languages')}
      />
    </>
  );
}
