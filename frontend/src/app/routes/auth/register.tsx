import { RegisterPage } from '@/features/auth/components/register-page';
import { SignedOutOnly } from '@/lib/auth/guards';

export function RegisterRoute() {
  return (
    <SignedOutOnly>
      <RegisterPage />
    </SignedOutOnly>
  );
}
