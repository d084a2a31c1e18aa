/**
 * Query keys of messaging: the inbox, each thread and the unread count. Shared because the live
 * updates, the header, the dashboard and the messages page all read or refresh them.
 */
export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: () => [...messagingKeys.all, 'conversations'] as const,
  threads: () => [...messagingKeys.all, 'thread'] as const,
  thread: (conversationId: number) => [...messagingKeys.threads(), conversationId] as const,
  unread: () => [...messagingKeys.all, 'unread'] as const,
};
