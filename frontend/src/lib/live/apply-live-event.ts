import type { QueryClient } from '@tanstack/react-query';
import type { components } from '@/lib/api/openapi';
import type { LiveEvent } from '@/lib/live/live-event';
import { messagingKeys } from '@/lib/messaging/keys';

type ConversationList = components['schemas']['ConversationList'];

/**
 * Brings the cached inbox, threads and unread count up to date after one live event. Lists and
 * threads are read again (only those on screen at once, the rest when next shown); a change of
 * presence is written straight into the inbox.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'message':
    case 'read':
      // A new message moves its conversation to the top and may add to the unread count; a read
      // receipt marks own messages read, or (read in another tab) lowers the unread count.
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.thread(event.conversationId) });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.unread() });
      break;
    case 'presence':
      setOnline(
        queryClient,
        (conversation) => conversation.otherUserId === event.userId,
        event.isOnline,
      );
      break;
    case 'conversationClosed':
      // Presence ends at once; the notice in place of the composer comes with the lists.
      setOnline(queryClient, (conversation) => conversation.id === event.conversationId, false);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.thread(event.conversationId) });
      break;
    case 'afspraak':
      // Proposed, answered, cancelled or ended with its conversation: the thread's bar and the
      // dashboard's lists.
      void queryClient.invalidateQueries({
        queryKey: messagingKeys.appointmentsOf(event.conversationId),
      });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.myAppointments() });
      break;
  }
}

/** Writes `isOnline` into the cached inbox's conversations for which `which` holds. */
function setOnline(
  queryClient: QueryClient,
  which: (conversation: ConversationList['conversations'][number]) => boolean,
  isOnline: boolean,
): void {
  queryClient.setQueryData<ConversationList>(messagingKeys.conversations(), (list) =>
    list === undefined
      ? list
      : {
          conversations: list.conversations.map((conversation) =>
            which(conversation) ? { ...conversation, isOnline } : conversation,
          ),
        },
  );
}

/** After the stream (re)opens: everything about messages is read again, so nothing is missed. */
export function refreshMessaging(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: messagingKeys.all });
}
