import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { GoogleLogo } from '@/components/ui/google-logo';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert } from '@/features/auth/components/auth-layout';
import { ApiError, failureMessage } from '@/lib/api/api-error';
import { getLoginRedirectUrl } from '@/lib/auth/api/get-login-redirect-url';
import { rememberReturnPath } from '@/lib/auth/return-path';
import { leaveTo } from '@/lib/browser-location';

const UNAVAILABLE = 'Inloggen met Google is op dit moment niet beschikbaar.';

/**
 * Sends the browser to Google, to come back to `returnTo` (else the dashboard). When the server
 * has no Google sign-in (503) the button says so and stays off, so that nobody keeps trying
 * something that cannot work.
 */
export function GoogleSignInButton({
  label,
  returnTo = null,
}: {
  label: string;
  returnTo?: string | null;
}) {
  const [state, setState] = useState<'idle' | 'starting' | 'unavailable' | 'failed'>('idle');
  const [message, setMessage] = useState<string | null>(null);

  const start = async () => {
    setState('starting');
    setMessage(null);
    try {
      const redirectUrl = await getLoginRedirectUrl('google');
      rememberReturnPath(returnTo);
      leaveTo(redirectUrl);
    } catch (error) {
      console.error(failureMessage('Failed to get login redirect URL', error));
      const unavailable = error instanceof ApiError && error.status === 503;
      setState(unavailable ? 'unavailable' : 'failed');
      setMessage(
        unavailable
          ? error.message || UNAVAILABLE
          : 'Er ging iets mis bij het starten van inloggen met Google. Probeer het opnieuw.',
      );
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        aria-busy={state === 'starting'}
        disabled={state === 'unavailable'}
        onClick={() => {
          if (state !== 'starting') {
            void start();
          }
        }}
      >
        {state === 'starting' ? <Spinner /> : <GoogleLogo className="size-5" />}
        {state === 'unavailable' ? 'Inloggen met Google is niet beschikbaar' : label}
      </Button>
      {message && <FormAlert>{message}</FormAlert>}
    </div>
  );
}
