import { EmailRegisterPage } from '@/features/auth/components/email-register-page';
import { SignedOutOnly } from '@/lib/auth/guards';

export function EmailRegisterRoute() {
  return (
    <SignedOutOnly>
      <EmailRegisterPage />
    </SignedOutOnly>
  );
}
