import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

/** What a refused resend says, and how long the server wants us to wait (seconds), if it said. */
export class ResendRefused extends ApiError {
  readonly retryAfter: number | undefined;

  constructor(error: ApiError, retryAfter: number | undefined) {
    super(error.status, error.code, error.message, error.field);
    this.name = 'ResendRefused';
    this.retryAfter = retryAfter;
  }
}

/**
 * Sends a new registration code. The server keeps the 180-second cooldown itself: a resend that
 * comes too soon is refused with 429 and a Retry-After header, which the page turns into its
 * countdown.
 */
export async function resendCode(email: string): Promise<void> {
  const { error, response } = await api.POST('/api/auth/email-resend', { body: { email } });
  if (!response.ok) {
    throw await refused(response, error);
  }
}

/**
 * Sends a new login code from the code step. Like `resendCode`, a request within the wait is
 * refused with the seconds that are left.
 */
export async function resendLoginCode(email: string): Promise<void> {
  const { error, response } = await api.POST('/api/auth/email-login', { body: { email } });
  if (!response.ok) {
    throw await refused(response, error);
  }
}

async function refused(response: Response, error: unknown): Promise<ResendRefused> {
  const seconds = Number(response.headers.get('Retry-After'));
  return new ResendRefused(
    await ApiError.fromResponse(response.status, error),
    Number.isInteger(seconds) && seconds > 0 ? seconds : undefined,
  );
}
