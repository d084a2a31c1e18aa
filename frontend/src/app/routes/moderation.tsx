import { SignedInOnly } from '@/components/auth/guards';
import { ReportsPage } from '@/features/moderation/components/reports-page';

export function ModerationRoute() {
  return (
    <SignedInOnly>
      <ReportsPage />
    </SignedInOnly>
  );
}
