import { SignedOutOnly } from '@/components/auth/guards';
import { RegisterPage } from '@/features/auth/components/register-page';

export function RegisterRoute() {
  return (
    <SignedOutOnly>
      <RegisterPage />
    </SignedOutOnly>
  );
}
