import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { PetBasicsFields } from '@/components/profiles/pet-basics-fields';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { CheckboxGroup, Select } from '@/components/ui/form-fields';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { EMPTY_PET_DRAFT } from '@/features/profiles/api/draft-from-profile';
import { useAddPet } from '@/features/profiles/api/pets';
import { ADD_PET_FAILED, failureText } from '@/features/profiles/components/pet-failure';
import * as V from '@/lib/api/vocabulary';
import { DRAFT_MAX_LENGTH } from '@/lib/api/vocabulary';
import { LABELS } from '@/lib/profile-labels';
import { PET_NAME_REQUIRED, SPECIES_REQUIRED, tooLong } from '@/lib/profile-texts';
import {
  DEFAULT_SPECIES,
  fitToSpecies,
  hasSizes,
  speciesOf,
  speciesVocabulary,
} from '@/lib/species';
import { optionsFor, pick, pickAll } from '@/lib/vocabulary';

const text = (max: number) => z.string().trim().max(max, tooLong(max));

const addPetSchema = z.object({
  petSpecies: z.string().refine((value) => speciesOf(value) !== null, SPECIES_REQUIRED),
  petName: text(DRAFT_MAX_LENGTH.petName).min(1, PET_NAME_REQUIRED),
  petBreed: text(DRAFT_MAX_LENGTH.petBreed),
  petAge: text(DRAFT_MAX_LENGTH.petAge),
  petSize: z.string(),
  petGender: z.string(),
  petLookingFor: z.array(z.string()),
});

type AddPetValues = z.infer<typeof addPetSchema>;

const orNull = (value: string) => (value === '' ? null : value);

/** The form of 'Nog een huisdier toevoegen', loaded when it opens: only owners ever need it. */
export function AddPetForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const addPet = useAddPet();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AddPetValues>({
    resolver: zodResolver(addPetSchema),
    defaultValues: {
      petSpecies: '',
      petName: '',
      petBreed: '',
      petAge: '',
      petSize: '',
      petGender: '',
      petLookingFor: [],
    },
  });
  // The sex, size and help offered follow the species, once one is chosen.
  const rawSpecies = useWatch({ control, name: 'petSpecies' });
  const species = speciesOf(rawSpecies);
  const vocabulary = speciesVocabulary(species);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const chosen = speciesOf(values.petSpecies) ?? DEFAULT_SPECIES;
    // A size or help chosen for another species before this one is not shown, nor sent.
    const fitted = fitToSpecies(
      chosen,
      pick(V.PetSize, values.petSize),
      pickAll(V.LookingFor, values.petLookingFor),
    );
    try {
      const added = await addPet.mutateAsync({
        ...EMPTY_PET_DRAFT,
        petSpecies: chosen,
        petName: values.petName,
        petBreed: orNull(values.petBreed),
        petAge: orNull(values.petAge),
        petSize: fitted.size,
        petGender: pick(V.PetGender, values.petGender),
        petLookingFor: fitted.lookingFor,
      });
      onClose();
      void navigate(paths.pet(added.pet.id));
    } catch (error) {
      setFailure(failureText(error, ADD_PET_FAILED));
    }
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <p className="text-stone-700">
        Begin met wat voor dier het is en de naam. Foto&rsquo;s en de rest vul je daarna aan op de
        pagina van je huisdier.
      </p>
      <PetBasicsFields register={register} errors={errors} species={rawSpecies}>
        {species && hasSizes(species) && (
          <Select
            label={LABELS.petSize}
            options={optionsFor(vocabulary.size, 'wizard')}
            {...register('petSize')}
          />
        )}
        {species && (
          <Select
            label={LABELS.petGender}
            options={optionsFor(vocabulary.gender, 'wizard')}
            {...register('petGender')}
          />
        )}
      </PetBasicsFields>
      {species && (
        <CheckboxGroup
          legend={LABELS.petLookingFor}
          options={optionsFor(vocabulary.lookingFor, 'wizard')}
          error={errors.petLookingFor?.message}
          registration={register('petLookingFor')}
        />
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onClose}>
          Annuleren
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Toevoegen...' : 'Toevoegen'}
        </Button>
      </div>
    </form>
  );
}
