import { BrowsePage } from '@/features/browse/components/browse-page';

/** `/profielen?q=&type=&near=&radiusKm=&page=&view=` */
export function BrowseRoute() {
  return <BrowsePage />;
}
