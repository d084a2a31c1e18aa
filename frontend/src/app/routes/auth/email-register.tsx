import { SignedOutOnly } from '@/components/auth/guards';
import { EmailRegisterPage } from '@/features/auth/components/email-register-page';

export function EmailRegisterRoute() {
  return (
    <SignedOutOnly>
      <EmailRegisterPage />
    </SignedOutOnly>
  );
}
