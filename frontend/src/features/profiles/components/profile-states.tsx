import type { UseQueryResult } from '@tanstack/react-query';
import { SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

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

export function ProfileLoading({ label = 'Profiel laden...' }: { label?: string }) {
  return (
    <div className="flex justify-center px-4 py-24 text-lg text-stone-700">
      <Spinner label={label} />
    </div>
  );
}

export function ProfileLoadError({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle('Oeps, er ging iets mis');
  return (
    <div className="px-4 py-20 sm:px-6 sm:py-28">
      <EmptyState
        icon={TriangleAlert}
        titleAs="h1"
        title="Oeps, er ging iets mis"
        description="Er ging iets mis bij het laden van dit profiel."
        action={
          <>
            <Button size="lg" onClick={onRetry}>
              Opnieuw proberen
            </Button>
            <Link
              to={paths.profiles}
              className={buttonStyles({ variant: 'secondary', size: 'lg' })}
            >
              {BACK_TO_PROFILES}
            </Link>
          </>
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
