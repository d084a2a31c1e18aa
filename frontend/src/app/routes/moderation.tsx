import { SignedInOnly } from '@/components/auth/guards';
import { ModerationLogPage } from '@/features/moderation/components/moderation-log-page';
import { ReportsPage } from '@/features/moderation/components/reports-page';

export function ModerationRoute() {
  return (
    <SignedInOnly>
      <ReportsPage />
    </SignedInOnly>
  );
}

export function ModerationLogRoute() {
  return (
    <SignedInOnly>
      <ModerationLogPage />
    </SignedInOnly>
  );
}
