import {
  ArrowRight,
  CalendarDays,
  Clock,
  MapPin,
  MessageSquareQuote,
  Navigation,
  PawPrint,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { FavouriteButton } from '@/components/favourites/favourite-button';
import { Badge } from '@/components/ui/badge';
import { buttonStyles } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { ProfileListItem } from '@/features/browse/api/types';
import {
  formatDistance,
  profileHref,
  referencesLabel,
  typeLabel,
} from '@/features/browse/components/profile-link';
import * as V from '@/lib/api/vocabulary';
import { cn } from '@/lib/cn';
import { helpNeededLine } from '@/lib/profiles/help-needed';

/** A round photo, or the first letter of the name (a paw for pets); the name is beside it. */
function CardAvatar({ item }: { item: ProfileListItem }) {
  const classes =
    'flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-orange-100 text-2xl font-bold text-orange-900 ring-4 ring-white shadow-sm';
  if (item.avatarUrl) {
    return <img src={item.avatarUrl} alt="" className={cn(classes, 'object-cover')} />;
  }
  return (
    <span className={classes} aria-hidden="true">
      {item.type === 'huisdier' ? (
        <PawPrint className="size-1/2" />
      ) : (
        item.name.trim().charAt(0).toUpperCase()
      )}
    </span>
  );
}

/** 'Vandaag actief' of a sitter; 'Baasje vandaag actief' of a pet. */
export function lastActiveLine(item: ProfileListItem): string {
  if (!item.lastActive) return '';
  const label = V.LastActive.labels[item.lastActive];
  return item.ownerInfo ? `Baasje ${label.charAt(0).toLowerCase()}${label.slice(1)}` : label;
}

/**
 * One profile in a list of the browse pages: photo, 'Nieuw' when new, the type,
 * name and place, the distance when searched near a place, the description clamped to three
 * lines, the owner of a pet, how many references their page shows ('4 referenties'), when its
 * person was last here ('Deze week actief', if they show it), when a pet
 * needs help ('Hulp nodig op maandag en woensdag'), and 'Bekijk profiel'.
 */
export function ProfileCard({ item }: { item: ProfileListItem }) {
  const titleId = useId();
  const description = item.shortDescription.trim() || item.fullDescription.trim();

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full min-w-0 flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-stone-200/80"
    >
      {item.coverImageUrl ? (
        <img src={item.coverImageUrl} alt="" className="h-28 w-full object-cover" />
      ) : (
        <div aria-hidden="true" className="h-14 bg-linear-to-r from-orange-100 to-amber-50" />
      )}
      <div className="-mt-8 flex flex-1 flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-end justify-between gap-3">
          <CardAvatar item={item} />
          <div className="flex flex-wrap justify-end gap-2">
            {item.isNew && <Badge tone="green">Nieuw</Badge>}
            <Badge tone={item.type === 'vrijwilliger' ? 'teal' : 'orange'}>
              {typeLabel(item.type)}
            </Badge>
            {item.species && <Badge tone="stone">{V.Species.labels[item.species]}</Badge>}
          </div>
        </div>

        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={titleId} className="text-xl font-bold break-words text-stone-900">
            {item.name}
          </h3>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-stone-700">
            <span className="inline-flex min-w-0 items-center gap-1">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              <span className="break-words">{item.location}</span>
            </span>
            {item.distanceKm != null && (
              <span className="inline-flex items-center gap-1 font-semibold text-teal-800">
                <Navigation aria-hidden="true" className="size-4 shrink-0" />
                {formatDistance(item.distanceKm)}
              </span>
            )}
          </p>
          {item.ownerInfo && (
            <p className="text-sm text-stone-700">
              Baasje:{' '}
              <Link
                to={paths.owner(item.ownerInfo.id)}
                className="font-semibold text-teal-800 underline-offset-2 hover:underline"
              >
                {item.ownerInfo.name}
              </Link>
            </p>
          )}
          {item.referenceCount > 0 && (
            // About the sitter, or about the pet's owner: what their page shows.
            <p className="inline-flex items-center gap-1 text-sm font-semibold text-stone-800">
              <MessageSquareQuote aria-hidden="true" className="size-4 shrink-0" />
              {item.ownerInfo
                ? `${referencesLabel(item.referenceCount)} over het baasje`
                : referencesLabel(item.referenceCount)}
            </p>
          )}
          {item.lastActive && (
            // The sitter, or the pet's owner; only when they show it.
            <p className="inline-flex items-center gap-1 text-sm text-stone-700">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              {lastActiveLine(item)}
            </p>
          )}
          {item.type === 'huisdier' && item.helpNeeded && (
            <p className="flex items-start gap-1 text-sm text-stone-800">
              <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-orange-700" />
              {helpNeededLine(item.helpNeeded)}
            </p>
          )}
        </div>

        {description && (
          <p className="line-clamp-3 leading-relaxed break-words text-stone-700">{description}</p>
        )}

        {/* As tall as the heart from the start: nothing moves when it appears. */}
        <div className="mt-auto flex min-h-11 items-center justify-between gap-3">
          <Link
            to={profileHref(item)}
            // The visible words first (WCAG 2.5.3), then whose profile: every card has this link.
            aria-label={`Bekijk profiel van ${item.name}`}
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
          >
            Bekijk profiel
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          <FavouriteButton listingId={item.id} name={item.name} />
        </div>
      </div>
    </article>
  );
}

/** The card grid: one column on phones, two from medium screens, three on large ones. */
export function ProfileGrid({ items }: { items: ProfileListItem[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.id} className="min-w-0">
          <ProfileCard item={item} />
        </li>
      ))}
    </ul>
  );
}
