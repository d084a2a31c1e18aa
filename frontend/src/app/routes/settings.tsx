import { SignedInOnly } from '@/components/auth/guards';
import { SettingsPage, SettingsSkeleton } from '@/features/dashboard/components/settings-page';

export function SettingsRoute() {
  return (
    <SignedInOnly pending={<SettingsSkeleton />}>
      <SettingsPage />
    </SignedInOnly>
  );
}
