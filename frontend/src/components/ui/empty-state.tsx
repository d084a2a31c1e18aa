import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  /** h1 when the state is the whole page (a 404), h2 inside a page. */
  titleAs?: 'h1' | 'h2';
  description: ReactNode;
  /** Buttons or links that lead on. */
  action?: ReactNode;
  className?: string;
}

/** What a page shows when there is nothing (or nothing more) to show, and where to go next. */
export function EmptyState({
  icon: Icon,
  title,
  titleAs: Title = 'h2',
  description,
  action,
  className,
}: EmptyStateProps) {
  return (
    <div className={cn('mx-auto flex max-w-xl flex-col items-center gap-4 text-center', className)}>
      <span className="flex size-16 items-center justify-center rounded-full bg-orange-100 text-orange-800">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <Title className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
        {title}
      </Title>
      <div className="text-lg text-stone-700">{description}</div>
      {action && <div className="mt-2 flex flex-wrap justify-center gap-3">{action}</div>}
    </div>
  );
}
