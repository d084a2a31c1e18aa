import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface DialogProps {
  open: boolean;
  /** Called for the close button, the Escape key and a click on the backdrop. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  /**
   * On a phone a sheet from the bottom of the screen, its content scrolling above `footer`
   * (which stays in reach of the thumb); from `sm` up the usual centred panel.
   */
  sheet?: boolean;
  /** Buttons below the content, always visible (with `sheet`). */
  footer?: ReactNode;
}

/**
 * A modal on the native <dialog> element: the browser traps focus, makes the page behind it
 * inert and returns focus on close, which no hand-written modal gets fully right.
 */
export function Dialog({ open, onClose, title, children, sheet = false, footer }: DialogProps) {
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
      className={cn(
        'rounded-3xl bg-white p-0 text-stone-800 shadow-xl backdrop:bg-stone-900/50',
        sheet
          ? 'mx-0 mt-auto mb-0 max-h-[90dvh] w-full max-w-none rounded-b-none sm:m-auto sm:max-h-[85dvh] sm:w-[min(32rem,calc(100%-2rem))] sm:rounded-b-3xl'
          : 'm-auto w-[min(32rem,calc(100%-2rem))]',
      )}
    >
      <div className={cn('flex flex-col', sheet && 'max-h-[inherit]')}>
        <div className="flex items-start justify-between gap-4 px-6 pt-6 sm:px-8 sm:pt-8">
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
        <div
          className={cn(
            'flex flex-col gap-4 px-6 pt-4 sm:px-8',
            sheet && 'min-h-0 overflow-y-auto',
            footer ? 'pb-4' : 'pb-6 sm:pb-8',
          )}
        >
          {children}
        </div>
        {footer && (
          <div className="flex flex-wrap items-center justify-end gap-3 border-t border-stone-200 px-6 py-4 sm:px-8">
            {footer}
          </div>
        )}
      </div>
    </dialog>
  );
}
