import { FavouritesPage } from '@/features/browse/components/favourites-page';
import { SignedInOnly } from '@/lib/auth/guards';

export function FavouritesRoute() {
  return (
    <SignedInOnly>
      <FavouritesPage />
    </SignedInOnly>
  );
}
