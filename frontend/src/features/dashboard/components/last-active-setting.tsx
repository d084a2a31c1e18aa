import {
  useLastActiveSetting,
  useUpdateLastActiveSetting,
} from '@/features/dashboard/api/last-active';
import { SavedCheckbox } from '@/features/dashboard/components/saved-checkbox';
import { LoadedSetting, SettingCard } from '@/features/dashboard/components/setting-card';

export const LAST_ACTIVE_LABEL = 'Laat zien wanneer ik actief was';

/** Whether one's pages say when one was last here ('Vandaag actief'), saved at once. */
export function LastActiveSetting() {
  return (
    <SettingCard title="Privacy">
      <LoadedSetting
        query={useLastActiveSetting()}
        failure="Je privacy-instelling kon niet worden geladen."
        read={(setting) => setting.shown}
        Switch={LastActiveCheckbox}
      />
    </SettingCard>
  );
}

/** The same card before it is known who is signed in: the switch, not yet to be used. */
export function LastActiveSettingSkeleton() {
  return (
    <SettingCard title="Privacy">
      <LastActiveCheckbox stored={false} loading />
    </SettingCard>
  );
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
