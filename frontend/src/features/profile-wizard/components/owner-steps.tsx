import { CheckboxGroup, Select, Textarea } from '@/components/ui/form-fields';
import { Input } from '@/components/ui/input';
import {
  NameFields,
  PrivateFields,
  WhereaboutsFields,
  type StepProps,
} from '@/features/profile-wizard/components/step-fields';
import * as V from '@/lib/api/vocabulary';
import { DRAFT_MAX_LENGTH } from '@/lib/api/vocabulary';
import { hasSizes, speciesOf, speciesVocabulary } from '@/lib/species';
import { optionsFor } from '@/lib/vocabulary';

/**
 * Owner, step 1: what kind of animal the pet is (first: the next steps follow it), who it is and
 * where it lives.
 */
export function PetBasicStep({ register, errors, values }: StepProps) {
  return (
    <>
      <Select
        label="Soort dier *"
        options={optionsFor(V.Species, 'wizard', [values.petSpecies])}
        aria-required="true"
        error={errors.petSpecies?.message}
        {...register('petSpecies')}
      />
      <Input
        label="Naam van je huisdier *"
        maxLength={DRAFT_MAX_LENGTH.petName}
        aria-required="true"
        error={errors.petName?.message}
        {...register('petName')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Ras"
          maxLength={DRAFT_MAX_LENGTH.petBreed}
          placeholder="Bijvoorbeeld Labrador"
          error={errors.petBreed?.message}
          {...register('petBreed')}
        />
        <Input
          label="Leeftijd"
          maxLength={DRAFT_MAX_LENGTH.petAge}
          placeholder="Bijvoorbeeld 3 jaar"
          error={errors.petAge?.message}
          {...register('petAge')}
        />
      </div>
      <WhereaboutsFields register={register} errors={errors} />
    </>
  );
}

/** Owner, step 2: size, sex, weight, character and a description, as they fit the species. */
export function PetDetailsStep({ register, errors, values }: StepProps) {
  const species = speciesOf(values.petSpecies);
  const vocabulary = speciesVocabulary(species);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {hasSizes(species) && (
          <Select
            label="Grootte"
            options={optionsFor(vocabulary.size, 'wizard')}
            error={errors.petSize?.message}
            {...register('petSize')}
          />
        )}
        <Select
          label="Geslacht"
          options={optionsFor(vocabulary.gender, 'wizard', [values.petGender])}
          error={errors.petGender?.message}
          {...register('petGender')}
        />
      </div>
      <Input
        label="Gewicht"
        maxLength={DRAFT_MAX_LENGTH.petWeight}
        placeholder="Bijvoorbeeld 25 kg"
        error={errors.petWeight?.message}
        {...register('petWeight')}
      />
      <Textarea
        label="Karakter"
        rows={3}
        maxLength={DRAFT_MAX_LENGTH.petPersonality}
        placeholder="Speels, rustig, nieuwsgierig..."
        error={errors.petPersonality?.message}
        {...register('petPersonality')}
      />
      <Textarea
        label="Beschrijving"
        maxLength={DRAFT_MAX_LENGTH.bio}
        hint="Vertel oppassers over je huisdier en waar je hulp bij zoekt."
        error={errors.bio?.message}
        {...register('bio')}
      />
    </>
  );
}

/**
 * Owner, step 3: health, who the pet gets along with, the help looked for (as the species allows)
 * and special needs.
 */
export function PetAdditionalStep({ register, errors, values }: StepProps) {
  const vocabulary = speciesVocabulary(speciesOf(values.petSpecies));
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <Select
          label="Gevaccineerd"
          options={optionsFor(V.Vaccinated, 'wizard', [values.petVaccinated])}
          error={errors.petVaccinated?.message}
          {...register('petVaccinated')}
        />
        <Select
          label="Gechipt"
          options={optionsFor(V.Chipped, 'wizard', [values.petChipped])}
          error={errors.petChipped?.message}
          {...register('petChipped')}
        />
        <Select
          label="Gecastreerd/gesteriliseerd"
          options={optionsFor(V.Neutered, 'wizard', [values.petNeutered])}
          error={errors.petNeutered?.message}
          {...register('petNeutered')}
        />
      </div>
      <CheckboxGroup
        legend="Kan goed overweg met"
        options={optionsFor(vocabulary.goodWith, 'wizard', values.petGoodWith)}
        error={errors.petGoodWith?.message}
        registration={register('petGoodWith')}
      />
      <CheckboxGroup
        legend="Gezochte hulp"
        options={optionsFor(vocabulary.lookingFor, 'wizard')}
        error={errors.petLookingFor?.message}
        registration={register('petLookingFor')}
      />
      <Textarea
        label="Speciale behoeften"
        rows={3}
        maxLength={DRAFT_MAX_LENGTH.petSpecialNeeds}
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
        maxLength={DRAFT_MAX_LENGTH.ownerBio}
        error={errors.ownerBio?.message}
        {...register('ownerBio')}
      />
      <Input
        label="Ervaring met huisdieren"
        maxLength={DRAFT_MAX_LENGTH.experience}
        placeholder="Bijvoorbeeld: al 10 jaar honden"
        error={errors.experience?.message}
        {...register('experience')}
      />
      <CheckboxGroup
        legend="Talen"
        options={optionsFor(V.Language, 'wizard', values.languages)}
        error={errors.languages?.message}
        registration={register('languages')}
      />
    </>
  );
}
