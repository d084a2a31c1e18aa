import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = 'orange' | 'teal' | 'green' | 'stone';

const tones: Record<BadgeTone, string> = {
  orange: 'bg-orange-100 text-orange-900',
  teal: 'bg-teal-100 text-teal-900',
  green: 'bg-green-100 text-green-900',
  stone: 'bg-stone-100 text-stone-800',
};

/** A short label such as 'Nieuw' or a profile type. */
export function Badge({
  tone = 'orange',
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
