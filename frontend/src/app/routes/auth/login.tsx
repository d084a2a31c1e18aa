import { LoginPage } from '@/features/auth/components/login-page';
import { SignedOutOnly } from '@/lib/auth/guards';

export function LoginRoute() {
  return (
    <SignedOutOnly>
      <LoginPage />
    </SignedOutOnly>
  );
}
