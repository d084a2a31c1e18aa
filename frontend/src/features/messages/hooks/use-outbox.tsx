import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { sendMessage, showSentMessage } from '@/features/messages/api/send-message';
import { createOutbox, type Outbox } from '@/features/messages/outbox';
import { useAuth } from '@/lib/auth/use-auth';
import { messagingKeys } from '@/lib/messaging/keys';
import { readUnsent, subscribeToUnsent, type UnsentMessage } from '@/lib/messaging/unsent';

const OutboxContext = createContext<Outbox | null>(null);

/**
 * The signed-in person's outbox for the pages below: what was kept unsent (from before a reload
 * too) goes at once, and again whenever the connection comes back, on whichever page is open.
 * Below another one it adds none of its own: two would send the same message side by side.
 */
export function OutboxProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const outer = useContext(OutboxContext);
  const userId = user?.id ?? null;
  const own = outer === null;
  const outbox = useMemo(
    () =>
      userId === null || !own
        ? null
        : createOutbox({
            userId,
            send: sendMessage,
            onSent: (message, sent) => {
              showSentMessage(queryClient, message.conversationId, message.text, sent);
            },
            onRefused: (message) => {
              // Closed meanwhile: the inbox and the thread say so once read again.
              void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
              void queryClient.invalidateQueries({
                queryKey: messagingKeys.thread(message.conversationId),
              });
            },
          }),
    [userId, queryClient, own],
  );

  useEffect(() => {
    outbox?.start();
    return () => {
      outbox?.stop();
    };
  }, [outbox]);

  if (!own) return children;
  return <OutboxContext value={outbox}>{children}</OutboxContext>;
}

const NOTHING: readonly UnsentMessage[] = [];

/**
 * The unsent messages of one conversation, oldest first, and what can be done with them: writing
 * a new one, trying a failed one again, removing a failed one. Nothing is written before the
 * outbox is there (`ready`), which is from the first effect of a signed-in page on.
 */
export function useUnsent(conversationId: number) {
  const { user } = useAuth();
  const outbox = useContext(OutboxContext);
  const userId = user?.id ?? null;
  const unsent = useSyncExternalStore(subscribeToUnsent, () =>
    userId === null ? NOTHING : readUnsent(userId, conversationId),
  );
  const write = useCallback(
    (text: string) => outbox?.write(conversationId, text) ?? null,
    [outbox, conversationId],
  );
  const retry = useCallback(
    (key: string) => {
      outbox?.retry(conversationId, key);
    },
    [outbox, conversationId],
  );
  const remove = useCallback(
    (key: string) => {
      outbox?.remove(conversationId, key);
    },
    [outbox, conversationId],
  );
  return { unsent, ready: outbox !== null, write, retry, remove };
}
