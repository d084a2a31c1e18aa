import type { MessageSent } from '@/features/messages/api/send-message';
import { ApiError, UNEXPECTED_RESPONSE } from '@/lib/api/api-error';
import { mayRepeatWithSameKey, newIdempotencyKey } from '@/lib/api/idempotency';
import { ERROR_CODE } from '@/lib/api/vocabulary';
import {
  conversationsWithUnsent,
  dropUnsent,
  keepUnsent,
  readUnsent,
  updateUnsent,
  type SendFailure,
  type UnsentMessage,
} from '@/lib/messaging/unsent';

export const SEND_FAILED = 'Bericht versturen mislukt. Probeer opnieuw.';

/** How long to wait before trying again when the server could not be reached while online. */
export const RETRY_AFTER_MS = 15_000;

/** Why the server did not take a message, to show under it; its own words for 403, 422 and 429. */
export function failureOf(error: ApiError): SendFailure {
  const serverText = error.code !== UNEXPECTED_RESPONSE;
  const ownWords = error.status === 403 || error.status === 422 || error.status === 429;
  return { text: ownWords && serverText ? error.message : SEND_FAILED, status: error.status };
}

/**
 * Whether the server answered at all. Without an answer (offline, the server unreachable, or the
 * first request with the key still at work) a message stays pending and goes again later.
 */
function unanswered(error: unknown): boolean {
  return !(error instanceof ApiError) || error.code === ERROR_CODE.requestInProgress;
}

export interface OutboxOptions {
  userId: number;
  send: (conversationId: number, text: string, key: string) => Promise<MessageSent>;
  /** The server has it: `sent` says under which id. */
  onSent: (message: UnsentMessage, sent: MessageSent) => void;
  /** The server refused it (403: the conversation closed meanwhile). */
  onRefused?: (message: UnsentMessage, failure: SendFailure) => void;
}

export interface Outbox {
  /** Keeps `text` as a pending message of the conversation and sends it as soon as it can. */
  write: (conversationId: number, text: string) => UnsentMessage;
  /** Sends a failed message again. */
  retry: (conversationId: number, key: string) => void;
  /** Forgets a failed message. */
  remove: (conversationId: number, key: string) => void;
  /** Sends what is pending in one conversation, or in all of them; resolves when done trying. */
  flush: (conversationId?: number) => Promise<void>;
  /** Sends what is pending, and again whenever the connection comes back. */
  start: () => void;
  /** Stops listening for the connection and trying later. */
  stop: () => void;
}

/**
 * The messages of one person on their way to the server. Each conversation's pending messages
 * go one at a time, oldest first, each under the idempotency key kept with it, so that a repeat
 * (after a reload, or from another tab) is stored once. Without an answer a message stays
 * pending and goes when the connection is back (or after {@link RETRY_AFTER_MS}); an answer that
 * refuses or fails it marks it failed, to be tried again or removed by the writer, never
 * repeated on its own.
 */
export function createOutbox({ userId, send, onSent, onRefused }: OutboxOptions): Outbox {
  const busy = new Set<number>();
  const again = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;

  const later = () => {
    if (stopped || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flushAll();
    }, RETRY_AFTER_MS);
  };

  const flushOne = async (conversationId: number): Promise<void> => {
    if (busy.has(conversationId)) {
      again.add(conversationId);
      return;
    }
    busy.add(conversationId);
    try {
      for (;;) {
        again.delete(conversationId);
        if (stopped || !navigator.onLine) return;
        const next = readUnsent(userId, conversationId).find((entry) => entry.failure === null);
        if (next === undefined) return;
        let sent: MessageSent;
        try {
          sent = await send(conversationId, next.text, next.key);
        } catch (error) {
          if (unanswered(error)) {
            later();
            return;
          }
          const apiError = error as ApiError;
          const failure = failureOf(apiError);
          // The server keeps a refusal with the key; trying again is then a new attempt that
          // needs a key of its own. After a failure of the server itself the key may go again.
          const key = mayRepeatWithSameKey(apiError) ? next.key : newIdempotencyKey();
          updateUnsent(userId, conversationId, next.key, (entry) => ({ ...entry, key, failure }));
          if (apiError.status === 403) onRefused?.(next, failure);
          continue;
        }
        dropUnsent(userId, conversationId, next.key);
        onSent(next, sent);
      }
    } finally {
      busy.delete(conversationId);
      if (again.has(conversationId) && !stopped) void flushOne(conversationId);
    }
  };

  const flushAll = async (): Promise<void> => {
    await Promise.all(conversationsWithUnsent(userId).map(flushOne));
  };

  const online = () => {
    void flushAll();
  };

  return {
    write: (conversationId, text) => {
      const message: UnsentMessage = {
        key: newIdempotencyKey(),
        conversationId,
        text,
        writtenAt: new Date().toISOString(),
        failure: null,
      };
      keepUnsent(userId, message);
      void flushOne(conversationId);
      return message;
    },
    retry: (conversationId, key) => {
      updateUnsent(userId, conversationId, key, (entry) => ({ ...entry, failure: null }));
      void flushOne(conversationId);
    },
    remove: (conversationId, key) => {
      const entry = readUnsent(userId, conversationId).find((message) => message.key === key);
      // A pending message may be on its way already: only a failed one is taken back.
      if (entry?.failure) dropUnsent(userId, conversationId, key);
    },
    flush: (conversationId) =>
      conversationId === undefined ? flushAll() : flushOne(conversationId),
    start: () => {
      if (!stopped) return;
      stopped = false;
      window.addEventListener('online', online);
      void flushAll();
    },
    stop: () => {
      stopped = true;
      window.removeEventListener('online', online);
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
