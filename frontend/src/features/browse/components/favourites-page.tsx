import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { ListLoadError, ListLoading } from '@/features/browse/components/list-states';
import { ProfileGrid } from '@/features/browse/components/profile-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useFavourites } from '@/lib/favourites/favourites';

export const FAVOURITES_TITLE = 'Favorieten';
export const NO_FAVOURITES = 'Nog geen favorieten';

/** `/favorieten`: the cards the signed-in person keeps, the latest first. */
export function FavouritesPage() {
  useDocumentTitle(FAVOURITES_TITLE);
  const favourites = useFavourites();

  let body;
  if (favourites.isPending) {
    body = <ListLoading label="Favorieten laden..." />;
  } else if (favourites.isError) {
    body = (
      <ListLoadError
        error={favourites.error}
        text="Je favorieten konden niet worden geladen."
        onRetry={() => {
          void favourites.refetch();
        }}
      />
    );
  } else if (favourites.data.length === 0) {
    body = (
      <EmptyState
        icon={Heart}
        title={NO_FAVOURITES}
        description="Tik op het hartje bij een profiel om het hier terug te vinden."
        className="py-12"
        action={
          <Link to={paths.profiles} className={buttonStyles({ size: 'lg' })}>
            Profielen bekijken
          </Link>
        }
      />
    );
  } else {
    body = <ProfileGrid items={favourites.data} />;
  }

  return (
    <div className="bg-linear-to-b from-orange-50 to-stone-50 px-4 py-10 sm:px-6 sm:py-14">
      <div className="mx-auto flex max-w-6xl flex-col gap-8">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
            {FAVOURITES_TITLE}
          </h1>
          <p className="text-lg text-stone-700">
            Alleen jij ziet je favorieten. Een profiel dat verdwijnt, verdwijnt hier ook.
          </p>
        </div>
        {body}
      </div>
    </div>
  );
}
