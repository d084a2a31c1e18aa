import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** A card with a titled part of a page, the title named as its label; `action` sits beside it. */
export function TitledSection({
  title,
  action,
  children,
  className,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string | undefined;
}) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id} className={cn('flex flex-col gap-4', className)}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold text-stone-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </Card>
  );
}
