import { Check } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

/** Where saving the choice stands: a mutation's own flags. */
export interface SaveState {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
}

/**
 * A setting's checkbox, saved the moment it changes: under it 'Opslaan...', then 'Opgeslagen', or
 * an alert when it failed. While saving, the box shows what was asked for; after a failure, what
 * the server holds.
 */
export function SavedCheckbox({
  label,
  hint,
  stored,
  loading = false,
  save,
  onSave,
}: {
  label: string;
  hint: ReactNode;
  /** The choice the server holds. */
  stored: boolean;
  /** The stored choice is not known yet: the box is there, not yet to be used. */
  loading?: boolean;
  save: SaveState;
  /** Saves `checked`, calling `settled` once that has succeeded or failed. */
  onSave: (checked: boolean, settled: () => void) => void;
}) {
  const id = useId();
  const [asked, setAsked] = useState<boolean | null>(null);
  const checked = asked ?? stored;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={loading}
          aria-busy={loading}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setAsked(event.target.checked);
            onSave(event.target.checked, () => {
              setAsked(null);
            });
          }}
          className="mt-0.5 size-5 shrink-0 accent-orange-700"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="font-semibold text-stone-900">
            {label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-stone-700">
            {hint}
          </p>
        </div>
      </div>
      <p role="status" className="min-h-6 pl-8 text-sm font-semibold text-green-800">
        {loading && 'Laden...'}
        {save.isPending && 'Opslaan...'}
        {save.isSuccess && (
          <span className="inline-flex items-center gap-1">
            <Check aria-hidden="true" className="size-4" />
            Opgeslagen
          </span>
        )}
      </p>
      {save.isError && (
        <p role="alert" className="pl-8 text-sm font-semibold text-red-800">
          Opslaan mislukt. Probeer het opnieuw.
        </p>
      )}
    </div>
  );
}
