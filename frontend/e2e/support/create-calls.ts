import type { Page } from '@playwright/test';

/** One create call the page sent: the server's status and the idempotency key it went under. */
export interface CreateCall {
  status: number;
  key: string | null;
}

/**
 * Records from now on every answer the page gets to `POST path`, in the order they arrive, so
 * that a test of a double tap can check that each request went under one key and got the first
 * answer. A double tap may send one request or two, as fast as the button turns busy.
 */
export function recordCreateCalls(page: Page, path: string): CreateCall[] {
  const calls: CreateCall[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || new URL(response.url()).pathname !== path) return;
    calls.push({ status: response.status(), key: request.headers()['idempotency-key'] ?? null });
  });
  return calls;
}
