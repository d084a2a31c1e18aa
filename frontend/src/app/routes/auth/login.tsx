import { SignedOutOnly } from '@/components/auth/guards';
import { LoginPage } from '@/features/auth/components/login-page';

export function LoginRoute() {
  return (
    <SignedOutOnly>
      <LoginPage />
    </SignedOutOnly>
  );
}
