import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';
import { messagingKeys } from '@/lib/messaging/keys';

export type MessageItem = components['schemas']['MessageItem'];
export type MessagePage = components['schemas']['MessageList'];
/** Pages of a thread: the newest first, each older one after it. */
export type ThreadData = InfiniteData<MessagePage, number | null>;

/**
 * `GET /api/conversations/{id}/messages`: the newest messages (`before` null) or those older
 * than message `before`, oldest first.
 */
export function getThreadPage(conversationId: number, before: number | null): Promise<MessagePage> {
  return unwrap(
    api.GET('/api/conversations/{id}/messages', {
      params: { path: { id: conversationId }, query: before === null ? {} : { before } },
    }),
  );
}

/**
 * A thread read page by page towards the past. The newest page comes first, so that reading the
 * thread again (after a live event) starts from the newest message and leaves no gap.
 */
export const threadQueryOptions = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.thread(conversationId),
    queryFn: ({ pageParam }) => getThreadPage(conversationId, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => (page.hasMore ? (page.messages[0]?.id ?? null) : null),
  });

export function useThread(conversationId: number) {
  return useInfiniteQuery(threadQueryOptions(conversationId));
}

/** Every loaded message of a thread, oldest first. */
export function messagesOf(data: Pick<ThreadData, 'pages'> | undefined): MessageItem[] {
  return data ? [...data.pages].reverse().flatMap((page) => page.messages) : [];
}
