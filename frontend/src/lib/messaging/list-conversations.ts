import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';
import { messagingKeys } from '@/lib/messaging/keys';

export type ConversationList = components['schemas']['ConversationList'];
export type ConversationSummary = components['schemas']['ConversationSummary'];

/** `GET /api/conversations`: the inbox, newest activity first (the messages page, the dashboard). */
export function listConversations(): Promise<ConversationList> {
  return unwrap(api.GET('/api/conversations'));
}

/** Kept current by the live updates, so it is not read again on every visit. */
export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.conversations(),
    queryFn: listConversations,
  });

export function useConversations() {
  return useQuery(conversationsQueryOptions());
}
