import { SettingsPage, SettingsSkeleton } from '@/features/dashboard/components/settings-page';
import { SignedInOnly } from '@/lib/auth/guards';

export function SettingsRoute() {
  return (
    <SignedInOnly pending={<SettingsSkeleton />}>
      <SettingsPage />
    </SignedInOnly>
  );
}
