import { useRef } from 'react';
import { ApiError, UNEXPECTED_RESPONSE } from '@/lib/api/api-error';
import { REPEAT_WITH_SAME_KEY } from '@/lib/api/vocabulary';

/**
 * The header of the create calls a double click could repeat (a message, a conversation, a
 * report, a pet, a profile, an afspraak proposal or step, a reference or a reply to one, a saved
 * search, a device for notifications, when help is needed): the server writes once per key and
 * answers every repeat as it answered the first.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The header for `key`, as the client's `params.header`. */
export function idempotencyHeader(key: string): { [IDEMPOTENCY_KEY_HEADER]: string } {
  return { [IDEMPOTENCY_KEY_HEADER]: key };
}

/** A new random key (a UUID; also where `crypto.randomUUID` is missing, outside https). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * Whether a failed call may go again under the same key: no answer came (the network), the
 * server failed or asked to wait (5xx, 429), or the first request with the key is still at
 * work. The server kept no answer for those. Any other answer is kept with the key, so a new
 * attempt needs a new key.
 */
export function mayRepeatWithSameKey(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.status >= REPEAT_WITH_SAME_KEY.fromStatus ||
    REPEAT_WITH_SAME_KEY.statuses.includes(error.status) ||
    (error.code !== UNEXPECTED_RESPONSE && REPEAT_WITH_SAME_KEY.codes.includes(error.code))
  );
}

/**
 * Wraps a create call so that it carries one idempotency key per intent. The key is made when
 * the person first submits an intent (its variables), and every repeat of the same intent gets
 * the same key: a second click or Enter before the screen caught up, or a retry after the
 * network failed. After the server's answer (or an edit of the intent) the next submit gets a
 * new key.
 */
export function useIdempotentCall<Variables, Result>(
  call: (variables: Variables, key: string) => Promise<Result>,
): (variables: Variables) => Promise<Result> {
  const intent = useRef<{ of: string; key: string } | null>(null);
  return async (variables) => {
    const of = JSON.stringify([variables]);
    if (intent.current?.of !== of) intent.current = { of, key: newIdempotencyKey() };
    const mine = intent.current;
    try {
      const result = await call(variables, mine.key);
      if (intent.current === mine) intent.current = null;
      return result;
    } catch (error) {
      if (intent.current === mine && !mayRepeatWithSameKey(error)) intent.current = null;
      throw error;
    }
  };
}
