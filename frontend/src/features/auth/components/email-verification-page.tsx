import { useQueryClient } from '@tanstack/react-query';
import { LifeBuoy, Lightbulb, MailCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthPending } from '@/components/auth/guards';
import { Button } from '@/components/ui/button';
import { EmailAddress } from '@/components/ui/email-address';
import { Spinner } from '@/components/ui/spinner';
import { StepProgress } from '@/components/ui/step-progress';
import { contact } from '@/config/contact';
import { paths } from '@/config/paths';
import { verifyEmail } from '@/features/auth/api/email-codes';
import { errorText } from '@/features/auth/api/error-text';
import { resendCode, ResendRefused } from '@/features/auth/api/resend-code';
import { rememberCodeSent } from '@/features/auth/code-sent';
import { AuthLayout, textLink } from '@/features/auth/components/auth-layout';
import { DigitBoxes, emptyDigits } from '@/features/auth/components/digit-boxes';
import { CODE_LENGTH, safeRedirect } from '@/features/auth/forms';
import { useResendCountdown } from '@/features/auth/hooks/use-resend-countdown';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { refreshCurrentUser } from '@/lib/auth/api/get-current-user';
import { returnPathIn } from '@/lib/auth/return-path';
import { useAuth } from '@/lib/auth/use-auth';

const VERIFIED_DEFAULT = 'E-mail geverifieerd. Log in om door te gaan.';

const TIPS = [
  'Ververs je inbox; een e-mail kan een paar minuten onderweg zijn.',
  'Kijk in je spam-, reclame- (Promoties) of ongewenste-mailmap.',
  'Sluit je e-mailapp af en open hem opnieuw.',
  'Wacht tot de timer is afgelopen en vraag dan een nieuwe code aan.',
];

/** `/email-verificatie?email=`: step 2 of 3, the six-digit code from the registration mail. */
export function EmailVerificationPage() {
  useDocumentTitle('Bevestig je e-mailadres');
  const { user, isPending } = useAuth();
  const [search] = useSearchParams();
  const email = search.get('email')?.trim().toLowerCase() ?? '';
  // Set once the code is right: from then on this page leads on itself, signed in.
  const [verified, setVerified] = useState(false);

  if (email === '') {
    return <Navigate to={paths.emailRegister} replace />;
  }
  if (isPending) {
    return <AuthPending />;
  }
  if (user !== null && !verified) {
    return <Navigate to={paths.dashboard} replace />;
  }
  return (
    <CodeEntry
      email={email}
      returnTo={returnPathIn(search)}
      onVerified={() => {
        setVerified(true);
      }}
    />
  );
}

function CodeEntry({
  email,
  returnTo,
  onVerified,
}: {
  email: string;
  returnTo: string | null;
  onVerified: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [digits, setDigits] = useState(emptyDigits);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstBox = useRef<HTMLInputElement | null>(null);
  const errorId = useId();
  const complete = digits.every((digit) => digit !== '');

  const submit = async (code: string) => {
    if (submitting || code.length !== CODE_LENGTH) {
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const answer = await verifyEmail(email, code);
      onVerified();
      if (answer.requiresLogin && !answer.redirectTo) {
        await navigate(paths.login, {
          replace: true,
          state: { message: answer.message || VERIFIED_DEFAULT },
        });
        return;
      }
      // Signed in now: the app learns who, then opens the page they came for, else the next one.
      await refreshCurrentUser(queryClient);
      await navigate(returnTo ?? safeRedirect(answer.redirectTo, paths.dashboard), {
        replace: true,
      });
    } catch (failure) {
      setError(
        errorText(
          failure,
          'Ongeldige code. Probeer opnieuw.',
          'Er ging iets mis bij het verifiëren van je code',
        ),
      );
      setDigits(emptyDigits());
      setSubmitting(false);
    }
  };

  // Focus goes back to the first box once a failed attempt has cleared them.
  useEffect(() => {
    if (error !== null && !submitting) {
      firstBox.current?.focus();
    }
  }, [error, submitting]);

  return (
    <AuthLayout
      icon={MailCheck}
      title="Bevestig je e-mailadres"
      above={<StepProgress step={2} total={3} percent={66} />}
      intro={
        <p>
          Vul de code van 6 cijfers in die we hebben gestuurd naar{' '}
          <strong className="text-stone-900">
            <EmailAddress email={email} />
          </strong>
          .
        </p>
      }
      below={
        <p>
          Verkeerd adres?{' '}
          <Link to={paths.emailRegister} className={textLink}>
            Wijzig e-mailadres
          </Link>
        </p>
      }
    >
      <form
        noValidate
        aria-label="Code invoeren"
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(digits.join(''));
        }}
      >
        <DigitBoxes
          digits={digits}
          onChange={(next) => {
            setDigits(next);
          }}
          onComplete={(code) => void submit(code)}
          disabled={submitting}
          invalid={error !== null}
          describedBy={error === null ? undefined : errorId}
          firstBoxRef={(element) => {
            firstBox.current = element;
          }}
        />
        {error && (
          <p id={errorId} role="alert" className="text-center text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" disabled={!complete || submitting} aria-busy={submitting}>
          {submitting && <Spinner />}
          {submitting ? 'Bezig...' : 'Bevestig'}
        </Button>
      </form>
      <ResendButton
        email={email}
        onSending={() => {
          setError(null);
        }}
        onFailure={setError}
      />
      <Help />
    </AuthLayout>
  );
}

/**
 * 'Verstuur code opnieuw': a countdown from the moment the code was sent (the server keeps the
 * same wait and says how long in Retry-After), then sending. Failures go to the page's one alert.
 */
function ResendButton({
  email,
  onSending,
  onFailure,
}: {
  email: string;
  onSending: () => void;
  onFailure: (message: string) => void;
}) {
  const [state, setState] = useState<'idle' | 'sending'>('idle');
  const [notice, setNotice] = useState<string | null>(null);
  // A code was just sent when this page opens: the wait runs from then, not from the first click.
  const { secondsLeft, restart } = useResendCountdown(email, { sentNow: true });

  const resend = async () => {
    setState('sending');
    setNotice(null);
    onSending();
    try {
      await resendCode(email);
      rememberCodeSent(email);
      setNotice('We hebben een nieuwe code gestuurd. Gebruik de nieuwste code uit je inbox.');
      restart();
    } catch (error) {
      if (error instanceof ResendRefused && error.retryAfter !== undefined) {
        // Too soon: the button counts down the seconds the server named; no second message.
        restart(error.retryAfter);
      } else {
        onFailure(
          errorText(
            error,
            'Er ging iets mis bij het versturen van een nieuwe code',
            'Er ging iets mis bij het versturen van een nieuwe code',
          ),
        );
      }
    } finally {
      setState('idle');
    }
  };

  const waiting = secondsLeft > 0;
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <p className="text-sm text-stone-700">Geen code ontvangen?</p>
      <Button
        variant="secondary"
        disabled={waiting || state === 'sending'}
        aria-busy={state === 'sending'}
        onClick={() => void resend()}
      >
        {state === 'sending' && <Spinner />}
        {waiting ? `Verstuur opnieuw (${String(secondsLeft)} s)` : 'Verstuur code opnieuw'}
      </Button>
      {notice && (
        <p role="status" className="text-sm text-teal-900">
          {notice}
        </p>
      )}
    </div>
  );
}

function Help() {
  return (
    <div className="grid gap-4">
      <section aria-labelledby="tips" className="rounded-2xl bg-stone-50 p-5">
        <h2 id="tips" className="flex items-center gap-2 font-bold text-stone-900">
          <Lightbulb aria-hidden="true" className="size-5 text-orange-700" />
          Tips als de e-mail niet aankomt
        </h2>
        <ul className="mt-3 flex list-disc flex-col gap-1.5 pl-5 text-stone-800">
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="hulp" className="rounded-2xl bg-teal-50 p-5">
        <h2 id="hulp" className="flex items-center gap-2 font-bold text-teal-900">
          <LifeBuoy aria-hidden="true" className="size-5 text-teal-700" />
          Hulp nodig?
        </h2>
        <p className="mt-2 text-stone-800">
          Lukt het niet? Mail ons via{' '}
          <a href={`mailto:${contact.email}`} className={textLink}>
            {contact.email}
          </a>{' '}
          en we helpen je verder.
        </p>
      </section>
    </div>
  );
}
