import { Heart } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { ApiError } from '@/lib/api/api-error';
import { loginPathReturningTo } from '@/lib/auth/return-path';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/cn';
import { useIsFavourite, useSetFavourite } from '@/lib/favourites/favourites';

export const FAVOURITE_FAILED = 'Dat lukte niet. Probeer het later opnieuw.';

export interface FavouriteButtonProps {
  /** The card's id (`pet-12`, `volunteer-3`). */
  listingId: string;
  /** Whose card: names the button for assistive technology. */
  name: string;
  /** A round heart on a card, or a heart with its word on a profile page. */
  look?: 'card' | 'page';
  /** The account the card belongs to: its own person sees no heart. */
  ownerUserId?: number | undefined;
}

const heartClasses = (on: boolean) =>
  cn('size-5 transition-colors', on ? 'fill-rose-600 text-rose-600' : 'text-stone-700');

/**
 * The heart of a card or profile page. Signed in it keeps or drops the favourite (the heart
 * changes at once); signed out it leads to signing in and back here.
 */
export function FavouriteButton({
  listingId,
  name,
  look = 'card',
  ownerUserId,
}: FavouriteButtonProps) {
  const { user, isPending } = useAuth();
  const { pathname, search } = useLocation();
  const stored = useIsFavourite(listingId);
  const change = useSetFavourite();
  if (isPending || (user !== null && user.id === ownerUserId)) {
    return null;
  }

  const label = look === 'card' ? `Favoriet: ${name}` : 'Favoriet';
  const shape =
    look === 'card'
      ? 'inline-flex size-11 items-center justify-center rounded-full bg-white ring-1 ring-stone-200 hover:bg-rose-50'
      : // On a phone the heart sits beside 'Bericht sturen' in the bottom bar: the word is for
        // screen readers only there.
        buttonStyles({ variant: 'secondary', size: 'lg', className: 'max-sm:px-3.5' });

  if (user === null) {
    return (
      <Link
        to={loginPathReturningTo(`${pathname}${search}`)}
        className={shape}
        aria-label={look === 'card' ? `Log in om ${name} als favoriet te bewaren` : undefined}
        title="Log in om favorieten te bewaren"
      >
        <Heart aria-hidden="true" className={heartClasses(false)} />
        {look === 'page' && <span className="max-sm:sr-only">Favoriet</span>}
      </Link>
    );
  }

  const on = change.isPending ? change.variables.favourite : stored === true;
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <button
        type="button"
        className={shape}
        aria-pressed={on}
        aria-label={look === 'card' ? label : undefined}
        title={on ? 'Bewaard als favoriet' : 'Bewaar als favoriet'}
        disabled={stored === undefined}
        onClick={() => {
          change.mutate({ listingId, favourite: !on });
        }}
      >
        <Heart aria-hidden="true" className={heartClasses(on)} />
        {look === 'page' && <span className="max-sm:sr-only">{label}</span>}
      </button>
      {change.isError && (
        <span role="alert" className="max-w-56 text-right text-sm font-semibold text-red-800">
          {change.error instanceof ApiError ? change.error.message : FAVOURITE_FAILED}
        </span>
      )}
    </span>
  );
}
