import { SignedInOnly } from '@/components/auth/guards';
import { FavouritesPage } from '@/features/browse/components/favourites-page';

export function FavouritesRoute() {
  return (
    <SignedInOnly>
      <FavouritesPage />
    </SignedInOnly>
  );
}
