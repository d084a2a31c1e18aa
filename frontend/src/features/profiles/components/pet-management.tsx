import { Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useRemovePet } from '@/features/profiles/api/pets';
import { failureText, REMOVE_PET_FAILED } from '@/features/profiles/components/pet-failure';

const AddPetForm = lazy(async () => ({
  default: (await import('@/features/profiles/components/add-pet-form')).AddPetForm,
}));

export const ADD_PET = 'Nog een huisdier toevoegen';

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
        {open && (
          <Suspense fallback={<Spinner label="Laden..." />}>
            <AddPetForm onClose={close} />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}

/** Removes one pet after a confirmation; the owner page offers it only while there are others. */
export function RemovePetButton({ petId, name }: { petId: number; name: string }) {
  const removePet = useRemovePet();
  return (
    <ConfirmButton
      title={`${name} verwijderen?`}
      confirmLabel="Verwijderen"
      explanation={
        <p className="text-stone-700">
          De pagina van {name} en de kaart in de lijsten verdwijnen. Dit kun je niet ongedaan maken.
        </p>
      }
      act={() => removePet.mutateAsync(petId)}
      failureText={(error) => failureText(error, REMOVE_PET_FAILED)}
      busy={removePet.isPending}
    >
      <Trash2 aria-hidden="true" className="size-4" />
      {`${name} verwijderen`}
    </ConfirmButton>
  );
}
