import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api/api-error';
import { forgetOthersReads, useCurrentUser } from '@/lib/auth/api/get-current-user';
import { getLoginRedirectUrl } from '@/lib/auth/api/get-login-redirect-url';
import { authKeys } from '@/lib/auth/api/keys';
import { logout as postLogout } from '@/lib/auth/api/logout';
import { AuthContext, type AuthState } from '@/lib/auth/auth-context';
import { rememberReturnPath } from '@/lib/auth/return-path';
import { leaveTo } from '@/lib/browser-location';
import { forgetUnsentOf } from '@/lib/messaging/unsent';

/**
 * Holds the signed-in user for the whole app. The user lives in the query cache, so every
 * component that asks at the same moment shares one request.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data, isPending, isFetching, isError, refetch } = useCurrentUser();
  const user = data ?? null;
  // Only a failed connection makes the user fetch fail (`getCurrentUser`); whoever was known
  // before stays known.
  const offline = isError && data === undefined;
  const retry = useCallback(() => {
    void refetch();
  }, [refetch]);

  const logout = useCallback(async () => {
    // A fetch still in flight could otherwise put the user back after we cleared it.
    await queryClient.cancelQueries({ queryKey: authKeys.currentUser() });
    queryClient.setQueryData(authKeys.currentUser(), null);
    // Everything read as this person goes: own profile details must not outlive the session.
    forgetOthersReads(queryClient);
    // So do the messages they wrote that the server does not have yet.
    if (user !== null) forgetUnsentOf(user.id);
    // This browser's notifications were the person's; the server drops its device with the
    // session, and the browser ends its subscription. Loaded only now (it is no part of the first
    // script), never waited for, and a failure never stops the sign-out.
    if ('serviceWorker' in navigator) {
      void import('@/lib/push/this-device')
        .then(({ forgetThisDevice }) => forgetThisDevice())
        .catch(() => undefined);
    }
    try {
      await postLogout();
    } catch (error) {
      console.error('Failed to logout', error);
    }
  }, [queryClient, user]);

  const startGoogleLogin = useCallback(async () => {
    try {
      const redirectUrl = await getLoginRedirectUrl('google');
      // Signing in from the landing page leads to the dashboard, whatever an earlier try left.
      rememberReturnPath(null);
      leaveTo(redirectUrl);
    } catch (error) {
      console.error(failureMessage('Failed to get login redirect URL', error));
      await navigate(paths.register);
    }
  }, [navigate]);

  const state = useMemo<AuthState>(
    () => ({ user, isPending, isFetching, offline, retry, logout, startGoogleLogin }),
    [user, isPending, isFetching, offline, retry, logout, startGoogleLogin],
  );

  return <AuthContext value={state}>{children}</AuthContext>;
}
