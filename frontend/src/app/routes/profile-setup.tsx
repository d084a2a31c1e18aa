import { ProfileWizardPage } from '@/features/profile-wizard/components/profile-wizard-page';
import { SignedInOnly } from '@/lib/auth/guards';

export function ProfileSetupRoute() {
  return (
    <SignedInOnly>
      <ProfileWizardPage />
    </SignedInOnly>
  );
}
