import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  /** Called for the close button, the Escape key and a click on the backdrop. */
  onClose: () => void;
  title: string;
  children: ReactNode;
}

/**
 * A modal on the native <dialog> element: the browser traps focus, makes the page behind it
 * inert and returns focus on close, which no hand-written modal gets fully right.
 */
export function Dialog({ open, onClose, title, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) {
      return;
    }
    if (open && !dialog.open) {
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: let the owner decide by closing through `open`.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The panel fills the dialog, so a click on the dialog itself is a click on the backdrop.
        if (event.target === event.currentTarget) {
          onClose();
        }
      }}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-3xl bg-white p-0 text-stone-800 shadow-xl backdrop:bg-stone-900/50"
    >
      <div className="flex flex-col gap-4 p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold text-stone-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Sluiten"
            className="-m-2 rounded-full p-2 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
