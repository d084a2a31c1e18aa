import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RETRY } from '@/components/ui/load-error';
import {
  useLastActiveSetting,
  useUpdateLastActiveSetting,
} from '@/features/dashboard/api/last-active';
import { SavedCheckbox } from '@/features/dashboard/components/saved-checkbox';

export const LAST_ACTIVE_LABEL = 'Laat zien wanneer ik actief was';

/** Whether one's pages say when one was last here ('Vandaag actief'), saved at once. */
export function LastActiveSetting() {
  return (
    <SettingCard>
      <SettingState />
    </SettingCard>
  );
}

/** The same card before it is known who is signed in: the switch, not yet to be used. */
export function LastActiveSettingSkeleton() {
  return (
    <SettingCard>
      <LastActiveCheckbox stored={false} loading />
    </SettingCard>
  );
}

function SettingCard({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        Privacy
      </h2>
      {children}
    </Card>
  );
}

function SettingState() {
  const setting = useLastActiveSetting();
  if (setting.isPending) return <LastActiveCheckbox stored={false} loading />;
  if (setting.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-800">
          Je privacy-instelling kon niet worden geladen.
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void setting.refetch();
          }}
        >
          {RETRY}
        </Button>
      </div>
    );
  }
  return <LastActiveCheckbox stored={setting.data.shown} />;
}

function LastActiveCheckbox({ stored, loading = false }: { stored: boolean; loading?: boolean }) {
  const update = useUpdateLastActiveSetting();
  return (
    <SavedCheckbox
      label={LAST_ACTIVE_LABEL}
      hint={
        <>
          Op je profiel staat dan bijvoorbeeld &lsquo;Vandaag actief&rsquo; of &lsquo;Deze week
          actief&rsquo;, nooit het uur. Zet je dit uit, dan ziet niemand wanneer je er was.
        </>
      }
      stored={stored}
      loading={loading}
      save={update}
      onSave={(shown, settled) => {
        update.mutate({ shown }, { onSettled: settled });
      }}
    />
  );
}
