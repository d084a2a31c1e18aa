import { MessagesPage } from '@/features/messages/components/messages-page';
import { MessagesSkeleton } from '@/features/messages/components/messages-skeleton';
import { SignedInOnly } from '@/lib/auth/guards';

export function MessagesRoute() {
  return (
    <SignedInOnly pending={<MessagesSkeleton />}>
      <MessagesPage />
    </SignedInOnly>
  );
}
