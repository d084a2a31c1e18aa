import { ReportsPage } from '@/features/moderation/components/reports-page';
import { SignedInOnly } from '@/lib/auth/guards';

export function ModerationRoute() {
  return (
    <SignedInOnly>
      <ReportsPage />
    </SignedInOnly>
  );
}
