import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { OfflineState } from '@/components/ui/offline-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RETURN_PARAM, safeReturnPath } from '@/lib/auth/return-path';
import { useAuth } from '@/lib/auth/use-auth';

/** What a guarded page shows while it is not yet known whether someone is signed in. */
export function AuthPending() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-stone-700">
      <Spinner label="Laden..." className="text-orange-700" />
    </div>
  );
}

/**
 * A page for signed-in people only (dashboard, wizard, messages, favourites, settings, moderation):
 * others go to /inloggen, replacing the history entry so that Back does not bounce them here
 * again. While it is not yet known who is signed in, `pending` shows (the page's own skeleton, so
 * that nothing moves when the page arrives), else a spinner. When that could not be asked for want
 * of a connection, the page says it is offline instead of sending a person who may well be signed
 * in to /inloggen, and opens once the connection is back.
 */
export function SignedInOnly({
  children,
  pending = <AuthPending />,
}: {
  children: ReactNode;
  pending?: ReactNode;
}) {
  const { user, isPending, isFetching, offline, retry } = useAuth();
  const { pathname, search } = useLocation();
  if (isPending) {
    return pending;
  }
  if (user === null && offline) {
    return <OfflineState onRetry={retry} busy={isFetching} />;
  }
  if (user === null) {
    return <Navigate to={paths.login} replace state={{ from: `${pathname}${search}` }} />;
  }
  return children;
}

/**
 * A sign-up or sign-in page: someone already signed in goes to the page named by `next`,
 * else to /dashboard.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, isPending } = useAuth();
  const [search] = useSearchParams();
  if (isPending) {
    return <AuthPending />;
  }
  if (user !== null) {
    return <Navigate to={safeReturnPath(search.get(RETURN_PARAM)) ?? paths.dashboard} replace />;
  }
  return children;
}
