import type { QueryClient } from '@tanstack/react-query';
import type { ThreadData } from '@/features/messages/api/get-thread';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { idempotencyHeader } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/openapi';
import { messagingKeys } from '@/lib/messaging/keys';

export type MessageSent = components['schemas']['MessageSent'];

/** Characters as the server counts them: Unicode code points (an accented letter is one). */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** `POST /api/conversations/{id}/messages`, under the idempotency key of this message. */
export function sendMessage(
  conversationId: number,
  content: string,
  idempotencyKey: string,
): Promise<MessageSent> {
  return unwrap(
    api.POST('/api/conversations/{id}/messages', {
      params: { path: { id: conversationId }, header: idempotencyHeader(idempotencyKey) },
      body: { content },
    }),
  );
}

/**
 * Shows a message the server took in its thread at once (unless the thread has it already, from
 * a live event or an earlier answer for the same key); the inbox is read again so that the
 * conversation moves to the top with its new last message.
 */
export function showSentMessage(
  queryClient: QueryClient,
  conversationId: number,
  content: string,
  { messageId, timestamp, safetyHint }: MessageSent,
): void {
  queryClient.setQueryData<ThreadData>(messagingKeys.thread(conversationId), (thread) => {
    const [newest, ...older] = thread?.pages ?? [];
    if (thread === undefined || newest === undefined) return thread;
    if (newest.messages.some((message) => message.id === messageId)) return thread;
    const sent = {
      id: messageId,
      text: content,
      timestamp,
      isOwn: true,
      isRead: false,
      safetyHint,
    };
    return {
      ...thread,
      pages: [{ ...newest, messages: [...newest.messages, sent] }, ...older],
    };
  });
  void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
}
