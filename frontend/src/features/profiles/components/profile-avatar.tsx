import { PawPrint } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A round photo, or the first letter of the name (a paw for pets) when there is none. */
export function ProfileAvatar({
  name,
  url,
  pet = false,
  decorative = false,
  className,
}: {
  name: string;
  url: string | null | undefined;
  pet?: boolean;
  /** Beside the name already: no text alternative of its own. */
  decorative?: boolean;
  className?: string;
}) {
  const classes = cn(
    'flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-orange-100 text-3xl font-bold text-orange-900 ring-4 ring-white shadow-sm',
    className,
  );
  if (url) {
    return (
      <img
        src={url}
        alt={decorative ? '' : `Foto van ${name}`}
        className={cn(classes, 'object-cover')}
      />
    );
  }
  return (
    <span className={classes} aria-hidden="true">
      {pet ? <PawPrint className="size-1/2" /> : name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
