import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Select } from '@/components/ui/form-fields';
import { Input } from '@/components/ui/input';
import * as V from '@/lib/api/vocabulary';
import { DRAFT_MAX_LENGTH } from '@/lib/api/vocabulary';
import { LABELS, required } from '@/lib/profile-labels';
import { exampleOf, ruleOf, speciesOf } from '@/lib/species';
import { optionsFor } from '@/lib/vocabulary';

/** The fields of a pet's basics, as a form names them. */
export type PetBasicsField = 'petSpecies' | 'petName' | 'petBreed' | 'petAge';

export interface PetBasicsFieldsProps {
  /** The form's `register`: any form with these four text fields. */
  register: (name: PetBasicsField) => UseFormRegisterReturn;
  /** The form's refusals of these fields. */
  errors: Partial<Record<PetBasicsField, { message?: string | undefined } | undefined>>;
  /** The species chosen now: one chosen elsewhere stays listed. */
  species: string;
  /** More fields beside the breed and the age, in their grid. */
  children?: ReactNode;
}

/**
 * A pet's basics: what kind of animal it is (first: what else is asked follows it), its name,
 * breed and age. The wizard's first pet step and 'Huisdier toevoegen' both begin with them.
 */
export function PetBasicsFields({ register, errors, species, children }: PetBasicsFieldsProps) {
  return (
    <>
      <Select
        label={required(LABELS.petSpecies)}
        options={optionsFor(V.Species, 'wizard', [species])}
        aria-required="true"
        error={errors.petSpecies?.message}
        {...register('petSpecies')}
      />
      <Input
        label={required(LABELS.petName)}
        maxLength={DRAFT_MAX_LENGTH.petName}
        aria-required="true"
        error={errors.petName?.message}
        {...register('petName')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={LABELS.petBreed}
          maxLength={DRAFT_MAX_LENGTH.petBreed}
          placeholder={exampleOf(ruleOf(speciesOf(species)).breedExample)}
          error={errors.petBreed?.message}
          {...register('petBreed')}
        />
        <Input
          label={LABELS.petAge}
          maxLength={DRAFT_MAX_LENGTH.petAge}
          placeholder="Bijvoorbeeld 3 jaar"
          error={errors.petAge?.message}
          {...register('petAge')}
        />
        {children}
      </div>
    </>
  );
}
