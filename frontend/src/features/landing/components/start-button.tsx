import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonStyles, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { GoogleLogo } from '@/components/ui/google-logo';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useGoogleSignIn } from '@/lib/site/get-site-info';

export interface StartButtonProps {
  /** The label for a visitor; the button starts sign-in with Google where it is configured. */
  signedOutLabel: string;
  /** The label for a signed-in user; the button leads to `signedInTo`. */
  signedInLabel: string;
  /** Where a signed-in user goes (default: the dashboard). */
  signedInTo?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Show Google's mark, for the button that names Google. */
  googleMark?: boolean;
  /** Where a visitor goes when this installation has no Google sign-in (default: e-mail sign-up). */
  withoutGoogleTo?: string;
  /** The visitor's label then (default: `signedOutLabel`). */
  withoutGoogleLabel?: string;
}

/** The landing page's calls to action: sign up as a visitor, carry on as a signed-in user. */
export function StartButton({
  signedOutLabel,
  signedInLabel,
  signedInTo = paths.dashboard,
  variant = 'primary',
  size = 'lg',
  googleMark = false,
  withoutGoogleTo = paths.emailRegister,
  withoutGoogleLabel = signedOutLabel,
}: StartButtonProps) {
  const { user, startGoogleLogin } = useAuth();
  const google = useGoogleSignIn();
  const [starting, setStarting] = useState(false);

  if (user) {
    return (
      <Link to={signedInTo} className={buttonStyles({ variant, size })}>
        {signedInLabel}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    );
  }

  if (!google) {
    return (
      <Link to={withoutGoogleTo} className={buttonStyles({ variant, size })}>
        {withoutGoogleLabel}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    );
  }

  return (
    <Button
      variant={variant}
      size={size}
      aria-busy={starting}
      onClick={() => {
        // Ignore repeated clicks while the sign-in address is on its way.
        if (starting) {
          return;
        }
        setStarting(true);
        void startGoogleLogin().finally(() => {
          setStarting(false);
        });
      }}
    >
      {starting ? (
        <Spinner />
      ) : (
        googleMark && (
          <span className="flex size-7 items-center justify-center rounded-full bg-white">
            <GoogleLogo className="size-4" />
          </span>
        )
      )}
      {signedOutLabel}
    </Button>
  );
}
