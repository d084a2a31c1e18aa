import { usePrefetchQuery, type UseQueryResult } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { mapConfigQueryOptions } from '@/components/map/map-api';
import { buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LOAD_ERROR_TITLE, LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';

export const PROFILE_GONE = 'Het profiel dat je zoekt bestaat niet of is verwijderd.';
export const BACK_TO_PROFILES = 'Terug naar profielen';

/** 'Eigenaar niet gevonden' and the like, with the way back to the profile list. */
export function ProfileNotFound({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div className="px-4 py-20 sm:px-6 sm:py-28">
      <EmptyState
        icon={SearchX}
        titleAs="h1"
        title={title}
        description={PROFILE_GONE}
        action={
          <Link to={paths.profiles} className={buttonStyles({ size: 'lg' })}>
            {BACK_TO_PROFILES}
          </Link>
        }
      />
    </div>
  );
}

/**
 * The page's outline while it loads: the same frame, header and columns as the profile, so that
 * nothing moves when it arrives.
 */
export function ProfileLoading({ label = 'Profiel laden...' }: { label?: string }) {
  const block = 'rounded-3xl bg-white shadow-sm ring-1 ring-stone-200/80';
  const bar = 'rounded-full bg-stone-200/80 motion-safe:animate-pulse';
  return (
    <div className="bg-linear-to-b from-amber-50 to-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <p role="status" className="sr-only">
          {label}
        </p>
        <div aria-hidden="true" className="flex flex-col gap-6">
          <div className={cn(bar, 'h-5 w-44')} />
          <div className={cn(block, 'flex flex-col gap-6 p-6 sm:flex-row sm:items-center sm:p-8')}>
            <div className="size-28 shrink-0 rounded-full bg-stone-200/80 motion-safe:animate-pulse sm:size-32" />
            <div className="flex grow flex-col gap-3">
              <div className={cn(bar, 'h-6 w-24')} />
              <div className={cn(bar, 'h-9 w-56 sm:h-10')} />
              <div className={cn(bar, 'h-5 w-32')} />
            </div>
          </div>
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="flex flex-col gap-6 lg:col-span-2">
              <div className={cn(block, 'h-44')} />
              <div className={cn(block, 'h-44')} />
              <div className={cn(block, 'h-96')} />
            </div>
            <div className="flex flex-col gap-6">
              <div className={cn(block, 'h-96')} />
              <div className={cn(block, 'h-48')} />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

export function ProfileLoadError({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle(LOAD_ERROR_TITLE);
  return (
    <div className="px-4 py-20 sm:px-6 sm:py-28">
      <LoadError
        titleAs="h1"
        description="Er ging iets mis bij het laden van dit profiel."
        onRetry={onRetry}
        more={
          <Link to={paths.profiles} className={buttonStyles({ variant: 'secondary', size: 'lg' })}>
            {BACK_TO_PROFILES}
          </Link>
        }
      />
    </div>
  );
}

/**
 * The states of a profile page's read: loading, failed (with a retry), not found (null), or the
 * page itself drawn by `children`.
 */
export function ProfileQueryState<Data>({
  query,
  notFoundTitle,
  children,
}: {
  query: UseQueryResult<Data | null>;
  notFoundTitle: string;
  children: (data: Data) => ReactNode;
}) {
  // Whether the page's map has tiles decides its size: known by the time the profile arrives.
  usePrefetchQuery(mapConfigQueryOptions());
  if (query.isPending) return <ProfileLoading />;
  if (query.isError) {
    return (
      <ProfileLoadError
        onRetry={() => {
          void query.refetch();
        }}
      />
    );
  }
  if (query.data === null) return <ProfileNotFound title={notFoundTitle} />;
  return children(query.data);
}
