import { CheckCircle2, Mail, UserPlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AuthLayout, OrDivider, textLink } from '@/features/auth/components/auth-layout';
import { GoogleSignInButton } from '@/features/auth/components/google-sign-in-button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { returnPathIn, returningTo } from '@/lib/auth/return-path';
import { useGoogleSignIn } from '@/lib/site/get-site-info';

const AFTER_SIGN_UP = [
  'Een profiel maken voor je huisdier of als oppasser',
  'Oppassers en huisdieren bij jou in de buurt vinden',
  'Veilig berichten sturen, zonder je contactgegevens te delen',
  'Alles is en blijft helemaal gratis',
];

/** `/registreren`: sign up with Google or by e-mail. */
export function RegisterPage() {
  useDocumentTitle('Aanmelden');
  const google = useGoogleSignIn();
  const [search] = useSearchParams();
  const returnTo = returnPathIn(search);

  return (
    <AuthLayout
      icon={UserPlus}
      title="Gratis aanmelden"
      intro="Maak in een minuut een account en vind een oppas of huisdier bij jou in de buurt."
      below={
        <p>
          Heb je al een account?{' '}
          <Link to={returningTo(paths.login, returnTo)} className={textLink}>
            Inloggen
          </Link>
        </p>
      }
    >
      {google && (
        <>
          <GoogleSignInButton label="Aanmelden met Google" returnTo={returnTo} />
          <OrDivider />
        </>
      )}
      <Link
        to={returningTo(paths.emailRegister, returnTo)}
        className={buttonStyles({ variant: 'primary', size: 'lg', className: 'w-full' })}
      >
        <Mail aria-hidden="true" className="size-5" />
        Aanmelden met e-mail
      </Link>
      <section aria-labelledby="na-aanmelden" className="rounded-2xl bg-teal-50 p-5">
        <h2 id="na-aanmelden" className="font-bold text-teal-900">
          Na het aanmelden kun je:
        </h2>
        <ul className="mt-3 flex flex-col gap-2">
          {AFTER_SIGN_UP.map((item) => (
            <li key={item} className="flex items-start gap-2 text-stone-800">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
              {item}
            </li>
          ))}
        </ul>
      </section>
    </AuthLayout>
  );
}
