import { useEffect, useRef } from 'react';
import type { MessageItem } from '@/features/messages/api/get-thread';
import { useMarkRead } from '@/features/messages/api/mark-read';
import { useDocumentVisible } from '@/features/messages/hooks/use-document-visible';

/**
 * Marks the open conversation read: when it opens with something unread, and again whenever a
 * new message of the other person arrives while it is on screen. Each newest message is marked
 * once, so a failure does not turn into a loop.
 */
export function useMarkReadWhileOpen(
  conversationId: number,
  messages: MessageItem[] | undefined,
  unreadCount: number,
): void {
  const visible = useDocumentVisible();
  const { mutate } = useMarkRead();
  const marked = useRef<string | null>(null);

  const incoming = messages?.filter((message) => !message.isOwn);
  const newestIncoming = incoming?.at(-1)?.id ?? 0;
  const unread = unreadCount > 0 || (incoming?.some((message) => !message.isRead) ?? false);

  useEffect(() => {
    // Wait for the thread, so that opening marks it once and not twice.
    if (messages === undefined || !visible || !unread) return;
    const key = `${conversationId}:${newestIncoming}`;
    if (marked.current === key) return;
    marked.current = key;
    mutate(conversationId);
  }, [conversationId, messages, visible, unread, newestIncoming, mutate]);
}
