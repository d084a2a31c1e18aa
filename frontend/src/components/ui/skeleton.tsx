import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A grey block standing in for one piece of content while it loads, sized by the caller to what
 * comes (text keeps its line: an inline block inside the element that will hold the text).
 * Decoration only: the surrounding {@link Loading} tells screen readers what is happening.
 */
export function Skeleton({ className, inline = false }: { className?: string; inline?: boolean }) {
  return (
    <span
      aria-hidden="true"
      data-skeleton=""
      className={cn(
        'animate-pulse rounded-full bg-stone-200',
        inline ? 'inline-block h-[0.75em] align-middle' : 'block',
        className,
      )}
    />
  );
}

/**
 * A region that is still loading: announced once as `label`, its skeleton hidden from screen
 * readers, its layout the same as the loaded content so nothing moves when the data arrives.
 */
export function Loading({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={className}>
      {children}
    </div>
  );
}
