import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { requestLoginCode, verifyLoginCode } from '@/features/auth/api/email-codes';
import { errorText } from '@/features/auth/api/error-text';
import { FormAlert } from '@/features/auth/components/auth-layout';
import { CodeField } from '@/features/auth/components/code-field';
import {
  CODE_LENGTH,
  codeSchema,
  loginEmailSchema,
  type LoginEmailInput,
  type LoginEmailValues,
} from '@/features/auth/forms';
import { ApiError } from '@/lib/api/api-error';
import { leaveTo } from '@/lib/browser-location';

const NETWORK = 'Er ging iets mis. Probeer het opnieuw.';

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
    />
  ) : (
    <CodeStep email={sentTo} sentMessage={sentMessage} onBack={back} returnTo={returnTo} />
  );
}

interface EmailStepProps {
  alreadySent: (email: string) => boolean;
  onSent: (email: string, message: string) => void;
}

function EmailStep({ alreadySent, onSent }: EmailStepProps) {
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
      onSent(email, await requestLoginCode(email));
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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
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
      setCode('');
      setError(errorText(failure, 'Ongeldige code', NETWORK));
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p role="status" className="rounded-2xl bg-teal-50 px-4 py-3 text-teal-900">
        {sentMessage || `We hebben een inlogcode gestuurd naar ${email}.`}
      </p>
      <CodeField value={code} onChange={setCode} error={error} disabled={busy} />
      <Button
        type="submit"
        size="lg"
        disabled={code.length !== CODE_LENGTH || busy}
        aria-busy={busy}
      >
        {busy && <Spinner />}
        {busy ? 'Bezig...' : 'Inloggen'}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Terug naar e-mailadres
      </Button>
    </form>
  );
}
