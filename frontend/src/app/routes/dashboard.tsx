import { SignedInOnly } from '@/components/auth/guards';
import { DashboardPage, DashboardSkeleton } from '@/features/dashboard/components/dashboard-page';

export function DashboardRoute() {
  return (
    <SignedInOnly pending={<DashboardSkeleton />}>
      <DashboardPage />
    </SignedInOnly>
  );
}
