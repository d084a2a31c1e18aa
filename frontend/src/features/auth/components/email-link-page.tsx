import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { emailLinkInfo, signInWithEmailLink, type LinkInfo } from '@/features/auth/api/email-codes';
import { errorText } from '@/features/auth/api/error-text';
import { AuthLayout, FormAlert, textLink } from '@/features/auth/components/auth-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { refreshCurrentUser } from '@/lib/auth/api/get-current-user';
import { takeRememberedReturnPath } from '@/lib/auth/return-path';

const EXPIRED = 'Deze inloglink is verlopen of al gebruikt. Vraag een nieuwe code aan.';
const OFFLINE = 'Geen verbinding. Controleer je internet en probeer het opnieuw.';

type State =
  { kind: 'checking' } | { kind: 'ready'; info: LinkInfo } | { kind: 'failed'; message: string };

/**
 * `/inloggen/link#<token>`: the one-time link of a code mail. Opening it spends nothing (a mail
 * scanner may open it first); the page says for which address it is and signs in with one
 * button, in whatever browser it was opened.
 */
export function EmailLinkPage() {
  useDocumentTitle('Inloggen met de link uit je e-mail');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  // The token is read once from the address's fragment (which no browser sends to a server),
  // then taken out of the address bar, so that it stays in no history and no copied address.
  const [token] = useState(() => location.hash.replace(/^#/, '').trim());
  const hasFragment = location.hash !== '';
  const pathname = location.pathname;

  useEffect(() => {
    if (hasFragment) {
      void navigate({ pathname }, { replace: true });
    }
  }, [hasFragment, pathname, navigate]);
  const [state, setState] = useState<State>(() =>
    token === '' ? { kind: 'failed', message: EXPIRED } : { kind: 'checking' },
  );
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (token === '') return;
    let current = true;
    emailLinkInfo(token)
      .then((info) => {
        if (current) setState({ kind: 'ready', info });
      })
      .catch((failure: unknown) => {
        if (current) setState({ kind: 'failed', message: errorText(failure, EXPIRED, OFFLINE) });
      });
    return () => {
      current = false;
    };
  }, [token]);

  async function signIn() {
    setSubmitting(true);
    setError(null);
    try {
      const answer = await signInWithEmailLink(token);
      await refreshCurrentUser(queryClient);
      await navigate(takeRememberedReturnPath() ?? answer.redirectTo, { replace: true });
    } catch (failure) {
      setError(errorText(failure, EXPIRED, OFFLINE));
      setSubmitting(false);
    }
  }

  if (state.kind === 'checking') {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-center">
        <Spinner className="size-10 text-orange-700" />
        <p role="status" className="text-stone-700">
          De link wordt gecontroleerd...
        </p>
      </div>
    );
  }

  if (state.kind === 'failed') {
    return (
      <AuthLayout icon={LinkIcon} title="Deze link werkt niet meer" intro={state.message}>
        <Link to={paths.login} className={textLink}>
          Nieuwe code aanvragen
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      icon={KeyRound}
      title={`Inloggen als ${state.info.email}`}
      intro={
        state.info.purpose === 'register'
          ? 'Hiermee bevestig je ook je e-mailadres. De link werkt één keer.'
          : 'De link werkt één keer.'
      }
    >
      {error && <FormAlert>{error}</FormAlert>}
      <Button
        size="lg"
        disabled={submitting}
        onClick={() => {
          void signIn();
        }}
      >
        {submitting && <Spinner className="size-4" />}
        Inloggen
      </Button>
    </AuthLayout>
  );
}
