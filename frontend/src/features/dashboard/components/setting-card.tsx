import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RETRY } from '@/components/ui/load-error';

/** A section of /instellingen under its heading ('Meldingen', 'Privacy'). */
export function SettingCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/**
 * A stored setting as it loads: `show(null)` while it is asked for (the switch itself, disabled,
 * so that nothing moves when it arrives), `show(data)` once known, and `failure` with a way to
 * ask again when it cannot be read.
 */
export function LoadedSetting<T>({
  query,
  failure,
  show,
}: {
  query: UseQueryResult<T>;
  failure: string;
  show: (data: T | null) => ReactNode;
}) {
  if (query.isPending) return show(null);
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-800">
          {failure}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void query.refetch();
          }}
        >
          {RETRY}
        </Button>
      </div>
    );
  }
  return show(query.data);
}
