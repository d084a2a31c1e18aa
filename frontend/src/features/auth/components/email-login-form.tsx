import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { requestLoginCode, verifyLoginCode } from '@/features/auth/api/email-codes';
import { errorText } from '@/features/auth/api/error-text';
import { resendLoginCode, ResendRefused } from '@/features/auth/api/resend-code';
import { rememberCodeSent } from '@/features/auth/code-sent';
import { FormAlert } from '@/features/auth/components/auth-layout';
import { DigitBoxes, emptyDigits } from '@/features/auth/components/digit-boxes';
import {
  codeSchema,
  loginEmailSchema,
  type LoginEmailInput,
  type LoginEmailValues,
} from '@/features/auth/forms';
import { useResendCountdown } from '@/features/auth/hooks/use-resend-countdown';
import { ApiError } from '@/lib/api/api-error';
import { leaveTo } from '@/lib/browser-location';

const NETWORK = 'Er ging iets mis. Probeer het opnieuw.';
const HAVE_CODE = 'Vul de inlogcode in uit de e-mail die je al hebt gekregen.';
export const HAVE_A_CODE = 'Ik heb al een code';

/**
 * Signing in by e-mail, in two steps: the address, then the six-digit code mailed to it. A correct
 * code ends in a full page load of `returnTo` (else the dashboard), so that the whole app starts
 * signed in.
 */
export function EmailLoginForm({ returnTo = null }: { returnTo?: string | null }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState('');
  // Addresses that got a code during this visit: asked again too soon, the code already sent
  // still works, so the person goes on to enter it.
  const [codesSent] = useState(() => new Set<string>());

  const back = () => {
    setSentTo(null);
    setSentMessage('');
  };

  return sentTo === null ? (
    <EmailStep
      alreadySent={(email) => codesSent.has(email)}
      onSent={(email, message) => {
        codesSent.add(email);
        setSentTo(email);
        setSentMessage(message);
      }}
      onHaveCode={(email) => {
        setSentTo(email);
        setSentMessage(HAVE_CODE);
      }}
    />
  ) : (
    <CodeStep email={sentTo} sentMessage={sentMessage} onBack={back} returnTo={returnTo} />
  );
}

interface EmailStepProps {
  alreadySent: (email: string) => boolean;
  onSent: (email: string, message: string) => void;
  /** 'Ik heb al een code': straight to the code step for the address typed. */
  onHaveCode: (email: string) => void;
}

function EmailStep({ alreadySent, onSent, onHaveCode }: EmailStepProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<LoginEmailInput, unknown, LoginEmailValues>({
    resolver: zodResolver(loginEmailSchema),
    defaultValues: { email: '' },
  });
  const empty = useWatch({ control, name: 'email' }).trim() === '';

  const submit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const message = await requestLoginCode(email);
      rememberCodeSent(email);
      onSent(email, message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429 && alreadySent(email)) {
        onSent(email, `${error.message} Gebruik de code uit de e-mail die je al hebt gekregen.`);
        return;
      }
      setFailure(errorText(error, 'Er ging iets mis bij het versturen van de inlogcode', NETWORK));
    }
  });

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <Input
        label="E-mailadres"
        type="email"
        autoComplete="email"
        placeholder="jouw@email.nl"
        error={errors.email?.message}
        {...register('email')}
      />
      {failure && <FormAlert>{failure}</FormAlert>}
      <Button type="submit" size="lg" disabled={empty || isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting && <Spinner />}
        {isSubmitting ? 'Bezig...' : 'Stuur inlogcode'}
      </Button>
      {/* Also while the wait for a new code runs: the code already mailed still works. */}
      <Button
        variant="ghost"
        disabled={empty || isSubmitting}
        onClick={() =>
          void handleSubmit(({ email }) => {
            onHaveCode(email);
          })()
        }
      >
        {HAVE_A_CODE}
      </Button>
    </form>
  );
}

interface CodeStepProps {
  email: string;
  sentMessage: string;
  onBack: () => void;
  returnTo: string | null;
}

function CodeStep({ email, sentMessage, onBack, returnTo }: CodeStepProps) {
  const [digits, setDigits] = useState(emptyDigits);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState(
    sentMessage || `We hebben een inlogcode gestuurd naar ${email}.`,
  );
  const firstBox = useRef<HTMLInputElement | null>(null);
  // Counts the codes refused: after each, the cleared boxes are filled again from the first.
  const [refused, setRefused] = useState(0);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const complete = digits.every((digit) => digit !== '');

  /** Signs in with `code`: the six boxes once the last is filled or a code is pasted. */
  const submit = async (code: string) => {
    if (busy) return;
    const parsed = codeSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await verifyLoginCode(email, parsed.data.code);
      leaveTo(returnTo ?? paths.dashboard);
    } catch (failure) {
      setDigits(emptyDigits());
      setError(errorText(failure, 'Ongeldige code', NETWORK));
      setRefused((count) => count + 1);
      setBusy(false);
    }
  };

  // Focus goes back to the first box once a wrong code has cleared them (and the boxes take
  // input again).
  useEffect(() => {
    if (refused > 0) {
      firstBox.current?.focus();
    }
  }, [refused]);

  return (
    <form
      noValidate
      aria-label="Inlogcode invoeren"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(digits.join(''));
      }}
    >
      <p role="status" className="rounded-2xl bg-teal-50 px-4 py-3 text-teal-900">
        {notice}
      </p>
      {/* The same six boxes as the registration's code: the code goes out once all are filled. */}
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        // Centred like the boxes, as on the verification page.
        className="flex flex-col gap-2 text-center"
      >
        <p id={`${id}-label`} className="text-sm font-semibold text-stone-800">
          Inlogcode
        </p>
        <DigitBoxes
          digits={digits}
          onChange={(next) => {
            setDigits(next);
          }}
          onComplete={(code) => void submit(code)}
          disabled={busy}
          invalid={error !== undefined}
          describedBy={error === undefined ? hintId : `${hintId} ${errorId}`}
          firstBoxRef={(element) => {
            firstBox.current = element;
          }}
        />
        <p id={hintId} className="text-sm text-stone-600">
          De 6 cijfers uit de e-mail
        </p>
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        )}
      </div>
      <p className="text-sm text-stone-700">
        Liever niet typen? De e-mail heeft ook een link om in te loggen, op elk apparaat.
      </p>
      <Button type="submit" size="lg" disabled={!complete || busy} aria-busy={busy}>
        {busy && <Spinner />}
        {busy ? 'Bezig...' : 'Inloggen'}
      </Button>
      <NewCodeButton
        email={email}
        onSent={() => {
          setError(undefined);
          setNotice(
            `We hebben een nieuwe inlogcode gestuurd naar ${email}. Gebruik de nieuwste code.`,
          );
        }}
        onFailure={setError}
      />
      <Button variant="ghost" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Terug naar e-mailadres
      </Button>
    </form>
  );
}

export const NEW_CODE = 'Stuur een nieuwe code';

/**
 * 'Stuur een nieuwe code (42 s)': disabled while the wait before a new code runs (from the last
 * code this tab sent, or the seconds the server named), then it sends and the wait starts again.
 */
export function NewCodeButton({
  email,
  onSent,
  onFailure,
}: {
  email: string;
  onSent: () => void;
  onFailure: (message: string) => void;
}) {
  const [sending, setSending] = useState(false);
  const { secondsLeft, restart } = useResendCountdown(email, { sentNow: false });

  const send = async () => {
    setSending(true);
    try {
      await resendLoginCode(email);
      rememberCodeSent(email);
      restart();
      onSent();
    } catch (error) {
      if (error instanceof ResendRefused && error.retryAfter !== undefined) {
        restart(error.retryAfter);
      } else {
        onFailure(errorText(error, 'Er ging iets mis bij het versturen van de inlogcode', NETWORK));
      }
    } finally {
      setSending(false);
    }
  };

  const waiting = secondsLeft > 0;
  return (
    <Button
      variant="secondary"
      disabled={waiting || sending}
      aria-busy={sending}
      onClick={() => void send()}
    >
      {sending && <Spinner />}
      {waiting ? `${NEW_CODE} (${String(secondsLeft)} s)` : NEW_CODE}
    </Button>
  );
}
