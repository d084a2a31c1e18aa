import { z } from 'zod/mini';
import type { components } from '@/lib/api/openapi';

/**
 * One event of the live stream (`GET /api/events`), as its `data` arrives: a new message, a read
 * receipt, someone coming online or going offline, or a conversation that closed.
 */
export type LiveEvent = components['schemas']['LiveEventData'];
type Closed = components['schemas']['Closed'];

// Checked at run time: the stream is a boundary like any response.
const liveEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    conversationId: z.number(),
    messageId: z.number(),
    senderId: z.number(),
  }),
  z.object({
    type: z.literal('read'),
    conversationId: z.number(),
    readerId: z.number(),
    upTo: z.number(),
  }),
  z.object({
    type: z.literal('presence'),
    userId: z.number(),
    isOnline: z.boolean(),
  }),
  z.object({
    type: z.literal('conversationClosed'),
    conversationId: z.number(),
    // Only passed on: the inbox and the thread, read again, word the reason.
    reason: z.custom<Closed>((value) => typeof value === 'string'),
  }),
]) satisfies z.ZodMiniType<LiveEvent>;

/** The event in an event's `data`, or null for anything else (a kind this version does not know). */
export function parseLiveEvent(data: string): LiveEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = liveEvent.safeParse(json);
  return parsed.success ? parsed.data : null;
}
