import { SignedInOnly } from '@/components/auth/guards';
import { MessagesPage } from '@/features/messages/components/messages-page';
import { MessagesSkeleton } from '@/features/messages/components/messages-skeleton';

export function MessagesRoute() {
  return (
    <SignedInOnly pending={<MessagesSkeleton />}>
      <MessagesPage />
    </SignedInOnly>
  );
}
