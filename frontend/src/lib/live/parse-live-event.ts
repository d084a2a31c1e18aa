import * as z from 'zod/mini';
import { VALUES } from '@/lib/api/vocabulary';
import type { LiveEvent } from '@/lib/live/live-event';

// Loaded with the stream's first event (`LiveChannel`): zod's checks are no part of the first
// download.

const id = z.number();

/** Every kind of event this version knows, by its `type`; anything else is passed over. */
const liveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), conversationId: id, messageId: id, senderId: id }),
  z.object({ type: z.literal('read'), conversationId: id, readerId: id, upTo: id }),
  z.object({ type: z.literal('presence'), userId: id, isOnline: z.boolean() }),
  z.object({
    type: z.literal('conversationClosed'),
    conversationId: id,
    reason: z.enum(VALUES.Closed),
  }),
  z.object({ type: z.literal('afspraak'), conversationId: id, appointmentId: id }),
]);

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
  const event = liveEvent.safeParse(json);
  return event.success ? (event.data satisfies LiveEvent) : null;
}
