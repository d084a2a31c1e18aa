import type { components } from '@/lib/api/openapi';
import { fieldsOf } from '@/lib/api/read-json';

/**
 * One event of the live stream (`GET /api/events`), as its `data` arrives: a new message, a read
 * receipt, someone coming online or going offline, a conversation that closed, or an afspraak
 * proposed or moved on.
 */
export type LiveEvent = components['schemas']['LiveEventData'];

const isNumber = (value: unknown): value is number => typeof value === 'number';

/**
 * The event in an event's `data`, or null for anything else (a kind this version does not know).
 * Checked at run time: the stream is a boundary like any response.
 */
export function parseLiveEvent(data: string): LiveEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const event = fieldsOf(json);
  if (!event) return null;
  switch (event.type) {
    case 'message': {
      const { conversationId, messageId, senderId } = event;
      return isNumber(conversationId) && isNumber(messageId) && isNumber(senderId)
        ? { type: 'message', conversationId, messageId, senderId }
        : null;
    }
    case 'read': {
      const { conversationId, readerId, upTo } = event;
      return isNumber(conversationId) && isNumber(readerId) && isNumber(upTo)
        ? { type: 'read', conversationId, readerId, upTo }
        : null;
    }
    case 'presence': {
      const { userId, isOnline } = event;
      return isNumber(userId) && typeof isOnline === 'boolean'
        ? { type: 'presence', userId, isOnline }
        : null;
    }
    case 'conversationClosed': {
      const { conversationId, reason } = event;
      // The reason is only passed on: the inbox and the thread, read again, word it.
      return isNumber(conversationId) && typeof reason === 'string'
        ? {
            type: 'conversationClosed',
            conversationId,
            reason: reason as Extract<LiveEvent, { type: 'conversationClosed' }>['reason'],
          }
        : null;
    }
    case 'afspraak': {
      const { conversationId, appointmentId } = event;
      return isNumber(conversationId) && isNumber(appointmentId)
        ? { type: 'afspraak', conversationId, appointmentId }
        : null;
    }
    default:
      return null;
  }
}
