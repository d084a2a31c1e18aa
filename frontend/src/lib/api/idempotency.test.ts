import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { mayRepeatWithSameKey, useIdempotentCall } from '@/lib/api/idempotency';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A wrapped call that records each key and answers with `outcome` (a value or an error). */
function recording(outcome: () => Promise<string>) {
  const keys: string[] = [];
  const { result } = renderHook(() =>
    useIdempotentCall((_text: string, key: string) => {
      keys.push(key);
      return outcome();
    }),
  );
  return { call: (text: string) => result.current(text), keys };
}

describe('useIdempotentCall', () => {
  it('gives a repeat of an intent in flight the same key, and the next intent a new one', async () => {
    const waiting: ((value: string) => void)[] = [];
    const finishAll = () => {
      for (const finish of waiting.splice(0)) finish('klaar');
    };
    const { call, keys } = recording(
      () =>
        new Promise<string>((resolve) => {
          waiting.push(resolve);
        }),
    );
    const first = call('Hallo');
    const repeat = call('Hallo');
    finishAll();
    await Promise.all([first, repeat]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);

    const next = call('Hallo');
    finishAll();
    await next;
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('keeps the key after a lost answer and renews it after a refusal or another intent', async () => {
    let failure: Error = new TypeError('Failed to fetch');
    const { call, keys } = recording(() => Promise.reject(failure));
    await expect(call('Hallo')).rejects.toThrow();
    await expect(call('Hallo')).rejects.toThrow();
    expect(keys[1]).toBe(keys[0]);

    failure = new ApiError(422, 'invalid_input', 'Het bericht is leeg.');
    await expect(call('Hallo')).rejects.toThrow();
    await expect(call('Hallo')).rejects.toThrow();
    expect(keys[3]).not.toBe(keys[2]);

    await expect(call('Iets anders')).rejects.toThrow();
    expect(keys[4]).not.toBe(keys[3]);
  });

  it('may repeat under the same key only what the server did not answer for good', () => {
    expect(mayRepeatWithSameKey(new TypeError('Failed to fetch'))).toBe(true);
    expect(mayRepeatWithSameKey(new ApiError(503, 'service_unavailable', 'Later.'))).toBe(true);
    expect(mayRepeatWithSameKey(new ApiError(429, 'too_many_requests', 'Wacht.'))).toBe(true);
    expect(mayRepeatWithSameKey(new ApiError(409, 'request_in_progress', 'Bezig.'))).toBe(true);
    expect(mayRepeatWithSameKey(new ApiError(409, 'conflict', 'Vol.'))).toBe(false);
    expect(mayRepeatWithSameKey(new ApiError(422, 'invalid_input', 'Leeg.'))).toBe(false);
  });
});
