import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { CheckboxGroup, Select } from '@/components/ui/form-fields';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { EMPTY_PET_DRAFT } from '@/features/profiles/api/draft-from-profile';
import { useAddPet, useRemovePet } from '@/features/profiles/api/pets';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';
import { DRAFT_MAX_LENGTH } from '@/lib/api/vocabulary';
import { LABELS } from '@/lib/profile-labels';
import { PET_NAME_REQUIRED, SPECIES_REQUIRED, tooLong } from '@/lib/profile-texts';
import { PetBasicsFields } from '@/lib/profiles/pet-basics-fields';
import {
  DEFAULT_SPECIES,
  fitToSpecies,
  hasSizes,
  speciesOf,
  speciesVocabulary,
} from '@/lib/species';
import { optionsFor, pick, pickAll } from '@/lib/vocabulary';

export const ADD_PET = 'Nog een huisdier toevoegen';

export const ADD_PET_FAILED = 'Er ging iets mis bij het toevoegen. Probeer het opnieuw.';
export const REMOVE_PET_FAILED = 'Er ging iets mis bij het verwijderen. Probeer het opnieuw.';

/** The server's own Dutch text where it refused for a reason people can act on. */
function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && [403, 409, 422, 429].includes(error.status)) {
    return error.message;
  }
  return fallback;
}

/**
 * 'Nog een huisdier toevoegen': a short form (species first, then name, breed, age, size, sex and
 * the help looked for, as the species allows) that adds the pet and opens its page, where the owner fills in the rest as on any pet page. `open` starts with the
 * form shown (as after the wizard).
 */
export function AddPetButton({ open: initiallyOpen = false }: { open?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Plus aria-hidden="true" className="size-5" />
        {ADD_PET}
      </Button>
      <Dialog open={open} onClose={close} title="Huisdier toevoegen">
        {open && <AddPetForm onClose={close} />}
      </Dialog>
    </>
  );
}

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

function AddPetForm({ onClose }: { onClose: () => void }) {
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

/** Removes one pet after a confirmation; the owner page offers it only while there are others. */
export function RemovePetButton({ petId, name }: { petId: number; name: string }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const removePet = useRemovePet();
  const close = () => {
    setOpen(false);
    setFailure(null);
  };
  const remove = async () => {
    setFailure(null);
    try {
      await removePet.mutateAsync(petId);
      setOpen(false);
    } catch (error) {
      setFailure(failureText(error, REMOVE_PET_FAILED));
    }
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {`${name} verwijderen`}
      </Button>
      <ConfirmDialog
        open={open}
        title={`${name} verwijderen?`}
        confirmLabel="Verwijderen"
        busy={removePet.isPending}
        error={failure}
        onConfirm={() => {
          void remove();
        }}
        onCancel={close}
      >
        <p className="text-stone-700">
          De pagina van {name} en de kaart in de lijsten verdwijnen. Dit kun je niet ongedaan maken.
        </p>
      </ConfirmDialog>
    </>
  );
}
