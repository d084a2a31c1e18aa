// The inbox is read by the dashboard's recent activity too, so it is declared in lib/messaging.
export {
  conversationsQueryOptions,
  listConversations,
  useConversations,
  type ConversationList,
  type ConversationSummary,
} from '@/lib/messaging/list-conversations';
