import { EmailLinkPage } from '@/features/auth/components/email-link-page';

export function EmailLinkRoute() {
  return <EmailLinkPage />;
}
