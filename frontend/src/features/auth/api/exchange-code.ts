import { ApiError, unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

/** The message of a callback address without a code. */
export const NO_CODE_MESSAGE =
  'Cannot exchange code for session token: no code provided in the URL search params';

const inFlight = new Map<string, Promise<void>>();

/**
 * Turns the provider's answer in the callback address into a session. The code can be used only
 * once, so a second call for the same answer (React runs effects twice in development) gets the
 * first call's result instead of a second request.
 */
export function exchangeCodeForSession(search: URLSearchParams): Promise<void> {
  const code = search.get('code');
  if (!code) {
    return Promise.reject(new Error(NO_CODE_MESSAGE));
  }
  const state = search.get('state') ?? '';
  const key = `${code}\n${state}`;
  let exchange = inFlight.get(key);
  if (exchange === undefined) {
    exchange = unwrap(api.POST('/api/sessions', { body: { code, state } })).then(() => undefined);
    inFlight.set(key, exchange);
  }
  return exchange;
}

/** The console line for a failed exchange: the server's code and text, or what else went wrong. */
export function exchangeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    return `Failed to exchange code for session token: API responded with HTTP status ${error.status}`;
  }
  return error instanceof Error ? error.message : String(error);
}
