import { Input } from '@/components/ui/input';
import {
  CHIPPED,
  GOOD_WITH,
  LANGUAGES_WIZARD,
  NEUTERED,
  PET_GENDERS,
  PET_SIZES,
  VACCINATED,
} from '@/config/profile-options';
import {
  CheckboxGroup,
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
import { LONG_TEXT_MAX, NAME_MAX, SHORT_TEXT_MAX } from '@/features/profile-wizard/profile-form';

/** Owner, step 1: who the pet is and where it lives. */
export function PetBasicStep({ register, errors }: StepProps) {
  return (
    <>
      <Input
        label="Naam van je huisdier *"
        maxLength={NAME_MAX}
        aria-required="true"
        error={errors.petName?.message}
        {...register('petName')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Ras"
          maxLength={SHORT_TEXT_MAX}
          placeholder="Bijvoorbeeld Labrador"
          error={errors.petBreed?.message}
          {...register('petBreed')}
        />
        <Input
          label="Leeftijd"
          maxLength={SHORT_TEXT_MAX}
          placeholder="Bijvoorbeeld 3 jaar"
          error={errors.petAge?.message}
          {...register('petAge')}
        />
      </div>
      <WhereaboutsFields register={register} errors={errors} />
    </>
  );
}

/** Owner, step 2: size, sex, weight, character and a description. */
export function PetDetailsStep({ register, errors }: StepProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Grootte"
          options={PET_SIZES}
          error={errors.petSize?.message}
          {...register('petSize')}
        />
        <Select
          label="Geslacht"
          options={PET_GENDERS}
          error={errors.petGender?.message}
          {...register('petGender')}
        />
      </div>
      <Input
        label="Gewicht"
        maxLength={SHORT_TEXT_MAX}
        placeholder="Bijvoorbeeld 25 kg"
        error={errors.petWeight?.message}
        {...register('petWeight')}
      />
      <Textarea
        label="Karakter"
        rows={3}
        maxLength={LONG_TEXT_MAX}
        placeholder="Speels, rustig, nieuwsgierig..."
        error={errors.petPersonality?.message}
        {...register('petPersonality')}
      />
      <Textarea
        label="Beschrijving"
        maxLength={LONG_TEXT_MAX}
        hint="Vertel oppassers over je huisdier en waar je hulp bij zoekt."
        error={errors.bio?.message}
        {...register('bio')}
      />
    </>
  );
}

/** Owner, step 3: health, who the pet gets along with and special needs. */
export function PetAdditionalStep({ register, errors, values }: StepProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <Select
          label="Gevaccineerd"
          options={VACCINATED}
          error={errors.petVaccinated?.message}
          {...register('petVaccinated')}
        />
        <Select
          label="Gechipt"
          options={CHIPPED}
          error={errors.petChipped?.message}
          {...register('petChipped')}
        />
        <Select
          label="Gecastreerd/gesteriliseerd"
          options={NEUTERED}
          error={errors.petNeutered?.message}
          {...register('petNeutered')}
        />
      </div>
      <CheckboxGroup
        legend="Kan goed overweg met"
        options={withCurrent(
          GOOD_WITH.map((option) => option.value),
          values.petGoodWith,
        )}
        error={errors.petGoodWith?.message}
        registration={register('petGoodWith')}
      />
      <Textarea
        label="Speciale behoeften"
        rows={3}
        maxLength={LONG_TEXT_MAX}
        placeholder="Medicatie, dieet, angsten..."
        error={errors.petSpecialNeeds?.message}
        {...register('petSpecialNeeds')}
      />
    </>
  );
}

/** Owner, last step: the owner themselves (their photo is added by the wizard). */
export function OwnerStep({ register, errors, values }: StepProps) {
  return (
    <>
      <NameFields register={register} errors={errors} />
      <PrivateFields register={register} errors={errors} />
      <Textarea
        label="Over jezelf"
        rows={3}
        maxLength={LONG_TEXT_MAX}
        error={errors.ownerBio?.message}
        {...register('ownerBio')}
      />
      <Input
        label="Ervaring met huisdieren"
        maxLength={SHORT_TEXT_MAX}
        placeholder="Bijvoorbeeld: al 10 jaar honden"
        error={errors.experience?.message}
        {...register('experience')}
      />
      <CheckboxGroup
        legend="Talen"
        options={withCurrent(LANGUAGES_WIZARD, values.languages)}
        error={errors.languages?.message}
        registration={register('languages')}
      />
    </>
  );
}
