import { SittersPage } from '@/features/browse/components/sitters-page';

/** `/voor-oppassers?q=&page=` */
export function ForSittersRoute() {
  return <SittersPage />;
}
