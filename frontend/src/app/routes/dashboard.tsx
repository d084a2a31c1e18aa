import { DashboardPage, DashboardSkeleton } from '@/features/dashboard/components/dashboard-page';
import { SignedInOnly } from '@/lib/auth/guards';

export function DashboardRoute() {
  return (
    <SignedInOnly pending={<DashboardSkeleton />}>
      <DashboardPage />
    </SignedInOnly>
  );
}
