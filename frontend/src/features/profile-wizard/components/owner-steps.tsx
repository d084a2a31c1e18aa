import { PetBasicsFields } from '@/components/profiles/pet-basics-fields';
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
import { LABELS } from '@/lib/profile-labels';
import { exampleOf, hasSizes, ruleOf, speciesOf, speciesVocabulary } from '@/lib/species';
import { optionsFor } from '@/lib/vocabulary';

/**
 * Owner, step 1: what kind of animal the pet is (first: the next steps follow it), who it is and
 * where it lives.
 */
export function PetBasicStep({ register, errors, values }: StepProps) {
  return (
    <>
      <PetBasicsFields register={register} errors={errors} species={values.petSpecies} />
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
            label={LABELS.petSize}
            options={optionsFor(vocabulary.size, 'wizard')}
            error={errors.petSize?.message}
            {...register('petSize')}
          />
        )}
        <Select
          label={LABELS.petGender}
          options={optionsFor(vocabulary.gender, 'wizard', [values.petGender])}
          error={errors.petGender?.message}
          {...register('petGender')}
        />
      </div>
      <Input
        label={LABELS.petWeight}
        maxLength={DRAFT_MAX_LENGTH.petWeight}
        placeholder={exampleOf(ruleOf(species).weightExample)}
        error={errors.petWeight?.message}
        {...register('petWeight')}
      />
      <Textarea
        label={LABELS.petPersonality}
        rows={3}
        maxLength={DRAFT_MAX_LENGTH.petPersonality}
        placeholder="Speels, rustig, nieuwsgierig..."
        error={errors.petPersonality?.message}
        {...register('petPersonality')}
      />
      <Textarea
        label={LABELS.petBio}
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
          label={LABELS.petVaccinated}
          options={optionsFor(V.Vaccinated, 'wizard', [values.petVaccinated])}
          error={errors.petVaccinated?.message}
          {...register('petVaccinated')}
        />
        <Select
          label={LABELS.petChipped}
          options={optionsFor(V.Chipped, 'wizard', [values.petChipped])}
          error={errors.petChipped?.message}
          {...register('petChipped')}
        />
        <Select
          label={LABELS.petNeutered}
          options={optionsFor(V.Neutered, 'wizard', [values.petNeutered])}
          error={errors.petNeutered?.message}
          {...register('petNeutered')}
        />
      </div>
      <CheckboxGroup
        legend={LABELS.petGoodWith}
        options={optionsFor(vocabulary.goodWith, 'wizard', values.petGoodWith)}
        error={errors.petGoodWith?.message}
        registration={register('petGoodWith')}
      />
      <CheckboxGroup
        legend={LABELS.petLookingFor}
        options={optionsFor(vocabulary.lookingFor, 'wizard')}
        error={errors.petLookingFor?.message}
        registration={register('petLookingFor')}
      />
      <Textarea
        label={LABELS.petSpecialNeeds}
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
        label={LABELS.ownerBio}
        rows={3}
        maxLength={DRAFT_MAX_LENGTH.ownerBio}
        error={errors.ownerBio?.message}
        {...register('ownerBio')}
      />
      <Input
        label={LABELS.ownerExperience}
        maxLength={DRAFT_MAX_LENGTH.experience}
        placeholder={`Bijvoorbeeld: al 10 jaar ${ruleOf(speciesOf(values.petSpecies)).plural}`}
        error={errors.experience?.message}
        {...register('experience')}
      />
      <CheckboxGroup
        legend={LABELS.languages}
        options={optionsFor(V.Language, 'wizard', values.languages)}
        error={errors.languages?.message}
        registration={register('languages')}
      />
    </>
  );
}
