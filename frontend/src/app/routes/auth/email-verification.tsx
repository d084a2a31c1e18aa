import { EmailVerificationPage } from '@/features/auth/components/email-verification-page';

export function EmailVerificationRoute() {
  return <EmailVerificationPage />;
}
