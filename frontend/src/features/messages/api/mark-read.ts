import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationList } from '@/features/messages/api/list-conversations';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { messagingKeys } from '@/lib/messaging/keys';

/** `PUT /api/conversations/{id}/read`: everything up to the newest message is read. */
export async function markRead(conversationId: number): Promise<void> {
  await unwrap(
    api.PUT('/api/conversations/{id}/read', { params: { path: { id: conversationId } } }),
  );
}

/**
 * Marks a conversation read: its badge goes at once; the inbox and the total unread count are
 * read again once the server has answered.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (conversationId) => {
      queryClient.setQueryData<ConversationList>(messagingKeys.conversations(), (list) =>
        list === undefined
          ? list
          : {
              conversations: list.conversations.map((conversation) =>
                conversation.id === conversationId
                  ? { ...conversation, unreadCount: 0 }
                  : conversation,
              ),
            },
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.unread() });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
    },
  });
}
