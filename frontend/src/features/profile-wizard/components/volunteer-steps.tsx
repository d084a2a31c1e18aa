import {
  AVAILABILITY_EDIT,
  AVAILABILITY_WIZARD,
  EXPERIENCE,
  HAS_OWN_PET_EDIT,
  HAS_OWN_PET_WIZARD,
  HOURLY_RATE_EDIT,
  HOURLY_RATE_WIZARD,
  LANGUAGES_WIZARD,
  MAX_DISTANCE_EDIT,
  MAX_DISTANCE_WIZARD,
  SPECIALTIES_WIZARD,
  TRANSPORT_MODES,
} from '@/config/profile-options';
import {
  CheckboxGroup,
  optionsWithCurrent,
  Select,
  Textarea,
  withCurrent,
} from '@/features/profile-wizard/components/fields';
import {
  NameFields,
  PrivateFields,
  WhereaboutsFields,
  type StepProps,
} from '@/features/profile-wizard/components/step-fields';
import { LONG_TEXT_MAX } from '@/features/profile-wizard/profile-form';

/** Volunteer, step 1: name, place and private contact details. */
export function VolunteerBasicStep({ register, errors }: StepProps) {
  return (
    <>
      <NameFields register={register} errors={errors} />
      <WhereaboutsFields register={register} errors={errors} />
      <PrivateFields register={register} errors={errors} />
    </>
  );
}

/** Volunteer, step 2: about me, experience, availability and specialties. */
export function VolunteerDetailsStep({ register, errors, values }: StepProps) {
  return (
    <>
      <Textarea
        label="Over mij"
        maxLength={LONG_TEXT_MAX}
        hint="Vertel baasjes wie je bent en waarom je graag oppast."
        error={errors.bio?.message}
        {...register('bio')}
      />
      <Select
        label="Ervaring"
        options={EXPERIENCE}
        error={errors.experience?.message}
        {...register('experience')}
      />
      <CheckboxGroup
        legend="Beschikbaarheid"
        options={withCurrent(
          AVAILABILITY_WIZARD,
          values.availability.filter((value) => AVAILABILITY_EDIT.includes(value)),
        )}
        error={errors.availability?.message}
        registration={register('availability')}
      />
      <CheckboxGroup
        legend="Specialiteiten"
        options={withCurrent(SPECIALTIES_WIZARD, values.specialties)}
        error={errors.specialties?.message}
        registration={register('specialties')}
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
          label="Maximale afstand"
          placeholder="Geen voorkeur"
          options={optionsWithCurrent(MAX_DISTANCE_WIZARD, MAX_DISTANCE_EDIT, values.maxDistance)}
          error={errors.maxDistance?.message}
          {...register('maxDistance')}
        />
        <Select
          label="Uurtarief"
          options={optionsWithCurrent(HOURLY_RATE_WIZARD, HOURLY_RATE_EDIT, values.hourlyRate)}
          error={errors.hourlyRate?.message}
          {...register('hourlyRate')}
        />
        <Select
          label="Heb je zelf huisdieren?"
          options={optionsWithCurrent(HAS_OWN_PET_WIZARD, HAS_OWN_PET_EDIT, values.hasOwnPet)}
          error={errors.hasOwnPet?.message}
          {...register('hasOwnPet')}
        />
        <Select
          label="Vervoer"
          options={TRANSPORT_MODES}
          error={errors.transportMode?.message}
          {...register('transportMode')}
        />
      </div>
      <CheckboxGroup
        legend="Talen"
        options={withCurrent(LANGUAGES_WIZARD, values.languages)}
        error={errors.languages?.message}
        registration={register('languages')}
      />
    </>
  );
}
