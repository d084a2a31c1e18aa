import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ComponentType, type ReactNode } from 'react';
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

/** A switch of a stored setting: what it holds, and disabled while that is not known yet. */
export type SettingSwitch = ComponentType<{ stored: boolean; loading?: boolean }>;

/**
 * A stored on/off setting as it loads: its switch, disabled, while it is asked for (so that
 * nothing moves when it arrives), the switch as stored once known (`read` of the answer), and
 * `failure` with a way to ask again when it cannot be read.
 */
export function LoadedSetting<T>({
  query,
  failure,
  read,
  Switch,
}: {
  query: UseQueryResult<T>;
  failure: string;
  read: (data: T) => boolean;
  Switch: SettingSwitch;
}) {
  if (query.isPending) return <Switch stored={false} loading />;
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
  return <Switch stored={read(query.data)} />;
}
