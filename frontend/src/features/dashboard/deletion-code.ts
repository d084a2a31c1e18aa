import { CODE_VALID_SECONDS } from '@/lib/api/vocabulary';

// That a code confirming the deletion of an account was mailed, kept for this tab while the code
// is valid: closing the dialog, or reloading /instellingen, then leads back to where the code is
// entered, instead of to a new code the server refuses for the resend wait.

/**
 * How long a mailed code is valid, as the server publishes it. Remembered no longer than that,
 * so that an expired code is never offered.
 */
export const DELETION_CODE_VALID_MS = CODE_VALID_SECONDS * 1000;

/** A code sent: when, and what the server said about it. */
export interface DeletionCodeSent {
  /** Ms since the epoch. */
  at: number;
  message: string;
}

const key = (userId: number) => `oppas.deletionCodeSent:${String(userId)}`;

/** Notes that a code was just sent to `userId`'s address, with the server's words about it. */
export function rememberDeletionCode(userId: number, message: string): DeletionCodeSent {
  const sent = { at: Date.now(), message };
  try {
    window.sessionStorage.setItem(key(userId), JSON.stringify(sent));
  } catch {
    // Storage may be unavailable (private mode): the page keeps it while it is open.
  }
  return sent;
}

/** Whether a code sent at `sent.at` is still valid now. */
export function stillValid(sent: DeletionCodeSent | null): sent is DeletionCodeSent {
  return sent !== null && Date.now() - sent.at < DELETION_CODE_VALID_MS;
}

/** The code this tab had sent to `userId` and that is still valid, or null. */
export function sentDeletionCode(userId: number): DeletionCodeSent | null {
  try {
    const raw: unknown = JSON.parse(window.sessionStorage.getItem(key(userId)) ?? 'null');
    if (
      typeof raw === 'object' &&
      raw !== null &&
      'at' in raw &&
      'message' in raw &&
      typeof raw.at === 'number' &&
      typeof raw.message === 'string'
    ) {
      const sent = { at: raw.at, message: raw.message };
      return stillValid(sent) ? sent : null;
    }
  } catch {
    // Unreadable or unavailable: as if none was sent.
  }
  return null;
}
