import { BellPlus } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { writeBrowseParams, type BrowseParams } from '@/features/browse/hooks/use-browse-params';
import { ApiError } from '@/lib/api/api-error';
import { useAuth } from '@/lib/auth/use-auth';
import { useSaveSearch } from '@/lib/saved-searches/saved-searches';

/**
 * 'Bewaar deze zoekopdracht': the search of the address, kept for a daily e-mail of its new
 * matches. A visitor is asked to sign in first and comes back to the same search.
 */
export function SaveSearch({ params }: { params: BrowseParams }) {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  const save = useSaveSearch();
  if (!user) {
    return (
      <Link
        to={paths.login}
        state={{ from: `${pathname}${search}` }}
        className="text-sm font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900"
      >
        Log in om deze zoekopdracht te bewaren
      </Link>
    );
  }
  const query = writeBrowseParams({ ...params, page: 1, view: 'lijst' }).toString();
  let status = null;
  if (save.isSuccess) {
    status = (
      <>
        Bewaard. Je krijgt een e-mail als er nieuwe profielen bij komen.{' '}
        <Link to={paths.settings} className="font-semibold underline underline-offset-2">
          Beheer je zoekopdrachten
        </Link>
      </>
    );
  } else if (save.isError) {
    status =
      save.error instanceof ApiError
        ? save.error.message
        : 'Bewaren lukte niet. Probeer het later opnieuw.';
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="ghost"
        size="sm"
        aria-busy={save.isPending}
        disabled={save.isPending}
        onClick={() => {
          save.mutate(query);
        }}
      >
        <BellPlus aria-hidden="true" className="size-4" />
        Bewaar deze zoekopdracht
      </Button>
      <p role="status" className="text-sm text-stone-700">
        {status}
      </p>
    </div>
  );
}
