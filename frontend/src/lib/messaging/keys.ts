/**
 * Query keys of messaging: the inbox, each thread (with its afspraken), the unread count and
 * one's afspraken over all conversations. Shared because the live updates, the header, the
 * dashboard and the messages page all read or refresh them.
 */
export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: () => [...messagingKeys.all, 'conversations'] as const,
  threads: () => [...messagingKeys.all, 'thread'] as const,
  thread: (conversationId: number) => [...messagingKeys.threads(), conversationId] as const,
  unread: () => [...messagingKeys.all, 'unread'] as const,
  appointmentsOf: (conversationId: number) =>
    [...messagingKeys.thread(conversationId), 'appointments'] as const,
  myAppointments: () => [...messagingKeys.all, 'appointments'] as const,
};
