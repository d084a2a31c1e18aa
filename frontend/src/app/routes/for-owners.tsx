import { OwnersPage } from '@/features/browse/components/owners-page';

/** `/voor-baasjes?q=&page=` */
export function ForOwnersRoute() {
  return <OwnersPage />;
}
