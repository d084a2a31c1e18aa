import { z } from 'zod/mini';
import type { components } from '@/lib/api/openapi';

/** `conversation_id` → `conversationId`. */
type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

/** Each member of a union with its keys in camelCase. */
type WithCamelCaseKeys<Value> = Value extends unknown
  ? { [Key in keyof Value as CamelCase<Key & string>]: Value[Key] }
  : never;

/**
 * One event of the live stream (`GET /api/events`), as its `data` arrives: a new message, a read
 * receipt or someone coming online or going offline. The stream sends camelCase keys.
 */
export type LiveEvent = WithCamelCaseKeys<components['schemas']['LiveEventData']>;

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
