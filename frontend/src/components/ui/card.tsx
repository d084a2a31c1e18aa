import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

type CardElement = 'div' | 'article' | 'section' | 'li';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: CardElement;
}

/** A white, rounded surface: the basic block of every page. */
export function Card({ as: Element = 'div', className, ...props }: CardProps) {
  return (
    <Element
      className={cn(
        'rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200/80 sm:p-8',
        className,
      )}
      {...props}
    />
  );
}
