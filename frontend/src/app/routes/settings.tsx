import { SettingsPage } from '@/features/dashboard/components/settings-page';
import { SignedInOnly } from '@/lib/auth/guards';

export function SettingsRoute() {
  return (
    <SignedInOnly>
      <SettingsPage />
    </SignedInOnly>
  );
}
