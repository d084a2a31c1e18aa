import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageSent } from '@/features/messages/api/send-message';
import { createOutbox, type Outbox, type OutboxOptions } from '@/features/messages/outbox';
import { ApiError, type ErrorCode } from '@/lib/api/api-error';
import {
  conversationsWithUnsent,
  forgetUnsentOf,
  keepUnsent,
  readUnsent,
} from '@/lib/messaging/unsent';

const ME = 7;
const CONVERSATION = 3;

/** A server as the real one answers: one message per idempotency key, the same answer to a repeat. */
function aServer() {
  const stored = new Map<string, { text: string; messageId: number }>();
  const calls: { text: string; key: string }[] = [];
  const send = vi.fn((_conversationId: number, text: string, key: string) => {
    calls.push({ text, key });
    const known = stored.get(key) ?? { text, messageId: 100 + stored.size + 1 };
    stored.set(key, known);
    return Promise.resolve<MessageSent>({
      messageId: known.messageId,
      timestamp: new Date().toISOString(),
      safetyHint: false,
    });
  });
  return { send, stored, calls };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

const outboxes: Outbox[] = [];

function anOutbox(send: OutboxOptions['send'], more: Partial<OutboxOptions> = {}): Outbox {
  const outbox = createOutbox({ userId: ME, send, onSent: () => undefined, ...more });
  outboxes.push(outbox);
  outbox.start();
  return outbox;
}

afterEach(() => {
  for (const outbox of outboxes.splice(0)) outbox.stop();
  vi.restoreAllMocks();
});

describe('the outbox', () => {
  it('keeps a message that could not go across a reload, and sends it once with its key', async () => {
    const first = anOutbox(vi.fn(offline));
    const written = first.write(CONVERSATION, 'Hoi Sanne');
    await first.flush();
    expect(readUnsent(ME, CONVERSATION)).toEqual([written]);
    expect(written.failure).toBeNull();
    // The page goes: the outbox with it.
    first.stop();

    // The next page finds it and sends it, under the key it was written with.
    const server = aServer();
    const onSent = vi.fn();
    const second = anOutbox(server.send, { onSent });
    await second.flush();

    expect(server.calls).toEqual([{ text: 'Hoi Sanne', key: written.key }]);
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(readUnsent(ME, CONVERSATION)).toEqual([]);
    expect(conversationsWithUnsent(ME)).toEqual([]);
  });

  it('sends nothing while the browser is offline, and sends once the connection is back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = aServer();
    const outbox = anOutbox(server.send);

    outbox.write(CONVERSATION, 'Een');
    outbox.write(CONVERSATION, 'Twee');
    await outbox.flush();
    expect(server.send).not.toHaveBeenCalled();
    expect(readUnsent(ME, CONVERSATION).map((message) => message.text)).toEqual(['Een', 'Twee']);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => {
      expect(readUnsent(ME, CONVERSATION)).toEqual([]);
    });
    // In the order written, each once.
    expect(server.calls.map((call) => call.text)).toEqual(['Een', 'Twee']);
    expect(server.stored.size).toBe(2);
  });

  it('stores a message sent from two pages at once only once', async () => {
    const server = aServer();
    keepUnsent(ME, {
      key: 'sleutel-1',
      conversationId: CONVERSATION,
      text: 'Twee tabbladen',
      writtenAt: new Date().toISOString(),
      failure: null,
    });

    await Promise.all([anOutbox(server.send).flush(), anOutbox(server.send).flush()]);

    expect(new Set(server.calls.map((call) => call.key))).toEqual(new Set(['sleutel-1']));
    expect(server.stored.size).toBe(1);
  });

  it.each<[number, ErrorCode, string]>([
    [403, 'unavailable', 'Deze persoon is niet meer beschikbaar. Je bericht is niet verstuurd.'],
    [422, 'invalid_input', 'Een bericht mag niet leeg zijn.'],
    [429, 'too_many_requests', 'Wacht even en probeer het opnieuw.'],
  ])(
    'marks a message refused with %i failed with the server’s words, once',
    async (status, code, text) => {
      const send = vi.fn(() => Promise.reject(new ApiError(status, code, text)));
      const onRefused = vi.fn();
      const outbox = anOutbox(send, { onRefused });

      const written = outbox.write(CONVERSATION, 'Hallo');
      await outbox.flush();
      await outbox.flush();
      window.dispatchEvent(new Event('online'));
      await outbox.flush();

      expect(send).toHaveBeenCalledTimes(1);
      const [failed] = readUnsent(ME, CONVERSATION);
      expect(failed?.failure).toEqual({ text, status });
      expect(failed?.text).toBe('Hallo');
      expect(onRefused).toHaveBeenCalledTimes(status === 403 ? 1 : 0);
      // The server keeps a refusal with the key: trying again needs a new one, except after 429.
      if (status === 429) {
        expect(failed?.key).toBe(written.key);
      } else {
        expect(failed?.key).not.toBe(written.key);
      }
    },
  );

  it('marks a message the server failed with its own words, and tries it again on request', async () => {
    const send = vi.fn<OutboxOptions['send']>(() =>
      Promise.reject(new ApiError(500, 'unexpected_response', 'Er ging iets mis.')),
    );
    const outbox = anOutbox(send);
    const written = outbox.write(CONVERSATION, 'Hallo');
    await outbox.flush();

    const [failed] = readUnsent(ME, CONVERSATION);
    expect(failed?.failure).toEqual({
      text: 'Bericht versturen mislukt. Probeer opnieuw.',
      status: 500,
    });

    const server = aServer();
    send.mockImplementation(server.send);
    outbox.retry(CONVERSATION, written.key);
    await outbox.flush();

    expect(server.calls).toEqual([{ text: 'Hallo', key: written.key }]);
    expect(readUnsent(ME, CONVERSATION)).toEqual([]);
  });

  it('removes only a failed message, never one that may be on its way', async () => {
    const send = vi.fn(() => Promise.reject(new ApiError(422, 'invalid_input', 'Te lang.')));
    const failing = anOutbox(send);
    failing.write(CONVERSATION, 'Te lang');
    await failing.flush();
    failing.stop();
    const pending = anOutbox(vi.fn(offline)).write(CONVERSATION, 'Onderweg');

    const outbox = anOutbox(vi.fn(offline));
    // Refused, it was given a new key for a next attempt.
    const [refused] = readUnsent(ME, CONVERSATION);
    expect(refused?.failure).not.toBeNull();
    outbox.remove(CONVERSATION, refused?.key ?? '');
    outbox.remove(CONVERSATION, pending.key);

    expect(readUnsent(ME, CONVERSATION).map((message) => message.text)).toEqual(['Onderweg']);
  });

  it('keeps each person’s messages apart, and forgets them all at sign-out', async () => {
    const mine = anOutbox(vi.fn(offline));
    mine.write(CONVERSATION, 'Van mij');
    mine.write(CONVERSATION + 1, 'Ook van mij');
    const other = createOutbox({ userId: ME + 1, send: vi.fn(offline), onSent: () => undefined });
    outboxes.push(other);
    other.start();
    other.write(CONVERSATION, 'Van een ander');
    await Promise.all([mine.flush(), other.flush()]);
    expect(conversationsWithUnsent(ME).sort()).toEqual([CONVERSATION, CONVERSATION + 1]);

    forgetUnsentOf(ME);

    expect(conversationsWithUnsent(ME)).toEqual([]);
    expect(readUnsent(ME, CONVERSATION)).toEqual([]);
    expect(readUnsent(ME + 1, CONVERSATION).map((message) => message.text)).toEqual([
      'Van een ander',
    ]);
  });

  it('ignores what it cannot read as kept messages', () => {
    window.localStorage.setItem(`oppas.unsent.${String(ME)}.${String(CONVERSATION)}`, '{kapot');
    expect(readUnsent(ME, CONVERSATION)).toEqual([]);
    window.localStorage.setItem(
      `oppas.unsent.${String(ME)}.${String(CONVERSATION)}`,
      JSON.stringify([{ key: 'a', text: 5 }]),
    );
    expect(readUnsent(ME, CONVERSATION)).toEqual([]);
  });
});
