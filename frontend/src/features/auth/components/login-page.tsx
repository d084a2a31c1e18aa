import { CheckCircle2, LogIn } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthLayout, FormAlert, textLink } from '@/features/auth/components/auth-layout';
import { EmailLoginForm } from '@/features/auth/components/email-login-form';
import { GoogleSignInButton } from '@/features/auth/components/google-sign-in-button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { RETURN_PARAM, returningTo, safeReturnPath } from '@/lib/auth/return-path';
import { cn } from '@/lib/cn';
import { useGoogleSignIn } from '@/lib/site/get-site-info';

type Tab = 'google' | 'email';
const TABS: { id: Tab; label: string }[] = [
  { id: 'google', label: 'Google' },
  { id: 'email', label: 'E-mail' },
];

/** The navigation state another page leaves for this one, e.g. after a verified address. */
function messageFrom(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'message' in state) {
    const { message } = state;
    return typeof message === 'string' && message !== '' ? message : null;
  }
  return null;
}

/** The page a guarded page sent the visitor here from (see SignedInOnly). */
function fromState(state: unknown): unknown {
  return typeof state === 'object' && state !== null && 'from' in state ? state.from : null;
}

/** `/inloggen`: sign in with Google or with a code by e-mail. */
export function LoginPage() {
  useDocumentTitle('Inloggen');
  const location = useLocation();
  const [search] = useSearchParams();
  const verified = messageFrom(location.state);
  const failed = search.get('auth') === 'error';
  // Where to go once signed in: the page that asked for it, else the dashboard.
  const returnTo =
    safeReturnPath(search.get(RETURN_PARAM)) ?? safeReturnPath(fromState(location.state));
  // Someone who just verified an address by e-mail carries on by e-mail; without Google sign-in
  // the e-mail form is the only way in.
  const google = useGoogleSignIn();
  const [chosen, setTab] = useState<Tab>(verified ? 'email' : 'google');
  const tab: Tab = google ? chosen : 'email';
  const id = useId();
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());

  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') {
      return;
    }
    event.preventDefault();
    const next: Tab = tab === 'google' ? 'email' : 'google';
    setTab(next);
    tabRefs.current.get(next)?.focus();
  };

  return (
    <AuthLayout
      icon={LogIn}
      title="Inloggen"
      intro="Welkom terug! Log in om verder te gaan."
      below={
        <>
          <p>
            Nog geen account?{' '}
            <Link to={returningTo(paths.register, returnTo)} className={textLink}>
              Gratis aanmelden
            </Link>
          </p>
          {/* Only beside a Google button is e-mail the other way. */}
          {google && (
            <p>
              Liever met je e-mailadres?{' '}
              <Link to={returningTo(paths.emailRegister, returnTo)} className={textLink}>
                Account aanmaken met e-mail
              </Link>
            </p>
          )}
        </>
      }
    >
      {verified && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-2xl bg-green-50 px-4 py-3 text-green-900 ring-1 ring-green-200"
        >
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
          <div>
            <p className="font-bold">E-mail geverifieerd!</p>
            <p>{verified}</p>
          </div>
        </div>
      )}
      {failed && (
        <FormAlert>
          {google
            ? 'Inloggen is mislukt. Probeer het opnieuw, met Google of met je e-mailadres.'
            : 'Inloggen is mislukt. Probeer het opnieuw met je e-mailadres.'}
        </FormAlert>
      )}
      {google ? (
        <div>
          <div
            role="tablist"
            aria-label="Manier van inloggen"
            className="grid grid-cols-2 gap-1 rounded-full bg-stone-100 p-1"
          >
            {TABS.map(({ id: tabId, label }) => (
              <button
                key={tabId}
                ref={(element) => {
                  if (element) {
                    tabRefs.current.set(tabId, element);
                  }
                }}
                type="button"
                role="tab"
                id={`${id}-${tabId}-tab`}
                aria-selected={tab === tabId}
                aria-controls={`${id}-${tabId}-panel`}
                tabIndex={tab === tabId ? 0 : -1}
                className={cn(
                  'rounded-full px-4 py-2 font-semibold transition-colors',
                  tab === tabId
                    ? 'bg-white text-orange-800 shadow-sm'
                    : 'text-stone-700 hover:text-stone-900',
                )}
                onClick={() => {
                  setTab(tabId);
                }}
                onKeyDown={onTabKey}
              >
                {label}
              </button>
            ))}
          </div>
          <div
            role="tabpanel"
            id={`${id}-${tab}-panel`}
            aria-labelledby={`${id}-${tab}-tab`}
            className="mt-6"
          >
            {tab === 'google' ? (
              <div className="flex flex-col gap-3">
                <p className="text-stone-700">Log in met je Google-account, zonder wachtwoord.</p>
                <GoogleSignInButton label="Inloggen met Google" returnTo={returnTo} />
              </div>
            ) : (
              <div className="flex flex-col gap-3">
                <p className="text-stone-700">
                  We sturen je een inlogcode van 6 cijfers. Een wachtwoord heb je niet nodig.
                </p>
                <EmailLoginForm returnTo={returnTo} />
              </div>
            )}
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-stone-700">
            We sturen je een inlogcode van 6 cijfers. Een wachtwoord heb je niet nodig.
          </p>
          <EmailLoginForm returnTo={returnTo} />
        </div>
      )}
    </AuthLayout>
  );
}
