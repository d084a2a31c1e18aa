import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import type { DraftChange } from '@/features/profiles/api/draft-from-profile';
import { useUpdateProfileField } from '@/features/profiles/api/update-profile';
import { EditButton } from '@/features/profiles/components/edit-button';
import type { EditField } from '@/features/profiles/components/edit-field-dialog';

// Its form and checks load only for the one who may edit: a visitor never needs them.
const EditFieldDialog = lazy(async () => ({
  default: (await import('@/features/profiles/components/edit-field-dialog')).EditFieldDialog,
}));

export interface FieldEdit {
  /** The dialog title and the pencil's name, e.g. 'Naam bewerken'. */
  title: string;
  field: EditField;
}

/** How a page opens its edit dialog; null when the viewer may not edit the profile. */
const EditorContext = createContext<((edit: FieldEdit) => void) | null>(null);

/**
 * Gives the page's pencils one shared edit dialog, only when `canEdit` (the viewer's own
 * profile); saving sends the whole own profile with the one field changed, or goes to `save`.
 */
export function FieldEditorProvider({
  canEdit,
  save,
  children,
}: {
  canEdit: boolean;
  /** Where a change goes instead of the own profile (a pet's page sends it to that pet). */
  save?: (change: DraftChange) => Promise<unknown>;
  children: ReactNode;
}) {
  const [edit, setEdit] = useState<FieldEdit | null>(null);
  const update = useUpdateProfileField();
  const close = () => {
    setEdit(null);
  };
  return (
    <EditorContext value={canEdit ? setEdit : null}>
      {children}
      {canEdit && (
        <Suspense fallback={null}>
          <EditFieldDialog
            field={edit?.field ?? null}
            title={edit?.title ?? ''}
            onClose={close}
            onSave={save ?? ((change) => update.mutateAsync(change))}
          />
        </Suspense>
      )}
    </EditorContext>
  );
}

/** Whether the viewer may edit the profile on this page. */
export function useCanEdit(): boolean {
  return useContext(EditorContext) !== null;
}

/** The pencil for one field; nothing for a viewer who may not edit. */
export function EditFieldButton({ edit, className }: { edit: FieldEdit; className?: string }) {
  const open = useContext(EditorContext);
  if (!open) return null;
  return (
    <EditButton
      label={edit.title}
      className={className}
      onClick={() => {
        open(edit);
      }}
    />
  );
}
