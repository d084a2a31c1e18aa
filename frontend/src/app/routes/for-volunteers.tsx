import { VolunteersPage } from '@/features/browse/components/volunteers-page';

/** `/voor-oppassers?q=&page=` */
export function ForVolunteersRoute() {
  return <VolunteersPage />;
}
