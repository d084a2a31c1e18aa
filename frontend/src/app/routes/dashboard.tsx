import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { SignedInOnly } from '@/lib/auth/guards';

export function DashboardRoute() {
  return (
    <SignedInOnly>
      <DashboardPage />
    </SignedInOnly>
  );
}
