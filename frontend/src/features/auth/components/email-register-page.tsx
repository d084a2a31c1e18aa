import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { EmailAddress } from '@/components/ui/email-address';
import { GoogleLogo } from '@/components/ui/google-logo';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { registerByEmail } from '@/features/auth/api/email-codes';
import { errorText } from '@/features/auth/api/error-text';
import { rememberCodeSent } from '@/features/auth/code-sent';
import { AuthLayout, OrDivider, FormAlert, textLink } from '@/features/auth/components/auth-layout';
import { NAME_MAX, signUpSchema, type SignUpInput, type SignUpValues } from '@/features/auth/forms';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { returnPathIn, returningTo } from '@/lib/auth/return-path';
import { useGoogleSignIn } from '@/lib/site/get-site-info';

/** `/email-registreren`: create an account with a code sent by e-mail. */
export function EmailRegisterPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  // What was typed, so that 'Probeer opnieuw' brings the form back filled in.
  const [typed, setTyped] = useState<SignUpInput>(EMPTY_SIGN_UP);
  useDocumentTitle(sentTo === null ? 'Account aanmaken' : 'Check je e-mail');

  return sentTo === null ? (
    <SignUpForm
      initial={typed}
      onSent={(email, input) => {
        setTyped(input);
        setSentTo(email);
      }}
    />
  ) : (
    <CheckYourMail
      email={sentTo}
      onRetry={() => {
        setSentTo(null);
      }}
    />
  );
}

const EMPTY_SIGN_UP: SignUpInput = { firstName: '', lastName: '', email: '', terms: false };

function SignUpForm({
  initial,
  onSent,
}: {
  initial: SignUpInput;
  onSent: (email: string, typed: SignUpInput) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const termsId = useId();
  const google = useGoogleSignIn();
  const [search] = useSearchParams();
  const returnTo = returnPathIn(search);
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    // Every failing field shows its error at once, as the profile wizard does; the first (in the
    // order of the screen) gets focus.
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput, unknown, SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: initial,
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await registerByEmail(values);
      rememberCodeSent(values.email);
      onSent(values.email, getValues());
    } catch (error) {
      setFailure(
        errorText(
          error,
          'Er ging iets mis bij het aanmelden',
          'Er ging iets mis bij het versturen van je gegevens',
        ),
      );
    }
  });

  // 'Ik heb al een code': the code already mailed still works, also while the wait for a new
  // one runs, so only the address needs to be right.
  const haveCode = async () => {
    setFailure(null);
    if (await trigger('email')) {
      await navigate(verificationPath(getValues('email').trim().toLowerCase(), returnTo));
    }
  };

  return (
    <AuthLayout
      icon={UserPlus}
      title="Account aanmaken"
      intro="Gratis en zonder wachtwoord: je logt in met een code die we je mailen."
      below={
        <p>
          Heb je al een account?{' '}
          <Link to={returningTo(paths.login, returnTo)} className={textLink}>
            Inloggen
          </Link>
        </p>
      }
    >
      <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Voornaam"
            autoComplete="given-name"
            maxLength={NAME_MAX}
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <Input
            label="Achternaam"
            autoComplete="family-name"
            maxLength={NAME_MAX}
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <Input
          label="E-mailadres"
          type="email"
          autoComplete="email"
          placeholder="jouw@email.nl"
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start gap-3">
            <input
              id={termsId}
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-orange-700"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? `${termsId}-error` : undefined}
              {...register('terms')}
            />
            <label htmlFor={termsId} className="text-stone-800">
              Ik ga akkoord met de{' '}
              <Link to={paths.terms} target="_blank" className={textLink}>
                algemene voorwaarden
              </Link>{' '}
              en het{' '}
              <Link to={paths.privacy} target="_blank" className={textLink}>
                privacybeleid
              </Link>
            </label>
          </div>
          {errors.terms && (
            <p id={`${termsId}-error`} className="text-sm font-medium text-red-800">
              {errors.terms.message}
            </p>
          )}
        </div>
        {failure && <FormAlert>{failure}</FormAlert>}
        <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Bezig...' : 'Gratis account aanmaken'}
        </Button>
        <Button variant="ghost" disabled={isSubmitting} onClick={() => void haveCode()}>
          Ik heb al een code
        </Button>
      </form>
      {google && (
        <>
          <OrDivider />
          <Link
            to={returningTo(paths.register, returnTo)}
            className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'w-full' })}
          >
            <GoogleLogo className="size-5" />
            Aanmelden met Google
          </Link>
        </>
      )}
    </AuthLayout>
  );
}

/** The code step of registration for `email`. */
function verificationPath(email: string, returnTo: string | null): string {
  return returningTo(
    `${paths.emailVerification}?${new URLSearchParams({ email }).toString()}`,
    returnTo,
  );
}

function CheckYourMail({ email, onRetry }: { email: string; onRetry: () => void }) {
  const [search] = useSearchParams();
  const verification = verificationPath(email, returnPathIn(search));
  return (
    <AuthLayout
      icon={MailCheck}
      title="Check je e-mail!"
      intro={
        <p>
          We hebben een code van 6 cijfers gestuurd naar{' '}
          <strong className="text-stone-900">
            <EmailAddress email={email} />
          </strong>
          . Vul die code in om je account te bevestigen.
        </p>
      }
    >
      <Link to={verification} className={buttonStyles({ size: 'lg', className: 'w-full' })}>
        Code invoeren
      </Link>
      <p className="text-center text-sm text-stone-700">
        Geen e-mail gekregen? Kijk ook in je spam- of reclamemap.
      </p>
      <Button variant="ghost" onClick={onRetry}>
        Probeer opnieuw
      </Button>
    </AuthLayout>
  );
}
