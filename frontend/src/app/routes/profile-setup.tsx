import { SignedInOnly } from '@/components/auth/guards';
import { ProfileWizardPage } from '@/features/profile-wizard/components/profile-wizard-page';

export function ProfileSetupRoute() {
  return (
    <SignedInOnly>
      <ProfileWizardPage />
    </SignedInOnly>
  );
}
