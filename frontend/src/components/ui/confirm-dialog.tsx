import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Bobby verwijderen?'. */
  title: string;
  /** What follows from saying yes (and any field the answer needs). */
  children: ReactNode;
  /** The words of the button that goes ahead. */
  confirmLabel: string;
  /** How that button looks: red for what cannot be undone. */
  confirmVariant?: ButtonVariant | undefined;
  /** Goes ahead. */
  onConfirm: () => void;
  /** 'Annuleren', the close button, the Escape key and a click beside the dialog. */
  onCancel: () => void;
  /** While the answer is on its way: the button waits with a spinner. */
  busy?: boolean | undefined;
  /** Why going ahead failed, shown above the buttons. */
  error?: string | null | undefined;
}

/**
 * A question before something that is hard to undo: the explanation, a failure if there was one,
 * and 'Annuleren' beside the button that goes ahead.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  confirmVariant = 'danger',
  onConfirm,
  onCancel,
  busy = false,
  error = null,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title}>
      {children}
      {error && <FormAlert>{error}</FormAlert>}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onCancel}>
          Annuleren
        </Button>
        <Button variant={confirmVariant} disabled={busy} aria-busy={busy} onClick={onConfirm}>
          {busy && <Spinner />}
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
