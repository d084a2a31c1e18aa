import { Pencil } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The pencil that opens the edit dialog; its name says what it edits, e.g. 'Naam bewerken'. */
export function EditButton({
  label,
  onClick,
  className,
}: {
  label: string;
  onClick: () => void;
  className?: string | undefined;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-full text-stone-600 ring-1 ring-stone-200 hover:bg-orange-50 hover:text-orange-800',
        className,
      )}
    >
      <Pencil aria-hidden="true" className="size-4" />
    </button>
  );
}
