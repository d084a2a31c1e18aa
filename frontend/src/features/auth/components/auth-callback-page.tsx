import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { exchangeCodeForSession, exchangeFailure } from '@/features/auth/api/exchange-code';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { refreshCurrentUser } from '@/lib/auth/api/get-current-user';
import { takeRememberedReturnPath } from '@/lib/auth/return-path';

const FAILED = `${paths.login}?auth=error`;

/**
 * `/auth/callback`: where the provider sends the browser back. The code in the address becomes a
 * session (once), then the page the sign-in started from (else the dashboard) replaces this page
 * in the history; a failure leads to the login page with its error.
 */
export function AuthCallbackPage() {
  useDocumentTitle('Bezig met inloggen');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let current = true;
    exchangeCodeForSession(search)
      .then(async () => {
        await refreshCurrentUser(queryClient);
        if (current) {
          await navigate(takeRememberedReturnPath() ?? paths.dashboard, { replace: true });
        }
      })
      .catch(async (error: unknown) => {
        console.error(exchangeFailure(error));
        if (current) {
          await navigate(FAILED, { replace: true });
        }
      });
    return () => {
      current = false;
    };
  }, [search, navigate, queryClient]);

  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-center">
      <Spinner className="size-10 text-orange-700" />
      <h1 className="text-2xl font-bold text-stone-900">Bezig met inloggen...</h1>
      <p role="status" className="text-stone-700">
        Even geduld terwijl we je account koppelen.
      </p>
    </div>
  );
}
