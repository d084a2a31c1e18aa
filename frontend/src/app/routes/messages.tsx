import { MessagesPage } from '@/features/messages/components/messages-page';
import { SignedInOnly } from '@/lib/auth/guards';

export function MessagesRoute() {
  return (
    <SignedInOnly>
      <MessagesPage />
    </SignedInOnly>
  );
}
