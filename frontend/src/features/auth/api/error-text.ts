import { ApiError, UNEXPECTED_RESPONSE } from '@/lib/api/api-error';

/**
 * The text to show for a failed call: the server's own Dutch text when it sent
 * one, `fallback` when it answered without one, `network` when no answer came at all.
 */
export function errorText(error: unknown, fallback: string, network: string): string {
  if (error instanceof ApiError) {
    return error.code === UNEXPECTED_RESPONSE ? fallback : error.message;
  }
  return network;
}
