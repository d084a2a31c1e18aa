import { useState, type ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export interface ConfirmButtonProps {
  /** What the button shows (an icon and words). */
  children: ReactNode;
  /** The question, e.g. 'Bobby verwijderen?'. */
  title: string;
  /** The words of the button that goes ahead. */
  confirmLabel: string;
  /** What follows from saying yes. */
  explanation: ReactNode;
  /** Goes ahead; a failure stays in the dialog in the words of `failureText`. */
  act: () => Promise<unknown>;
  /** Why going ahead failed, in words for the person who tried. */
  failureText: (error: unknown) => string;
  /** While the act is on its way. */
  busy: boolean;
  /** After the act went through and the dialog closed. */
  onDone?: (() => void) | undefined;
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
}

/** A button that asks before something hard to undo, and says in the dialog when it failed. */
export function ConfirmButton({
  children,
  title,
  confirmLabel,
  explanation,
  act,
  failureText,
  busy,
  onDone,
  variant = 'ghost',
  size = 'sm',
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setFailure(null);
  };
  const confirm = async () => {
    setFailure(null);
    try {
      await act();
      close();
      onDone?.();
    } catch (error) {
      setFailure(failureText(error));
    }
  };
  return (
    <>
      <Button
        variant={variant}
        size={size}
        onClick={() => {
          setOpen(true);
        }}
      >
        {children}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        busy={busy}
        error={failure}
        onConfirm={() => {
          void confirm();
        }}
        onCancel={close}
      >
        {explanation}
      </ConfirmDialog>
    </>
  );
}
